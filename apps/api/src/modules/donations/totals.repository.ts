/**
 * The donation list's totals over its whole filtered set (spec §7 "Donations"): live from
 * donations, from the kept sums per key in `donation_totals` (migration 0006), or from the kept
 * subtree sums per node in `donation_list_totals` (migration 0012).
 */
import { DONATION_STATUS, type DonationTotals } from '@fc/contracts';
import { type Db, firstRow } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { netCents } from '../campaigns/totals.js';
import { type ListQuery, NOT_SPONSOR } from './donations.repository.js';

/** Totals over `where`, live from donations or from the kept sums in `donation_totals` (migration 0006). */
export const totalsWhere = (db: Db, where: SQL, live: boolean): Promise<DonationTotals> =>
  live ? liveTotals(db, where) : summedTotals(db, sql`donation_totals`, where);

/** The list's six totals aggregated over donation rows aliased `a` (columns read by `toTotals`). */
export const liveTotalsColumns = (a: string) => {
  const d = sql.identifier(a);
  return sql`count(*)::int as count,
    count(*) filter (where ${d}.status = ${DONATION_STATUS.completed})::int as completed,
    coalesce(sum(${d}.amount_cents) filter (where ${d}.status in (1, 3)), 0)::bigint as amount_cents,
    coalesce(sum(${d}.cover_fee_cents) filter (where ${d}.status in (1, 3)), 0)::bigint as cover_fee_cents,
    coalesce(sum(${d}.refunded_cents) filter (where ${d}.status in (1, 3)), 0)::bigint as refunded_cents,
    coalesce(sum(${netCents(a)}) filter (where ${d}.status = ${DONATION_STATUS.completed}), 0)::bigint as net_cents`;
};

async function liveTotals(db: Db, where: SQL): Promise<DonationTotals> {
  return toTotals(
    await firstRow<Record<string, string | number>>(
      db,
      sql`select ${liveTotalsColumns('d')} from donations d where ${where}`,
    ),
  );
}

/** The totals summed from kept rows `d` of `table` (columns n and the four sums, per status) matching `where`. */
const summedSql = (table: SQL, where: SQL) => sql`select coalesce(sum(d.n), 0)::int as count,
        coalesce(sum(d.n) filter (where d.status = ${DONATION_STATUS.completed}), 0)::int as completed,
        coalesce(sum(d.amount_cents) filter (where d.status in (1, 3)), 0)::bigint as amount_cents,
        coalesce(sum(d.cover_fee_cents) filter (where d.status in (1, 3)), 0)::bigint as cover_fee_cents,
        coalesce(sum(d.refunded_cents) filter (where d.status in (1, 3)), 0)::bigint as refunded_cents,
        coalesce(sum(d.net_cents) filter (where d.status = ${DONATION_STATUS.completed}), 0)::bigint as net_cents
      from ${table} d where ${where}`;

async function summedTotals(db: Db, table: SQL, where: SQL): Promise<DonationTotals> {
  return toTotals(await firstRow<Record<string, string | number>>(db, summedSql(table, where)));
}

/**
 * The kept totals of `subtreeTotals` (a node) or `platformTotals` (null) as one JSON value, for
 * the list to read with its page in one statement (a scalar subquery: run once, not per row).
 */
export const keptTotalsJsonSql = (nodeId: number | null, q: KeyFilters): SQL =>
  sql`(select row_to_json(t) from (${
    nodeId === null
      ? summedSql(sql`donation_platform_totals`, keyWhere(q))
      : summedSql(sql`donation_list_totals`, keyWhere(q, sql`d.organization_id = ${nodeId}`))
  }) t)`;

/**
 * The totals of every donation whose owner node or division is in the subtree of `nodeId`, with
 * the list's status, kind and method filters: the few rows of that node in `donation_list_totals`
 * (migration 0012), where each donation counts once at every ancestor of its owner and division.
 */
export function subtreeTotals(db: Db, nodeId: number, q: KeyFilters) {
  return summedTotals(db, sql`donation_list_totals`, keyWhere(q, sql`d.organization_id = ${nodeId}`));
}

/**
 * The totals of every donation on the platform with the list's status, kind and method filters:
 * the few rows of `donation_platform_totals` (migration 0020), for callers who read every donation.
 */
export const platformTotals = (db: Db, q: KeyFilters) => summedTotals(db, sql`donation_platform_totals`, keyWhere(q));

type KeyFilters = Pick<ListQuery, 'status' | 'method' | 'kind'>;
function keyWhere(q: KeyFilters, first?: SQL): SQL {
  const parts: SQL[] = [...(first ? [first] : []), NOT_SPONSOR];
  if (q.status !== undefined) parts.push(sql`d.status = ${q.status}`);
  if (q.method) parts.push(sql`d.method = ${q.method}`);
  if (q.kind) parts.push(sql`d.kind = ${q.kind}`);
  return sql.join(parts, sql` and `);
}

export const toTotals = (agg: Record<string, string | number> | undefined): DonationTotals => ({
  count: Number(agg?.count ?? 0),
  completed: Number(agg?.completed ?? 0),
  amountCents: Number(agg?.amount_cents ?? 0),
  coverFeeCents: Number(agg?.cover_fee_cents ?? 0),
  refundedCents: Number(agg?.refunded_cents ?? 0),
  netCents: Number(agg?.net_cents ?? 0),
});
