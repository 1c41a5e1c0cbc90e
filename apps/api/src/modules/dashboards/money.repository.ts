/**
 * Money figures read from the totals the database keeps (migration 0010, decision 016), never
 * from `donations`: every kept row covers a node's whole subtree, so a figure for a set of
 * disjoint subtrees (the roots of the platform, a salesperson's teams, one node) is a sum over
 * their rows.
 *
 * - Money cards, series, methods, children: `org_money_daily` over the range's days (exact).
 * - Campaigns: `org_campaign_money` is kept per month: a campaign's figure covers the whole
 *   months the range touches.
 * - Donors: `org_donor_days` keeps, per day, how many donors gave their first and their latest
 *   counting gift in the subtree that day. The donors of a range are those whose giving span
 *   (first to latest gift) overlaps it: first gift on or before its end, latest on or after its
 *   start = Σ latest(day ≥ from) − Σ first(day > to). Exact when the range ends today (the
 *   default); a donor who gave before and after a past range but not within it still counts.
 *   Several subtrees are summed: a donor who gave in two of them counts in each.
 * - Median gift: `org_gift_amounts` is kept per month: the median of the gifts of the months the
 *   range touches. The average gift is the range's gross over its gifts (exact).
 */
import type { BreakdownRow, DashboardInterval, MoneyCards, RankedNode, SeriesPoint } from '@fc/contracts';
import { type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, type Range, type Reach } from './scope.js';

/** The ids of the disjoint subtrees whose kept rows make up the reach. */
export function rootsSql(reach: Reach): SQL {
  if (reach.kind === 'platform') return sql`(select id from organizations where parent_id is null)`;
  if (reach.kind === 'sales')
    return sql`(select id from organizations where type_id = 3 and sales_user_id = ${reach.userId})`;
  return sql`(select ${reach.node.id}::int)`;
}

const n = (v: unknown) => Number(v ?? 0);
const shift = (day: string, years: number) => sql`(${day}::date + ${`${years} year`}::interval)::date`;

/** The money cards of `roots` for the range. */
export async function moneyCards(db: Queryable, roots: SQL, range: Range): Promise<MoneyCards> {
  const [m] = await rows(
    db,
    sql`select coalesce(sum(gifts), 0) as gifts, coalesce(sum(gross_cents), 0) as gross,
        coalesce(sum(fee_cents), 0) as fees, coalesce(sum(refunded_cents), 0) as refunded,
        coalesce(sum(net_cents), 0) as net
      from org_money_daily where organization_id in ${roots} and day between ${range.from}::date and ${range.to}::date`,
  );
  return {
    gifts: n(m?.gifts),
    grossCents: n(m?.gross),
    feesCents: n(m?.fees),
    refundedCents: n(m?.refunded),
    netCents: n(m?.net),
    donors: await donorsInRange(db, roots, range),
  };
}

/** The same range a year earlier. */
export const previousRange = (range: Range): Range => {
  const back = (d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y - 1, m - 1, day));
    // 29 February a year back is 28 February (as PostgreSQL's `- interval '1 year'`).
    if (t.getUTCMonth() !== m - 1) t.setUTCDate(0);
    return t.toISOString().slice(0, 10);
  };
  return { from: back(range.from), to: back(range.to) };
};

/**
 * Donors whose giving span in the subtree overlaps the range (see the file's comment): first gift
 * on or before its end and latest on or after its start = those whose latest gift is on or after
 * the start, less those whose first gift is after the end (their whole span is later). Both sums
 * read only the days from the range's start on: for the default range (the last 90 days) that is
 * 90 days per subtree instead of its whole history (FYS Sales: 565 teams, 57,000 rows → ~7,000).
 */
export async function donorsInRange(db: Queryable, roots: SQL, range: Range): Promise<number> {
  const [r] = await rows(
    db,
    sql`select coalesce(sum(last_donors), 0) - coalesce(sum(first_donors) filter (where day > ${range.to}::date), 0) as donors
      from org_donor_days where organization_id in ${roots} and day >= ${range.from}::date`,
  );
  return n(r?.donors);
}

/**
 * New: first counting gift in the subtree within the range. Returning: first gift before the
 * range, latest on or after its start (= latest on or after the start, less those whose first is
 * on or after it). Lapsed: latest gift in the 12 months before the range. Days read: from a year
 * before the range on.
 */
export async function donorKinds(db: Queryable, roots: SQL, range: Range) {
  const [r] = await rows(
    db,
    sql`select
        coalesce(sum(first_donors) filter (where day between ${range.from}::date and ${range.to}::date), 0) as new,
        coalesce(sum(last_donors) filter (where day >= ${range.from}::date), 0)
          - coalesce(sum(first_donors) filter (where day >= ${range.from}::date), 0) as returning,
        coalesce(sum(last_donors) filter (where day < ${range.from}::date), 0) as lapsed
      from org_donor_days where organization_id in ${roots} and day >= ${shift(range.from, -1)}`,
  );
  return { new: n(r?.new), returning: n(r?.returning), lapsed: n(r?.lapsed) };
}

/**
 * Net and gifts per period (the period's first day) over the range, every period listed, with
 * the same period a year earlier: the previous year's days shifted a year forward, bucketed alike.
 */
export async function series(
  db: Queryable,
  roots: SQL,
  range: Range,
  interval: DashboardInterval,
): Promise<SeriesPoint[]> {
  const list = await rows(
    db,
    sql`with cur as (
        select date_trunc(${interval}, day)::date as p, sum(net_cents) as net, sum(gifts) as gifts
        from org_money_daily where organization_id in ${roots} and day between ${range.from}::date and ${range.to}::date
        group by 1),
      prev as (
        select date_trunc(${interval}, day + interval '1 year')::date as p, sum(net_cents) as net
        from org_money_daily where organization_id in ${roots}
          and day between ${shift(range.from, -1)} and ${shift(range.to, -1)}
        group by 1),
      periods as (
        select g::date as p from generate_series(date_trunc(${interval}, ${range.from}::date),
          date_trunc(${interval}, ${range.to}::date), ${`1 ${interval}`}::interval) g)
      select to_char(periods.p, 'YYYY-MM-DD') as period, coalesce(cur.net, 0) as net, coalesce(cur.gifts, 0) as gifts,
        coalesce(prev.net, 0) as prev
      from periods left join cur on cur.p = periods.p left join prev on prev.p = periods.p order by periods.p`,
  );
  return list.map((r) => ({
    period: String(r.period),
    netCents: n(r.net),
    gifts: n(r.gifts),
    previousNetCents: n(r.prev),
  }));
}

const breakdown = (r: Record<string, unknown>, drill: boolean): BreakdownRow => ({
  key: String(r.key),
  label: String(r.label ?? r.key),
  netCents: n(r.net),
  grossCents: n(r.gross),
  refundedCents: n(r.refunded),
  gifts: n(r.gifts),
  drillId: drill ? Number(r.key) : null,
});

const SUMS = sql`coalesce(sum(m.net_cents), 0) as net, coalesce(sum(m.gross_cents), 0) as gross,
  coalesce(sum(m.refunded_cents), 0) as refunded, coalesce(sum(m.gifts), 0) as gifts`;

/** By payment method (card, offline) over the range. */
export async function byMethod(db: Queryable, roots: SQL, range: Range): Promise<BreakdownRow[]> {
  const list = await rows(
    db,
    sql`select m.method as key, m.method as label, ${SUMS} from org_money_daily m
      where m.organization_id in ${roots} and m.day between ${range.from}::date and ${range.to}::date
      group by m.method order by net desc, m.method`,
  );
  return list.map((r) => breakdown(r, false));
}

/**
 * The range as the whole months inside it (read from `org_money_monthly`, one row per node and
 * month) and the days before and after them (`org_money_daily`): a 90-day range reads about a
 * third of the rows it would read day by day. `months` is [first, end) by first days of months.
 */
export function rangeParts(range: Range): { days: [string, string][]; months: [string, string] | null } {
  const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonth = (month: string) => monthOf(addDays(month, 31));
  const fullFrom = range.from.endsWith('-01') ? range.from : nextMonth(monthOf(range.from));
  const fullTo = monthOf(addDays(range.to, 1));
  if (fullFrom >= fullTo) return { days: [[range.from, range.to]], months: null };
  const days: [string, string][] = [
    [range.from, addDays(fullFrom, -1)],
    [fullTo, range.to],
  ];
  return { days: days.filter(([a, b]) => a <= b), months: [fullFrom, fullTo] };
}

/** The money rows of node `node` over the range (whole months and loose days), as a union. */
function rangeRows(node: SQL, range: Range): SQL {
  const { days, months } = rangeParts(range);
  const cols = sql`net_cents, gross_cents, refunded_cents, gifts`;
  const parts = days.map(
    ([a, b]) =>
      sql`select ${cols} from org_money_daily where organization_id = ${node} and day between ${a}::date and ${b}::date`,
  );
  if (months)
    parts.push(
      sql`select ${cols} from org_money_monthly where organization_id = ${node} and month >= ${months[0]}::date and month < ${months[1]}::date`,
    );
  return sql.join(parts, sql` union all `);
}

const nodeMoney = (db: Queryable, nodes: SQL, range: Range, limit: number) =>
  rows(
    db,
    sql`select o.id as key, o.name as label, o.type_id, ${SUMS}
      from organizations o left join lateral (${rangeRows(sql`o.id`, range)}) m on true
      where o.id in ${nodes} group by o.id, o.name, o.type_id order by net desc, lower(o.name), o.id limit ${limit}`,
  );

/** Each node of `nodes` (children, roots, teams) with its subtree's money in the range. */
export async function byNode(db: Queryable, nodes: SQL, range: Range, limit = 500): Promise<BreakdownRow[]> {
  return (await nodeMoney(db, nodes, range, limit)).map((r) => breakdown(r, true));
}

/** The same as ranked nodes (top organizations, divisions). */
export async function rankedNodes(db: Queryable, nodes: SQL, range: Range, limit = 10): Promise<RankedNode[]> {
  return (await nodeMoney(db, nodes, range, limit)).map((r) => ({
    id: Number(r.key),
    name: String(r.label),
    typeId: Number(r.type_id),
    netCents: n(r.net),
    gifts: n(r.gifts),
  }));
}

/**
 * By campaign: the whole months the range touches (`org_campaign_money` is kept per month). Summed
 * first, titled after: the titles of the listed campaigns only (by primary key), not a join with
 * every campaign.
 */
export async function byCampaign(db: Queryable, roots: SQL, range: Range, limit = 500): Promise<BreakdownRow[]> {
  const list = await rows(
    db,
    sql`select x.*, (select c.title from campaigns c where c.id = x.key) as label from (
        select m.campaign_id as key, ${SUMS} from org_campaign_money m
        where m.organization_id in ${roots}
          and m.month between date_trunc('month', ${range.from}::date)::date and date_trunc('month', ${range.to}::date)::date
        group by m.campaign_id order by net desc, m.campaign_id limit ${limit}) x
      order by x.net desc, x.key`,
  );
  return list.map((r) => breakdown(r, false));
}

/** Average (gross over gifts, the range's days) and median (the months it touches) gift. */
export async function giftStats(db: Queryable, roots: SQL, range: Range, money: MoneyCards) {
  const [r] = await rows(
    db,
    sql`with a as (
        select amount_cents, sum(gifts) as g from org_gift_amounts
        where organization_id in ${roots}
          and month between date_trunc('month', ${range.from}::date)::date and date_trunc('month', ${range.to}::date)::date
        group by amount_cents),
      c as (select amount_cents, sum(g) over (order by amount_cents) as cum, sum(g) over () as total from a)
      select min(amount_cents) filter (where cum >= floor((total + 1) / 2)) as lo,
        min(amount_cents) filter (where cum >= floor(total / 2) + 1) as hi from c`,
  );
  const lo = r?.lo == null ? 0 : n(r.lo);
  const hi = r?.hi == null ? lo : n(r.hi);
  return {
    averageGiftCents: money.gifts > 0 ? Math.round(money.grossCents / money.gifts) : 0,
    medianGiftCents: Math.round((lo + hi) / 2),
  };
}
