/** Builds the spec's stored user (§3) for the active profile, abilities included. */
import { isOrgRole, isStaffRole, type OrgRole, type Role, type StoredUser } from '@fc/contracts';
import { type Db, organizations, organizationUsers, userProfiles, users } from '@fc/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { clientRulesFor } from '../abilities/abilities.js';
import { scopeAndAncestors } from '../orgs/tree.repository.js';

export interface UserFacts {
  user: typeof users.$inferSelect;
  memberships: { id: number; organizationId: number; name: string; typeId: number; role: OrgRole }[];
  profiles: { id: number; type: string }[];
}

export async function loadUserFacts(db: Db, userId: number): Promise<UserFacts> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('User not found.');
  const memberships = await db
    .select({
      id: organizationUsers.id,
      organizationId: organizationUsers.organizationId,
      name: organizations.name,
      typeId: organizations.typeId,
      role: organizationUsers.role,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, userId))
    .orderBy(asc(organizations.typeId), asc(organizationUsers.id));
  const profiles = await db
    .select({ id: userProfiles.id, type: userProfiles.type })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .orderBy(asc(userProfiles.id));
  return {
    user,
    memberships: memberships.filter((m): m is typeof m & { role: OrgRole } => isOrgRole(m.role)),
    profiles,
  };
}

/** The profile a sign-in starts with: staff role, else the first membership, else fundraiser, donor, affiliate. */
export function defaultProfile(f: UserFacts): { role: Role; organizationId: number | null } | null {
  if (isStaffRole(f.user.staffRole)) return { role: f.user.staffRole, organizationId: null };
  const m = f.memberships[0];
  if (m) return { role: m.role, organizationId: m.organizationId };
  for (const type of ['fundraiser', 'donor', 'affiliate'] as const) {
    if (f.profiles.some((p) => p.type === type)) return { role: type, organizationId: null };
  }
  return null;
}

export async function buildStoredUser(
  db: Db,
  f: UserFacts,
  profile: { role: Role; organizationId: number | null },
): Promise<StoredUser> {
  const orgId = isOrgRole(profile.role) ? profile.organizationId : null;
  const { scope, ancestors } = orgId == null ? { scope: [], ancestors: [] } : await scopeAndAncestors(db, orgId);
  const byType = (type: string) => f.profiles.filter((p) => p.type === type).map((p) => ({ id: p.id }));
  return {
    id: f.user.id,
    firstName: f.user.firstName,
    lastName: f.user.lastName,
    email: f.user.email,
    role: profile.role,
    organizationId: orgId,
    avatar: f.user.avatarUrl,
    language: f.user.language === 'es' ? 'es' : 'en',
    staffRole: isStaffRole(f.user.staffRole) ? f.user.staffRole : null,
    organizations: f.memberships.map((m) => ({ id: m.organizationId, name: m.name, typeId: m.typeId, role: m.role })),
    fundraiser_profile: byType('fundraiser'),
    donor_profile: byType('donor'),
    affiliate_profile: byType('affiliate'),
    abilities: clientRulesFor({
      userId: f.user.id,
      role: profile.role,
      organizationId: orgId,
      scopeIds: scope,
      ancestorIds: ancestors,
    }),
  };
}
