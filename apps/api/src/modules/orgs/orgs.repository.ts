/** SQL over the organization tree: lists with subtree figures, details, roll-ups. */
import type { OrgListQuery, OrgRef, OrgRollup, OrgSummary } from '@fc/contracts';
import { isReservedWebAddress, slugify } from '@fc/contracts';
import { type Db, organizations, preparedRows, type Row, rows } from '@fc/db';
import { asc, type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';
import { counts, netCents } from '../campaigns/totals.js';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));

function toSummary(r: Row): OrgSummary {
  return {
    id: Number(r.id),
    typeId: Number(r.type_id) as OrgSummary['typeId'],
    name: String(r.name),
    slug: String(r.slug),
    status: r.status === 'inactive' ? 'inactive' : 'active',
    parentId: num(r.parent_id),
    parentName: (r.parent_name as string | null) ?? null,
    salesUserId: num(r.sales_user_id),
    salesName: (r.sales_name as string | null) ?? null,
    logoUrl: (r.logo_url as string | null) ?? null,
    childrenCount: Number(r.children_count ?? 0),
    players: Number(r.players ?? 0),
    createdAt: iso(r.created_at),
  };
}

/**
 * The "children" a list shows for node `b`: for an organization, its leagues and teams, the teams
 * under its leagues included (DECISIONS §2: a team sits under a league or the organization);
 * for the others, the nodes right under it (a league's teams, a team's divisions).
 */
// Two counts, each on organizations_parent_idx: written as one count with an OR, the planner
// combined the parent index with the type index (2,400 entries read per node listed, 0.15 ms a
// row, 5 ms of a 25-row page). The two sets cannot overlap: a node has one parent.
const childrenCount = sql`((select count(*)::int from organizations c where c.parent_id = b.id)
  + case when b.type_id = 1 then (select count(*)::int from organizations l join organizations c on c.parent_id = l.id
      where l.parent_id = b.id and c.type_id = 3) else 0 end)`;

/** Sort columns of the node's own row (the others read the parent, the salesperson or the roll-up). */
const OWN_COLUMNS = new Set<OrgListQuery['sortColumn']>(['id', 'name', 'slug', 'createdAt']);

const SORT_SQL: Record<OrgListQuery['sortColumn'], string> = {
  id: 'b.id',
  name: 'lower(b.name)',
  slug: 'b.slug',
  parentName: 'lower(par.name)',
  salesName: "lower(su.first_name || ' ' || su.last_name)",
  players: 'r.players',
  createdAt: 'b.created_at',
};

/**
 * One page of nodes matching `where` (a condition over alias `o`), each with its parent, its
 * salesperson, its number of children and the distinct players on rosters in its whole subtree
 * (kept in `org_rollups`, decision 009, so sorting by it reads one row per node).
 */
export async function listNodes(
  db: Db,
  where: SQL,
  sort: { column: OrgListQuery['sortColumn']; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number },
  /** Condition over alias `par`: the parent's name is shown only when the caller may read it. */
  parentReadable: SQL = sql`true`,
  /** Run as prepared statements (`preparedRows`): only when `where` has no text search. */
  prepared = false,
): Promise<{ rows: OrgSummary[]; total: number }> {
  const run = prepared ? preparedRows : rows;
  const [countRow] = await run<{ n: number }>(db, sql`select count(*)::int as n from organizations o where ${where}`);
  const total = Number(countRow?.n ?? 0);
  if (total === 0) return { rows: [], total };
  const orderOf = (alias: string) =>
    sql.raw(
      `${SORT_SQL[sort.column].replaceAll('b.', `${alias}.`)} ${sort.dir === 'desc' ? 'desc' : 'asc'} nulls last, ${alias}.id asc`,
    );
  const order = orderOf('b');
  const select = sql`select b.*, case when ${parentReadable} then par.name end as parent_name,
        su.first_name || ' ' || su.last_name as sales_name, coalesce(r.players, 0) as players,
        ${childrenCount} as children_count`;
  const joins = sql`left join organizations par on par.id = b.parent_id
        left join users su on su.id = b.sales_user_id left join org_rollups r on r.organization_id = b.id`;
  // A sort on the node's own columns takes the page from organizations alone, then joins its 25
  // rows: joining every match first (565 teams of a salesperson) and sorting them cost 3-6 ms.
  const pageRows = await run<Row>(
    db,
    OWN_COLUMNS.has(sort.column)
      ? sql`${select} from (select o.* from organizations o where ${where}
          order by ${orderOf('o')} limit ${page.limit} offset ${page.offset}) b ${joins}
        order by ${order}`
      : sql`${select} from organizations b ${joins}
        where b.id in (select o.id from organizations o where ${where})
        order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: pageRows.map(toSummary), total };
}

export async function findNode(db: Db, id: number) {
  const [r] = await preparedRows(
    db,
    sql`select b.*, par.name as parent_name, su.first_name || ' ' || su.last_name as sales_name,
      ${childrenCount} as children_count
    from organizations b left join organizations par on par.id = b.parent_id left join users su on su.id = b.sales_user_id
    where b.id = ${id}`,
  );
  if (!r) return null;
  return {
    ...toSummary(r),
    description: (r.description as string | null) ?? null,
    contactEmail: (r.contact_email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    website: (r.website as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    region: (r.region as string | null) ?? null,
    updatedAt: iso(r.updated_at),
  };
}

/** The node's ancestors, root first. */
export async function ancestorsOf(db: Db, id: number): Promise<(OrgRef & { salesUserId: number | null })[]> {
  const list = await preparedRows(
    db,
    sql`with recursive a(id, parent_id, depth) as (
        select id, parent_id, 0 from organizations where id = ${id}
        union all select o.id, o.parent_id, a.depth + 1 from organizations o join a on o.id = a.parent_id where a.depth < 10)
      select o.id, o.name, o.type_id, o.sales_user_id, a.depth from a join organizations o on o.id = a.id
      where a.id <> ${id} order by a.depth desc`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    typeId: Number(r.type_id) as OrgRef['typeId'],
    salesUserId: num(r.sales_user_id),
  }));
}

/** Is `candidate` the node itself or one of its descendants? (a move there would make a cycle) */
export async function isInSubtree(db: Db, rootId: number, candidate: number): Promise<boolean> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`with recursive t(id) as (select ${rootId}::int union all select o.id from organizations o join t on o.parent_id = t.id)
      select count(*)::int as n from t where id = ${candidate}`,
  );
  return Number(r?.n ?? 0) > 0;
}

const toRollup = (r: Row | undefined): OrgRollup => ({
  leagues: Number(r?.leagues ?? 0),
  teams: Number(r?.teams ?? 0),
  divisions: Number(r?.divisions ?? 0),
  players: Number(r?.players ?? 0),
  members: Number(r?.members ?? 0),
  activeCampaigns: Number(r?.active_campaigns ?? 0),
  raisedCents: Number(r?.raised_cents ?? 0),
  donors: Number(r?.donors ?? 0),
});

/**
 * Counts over the node and everything below it: one row of `org_rollups`, which the database's
 * triggers keep right after every write, move and deletion (decision 009).
 */
export async function rollup(db: Db, id: number): Promise<OrgRollup> {
  const [r] = await preparedRows(db, sql`select * from org_rollups where organization_id = ${id}`);
  return toRollup(r);
}

/**
 * The same counts summed from the tables (a recursive CTE over the subtree): the definition the
 * kept roll-ups must equal. Tests and drift checks only; too slow for requests at scale.
 */
export async function recomputeRollup(db: Db, id: number): Promise<OrgRollup> {
  const [r] = await rows(
    db,
    sql`with recursive t(id) as (select ${id}::int union all select o.id from organizations o join t on o.parent_id = t.id)
      select
        (select count(*)::int from organizations o join t on t.id = o.id where o.type_id = 2 and o.id <> ${id}) as leagues,
        (select count(*)::int from organizations o join t on t.id = o.id where o.type_id = 3 and o.id <> ${id}) as teams,
        (select count(*)::int from organizations o join t on t.id = o.id where o.type_id = 4 and o.id <> ${id}) as divisions,
        (select count(distinct f.player_id)::int from organization_fundraisers f join t on t.id = f.organization_id) as players,
        (select count(distinct m.user_id)::int from organization_users m join t on t.id = m.organization_id
           join users u on u.id = m.user_id where u.deleted_at is null) as members,
        (select count(*)::int from campaigns c join t on t.id = c.organization_id
           where c.status in ('draft', 'active')) as active_campaigns,
        (select coalesce(sum(${netCents('d')}) filter (where ${counts('d')}), 0)::bigint
           from donations d join t on t.id = coalesce(d.division_id, d.organization_id)) as raised_cents,
        (select count(distinct d.donor_email) filter (where ${counts('d')})::int
           from donations d join t on t.id = coalesce(d.division_id, d.organization_id)) as donors`,
  );
  return toRollup(r);
}

/** A difference between a kept figure (or reference count) and its recomputation. */
export interface RollupDrift {
  table: string;
  id: number;
  item: string;
  stored: number | null;
  expected: number | null;
}

/**
 * Every drift between the kept roll-ups and the tables (`fc_rollup_drift()`): empty when right.
 * fc_campaign_players_drift (migration 0007) covers the campaign player counts, fc_money_drift
 * (migration 0010) the dashboards' money tables, fc_cf_money_drift (migration 0011) the per-page
 * totals of the node dashboard's players, fc_list_totals_drift (migration 0012) the donation list's
 * subtree totals, fc_campaign_summary_drift (migration 0019) the campaign summary's daily and donor
 * totals, fc_tree_paths_drift (migration 0020) the nodes' paths, the donations' scope nodes and the
 * platform totals, fc_campaign_scope_drift (migration 0021) the campaigns' scope nodes.
 */
export async function rollupDrift(db: Db): Promise<RollupDrift[]> {
  const list = await rows(
    db,
    sql`select * from (select * from fc_rollup_drift() union all select * from fc_campaign_players_drift()
        union all select * from fc_money_drift() union all select * from fc_cf_money_drift()
        union all select * from fc_list_totals_drift() union all select * from fc_campaign_summary_drift()
        union all select * from fc_tree_paths_drift() union all select * from fc_campaign_scope_drift()) x
      order by 1, 2, 3`,
  );
  return list.map((r) => ({
    table: String(r.tbl),
    id: Number(r.id),
    item: String(r.item),
    stored: num(r.stored),
    expected: num(r.expected),
  }));
}

/** Recomputes the kept roll-ups and money tables from the tables: of `ids`, or of every node and campaign. */
export async function rebuildRollups(db: Db, ids?: number[]): Promise<void> {
  const list = ids ? `{${ids.map(Number).join(',')}}` : null;
  await db.execute(
    list
      ? sql`select fc_rollup_rebuild(${list}::int[]), fc_money_rebuild(${list}::int[]),
          fc_list_totals_rebuild(${list}::int[])`
      : sql`select fc_rollup_rebuild(), fc_money_rebuild(), fc_list_totals_rebuild(), fc_campaign_summary_rebuild(),
          fc_tree_paths_rebuild(), fc_campaign_scope_rebuild()`,
  );
}

/** Tables whose `slug` column is a public web address (GET /{type}/validate-url/{url}). */
export type SlugTable = 'organizations' | 'campaigns' | 'campaign_fundraisers' | 'affiliates';

export async function slugTaken(
  db: Db,
  slug: string,
  exceptId?: number,
  table: SlugTable = 'organizations',
): Promise<boolean> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where slug = ${slug} and id <> ${exceptId ?? 0}`,
  );
  return Number(r?.n ?? 0) > 0;
}

/** A free slug built from `base`: base, base-2, base-3... (an organization's never one of the site's words). */
export async function freeSlug(
  db: Db,
  base: string,
  exceptId?: number,
  table: SlugTable = 'organizations',
): Promise<string> {
  const clean = slugify(base, 52) || 'org';
  const root = clean.length < 3 ? `${clean}-org` : clean;
  const taken = new Set(
    (
      await rows<{ slug: string }>(
        db,
        sql`select slug from ${sql.identifier(table)}
          where (slug = ${root} or slug like ${`${root}-%`}) and id <> ${exceptId ?? 0}`,
      )
    ).map((r) => r.slug),
  );
  if (table === 'organizations' && isReservedWebAddress(root)) taken.add(root);
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/**
 * The nodes offered in pickers: every node (the first 1,000, by type and name) for staff (`scopeIds`
 * null), else the caller's scope.
 */
export async function organizationOptions(db: Db, scopeIds: number[] | null) {
  const columns = { id: organizations.id, name: organizations.name, typeId: organizations.typeId };
  const order = [asc(organizations.typeId), asc(organizations.name)] as const;
  if (scopeIds === null)
    return db
      .select(columns)
      .from(organizations)
      .orderBy(...order)
      .limit(1000);
  if (scopeIds.length === 0) return [];
  return db
    .select(columns)
    .from(organizations)
    .where(sql`${organizations.id} = any(${idArray(scopeIds)})`)
    .orderBy(...order);
}
