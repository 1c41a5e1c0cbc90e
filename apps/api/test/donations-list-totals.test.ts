/**
 * The donation list's totals for a caller whose scope is a node come from the kept subtree sums
 * (`donation_list_totals`, migration 0012). For an Organization, League, Team and Division Admin,
 * with and without status, kind and method filters, the totals the list shows equal a sum written
 * here over donations (owner node or division in the caller's subtree, found with its own
 * recursive walk), before and after gifts are added, refunded, voided, moved between divisions,
 * deleted, and after a team is moved to another organization; `fc_list_totals_drift()` stays empty.
 */
import type { DonationTotals } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from './campaigns-support.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { V1 } from './payments-support.js';

let t: TestApp;
const node = new Map<string, number>();
const callers: { label: string; node: string; call: Awaited<ReturnType<typeof actor>>['call'] }[] = [];

const SHAPE: [string, 1 | 2 | 3 | 4, string | null][] = [
  ['orgA', 1, null],
  ['leagueA', 2, 'orgA'],
  ['teamA', 3, 'leagueA'],
  ['teamA2', 3, 'leagueA'],
  ['divA', 4, 'teamA'],
  ['divA2', 4, 'teamA2'],
  ['orgB', 1, null],
  ['leagueB', 2, 'orgB'],
  ['teamB', 3, 'leagueB'],
  ['divB', 4, 'teamB'],
];

const rowsOf = async <T>(q: SQL) => (await t.db.execute(q)).rows as T[];

/** Gifts on campaigns of every node, a third credited to a division (some outside the owner's subtree). */
async function addGifts(n: number, salt: number) {
  const camps = (await rowsOf<{ id: number }>(sql`select id from campaigns order by id`)).map((r) => r.id);
  const divs = ['divA', 'divA2', 'divB'].map((k) => node.get(k)!);
  await t.db.execute(sql`insert into donations (public_id, kind, campaign_id, organization_id, division_id,
      amount_cents, refunded_cents, cover_fee_cents, status, method, donor_first_name, donor_last_name, donor_email)
    select 'lt' || ${salt} || '-' || g, case when g % 5 = 0 then 'fee' else 'gift' end, c.id, c.organization_id,
      case when g % 3 = 0 then (${`{${divs.join(',')}}`}::int[])[1 + (g + ${salt}) % 3] end,
      700 + g * 41, case when g % 7 = 0 then 300 else 0 end, g % 4 * 25, (array[0, 1, 1, 1, 3, 2])[1 + g % 6],
      (array['card', 'offline'])[1 + g % 2], 'List', 'Donor', 'list-' || g || '@example.test'
    from generate_series(1, ${n}) g
    join campaigns c on c.id = (${`{${camps.join(',')}}`}::int[])[1 + (g * 7 + ${salt}) % ${camps.length}]`);
}

/** The oracle: a sum over donations whose owner or division is in `root`'s subtree, with the filters. */
async function truth(root: number, f: { status?: number; kind?: string; method?: string }): Promise<DonationTotals> {
  const [r] = await rowsOf<Record<string, string | number>>(sql`with recursive sub(id) as (select ${root}::int
      union all select o.id from organizations o join sub on o.parent_id = sub.id)
    select count(*) as count, count(*) filter (where status = 1) as completed,
      coalesce(sum(amount_cents) filter (where status in (1, 3)), 0) as amount,
      coalesce(sum(cover_fee_cents) filter (where status in (1, 3)), 0) as cover,
      coalesce(sum(refunded_cents) filter (where status in (1, 3)), 0) as refunded,
      coalesce(sum(case when amount_cents > refunded_cents then amount_cents - refunded_cents else 0 end)
        filter (where status = 1), 0) as net
    from donations where (organization_id in (select id from sub) or division_id in (select id from sub))
      ${f.status === undefined ? sql`` : sql`and status = ${f.status}`}
      ${f.kind ? sql`and kind = ${f.kind}` : sql``} ${f.method ? sql`and method = ${f.method}` : sql``}`);
  return {
    count: Number(r!.count),
    completed: Number(r!.completed),
    amountCents: Number(r!.amount),
    coverFeeCents: Number(r!.cover),
    refundedCents: Number(r!.refunded),
    netCents: Number(r!.net),
  };
}

const FILTERS: { qs: string; f: { status?: number; kind?: string; method?: string } }[] = [
  { qs: '', f: {} },
  { qs: '&status=1', f: { status: 1 } },
  { qs: '&status=3', f: { status: 3 } },
  { qs: '&kind=gift', f: { kind: 'gift' } },
  { qs: '&method=offline&kind=fee', f: { method: 'offline', kind: 'fee' } },
  { qs: '&status=1&method=card', f: { status: 1, method: 'card' } },
];

async function checkAll(label: string) {
  for (const c of callers) {
    for (const { qs, f } of FILTERS) {
      const res = await c.call({ method: 'GET', url: `${V1}/admin/donation/list?limit=5&page=1${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; totals: DonationTotals };
      const want = await truth(node.get(c.node)!, f);
      expect(body.totals, `${label}: ${c.label}${qs}`).toEqual(want);
      expect(body.total, `${label}: ${c.label}${qs}`).toBe(want.count);
    }
    // Past the last page the totals are the same (read alone: no page row carries them).
    const past = await c.call({ method: 'GET', url: `${V1}/admin/donation/list?limit=5&page=9999` });
    expect(past.json().data, `${label}: ${c.label} past the end`).toEqual([]);
    expect(past.json().totals, `${label}: ${c.label} past the end`).toEqual(await truth(node.get(c.node)!, {}));
  }
  expect((await rowsOf(sql`select * from fc_list_totals_drift()`)).length, label).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, type, parent] of SHAPE) {
    node.set(name, (await createOrg(t.db, type, parent ? node.get(parent)! : null)).id);
    await insertCampaign(t.db, node.get(name)!);
  }
  for (const [role, at] of [
    ['org_admin', 'orgA'],
    ['league_admin', 'leagueA'],
    ['team_admin', 'teamA'],
    ['division_admin', 'divA'],
    ['org_admin', 'orgB'],
  ] as const) {
    const a = await actor(t, { membership: { organizationId: node.get(at)!, role } });
    callers.push({ label: `${role}@${at}`, node: at, call: a.call });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('donation list totals from the kept subtree sums', () => {
  it('equal the live sums for every node role and filter, through writes and tree changes', async () => {
    await checkAll('empty');
    await addGifts(60, 1);
    await checkAll('after inserts');
    await t.db.execute(sql`update donations set refunded_cents = refunded_cents + 100, status = 3
      where id in (select id from donations where status = 1 order by id limit 6)`);
    await t.db.execute(sql`update donations set receipt_number = 'R-' || id where id % 2 = 0`);
    await checkAll('after refunds');
    await t.db.execute(
      sql`update donations set division_id = ${node.get('divB')!} where division_id = ${node.get('divA')!}`,
    );
    await t.db.execute(sql`update donations set division_id = ${node.get('divA')!}
      where id in (select id from donations where division_id is null order by id limit 8)`);
    await checkAll('after division changes');
    await t.db.execute(sql`delete from donations where id % 5 = 1`);
    await addGifts(25, 2);
    await checkAll('after deletes');
    // A team (with its division and the gifts credited there) moves to the other organization.
    await t.db.execute(
      sql`update organizations set parent_id = ${node.get('leagueB')!} where id = ${node.get('teamA')!}`,
    );
    await checkAll('after a move');
    await t.db.execute(
      sql`update organizations set parent_id = ${node.get('leagueA')!} where id = ${node.get('teamA')!}`,
    );
    await t.db.execute(sql`truncate donations cascade`);
    await checkAll('after truncate');
  });

  it('are read from the kept rows for a node scope, and a rebuild repairs them', async () => {
    await addGifts(12, 3);
    const orgA = node.get('orgA')!;
    await t.db.execute(sql`update donation_list_totals set n = n + 1000 where organization_id = ${orgA}
      and (status, kind, method) = (select status, kind, method from donation_list_totals
        where organization_id = ${orgA} order by 1, 2, 3 limit 1)`);
    const res = await callers[0]!.call({ method: 'GET', url: `${V1}/admin/donation/list?limit=5&page=1` });
    expect(res.json().total).toBe((await truth(orgA, {})).count + 1000);
    expect((await rowsOf(sql`select * from fc_list_totals_drift()`)).length).toBeGreaterThan(0);
    await t.db.execute(sql`select fc_list_totals_rebuild()`);
    await checkAll('after a rebuild');
  });
});
