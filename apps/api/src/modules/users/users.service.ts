/** User administration: every access decision is made here on concrete ids. */

import {
  type CreateUserBody,
  isOrgRole,
  isStaffRole,
  ORG_ROLE_NODE_TYPE,
  type Role,
  type UpdateUserBody,
  type UserDetail,
  type UserListQuery,
} from '@fc/contracts';
import { organizations, organizationUsers, userProfiles, users } from '@fc/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardImages, swapImage } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import { asSubject } from '../abilities/abilities.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { canManageMembershipOf } from '../orgs/orgs.service.js';
import { findLiveUserByEmail, findUserSummary, listUsers, membershipsOf, profileTypesOf } from './users.repository.js';

const isSuper = (p: Principal) => p.role === 'super_admin';

/** Staff see everyone; organization roles see users with a membership inside their scope. */
function visibleScope(p: Principal): number[] | null {
  return isStaffRole(p.role) ? null : p.scopeIds;
}

export async function list(app: FastifyInstance, p: Principal, q: UserListQuery) {
  const { rows, total } = await listUsers(app.db, q, visibleScope(p));
  return { rows: rows.map(toSummary), total };
}

function toSummary<T extends { role: string | null; status: string; createdAt: Date }>(r: T) {
  return {
    ...r,
    role: r.role as Role | null,
    status: r.status as 'active' | 'invited' | 'disabled',
    createdAt: r.createdAt.toISOString(),
  };
}

/** Loads a user as a CASL subject; 404 when the principal may not `action` it (no existence leak). */
async function authorizedTarget(app: FastifyInstance, p: Principal, id: number, action: 'read' | 'update' | 'delete') {
  const row = await findUserSummary(app.db, id);
  const memberships = row ? await membershipsOf(app.db, id) : [];
  const organizationIds = memberships.map((m) => m.organizationId);
  const allowed = row && p.ability.can(action, asSubject('userprofile', { id, organizationIds }));
  if (!row || !allowed) {
    if (row && action !== 'read' && p.ability.can('read', asSubject('userprofile', { id, organizationIds }))) {
      throw forbidden('You can view this user but not change them.');
    }
    throw notFound('User not found.');
  }
  // Only a Super Admin may change staff accounts.
  if (action !== 'read' && row.staffRole && id !== p.user.id && !isSuper(p))
    throw forbidden('Only a Super Admin can change staff accounts.');
  return { row, memberships };
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<UserDetail> {
  const { row, memberships } = await authorizedTarget(app, p, id, 'read');
  const types = await profileTypesOf(app.db, id);
  const { emailConfirmedAt, lastLoginAt, staffRole, ...summary } = toSummary(row);
  return {
    ...summary,
    phone: row.phone,
    language: row.language === 'es' ? 'es' : 'en',
    emailConfirmed: emailConfirmedAt != null,
    lastLoginAt: lastLoginAt?.toISOString() ?? null,
    staffRole: isStaffRole(staffRole) ? staffRole : null,
    memberships: memberships.filter((m) => isOrgRole(m.role)).map((m) => ({ ...m, role: m.role as Role })),
    profiles: {
      fundraiser: types.includes('fundraiser'),
      donor: types.includes('donor'),
      affiliate: types.includes('affiliate'),
    },
  };
}

export async function create(app: FastifyInstance, p: Principal, body: CreateUserBody): Promise<UserDetail> {
  if (!isOrgRole(body.role) && !isSuper(p)) throw forbidden('Only a Super Admin can create this kind of user.');
  if (isOrgRole(body.role)) {
    const orgId = body.organizationId!;
    const [org] = await app.db
      .select({ id: organizations.id, typeId: organizations.typeId })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org || !p.ability.can('create', asSubject('userprofile', { organizationIds: [orgId] }))) {
      throw badRequest('ORGANIZATION_INVALID', 'Choose an organization inside your scope.', [
        { path: 'body.organizationId', message: 'Not found or outside your scope' },
      ]);
    }
    if (org.typeId !== ORG_ROLE_NODE_TYPE[body.role]) {
      throw badRequest('ROLE_NODE_MISMATCH', 'This role must be attached to a node of the matching type.', [
        { path: 'body.organizationId', message: 'Wrong organization type for this role' },
      ]);
    }
  }
  if (await findLiveUserByEmail(app.db, body.email)) {
    throw conflict('EMAIL_TAKEN', 'A user with this email already exists.', [
      { path: 'body.email', message: 'Already registered' },
    ]);
  }
  const user = await app.db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? null,
        language: body.language ?? 'en',
        status: 'invited',
        staffRole: isStaffRole(body.role) ? body.role : null,
      })
      .returning();
    if (isOrgRole(body.role)) {
      await tx
        .insert(organizationUsers)
        .values({ userId: u!.id, organizationId: body.organizationId!, role: body.role });
    } else if (body.role === 'donor' || body.role === 'affiliate') {
      await tx.insert(userProfiles).values({ userId: u!.id, type: body.role });
    }
    return u!;
  });
  await sendTokenEmail(app, user, 'activate');
  return detail(app, p, user.id);
}

export async function update(app: FastifyInstance, p: Principal, body: UpdateUserBody): Promise<UserDetail> {
  const { id = p.user.id, ...fields } = body;
  await authorizedTarget(app, p, id, 'update');
  if (Object.keys(fields).length > 0) {
    await app.db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, id));
  }
  return detail(app, p, id);
}

export async function remove(app: FastifyInstance, p: Principal, id: number) {
  if (id === p.user.id) throw badRequest('CANNOT_DELETE_SELF', 'You cannot delete your own account here.');
  await authorizedTarget(app, p, id, 'delete');
  const avatar = await app.db.transaction(async (tx) => {
    const old = await swapImage(tx, 'user', id, null);
    await tx
      .update(users)
      .set({ deletedAt: new Date(), status: 'disabled', updatedAt: new Date() })
      .where(eq(users.id, id));
    return old;
  });
  await revokeAllSessions(app.db, id, 'deleted');
  // A deleted account's photo is not kept public (decision 005).
  await discardImages(app, [avatar]);
}

/**
 * Re-sends an activation email: allowed to whoever may update the user, and to whoever may
 * manage the members of a node the user belongs to (a Team Admin inviting a co-admin).
 */
export async function resendInvite(app: FastifyInstance, p: Principal, id: number) {
  let status: string;
  try {
    status = (await authorizedTarget(app, p, id, 'update')).row.status;
  } catch (err) {
    if (!(await canManageMembershipOf(app, p, id))) throw err;
    const [u] = await app.db
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!u) throw err;
    status = u.status;
  }
  if (status !== 'invited') throw badRequest('NOT_INVITED', 'This user has already activated their account.');
  const [user] = await app.db.select().from(users).where(eq(users.id, id));
  await sendTokenEmail(app, user!, 'activate');
}

export async function salespeople(app: FastifyInstance) {
  return app.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.staffRole, 'fys_sales'), isNull(users.deletedAt)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function assertCanUpdate(app: FastifyInstance, p: Principal, id: number) {
  await authorizedTarget(app, p, id, 'update');
}
