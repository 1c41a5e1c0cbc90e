/**
 * `GET /dashboards/node` for every organization role and for staff naming a node: each figure
 * equals an independent computation over `donations` and the tree (dashboards-support.ts), and a
 * node outside the caller's reach is a 404 (a family: 403).
 */
import type { NodeDashboard } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from './campaigns-support.js';
import { type Populated, populated } from './dashboards-fixture.js';
import {
  allTimeNet,
  campaign,
  campaignTruth,
  dayOffset,
  ids,
  moneyTruth,
  netByNode,
  nonEmpty,
  pageFor,
  pageTruth,
  player,
  q,
  V1,
  weeklyTruth,
} from './dashboards-support.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let f: Populated;
beforeAll(async () => {
  t = await createTestApp();
  f = await populated(t);
});
afterAll(async () => t?.close());

type Call = Populated['actors']['teamAdmin']['call'];
const get = async (call: Call, query = '') =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/dashboards/node${query}` }), 200)).data as NodeDashboard;

const subtreeSql = (node: number) => sql`(with recursive s(id) as (select ${node}::int
  union all select o.id from organizations o join s on o.parent_id = s.id) select id from s)`;

/** Every figure of the node dashboard of `node` against the oracles. */
async function expectNodeFigures(d: NodeDashboard, node: number) {
  const { from, to } = d.scope;
  expect(d.scope.organization?.id).toBe(node);
  expect(d.money).toEqual(await moneyTruth(t.db, ids([node]), from, to));
  expect(d.allTimeNetCents).toBe(await allTimeNet(t.db, node));
  const [pl] = await q(
    t.db,
    sql`select count(distinct player_id)::int as n from organization_fundraisers where organization_id in ${subtreeSql(node)}`,
  );
  expect(d.players).toBe(Number(pl!.n));

  const campaigns = await q<{ id: number }>(
    t.db,
    sql`select id from campaigns c where status = 'active' and (organization_id in ${subtreeSql(node)}
      or exists (select 1 from campaign_divisions cd where cd.campaign_id = c.id and cd.organization_id in ${subtreeSql(node)}))`,
  );
  expect(d.campaigns.map((c) => c.id).sort()).toEqual(campaigns.map((c) => Number(c.id)).sort());
  for (const c of d.campaigns) {
    const truth = await campaignTruth(t.db, c.id);
    expect([c.raisedCents, c.donors]).toEqual([truth.raised, truth.donors]);
  }

  const rowsSql = sql`from campaign_fundraisers cf join campaigns c on c.id = cf.campaign_id and c.status = 'active'
    where (cf.division_id in ${subtreeSql(node)} or (cf.division_id is null and c.organization_id in ${subtreeSql(node)}))`;
  const pages = await q<{ id: number; player_id: number }>(t.db, sql`select cf.id, cf.player_id ${rowsSql}`);
  const board = [];
  for (const p of pages) {
    const truth = await pageTruth(t.db, Number(p.id));
    if (truth.raised > 0)
      board.push({ playerId: Number(p.player_id), raisedCents: truth.raised, donors: truth.donors });
  }
  board.sort((a, b) => b.raisedCents - a.raisedCents);
  expect(d.leaderboard.map(({ playerId, raisedCents, donors }) => ({ playerId, raisedCents, donors }))).toEqual(
    board.slice(0, 10),
  );

  const [funnel] = await q(
    t.db,
    sql`select count(*)::int as contacts, count(fc.invited_at)::int as invited, count(fc.opened_at)::int as opened,
      count(*) filter (where exists (select 1 from donations d where d.contact_id = fc.id and d.status = 1 and d.kind = 'gift'))::int as donated
      from fundraiser_contacts fc where exists (select 1 ${rowsSql} and cf.player_id = fc.player_id and cf.campaign_id = fc.campaign_id)`,
  );
  expect(d.funnel).toEqual(funnel);

  const divisions = await q<{ id: number }>(
    t.db,
    sql`select id from organizations where type_id = 4 and id in ${subtreeSql(node)}`,
  );
  const nets = await netByNode(
    t.db,
    divisions.map((x) => Number(x.id)),
    from,
    to,
  );
  expect(d.divisions.map((x) => x.id).sort()).toEqual([...nets.keys()].sort());
  for (const div of d.divisions) {
    expect([div.netCents, div.gifts]).toEqual([nets.get(div.id)!.net, nets.get(div.id)!.gifts]);
    expect(div.allTimeNetCents).toBe(await allTimeNet(t.db, div.id));
  }
  expect(nonEmpty(d.series)).toEqual(await weeklyTruth(t.db, ids([node]), from, to));
}

describe('node dashboard: figures per role', () => {
  it.each([
    ['Organization Admin', 'orgAdmin', 'A'],
    ['League Admin', 'leagueAdmin', 'L'],
    ['Team Admin', 'teamAdmin', 'T1'],
    ['Division Admin', 'divisionAdmin', 'D1'],
  ] as const)('%s: its own node by default', async (_role, who, node) => {
    const d = await get(f.actors[who].call);
    await expectNodeFigures(d, f.w[node].id);
  });

  it('a node below the caller, with a range: figures for that node and range', async () => {
    const query = `?organizationId=${f.w.D1.id}&from=${dayOffset(-10)}&to=${dayOffset(0)}`;
    const d = await get(f.actors.leagueAdmin.call, query);
    expect(d.scope).toMatchObject({ from: dayOffset(-10), to: dayOffset(0) });
    await expectNodeFigures(d, f.w.D1.id);
  });

  it('Super Admin names any node; FYS Sales a node under a team they sell', async () => {
    await expectNodeFigures(await get(f.actors.super_.call, `?organizationId=${f.w.TC.id}`), f.w.TC.id);
    await expectNodeFigures(await get(f.actors.sales.call, `?organizationId=${f.w.TB.id}`), f.w.TB.id);
    await expectNodeFigures(await get(f.actors.sales.call, `?organizationId=${f.w.D2.id}`), f.w.D2.id);
  });

  it("a division counts its players' money (decision 016), not $0", async () => {
    const d = await get(f.actors.divisionAdmin.call);
    expect(d.money.netCents).toBeGreaterThan(0);
    expect(d.money.netCents).toBe(5000 + 2000 + 700);
  });

  it('the trail lists the ancestors the caller may open', async () => {
    const d = await get(f.actors.orgAdmin.call, `?organizationId=${f.w.D1.id}`);
    expect(d.scope.trail.map((n) => n.id)).toEqual([f.w.A.id, f.w.L.id, f.w.T1.id]);
    const own = await get(f.actors.teamAdmin.call, `?organizationId=${f.w.D1.id}`);
    expect(own.scope.trail.map((n) => n.id)).toEqual([f.w.T1.id]);
  });
});

describe('node dashboard: players at risk', () => {
  it('lists the players the rules name, with their reasons, thresholds and nudge state', async () => {
    const { cf2, cf4 } = f.pages;
    const league = await get(f.actors.leagueAdmin.call);
    expect(league.atRisk.rules).toEqual({ minContacts: 5, nothingRaisedAfterDays: 7 });
    expect(league.atRisk.total).toBe(2);
    const byId = new Map(league.atRisk.players.map((p) => [p.campaignFundraiserId, p]));
    expect([...byId.keys()].sort()).toEqual([cf2.id, cf4.id].sort());
    expect(byId.get(cf2.id)).toMatchObject({
      reasons: ['not_accepted', 'few_contacts', 'nothing_raised'],
      contacts: 0,
      raisedCents: 0,
      canNudge: true,
      lastNudgedAt: null,
    });
    expect(byId.get(cf4.id)).toMatchObject({ reasons: ['few_contacts'], contacts: 2, raisedCents: 2000 });
    const team = await get(f.actors.teamAdmin.call);
    expect(team.atRisk.players.map((p) => p.campaignFundraiserId)).toEqual([cf2.id]);
    const d2 = await get(f.actors.teamAdmin.call, `?organizationId=${f.w.D2.id}`);
    expect(d2.atRisk).toMatchObject({ total: 0, players: [] });
  });
});

describe('node dashboard: reach', () => {
  const status = async (call: Call, query: string) =>
    (await call({ method: 'GET', url: `${V1}/dashboards/node${query}` })).statusCode;

  it("a node outside the caller's subtree (an ancestor, a sibling, another tree) is a 404", async () => {
    const { w, actors } = f;
    expect(await status(actors.teamAdmin.call, `?organizationId=${w.L.id}`)).toBe(404);
    expect(await status(actors.teamAdmin.call, `?organizationId=${w.A.id}`)).toBe(404);
    expect(await status(actors.teamAdmin.call, `?organizationId=${w.T2.id}`)).toBe(404);
    expect(await status(actors.divisionAdmin.call, `?organizationId=${w.D2.id}`)).toBe(404);
    expect(await status(actors.divisionAdmin.call, `?organizationId=${w.T1.id}`)).toBe(404);
    expect(await status(actors.leagueAdmin.call, `?organizationId=${w.TB.id}`)).toBe(404);
    expect(await status(actors.orgAdmin.call, `?organizationId=${w.DC.id}`)).toBe(404);
    expect(await status(actors.orgAdmin.call, '?organizationId=999999')).toBe(404);
    expect(await status(actors.sales.call, `?organizationId=${w.DC.id}`)).toBe(404);
    expect(await status(actors.sales.call, `?organizationId=${w.L.id}`)).toBe(404);
  });

  it('staff must name the node; a family has no node dashboard', async () => {
    expect(await status(f.actors.super_.call, '')).toBe(400);
    expect(await status(f.actors.sales.call, '')).toBe(400);
    expect(await status(f.actors.family.call, '')).toBe(403);
    expect(await status(f.actors.family.call, `?organizationId=${f.w.D1.id}`)).toBe(403);
  });
});

describe('node dashboard: a campaign shared with the node', () => {
  it('counts its rows on the rosters below (players, leaderboard, at risk) but lists no card for it', async () => {
    const { w } = f;
    const shared = await campaign(t.db, w.TC.id, { start: -5, end: 20 });
    await t.db.execute(
      sql`insert into organization_campaigns (campaign_id, organization_id) values (${shared.id}, ${w.T1.id})`,
    );
    const p = await player(t.db, w.D2.id);
    const cf = await pageFor(t.db, shared.id, p.player.id, w.D2.id, { joined: 0 });
    const d = await get(f.actors.teamAdmin.call);
    await expectNodeFigures(d, w.T1.id);
    expect(d.campaigns.map((c) => c.id)).not.toContain(shared.id);
    expect(d.atRisk.players.find((r) => r.campaignFundraiserId === cf.id)?.reasons).toContain('not_accepted');
    // Longest on their campaign first: cf2 joined 20 days ago, the shared row today.
    const listed = d.atRisk.players.map((r) => r.campaignFundraiserId);
    expect(listed.indexOf(f.pages.cf2.id)).toBeLessThan(listed.indexOf(cf.id));
    // The owner's tree lists the card and does not see the row (its roster is in another tree).
    const owner = await get(f.actors.super_.call, `?organizationId=${w.TC.id}`);
    expect(owner.campaigns.map((c) => c.id)).toContain(shared.id);
    expect(owner.atRisk.players.map((r) => r.campaignFundraiserId)).not.toContain(cf.id);
  });
});
