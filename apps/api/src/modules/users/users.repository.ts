/** User queries; no access decisions here (the service makes them). */
import type { UserListQuery } from '@fc/contracts';
import { type Db, organizations, organizationUsers, type Tx, userProfiles, users } from '@fc/db';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';

/** The one role shown for a user: staff role, else first membership, else fundraiser/donor/affiliate. */
// Column names are qualified by hand: inside a select list Drizzle renders columns unqualified.
export const primaryRole = sql<string | null>`coalesce(
  users.staff_role,
  (select ou.role from organization_users ou join organizations o on o.id = ou.organization_id
    where ou.user_id = users.id order by o.type_id, ou.id limit 1),
  (select up.type from user_profiles up where up.user_id = users.id
    order by case up.type when 'fundraiser' then 1 when 'donor' then 2 else 3 end limit 1)
)`;

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: primaryRole,
  status: users.status,
  avatar: users.avatarUrl,
  createdAt: users.createdAt,
};

function inScope(scopeIds: number[] | null): SQL | undefined {
  if (scopeIds === null) return undefined;
  if (scopeIds.length === 0) return sql`false`;
  return sql`exists (select 1 from organization_users ou where ou.user_id = users.id and ou.organization_id = any(${idArray(scopeIds)}))`;
}

const SORTS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
  role: primaryRole,
} as const;

/** `scopeIds` null = every user (staff); otherwise users with a membership inside those nodes. */
export async function listUsers(db: Db, q: UserListQuery, scopeIds: number[] | null) {
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    isNull(users.deletedAt),
    inScope(scopeIds),
    term
      ? or(
          ilike(users.firstName, term),
          ilike(users.lastName, term),
          ilike(users.email, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        )
      : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    q.role ? sql`${primaryRole} = ${q.role}` : undefined,
  );
  const order = q.sort === 'desc' ? desc(SORTS[q.sortColumn]) : asc(SORTS[q.sortColumn]);
  const [rows, [countRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: Number(countRow?.n ?? 0) };
}

export async function findUserSummary(db: Db, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      phone: users.phone,
      language: users.language,
      emailConfirmedAt: users.emailConfirmedAt,
      lastLoginAt: users.lastLoginAt,
      staffRole: users.staffRole,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

export async function membershipsOf(db: Db, userId: number) {
  return db
    .select({
      id: organizationUsers.id,
      organizationId: organizationUsers.organizationId,
      organizationName: organizations.name,
      typeId: organizations.typeId,
      role: organizationUsers.role,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, userId))
    .orderBy(asc(organizations.typeId), asc(organizationUsers.id));
}

export async function profileTypesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ type: userProfiles.type }).from(userProfiles).where(eq(userProfiles.userId, userId));
  return rows.map((r) => r.type);
}

export async function findLiveUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row ?? null;
}

/** Gives the user a fundraiser (family) profile if they have none. */
export async function ensureFundraiserProfile(db: Db | Tx, userId: number) {
  await db.insert(userProfiles).values({ userId, type: 'fundraiser' }).onConflictDoNothing();
}

/**
 * The live account with this email, or a new invited one (no password until it is activated).
 * A new account needs both names: without them the caller's error, told which are missing, is thrown.
 */
export async function findOrInviteUser(
  db: Db,
  email: string,
  names: { first?: string | undefined; last?: string | undefined },
  missingNames: (missing: { first: boolean; last: boolean }) => Error,
) {
  const existing = await findLiveUserByEmail(db, email);
  if (existing) return { user: existing, created: false };
  if (!names.first || !names.last) throw missingNames({ first: !names.first, last: !names.last });
  const [user] = await db
    .insert(users)
    .values({ email, firstName: names.first, lastName: names.last, status: 'invited' })
    .returning();
  return { user: user!, created: true };
}
