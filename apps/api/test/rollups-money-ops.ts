/**
 * Operations of the random roll-up sequence (rollups.test.ts) that exercise the money rule of
 * decision 016: a counting gift is credited to coalesce(division_id, organization_id). Gifts change
 * division, day, status, page and contact, are deleted, the tree moves through drizzle, and donations are
 * truncated, by bulk SQL and by drizzle as a data fix or a job would.
 */
import { type Db, donations, organizations } from '@fc/db';
import { eq, sql } from 'drizzle-orm';

type Row = Record<string, unknown>;

export interface MoneyOpsContext {
  db: () => Db;
  rand: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(list: T[]) => T | undefined;
  /** Runs the bulk-gift operation of the sequence (after a truncate). */
  bulkGifts: () => Promise<boolean>;
}

export function moneyOperations(c: MoneyOpsContext): Record<string, () => Promise<boolean>> {
  const rows = async (q: ReturnType<typeof sql>): Promise<Row[]> =>
    ((await c.db().execute(q)) as unknown as { rows: Row[] }).rows;
  const ids = async (q: ReturnType<typeof sql>) => (await rows(q)).map((r) => Number(r.id));
  const arr = (list: number[]) => `{${list.join(',')}}`;
  const divisions = () => ids(sql`select id from organizations where type_id = 4 order by id`);

  return {
    async sqlDivisionChange() {
      // Gifts moved to another division (any, even outside the campaign owner's subtree) or to none.
      const divs = await divisions();
      if (divs.length === 0) return false;
      await c.db().execute(sql`update donations set division_id = case when random() < 0.25 then null
          else (${arr(divs)}::int[])[1 + floor(random() * ${divs.length})::int] end
        where id in (select id from donations where kind = 'gift' order by random() limit ${c.int(1, 6)})`);
      return true;
    },
    async drizzleDivisionChange() {
      const id = c.pick(await ids(sql`select id from donations where status = 1 and kind = 'gift'`));
      const divs = await divisions();
      if (!id) return false;
      const divisionId = c.rand() < 0.2 ? null : (c.pick(divs) ?? null);
      await c.db().update(donations).set({ divisionId }).where(eq(donations.id, id));
      return true;
    },
    async sqlStatusChange() {
      // Counting gifts leave (pending) and others join with a completion day in the past. Bulk rows
      // only: a card gift set back to completed after its refund would confuse the refund route.
      await c.db().execute(sql`update donations set status = case when status = 1 then 0 else 1 end,
          completed_at = case when status = 1 then completed_at else now() - (id % 30) * interval '1 day' end
        where id in (select id from donations where kind = 'gift' and public_id like 'bulk%'
          order by random() limit ${c.int(1, 5)})`);
      return true;
    },
    async sqlDayChange() {
      await c.db().execute(sql`update donations
          set completed_at = coalesce(completed_at, created_at) - (1 + id % 5) * interval '3 days'
        where id in (select id from donations where status = 1 order by random() limit ${c.int(1, 4)})`);
      return true;
    },
    async sqlDeleteGifts() {
      // Bulk rows only: card gifts have refunds and ledger rows that reference them.
      const n = await ids(sql`with d as (delete from donations where id in (select id from donations
        where public_id like 'bulk%' order by random() limit ${c.int(1, 8)}) returning id) select id from d`);
      return n.length > 0;
    },
    async drizzleTreeMove() {
      const node = c.pick(await rows(sql`select id, type_id, parent_id from organizations where type_id > 1`));
      if (!node) return false;
      const parentTypes = { 2: [1], 3: [1, 2], 4: [3] }[Number(node.type_id) as 2 | 3 | 4];
      const parentId = c.pick(
        await ids(sql`select id from organizations where type_id in ${sql.raw(`(${parentTypes.join(',')})`)}
          and id is distinct from ${node.parent_id}`),
      );
      if (!parentId) return false;
      await c
        .db()
        .update(organizations)
        .set({ parentId })
        .where(eq(organizations.id, Number(node.id)));
      return true;
    },
    async sqlPageChange() {
      // Gifts move to another player's page of their campaign (or to none) and to an outreach
      // contact of that page (created when missing) or to none: the per-page totals of 0011.
      const [g] = await rows(sql`select d.id, d.campaign_id from donations d where d.kind = 'gift'
          and exists (select 1 from campaign_fundraisers cf where cf.campaign_id = d.campaign_id)
        order by random() limit 1`);
      if (!g) return false;
      const [page] = await rows(sql`select id, player_id from campaign_fundraisers
        where campaign_id = ${g.campaign_id} order by random() limit 1`);
      if (!page || c.rand() < 0.15) {
        await c
          .db()
          .execute(sql`update donations set campaign_fundraiser_id = null, contact_id = null where id = ${g.id}`);
        return true;
      }
      let contactId: number | null = null;
      if (c.rand() < 0.6) {
        const [fc] = await rows(sql`insert into fundraiser_contacts (player_id, campaign_id, name, email, track_token)
            values (${page.player_id}, ${g.campaign_id}, 'Contact', ${`c${c.int(1, 3)}@ops.test`}, md5(random()::text)::varchar(32))
          on conflict (player_id, campaign_id, email) do update set name = excluded.name returning id`);
        contactId = fc ? Number(fc.id) : null;
      }
      // Several gifts of the campaign at once, in one statement: pages and contacts gain and lose.
      await c.db().execute(sql`update donations set campaign_fundraiser_id = ${page.id}, contact_id = ${contactId}
        where id in (select id from donations where campaign_id = ${g.campaign_id} and kind = 'gift'
          order by random() limit ${c.int(1, 4)})`);
      return true;
    },
    async sqlTruncate() {
      if (c.rand() < 0.5) return false; // rarely: it empties the gifts the other operations need
      await c.db().execute(sql`truncate donations cascade`);
      return c.bulkGifts();
    },
  };
}
