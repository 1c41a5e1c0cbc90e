/**
 * The organization tree: list, view, create, edit, move, logo, members, URL availability.
 * Every read is limited to what the caller's abilities allow; a node outside them is a 404.
 */
import {
  ALLOWED_PARENT_TYPES,
  type CreateOrgBody,
  isReservedWebAddress,
  ORG_TYPE_NAMES,
  type OrgDetail,
  type OrgListQuery,
  type OrgMember,
  type OrgRef,
  type OrgTypeId,
  ROLES_FOR_TYPE,
  slugSchema,
  type UpdateOrgBody,
} from '@fc/contracts';
import { type Db, organizations, organizationUsers, users } from '@fc/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardImages } from '../../lib/images.js';
import { likePattern } from '../../lib/text-search.js';
import type { Principal } from '../../types.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { rebuildPrincipal } from '../auth/principal.js';
import { findOrInviteUser } from '../users/users.repository.js';
import { canAddChild, canCreateRoot, canOnNode, type NodeFacts, readableSql, rosterSubject } from './orgs.access.js';
import * as repo from './orgs.repository.js';

const typeLabel = (t: number) => ORG_TYPE_NAMES[t - 1] ?? 'node';

/** Is a unique-index violation on `organizations_slug_uq`? (a concurrent create took the slug) */
function isSlugConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && String(constraint).includes('slug');
}
const slugTakenError = () =>
  conflict('SLUG_TAKEN', 'This web address is already in use. Choose another one.', [
    { path: 'body.slug', message: 'Already in use' },
  ]);
const RESERVED_MESSAGE =
  "This web address is one of the site's own pages (such as /login or /how-it-works). Choose another one.";
const slugReservedError = () =>
  conflict('SLUG_RESERVED', RESERVED_MESSAGE, [{ path: 'body.slug', message: 'Reserved by the site' }]);

/** The node if the caller may read it; otherwise 404 (its existence is not revealed). */
export async function visibleNode(app: FastifyInstance, p: Principal, id: number) {
  const node = await repo.findNode(app.db, id);
  if (!node || !canOnNode(p, 'read', node))
    throw notFound('This organization was not found or is outside your access.');
  return node;
}

/** Salespeople of the node and its ancestors (FYS Sales rights reach down from their teams). */
const salesChainOf = (node: NodeFacts, ancestors: { salesUserId: number | null }[]) =>
  [node.salesUserId, ...ancestors.map((a) => a.salesUserId)].filter((v): v is number => v != null);

export async function salesChain(app: FastifyInstance, node: NodeFacts): Promise<number[]> {
  return salesChainOf(node, await repo.ancestorsOf(app.db, node.id));
}

export async function list(app: FastifyInstance, p: Principal, q: OrgListQuery) {
  const conds: SQL[] = [readableSql(p, 'o', q.organizationType)];
  if (q.q) conds.push(sql`(o.name ilike ${likePattern(q.q)} or o.slug ilike ${likePattern(q.q)})`);
  if (q.sales !== undefined) conds.push(sql`o.sales_user_id = ${q.sales}`);
  if (q.parent !== undefined) conds.push(sql`o.parent_id = ${q.parent}`);
  if (q.status) conds.push(sql`o.status = ${q.status}`);
  return repo.listNodes(
    app.db,
    sql.join(conds, sql` and `),
    { column: q.sortColumn, dir: q.sort },
    { limit: q.perPage, offset: (q.page - 1) * q.perPage },
    readableSql(p, 'par'),
    // Keys only (type, salesperson, parent, status): one plan serves every value. A search is not.
    !q.q,
  );
}

/** Options for parent pickers: nodes the caller can see (or add children to, with `writable`). */
export async function options(
  app: FastifyInstance,
  p: Principal,
  q: {
    parent?: number | undefined;
    organizationType?: number | undefined;
    q?: string | undefined;
    writable?: string | undefined;
  },
): Promise<OrgRef[]> {
  const conds: SQL[] = [readableSql(p, 'o', q.organizationType)];
  if (q.parent !== undefined) conds.push(sql`o.parent_id = ${q.parent}`);
  if (q.q) conds.push(sql`(o.name ilike ${likePattern(q.q)} or o.slug ilike ${likePattern(q.q)})`);
  const res = (await app.db.execute(
    sql`select o.id, o.name, o.type_id, o.sales_user_id, o.parent_id from organizations o where ${sql.join(conds, sql` and `)}
      order by o.type_id, lower(o.name), o.id limit 200`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const nodes = res.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    typeId: Number(r.type_id) as OrgRef['typeId'],
    salesUserId: r.sales_user_id == null ? null : Number(r.sales_user_id),
    parentId: r.parent_id == null ? null : Number(r.parent_id),
  }));
  const kept =
    q.writable === '1'
      ? nodes.filter((n) =>
          [2, 3, 4].some(
            (child) => ALLOWED_PARENT_TYPES[child as OrgTypeId].includes(n.typeId) && canAddChild(p, n, child),
          ),
        )
      : nodes;
  return kept.slice(0, 50).map(({ id, name, typeId }) => ({ id, name, typeId }));
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<OrgDetail> {
  const node = await visibleNode(app, p, id);
  const [ancestors, rollup, children] = await Promise.all([
    repo.ancestorsOf(app.db, id),
    repo.rollup(app.db, id),
    repo.listNodes(
      app.db,
      sql`o.parent_id = ${id} and ${readableSql(p, 'o')}`,
      { column: 'name', dir: 'asc' },
      { limit: 100, offset: 0 },
      readableSql(p, 'par'),
      true,
    ),
  ]);
  const chain = salesChainOf(node, ancestors);
  const update = canOnNode(p, 'update', node);
  const childTypes = ([2, 3, 4] as const).filter((t) => ALLOWED_PARENT_TYPES[t].includes(node.typeId as OrgTypeId));
  // Only the ancestors the caller may read (a Division Admin reads its team, not the league above).
  const readableAncestors = ancestors.filter((x) => canOnNode(p, 'read', { ...x, parentId: null }));
  return {
    ...node,
    players: rollup.players,
    parentName: readableAncestors.some((a) => a.id === node.parentId) ? node.parentName : null,
    ancestors: readableAncestors.map(({ id: aid, name, typeId }) => ({ id: aid, name, typeId })),
    children: children.rows,
    rollup,
    can: {
      update,
      addChild: childTypes.some((t) => canAddChild(p, node, t)),
      manageMembers: update,
      manageRoster: node.typeId === 4 && p.ability.can('update', rosterSubject(node.id, chain)),
      move: update && node.typeId !== 1,
      setSales: p.role === 'super_admin' && node.typeId === 3,
      delete: canOnNode(p, 'delete', node),
    },
  };
}

/**
 * Every column that points at a node (each foreign key to `organizations`, and `parent_id`), under
 * the word the refusal uses for it. A node is deleted only when none of them names it; a test
 * checks this list against the database's foreign keys, so a new reference cannot be forgotten.
 */
export const NODE_REFERENCES = [
  { table: 'organizations', column: 'parent_id', what: 'children' },
  { table: 'organization_fundraisers', column: 'organization_id', what: 'players' },
  { table: 'organization_users', column: 'organization_id', what: 'members' },
  { table: 'campaigns', column: 'organization_id', what: 'campaigns' },
  { table: 'organization_campaigns', column: 'organization_id', what: 'campaigns' },
  { table: 'campaign_divisions', column: 'organization_id', what: 'campaigns' },
  { table: 'campaign_fundraisers', column: 'division_id', what: 'campaigns' },
  { table: 'donations', column: 'organization_id', what: 'donations' },
  { table: 'donations', column: 'division_id', what: 'donations' },
  { table: 'payout_accounts', column: 'organization_id', what: 'payments' },
  { table: 'payouts', column: 'organization_id', what: 'payments' },
  { table: 'transfers', column: 'organization_id', what: 'payments' },
  { table: 'ledger_transactions', column: 'organization_id', what: 'payments' },
  { table: 'ledger_entries', column: 'organization_id', what: 'payments' },
] as const;

type Left = Record<'children' | 'players' | 'members' | 'campaigns' | 'donations' | 'payments', number>;

/** What still points at the node: counts of children, players, members, campaigns, donations, payment records. */
async function leftOn(db: Db, id: number): Promise<Left> {
  const res = (await db.execute(sql`select
      (select count(*)::int from organizations where parent_id = ${id}) as children,
      (select count(*)::int from organization_fundraisers where organization_id = ${id}) as players,
      (select count(*)::int from organization_users where organization_id = ${id}) as members,
      (select count(*)::int from (
        select id as campaign_id from campaigns where organization_id = ${id}
        union select campaign_id from organization_campaigns where organization_id = ${id}
        union select campaign_id from campaign_divisions where organization_id = ${id}
        union select campaign_id from campaign_fundraisers where division_id = ${id}) c) as campaigns,
      (select count(*)::int from donations where organization_id = ${id} or division_id = ${id}) as donations,
      (select count(*)::int from (
        select 1 from payout_accounts where organization_id = ${id}
        union all select 1 from payouts where organization_id = ${id}
        union all select 1 from transfers where organization_id = ${id}
        union all select 1 from ledger_transactions where organization_id = ${id}
        union all select 1 from ledger_entries where organization_id = ${id}) m) as payments`)) as unknown as {
    rows: Left[];
  };
  return res.rows[0]!;
}

const WORDS: Record<keyof Left, [string, string]> = {
  children: ['child', 'children'],
  players: ['player', 'players'],
  members: ['member', 'members'],
  campaigns: ['campaign', 'campaigns'],
  donations: ['donation', 'donations'],
  payments: ['payment record', 'payment records'],
};

const notEmptyError = (name: string, parts: string[]) =>
  conflict(
    'NODE_NOT_EMPTY',
    parts.length
      ? `${name} still has ${parts.join(', ')}. Move or remove them first; nothing was deleted.`
      : `${name} is still in use. Move or remove what belongs to it first; nothing was deleted.`,
  );

/** Is a foreign-key violation (something was attached to the node between the check and the delete)? */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23503';
}

/**
 * Deletes an empty node. Anything still attached (children, players on its roster, members,
 * campaigns, donations, payment records) is named in the refusal so the person knows what to move
 * or remove first; nothing is cascaded and nothing changes.
 */
export async function remove(app: FastifyInstance, p: Principal, id: number): Promise<string> {
  const node = await visibleNode(app, p, id);
  if (!canOnNode(p, 'delete', node)) throw forbidden(`You can view this ${typeLabel(node.typeId)} but not delete it.`);
  const left = await leftOn(app.db, id);
  const parts = (Object.keys(WORDS) as (keyof Left)[])
    .filter((k) => Number(left[k]) > 0)
    .map((k) => `${left[k]} ${WORDS[k][Number(left[k]) === 1 ? 0 : 1]}`);
  if (parts.length) throw notEmptyError(node.name, parts);
  let logo: string | null | undefined;
  try {
    [{ logo } = { logo: null }] = await app.db
      .delete(organizations)
      .where(eq(organizations.id, id))
      .returning({ logo: organizations.logoUrl });
  } catch (err) {
    // Something was attached after the check: the database refused the delete, so nothing changed.
    if (isForeignKeyViolation(err)) throw notEmptyError(node.name, []);
    throw err;
  }
  app.log.info({ orgId: id, by: p.user.id }, 'organization node deleted');
  await discardImages(app, [logo]);
  return `${node.name} was deleted.`;
}

async function parentFor(app: FastifyInstance, p: Principal, typeId: number, parentId: number | null | undefined) {
  const allowed = ALLOWED_PARENT_TYPES[typeId as OrgTypeId];
  if (allowed.length === 0) {
    if (parentId != null)
      throw badRequest('PARENT_NOT_ALLOWED', 'An organization is the top of its tree and has no parent.', [
        { path: 'body.parentId', message: 'Must be empty for an organization' },
      ]);
    return null;
  }
  const need = allowed.map(typeLabel).join(' or ');
  if (parentId == null)
    throw badRequest('PARENT_REQUIRED', `A ${typeLabel(typeId)} must belong to a ${need}.`, [
      { path: 'body.parentId', message: `Choose a ${need}` },
    ]);
  const parent = await repo.findNode(app.db, parentId);
  if (!parent || !canOnNode(p, 'read', parent))
    throw badRequest('PARENT_INVALID', 'The chosen parent was not found or is outside your access.', [
      { path: 'body.parentId', message: 'Not found' },
    ]);
  if (!allowed.includes(parent.typeId as OrgTypeId))
    throw badRequest(
      'PARENT_TYPE',
      `A ${typeLabel(typeId)} can only be placed under a ${need}, not under a ${typeLabel(parent.typeId)}.`,
      [{ path: 'body.parentId', message: `Must be a ${need}` }],
    );
  return parent;
}

async function checkSalesUser(app: FastifyInstance, id: number | null | undefined) {
  if (id == null) return;
  const [u] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.staffRole, 'fys_sales'), isNull(users.deletedAt)));
  if (!u)
    throw badRequest('SALES_INVALID', 'Choose a salesperson from the list.', [
      { path: 'body.salesUserId', message: 'Not an FYS Sales user' },
    ]);
}

function salesFor(p: Principal, typeId: number, requested: number | null | undefined): number | null {
  if (typeId !== 3) {
    if (requested != null)
      throw badRequest('SALES_TEAMS_ONLY', 'Only teams have a salesperson.', [
        { path: 'body.salesUserId', message: 'Teams only' },
      ]);
    return null;
  }
  if (p.role === 'fys_sales') {
    if (requested != null && requested !== p.user.id)
      throw forbidden('A salesperson can only add teams they sell to themselves.');
    return p.user.id;
  }
  if (requested != null && p.role !== 'super_admin') throw forbidden('Only a Super Admin can assign a salesperson.');
  return requested ?? null;
}

export async function create(app: FastifyInstance, p: Principal, body: CreateOrgBody): Promise<OrgDetail> {
  const parent = await parentFor(app, p, body.typeId, body.parentId);
  if (parent ? !canAddChild(p, parent, body.typeId) : !canCreateRoot(p))
    throw forbidden(
      parent
        ? `You cannot add a ${typeLabel(body.typeId)} under ${parent.name}.`
        : 'Only a Super Admin can create a new organization.',
    );
  const salesUserId = salesFor(p, body.typeId, body.salesUserId);
  await checkSalesUser(app, salesUserId);
  if (isReservedWebAddress(body.slug)) throw slugReservedError();
  if (await repo.slugTaken(app.db, body.slug)) throw slugTakenError();
  const { typeId, name, slug, parentId: _p, salesUserId: _s, ...details } = body;
  let id: number;
  try {
    const [row] = await app.db
      .insert(organizations)
      .values({ typeId, name, slug, parentId: parent?.id ?? null, salesUserId, ...details })
      .returning({ id: organizations.id });
    id = row!.id;
  } catch (err) {
    if (isSlugConflict(err)) throw slugTakenError();
    throw err;
  }
  app.log.info({ orgId: id, typeId, by: p.user.id }, 'organization node created');
  // The caller's scope was computed before the node existed: re-read it so the new node (inside
  // the caller's subtree) is visible in the answer instead of a 404 after a successful create.
  return detail(app, await rebuildPrincipal(app.db, p), id);
}

export async function update(app: FastifyInstance, p: Principal, body: UpdateOrgBody): Promise<OrgDetail> {
  const node = await assertCanUpdate(app, p, body.id);
  const { id, parentId, salesUserId, slug, ...fields } = body;
  const set: Partial<typeof organizations.$inferInsert> = { ...fields };
  if (parentId !== undefined && parentId !== node.parentId) {
    if (node.typeId === 1)
      throw badRequest('PARENT_NOT_ALLOWED', 'An organization is the top of its tree and cannot be moved.', [
        { path: 'body.parentId', message: 'Must be empty for an organization' },
      ]);
    const parent = await parentFor(app, p, node.typeId, parentId);
    if (parent && (await repo.isInSubtree(app.db, node.id, parent.id)))
      throw badRequest(
        'MOVE_CYCLE',
        `A ${typeLabel(node.typeId)} cannot be moved under itself or its own descendant.`,
        [{ path: 'body.parentId', message: 'Inside this node' }],
      );
    if (parent && !canAddChild(p, parent, node.typeId))
      throw forbidden(`You cannot move this ${typeLabel(node.typeId)} under ${parent.name}.`);
    set.parentId = parent?.id ?? null;
  }
  if (salesUserId !== undefined && salesUserId !== node.salesUserId) {
    if (p.role !== 'super_admin') throw forbidden('Only a Super Admin can change the salesperson.');
    set.salesUserId = salesFor(p, node.typeId, salesUserId);
    await checkSalesUser(app, set.salesUserId);
  }
  if (slug !== undefined && slug !== node.slug) {
    if (isReservedWebAddress(slug)) throw slugReservedError();
    if (await repo.slugTaken(app.db, slug, node.id)) throw slugTakenError();
    set.slug = slug;
  }
  if (Object.keys(set).length > 0) {
    try {
      await app.db
        .update(organizations)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(organizations.id, id));
    } catch (err) {
      if (isSlugConflict(err)) throw slugTakenError();
      throw err;
    }
  }
  return detail(app, p, id);
}

/** The node if the caller may change it; `onlyType` makes a node of another type not found. */
export async function assertCanUpdate(app: FastifyInstance, p: Principal, id: number, onlyType?: number) {
  const node = await visibleNode(app, p, id);
  if (onlyType !== undefined && node.typeId !== onlyType) throw notFound(`This ${typeLabel(onlyType)} was not found.`);
  if (!canOnNode(p, 'update', node)) throw forbidden(`You can view this ${typeLabel(node.typeId)} but not change it.`);
  return node;
}

/**
 * Which table each `GET /{type}/validate-url/{url}` type checks: campaigns and player pages
 * have their own addresses (`/campaigns/{slug}`, `/fundraisers/{slug}`); the four node types
 * share the organizations' addresses; affiliates' pages are `/affiliate/{slug}` (their own
 * table, so the site's reserved words do not apply to them).
 */
const SLUG_TABLE: Record<string, repo.SlugTable> = {
  campaigns: 'campaigns',
  fundraiser: 'campaign_fundraisers',
  affiliate: 'affiliates',
};

/** `GET /{type}/validate-url/{url}`: is this web address free? `exclude` = the record being edited. */
export async function validateUrl(app: FastifyInstance, url: string, exclude?: number, type = 'organization') {
  const parsed = slugSchema.safeParse(url);
  if (!parsed.success)
    return { url, available: false, reason: 'invalid' as const, message: parsed.error.issues[0]?.message ?? 'Invalid' };
  const slug = parsed.data;
  const table = SLUG_TABLE[type] ?? 'organizations';
  // Organization, league and team addresses are `/{slug}`: the site's own words are never free.
  if (table === 'organizations' && isReservedWebAddress(slug))
    return {
      url: slug,
      available: false,
      reason: 'reserved' as const,
      message: RESERVED_MESSAGE,
      suggestion: await repo.freeSlug(app.db, slug, exclude, table),
    };
  if (!(await repo.slugTaken(app.db, slug, exclude, table))) return { url: slug, available: true };
  return {
    url: slug,
    available: false,
    reason: 'taken' as const,
    message: 'This web address is already in use.',
    suggestion: await repo.freeSlug(app.db, slug, exclude, table),
  };
}

// ---------------------------------------------------------------------------------------------
// Members (organization profiles on a node)

const memberColumns = {
  id: organizationUsers.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: organizationUsers.role,
  status: users.status,
  createdAt: organizationUsers.createdAt,
};
type MemberRow = { [K in keyof typeof memberColumns]: unknown };
const toMember = (r: MemberRow): OrgMember => ({
  id: Number(r.id),
  userId: Number(r.userId),
  firstName: String(r.firstName),
  lastName: String(r.lastName),
  email: String(r.email),
  role: r.role as OrgMember['role'],
  status: String(r.status),
  createdAt: (r.createdAt as Date).toISOString(),
});

const MEMBER_SORT: Record<string, SQL> = {
  name: sql`lower(${users.lastName}), lower(${users.firstName})`,
  email: sql`${users.email}`,
  role: sql`${organizationUsers.role}`,
  createdAt: sql`${organizationUsers.createdAt}`,
};

export async function members(
  app: FastifyInstance,
  p: Principal,
  id: number,
  q: { q?: string | undefined; page: number; perPage: number; sort: 'asc' | 'desc'; sortColumn: string },
) {
  await visibleNode(app, p, id);
  const conds = [eq(organizationUsers.organizationId, id), isNull(users.deletedAt)];
  if (q.q) {
    const like = likePattern(q.q);
    conds.push(
      sql`(${users.firstName} ilike ${like} or ${users.lastName} ilike ${like} or ${users.email} ilike ${like})`,
    );
  }
  const where = and(...conds);
  const [countRow] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(where);
  const dir = q.sort === 'desc' ? sql`desc` : sql`asc`;
  const orderSql = MEMBER_SORT[q.sortColumn] ?? MEMBER_SORT.name!;
  const list = await app.db
    .select(memberColumns)
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(where)
    .orderBy(sql`${orderSql} ${dir}`, organizationUsers.id)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { rows: list.map(toMember), total: Number(countRow?.n ?? 0) };
}

async function memberById(app: FastifyInstance, membershipId: number) {
  const [row] = await app.db
    .select({ ...memberColumns, organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.id, membershipId), isNull(users.deletedAt)));
  return row ?? null;
}

function roleForNode(typeId: number, role: string | undefined) {
  const allowed = ROLES_FOR_TYPE[typeId as OrgTypeId];
  const chosen = role ?? allowed[0]!;
  if (!(allowed as readonly string[]).includes(chosen))
    throw badRequest('ROLE_NODE_MISMATCH', `On a ${typeLabel(typeId)} the role must be ${allowed.join(' or ')}.`, [
      { path: 'body.role', message: `Must be ${allowed.join(' or ')}` },
    ]);
  return chosen as OrgMember['role'];
}

/**
 * Adds a person to a node by email. A new address gets an invited account and an activation
 * email; an existing account gets the membership (a profile to switch to) at once.
 */
export async function addMember(
  app: FastifyInstance,
  p: Principal,
  id: number,
  body: { email: string; firstName?: string | undefined; lastName?: string | undefined; role?: string | undefined },
  onlyType?: number,
): Promise<{ member: OrgMember; invited: boolean }> {
  const node = await assertCanUpdate(app, p, id, onlyType);
  const role = roleForNode(node.typeId, body.role);
  const { user, created: invited } = await findOrInviteUser(
    app.db,
    body.email,
    { first: body.firstName, last: body.lastName },
    (missing) =>
      badRequest('NAME_REQUIRED', 'This person has no account yet: enter their first and last name to invite them.', [
        ...(missing.first ? [{ path: 'body.firstName', message: 'Required for a new person' }] : []),
        ...(missing.last ? [{ path: 'body.lastName', message: 'Required for a new person' }] : []),
      ]),
  );
  const [existing] = await app.db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, user.id), eq(organizationUsers.organizationId, id)));
  if (existing)
    throw conflict('ALREADY_MEMBER', `${body.email} is already a member of ${node.name}.`, [
      { path: 'body.email', message: 'Already a member' },
    ]);
  const [m] = await app.db
    .insert(organizationUsers)
    .values({ userId: user.id, organizationId: id, role })
    .returning({ id: organizationUsers.id });
  if (invited || user.status === 'invited') await sendTokenEmail(app, user, 'activate');
  return { member: toMember((await memberById(app, m!.id))!), invited: invited || user.status === 'invited' };
}

async function memberForChange(app: FastifyInstance, p: Principal, membershipId: number) {
  const row = await memberById(app, membershipId);
  if (!row) throw notFound('This membership was not found.');
  const node = await repo.findNode(app.db, row.organizationId);
  if (!node || !canOnNode(p, 'read', node)) throw notFound('This membership was not found.');
  if (!canOnNode(p, 'update', node)) throw forbidden('You can view these members but not change them.');
  if (Number(row.userId) === p.user.id)
    throw badRequest('OWN_MEMBERSHIP', 'You cannot change or remove your own membership. Ask another administrator.');
  return { row, node };
}

export async function updateMember(app: FastifyInstance, p: Principal, membershipId: number, role: string) {
  const { node } = await memberForChange(app, p, membershipId);
  const chosen = roleForNode(node.typeId, role);
  await app.db.update(organizationUsers).set({ role: chosen }).where(eq(organizationUsers.id, membershipId));
  return toMember((await memberById(app, membershipId))!);
}

/** Removes a membership; sessions on that profile end on their next request (principal.ts). */
export async function removeMember(app: FastifyInstance, p: Principal, membershipId: number) {
  const { row, node } = await memberForChange(app, p, membershipId);
  await app.db.delete(organizationUsers).where(eq(organizationUsers.id, membershipId));
  return `${row.firstName} ${row.lastName} no longer has access to ${node.name}.`;
}

/** Can the caller manage a membership of `userId` (for resending an invitation)? */
export async function canManageMembershipOf(app: FastifyInstance, p: Principal, userId: number): Promise<boolean> {
  const rows = await app.db
    .select({
      id: organizations.id,
      typeId: organizations.typeId,
      salesUserId: organizations.salesUserId,
      parentId: organizations.parentId,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, userId));
  return rows.some((n) => canOnNode(p, 'update', n));
}

export async function myMemberships(app: FastifyInstance, p: Principal) {
  const rows = await app.db
    .select({
      id: organizationUsers.id,
      organizationId: organizations.id,
      organization: organizations.name,
      typeId: organizations.typeId,
      role: organizationUsers.role,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, p.user.id))
    .orderBy(organizations.typeId, organizations.name);
  return rows.map((r) => ({ ...r, typeId: r.typeId as OrgTypeId, role: r.role as OrgMember['role'] }));
}
