/**
 * The staff donation list with a text search (spec §7 "Donations"), in one pass over the matches.
 * A search's totals cannot come from kept sums, so the list used to find its matches twice: once
 * to add them up and once to sort them for the page (each ~30 ms for "garcia" in the largest
 * organization of the scale data set: 7,010 gifts read from the table). Here the matches are read
 * once, into a CTE of the few columns both need; the totals and the page's ids come out of it
 * together, and only the page's rows are then read in full, by primary key.
 */
import type { DonationTotals } from '@fc/contracts';
import { type Db, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { ITEM_SELECT, type ItemRow, type ListQuery, PAGE_LOOKUPS, SORTS } from './donations.repository.js';
import { liveTotalsColumns, toTotals } from './totals.repository.js';

/**
 * One page of the donations matching `where` (a condition over `d` alone, with no bound id list)
 * and the totals of all of them.
 */
export async function searchedPage(
  db: Db,
  where: SQL,
  q: ListQuery,
): Promise<{ items: ItemRow[]; totals: DonationTotals }> {
  const dir = q.sort === 'asc' ? sql`asc` : sql`desc`;
  const byTitle = q.sortColumn === 'campaign' ? sql`left join campaigns c on c.id = d.campaign_id` : sql``;
  const [found] = await rows<Record<string, unknown>>(
    db,
    sql`with m as materialized (select d.id, d.status, d.amount_cents, d.cover_fee_cents, d.refunded_cents,
          ${SORTS[q.sortColumn]} as sk from donations d ${byTitle} where ${where}),
        page as (select m.id, row_number() over (order by m.sk ${dir}, m.id ${dir}) as n from m
          order by m.sk ${dir}, m.id ${dir} limit ${q.limit} offset ${(q.page - 1) * q.limit})
      select ${liveTotalsColumns('m')},
        (select array_agg(page.id order by page.n) from page) as ids
      from m`,
  );
  const ids = ((found?.ids as (number | string)[] | null) ?? []).map(Number);
  if (ids.length === 0) return { items: [], totals: toTotals(found as Record<string, string | number>) };
  const list = await rows<ItemRow>(
    db,
    sql`${ITEM_SELECT} from donations d ${PAGE_LOOKUPS}
      where d.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const at = new Map(ids.map((id, i) => [id, i]));
  list.sort((a, b) => (at.get(Number(a.id)) ?? 0) - (at.get(Number(b.id)) ?? 0));
  return { items: list, totals: toTotals(found as Record<string, string | number>) };
}
