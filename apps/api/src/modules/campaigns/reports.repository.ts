/**
 * The campaign summary's queries (reports.service.ts). Every money figure of the whole campaign is
 * read from totals the database keeps (decision 024): campaign_rollups (the campaign), cf_money /
 * cf_money_donors (each player page), campaign_money_daily (the daily series) and
 * campaign_money_donors (top donors, and the donors of gifts without a page). A request reads a
 * few thousand kept rows at most, never the campaign's gifts. A division's top donors and daily
 * series are still summed from its pages' gifts (the kept tables are per campaign, not per
 * division): `donorRowsLive` and `perDayLive`.
 */
import type { Db } from '@fc/db';
import { rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { campaignTotalsLateral, counts, netCents } from './totals.js';

/**
 * The campaign's kept totals, and whether any donation of any status has no player page (the
 * summary then shows a row without a division, as it always did).
 */
export async function campaignTotals(db: Db, campaignId: number) {
  const [r] = await rows(
    db,
    sql`select t.*, exists (select 1 from donations d
        where d.campaign_id = ${campaignId} and d.campaign_fundraiser_id is null) as unpaged
      from ${campaignTotalsLateral(sql`${campaignId}::int`)} t`,
  );
  return r;
}

/**
 * Every player page with its kept totals (cf_money); its donors come from `donorCounts`. Each
 * page's player, division and totals are read by primary key (`offset 0` keeps the lookup per
 * row): joined plainly, the planner hashed all 100,000 players and 10,000 nodes, and read all
 * 183,000 cf_money rows, for a campaign of 961 pages on the scale database.
 */
export function playerRows(db: Db, cfWhere: SQL) {
  return rows(
    db,
    sql`select cf.id, cf.division_id, pl.first_name, pl.last_name, dv.name as division_name,
        coalesce(cf.goal_cents, 0) as goal_cents, coalesce(m.raised_cents, 0) as raised_cents,
        coalesce(m.gifts, 0) as donations
      from campaign_fundraisers cf
      cross join lateral (select x.first_name, x.last_name from players x where x.id = cf.player_id offset 0) pl
      left join lateral (select x.name from organizations x where x.id = cf.division_id offset 0) dv on true
      left join lateral (select x.gifts, x.raised_cents from cf_money x where x.campaign_fundraiser_id = cf.id offset 0) m
        on true
      where ${cfWhere}
      order by coalesce(m.raised_cents, 0) desc, lower(pl.last_name), lower(pl.first_name), cf.id`,
  );
}

/**
 * Distinct donors per page and per division of the pages matching `cfWhere` (a donor giving to
 * two players of a division counts once there), from one read of their cf_money_donors rows;
 * with `unpagedOf`, the donors of that campaign's gifts without a page join the row without a
 * division.
 */
export async function donorCounts(db: Db, cfWhere: SQL, unpagedOf: number | null) {
  const unpaged =
    unpagedOf === null
      ? sql``
      : sql`union all select null::int, null::int, u.donor_email from campaign_money_donors u
          where u.campaign_id = ${unpagedOf} and u.unpaged_gifts > 0`;
  const list = await rows(
    db,
    sql`select x.id, x.page, grouping(x.page) = 1 as by_division, count(distinct x.email)::int as donors from (
        select cf.division_id as id, cf.id as page, m.donor_email as email from campaign_fundraisers cf
          join cf_money_donors m on m.campaign_fundraiser_id = cf.id where ${cfWhere}
        ${unpaged}) x
      group by grouping sets ((x.id), (x.page))`,
  );
  const key = (v: unknown) => (v == null ? null : Number(v));
  const byPage = new Map<number, number>();
  const byDivision = new Map<number | null, number>();
  for (const r of list) {
    if (r.by_division === true) byDivision.set(key(r.id), Number(r.donors));
    else if (r.page != null) byPage.set(Number(r.page), Number(r.donors));
  }
  return { byPage, byDivision };
}

/** The divisions taking part in the campaign, with their names. */
export function takingPart(db: Db, campaignId: number) {
  return rows(
    db,
    sql`select x.organization_id as id, (select o.name from organizations o where o.id = x.organization_id) as name
      from campaign_divisions x where x.campaign_id = ${campaignId}`,
  );
}

/** The campaign's ten largest donors (by email), kept with the name on their latest gift. */
export function donorRowsKept(db: Db, campaignId: number) {
  return rows(
    db,
    sql`select donor_email as email, last_name as name, raised_cents as total, gifts as donations
      from campaign_money_donors where campaign_id = ${campaignId}
      order by raised_cents desc, donor_email limit 10`,
  );
}

/** The same list summed from the gifts matching `donWhere` (a division's pages). */
export function donorRowsLive(db: Db, donWhere: SQL) {
  return rows(
    db,
    sql`select d.donor_email as email,
        (array_agg(d.donor_first_name || ' ' || d.donor_last_name order by d.created_at desc, d.id desc))[1] as name,
        sum(${netCents('d')})::bigint as total, count(*)::int as donations
      from donations d where ${donWhere} and ${counts('d')}
      group by d.donor_email order by total desc, d.donor_email limit 10`,
  );
}

/** Per UTC day of coalesce(completed_at, created_at): (day, raised, n), kept for the whole campaign. */
export const perDayKept = (campaignId: number) =>
  sql`select day, raised_cents as raised, gifts as n from campaign_money_daily where campaign_id = ${campaignId}`;

/** The same summed from the gifts matching `donWhere`. */
export const perDayLive = (donWhere: SQL) =>
  sql`select (coalesce(d.completed_at, d.created_at) at time zone 'UTC')::date as day,
      sum(${netCents('d')})::bigint as raised, count(*)::int as n
    from donations d where ${donWhere} and ${counts('d')} group by 1`;

/** Every day from the first to the last of `perDay`, days without any at zero. */
export function dailyRows(db: Db, perDay: SQL) {
  return rows(
    db,
    sql`with per_day as materialized (${perDay})
      select to_char(g.day, 'YYYY-MM-DD') as date, coalesce(pd.raised, 0) as raised, coalesce(pd.n, 0) as n
      from generate_series((select min(day) from per_day)::timestamp, (select max(day) from per_day)::timestamp,
        interval '1 day') as g(day)
      left join per_day pd on pd.day = g.day::date
      order by g.day`,
  );
}
