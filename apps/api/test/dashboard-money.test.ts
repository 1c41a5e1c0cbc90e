/**
 * Decision 016: money counts where the player raised it. A counting gift is credited to
 * coalesce(division_id, organization_id) and counts once there and at every ancestor, in
 * org_rollups (raised, donors) and in the dashboards' kept money tables. The oracle is a
 * hand-written sum over donations and the tree, written here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { addPlayer, campaign, onRoster, page } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { paid, V1 } from './payments-support.js';

type Row = Record<string, unknown>;
let t: TestApp;
let sa: Awaited<ReturnType<typeof actor>>;
const n: Record<string, number> = {};

async function rows(q: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
}

/** Net, distinct donors and gifts of the counting gifts credited to the node's subtree. */
async function oracle(node: number) {
  const [r] = await rows(sql`with recursive sub(id) as (select ${node}::int
      union all select o.id from organizations o join sub on o.parent_id = sub.id)
    select coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0)), 0)::bigint as net,
      count(distinct d.donor_email)::int as donors, count(*)::int as gifts
    from donations d where d.status = 1 and d.kind = 'gift'
      and coalesce(d.division_id, d.organization_id) in (select id from sub)`);
  return { net: Number(r!.net), donors: Number(r!.donors), gifts: Number(r!.gifts) };
}

async function kept(node: number) {
  const [r] = await rows(sql`select raised_cents, donors from org_rollups where organization_id = ${node}`);
  const [m] = await rows(sql`select coalesce(sum(net_cents), 0)::bigint as net, coalesce(sum(gifts), 0)::int as gifts
    from org_money_monthly where organization_id = ${node}`);
  const [d] =
    await rows(sql`select coalesce(sum(first_donors), 0)::int as firsts, coalesce(sum(last_donors), 0)::int as lasts
    from org_donor_days where organization_id = ${node}`);
  return {
    raised: Number(r?.raised_cents ?? 0),
    donors: Number(r?.donors ?? 0),
    monthlyNet: Number(m!.net),
    monthlyGifts: Number(m!.gifts),
    firstDonors: Number(d!.firsts),
    lastDonors: Number(d!.lasts),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  sa = await actor(t, { staffRole: 'super_admin' });
  // Organization A: root → league → team (owns the campaign) → divisions d1, d2.
  n.rootA = (await createOrg(t.db, 1, null)).id;
  n.league = (await createOrg(t.db, 2, n.rootA)).id;
  n.team = (await createOrg(t.db, 3, n.league)).id;
  n.d1 = (await createOrg(t.db, 4, n.team)).id;
  n.d2 = (await createOrg(t.db, 4, n.team)).id;
  // Organization B: root → team → division, whose player is on A's (shared) campaign.
  n.rootB = (await createOrg(t.db, 1, null)).id;
  n.teamB = (await createOrg(t.db, 3, n.rootB)).id;
  n.dB = (await createOrg(t.db, 4, n.teamB)).id;
  const camp = await campaign(t.db, n.team);
  // One player on two rosters (d1 and d2); the page was made for d1.
  const p = await addPlayer(t.db, n.d1);
  await onRoster(t.db, n.d2, p.id);
  const pageP = await page(t.db, camp.id, p.id, { divisionId: n.d1 });
  const q = await addPlayer(t.db, n.dB);
  const pageQ = await page(t.db, camp.id, q.id, { divisionId: n.dB });
  await paid(t, { fundraiser: pageP.slug, amountCents: 2500, email: 'ann@example.test' });
  await paid(t, { fundraiser: pageP.slug, amountCents: 4000, email: 'bob@example.test' });
  await paid(t, { fundraiser: pageQ.slug, amountCents: 1500, email: 'cy@example.test' });
  await paid(t, { campaign: camp.slug, amountCents: 1000, email: 'ann@example.test' });
});
afterAll(async () => t.close());

describe('money counted where the player raised it (decision 016)', () => {
  it("credits a page's gifts to its division and each ancestor, and a campaign gift to the owner", async () => {
    const expected: Record<string, number> = {
      d1: 6500,
      d2: 0,
      team: 7500,
      league: 7500,
      rootA: 7500,
      dB: 1500,
      teamB: 1500,
      rootB: 1500,
    };
    for (const [name, cents] of Object.entries(expected)) {
      const node = n[name]!;
      const o = await oracle(node);
      expect(o.net, name).toBe(cents);
      const k = await kept(node);
      expect(k, name).toEqual({
        raised: o.net,
        donors: o.donors,
        monthlyNet: o.net,
        monthlyGifts: o.gifts,
        firstDonors: o.donors,
        lastDonors: o.donors,
      });
      const res = await sa.call({ url: `${V1}/admin/organization/?organization=${node}` });
      expect(res.json().data.rollup.raisedCents, name).toBe(cents);
    }
    // The ledger's credit is unchanged: the shared campaign's gift to B's division stays the owner's.
    const [g] = await rows(
      sql`select organization_id, division_id from donations where donor_email = 'cy@example.test'`,
    );
    expect([Number(g!.organization_id), Number(g!.division_id)]).toEqual([n.team, n.dB]);
    const [c] = await rows(sql`select coalesce(sum(net_cents), 0)::int as net from org_campaign_money
      where organization_id = ${n.rootB}`);
    expect(Number(c!.net)).toBe(1500);
    expect(await rollupDrift(t.db)).toEqual([]);
  });

  it("counts a player on two rosters once: the gift's division decides", async () => {
    expect((await kept(n.d1!)).raised).toBe(6500);
    expect((await kept(n.d2!)).raised).toBe(0);
    // A data fix moves Bob's gift to d2: the divisions swap it, the team counts it once still.
    await t.db.execute(sql`update donations set division_id = ${n.d2} where donor_email = 'bob@example.test'`);
    for (const [name, cents, donors] of [
      ['d1', 2500, 1],
      ['d2', 4000, 1],
      ['team', 7500, 2],
    ] as const) {
      const o = await oracle(n[name]!);
      expect([o.net, o.donors], name).toEqual([cents, donors]);
      const k = await kept(n[name]!);
      expect([k.raised, k.donors, k.monthlyNet, k.firstDonors], name).toEqual([cents, donors, cents, donors]);
    }
    expect(await rollupDrift(t.db)).toEqual([]);
  });

  it('moves the money of a moved division from its old ancestors to the new ones', async () => {
    await t.db.execute(sql`update organizations set parent_id = ${n.teamB} where id = ${n.d2}`);
    for (const name of ['d2', 'team', 'league', 'rootA', 'teamB', 'rootB']) {
      const o = await oracle(n[name]!);
      const k = await kept(n[name]!);
      expect([k.raised, k.monthlyNet, k.donors, k.firstDonors], name).toEqual([o.net, o.net, o.donors, o.donors]);
    }
    expect((await kept(n.rootB!)).raised).toBe(1500 + 4000);
    expect(await rollupDrift(t.db)).toEqual([]);
  });
});
