/**
 * Resolves a verified access token into the request's principal: the live session, the live
 * user, the profile's current role (re-read on every request, so role or membership changes take
 * effect at once) and the abilities built from them.
 */
import { isOrgRole, isStaffRole, type Role } from '@fc/contracts';
import { type Db, organizationUsers, sessions, userProfiles, users } from '@fc/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { unauthorized } from '../../lib/errors.js';
import type { Principal, PrincipalUser } from '../../types.js';
import { abilityFromRules, rulesFor } from '../abilities/abilities.js';
import { cachedScopeAndAncestors, treeVersionSql } from '../orgs/tree.repository.js';

/** The role a session's chosen profile grants now, or null when the user no longer holds it. */
export async function effectiveRole(
  db: Db,
  user: { id: number; staffRole: string | null },
  requested: { role: string; organizationId: number | null; held?: HeldRole },
): Promise<Role | null> {
  if (isStaffRole(requested.role)) return user.staffRole === requested.role ? requested.role : null;
  const held = requested.held;
  if (isOrgRole(requested.role)) {
    if (requested.organizationId == null) return null;
    if (held) return held.membershipRole && isOrgRole(held.membershipRole) ? held.membershipRole : null;
    const [m] = await db
      .select({ role: organizationUsers.role })
      .from(organizationUsers)
      .where(
        and(eq(organizationUsers.userId, user.id), eq(organizationUsers.organizationId, requested.organizationId)),
      );
    return m && isOrgRole(m.role) ? m.role : null;
  }
  if (held) return held.hasProfile ? (requested.role as Role) : null;
  const [p] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, user.id), eq(userProfiles.type, requested.role)));
  return p ? (requested.role as Role) : null;
}

/**
 * What the user holds now for the profile asked for, read with the session in one statement: the
 * membership's role on the session's node, and whether a profile of the session's role exists.
 */
export interface HeldRole {
  membershipRole: string | null;
  hasProfile: boolean;
}

/** The facts a principal is built from: the live user, the profile asked for, the tree's version. */
export interface ProfileFacts {
  user: PrincipalUser & { status: string };
  role: string;
  organizationId: number | null;
  treeVersion: string | null;
  /** Read with the facts (a session); without it `effectiveRole` reads it. */
  held?: HeldRole;
}

/** The user's columns a principal carries (with `status`, checked before it is built). */
const principalUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  staffRole: users.staffRole,
  language: users.language,
  avatarUrl: users.avatarUrl,
  status: users.status,
};

/** The live user (not deleted) with the org tree's version, for a caller that is not a session. */
export async function loadProfileUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: principalUserColumns,
      treeVersion: treeVersionSql,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * The principal of a live user acting with a profile, re-checked now: a disabled account or a
 * profile no longer held is a 401. Shared by sessions and personal API keys (decision 020).
 */
export async function principalFor(
  db: Db,
  row: ProfileFacts,
  via: { sessionId: string; via: Principal['via']; apiKeyId?: number },
): Promise<Principal> {
  if (row.user.status === 'disabled') throw unauthorized('This account is disabled.', 'ACCOUNT_DISABLED');
  const role = await effectiveRole(db, row.user, row);
  if (!role) throw unauthorized('This profile is no longer available. Please sign in again.', 'PROFILE_REVOKED');
  const orgId = isOrgRole(role) ? row.organizationId : null;
  const { scope, ancestors } =
    orgId == null ? { scope: [], ancestors: [] } : await cachedScopeAndAncestors(db, orgId, row.treeVersion);
  const { status: _status, ...user } = row.user;
  const ctx = { userId: user.id, role, organizationId: orgId, scopeIds: scope, ancestorIds: ancestors };
  return {
    user,
    ...via,
    role,
    organizationId: orgId,
    scopeIds: scope,
    ancestorIds: ancestors,
    ability: abilityFromRules(rulesFor(ctx)),
  };
}

/**
 * The session, its user and the role it asks for as held now, in one statement. It runs on every
 * signed-in request, so it is a named prepared statement (planned once per connection instead
 * of each time, ~0.5 ms of the server's time on the bench machine); its parameters are a session
 * and a user id, which one generic plan serves.
 */
const prepareSessionFacts = (db: Db) =>
  db
    .select({
      user: principalUserColumns,
      role: sessions.role,
      organizationId: sessions.organizationId,
      treeVersion: treeVersionSql,
      // The role the session asks for, as held now (effectiveRole decides): one round trip, not two.
      membershipRole: sql<string | null>`(select m.role from ${organizationUsers} m
        where m.user_id = ${users.id} and m.organization_id = ${sessions.organizationId})`,
      hasProfile: sql<boolean>`exists (select 1 from ${userProfiles} up
        where up.user_id = ${users.id} and up.type = ${sessions.role})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('fc_session_facts');
const sessionFacts = new WeakMap<Db, ReturnType<typeof prepareSessionFacts>>();
function sessionFactsQuery(db: Db) {
  let q = sessionFacts.get(db);
  if (!q) {
    q = prepareSessionFacts(db);
    sessionFacts.set(db, q);
  }
  return q;
}

export async function buildPrincipal(db: Db, userId: number, sessionId: string): Promise<Principal> {
  const [row] = await sessionFactsQuery(db).execute({ sessionId, userId });
  if (!row) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_ENDED');
  const { membershipRole, hasProfile, ...facts } = row;
  return principalFor(
    db,
    { ...facts, held: { membershipRole, hasProfile: hasProfile === true } },
    {
      sessionId,
      via: 'session',
    },
  );
}

/**
 * The caller's principal read again (after a change that widens their scope, e.g. a node they
 * created): a session's from its session, a personal API key's from the profile it acts with.
 */
export async function rebuildPrincipal(db: Db, p: Principal): Promise<Principal> {
  if (p.via === 'session') return buildPrincipal(db, p.user.id, p.sessionId);
  const row = await loadProfileUser(db, p.user.id);
  if (!row) throw unauthorized('This account no longer exists.', 'ACCOUNT_DISABLED');
  const { via, sessionId, apiKeyId } = p;
  return principalFor(
    db,
    { ...row, role: p.role, organizationId: p.organizationId },
    apiKeyId === undefined ? { via, sessionId } : { via, sessionId, apiKeyId },
  );
}
