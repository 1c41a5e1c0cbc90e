/**
 * `GET /dashboards/admin` (Super Admin: the platform; FYS Sales: the teams they sell) and
 * `GET /dashboards/fundraiser` (a family): every figure against an independent computation over
 * `donations`, the tree and the ledger; other roles get 403.
 */
import type { AdminDashboard, CampaignCard, FundraiserDashboard } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from './campaigns-support.js';
import { type Populated, populated } from './dashboards-fixture.js';
import {
  campaignTruth,
  dayOffset,
  ids,
  moneyTruth,
  netByNode,
  nonEmpty,
  pageTruth,
  platformRoots,
  q,
  today,
  V1,
  weeklyTruth,
} from './dashboards-support.js';
import { createTestApp, login, type TestApp } from './helpers.js';

let t: TestApp;
let f: Populated;
beforeAll(async () => {
  t = await createTestApp();
  f = await populated(t);
});
afterAll(async () => t?.close());

type Call = Populated['actors']['super_']['call'];
const admin = async (call: Call, query = '') =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/dashboards/admin${query}` }), 200)).data as AdminDashboard;

const dayNo = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** Campaigns owned in `owners` (SQL set of node ids), with the oracle's raised and pace. */
async function campaignsIn(owners: SQL) {
  const list = await q<{ id: number; status: string; goal_cents: number; start_date: string; end_date: string }>(
    t.db,
    sql`select id, status, goal_cents, to_char(start_date, 'YYYY-MM-DD') as start_date,
      to_char(end_date, 'YYYY-MM-DD') as end_date from campaigns where organization_id in ${owners}`,
  );
  const out = [];
  for (const c of list) {
    const truth = await campaignTruth(t.db, Number(c.id));
    const total = dayNo(c.end_date) - dayNo(c.start_date) + 1;
    const elapsed = Math.min(dayNo(today()) - dayNo(c.start_date) + 1, total);
    out.push({ ...c, id: Number(c.id), raised: truth.raised, total, elapsed, share: elapsed / total });
  }
  return out;
}

async function expectAdminFigures(d: AdminDashboard, roots: SQL, owners: SQL) {
  const { from, to } = d.scope;
  expect(d.money).toEqual(await moneyTruth(t.db, roots, from, to));
  expect(nonEmpty(d.series)).toEqual(await weeklyTruth(t.db, roots, from, to));
  const cs = await campaignsIn(owners);
  const active = cs.filter((c) => c.status === 'active');
  expect(d.activeCampaigns).toBe(active.length);
  const [counts] = await q(
    t.db,
    sql`select (select count(*) from organizations where type_id = 3 and id in ${owners})::int as teams,
      (select count(distinct player_id) from organization_fundraisers where organization_id in ${owners})::int as players`,
  );
  expect([d.teams, d.players]).toEqual([counts!.teams, counts!.players]);
  const cardIds = (l: CampaignCard[]) => l.map((c) => c.id).sort();
  expect(cardIds(d.endingSoon)).toEqual(
    active
      .filter((c) => c.end_date >= today() && c.end_date <= dayOffset(14))
      .map((c) => c.id)
      .sort(),
  );
  expect(cardIds(d.behindPace)).toEqual(
    active
      .filter((c) => c.end_date >= today() && c.share >= 0.25 && c.raised / (c.goal_cents * c.share) < 0.5)
      .map((c) => c.id)
      .sort(),
  );
  const top = [...cs].sort((a, b) => b.raised - a.raised || a.id - b.id).slice(0, 10);
  expect(d.topCampaigns.map((c) => [c.id, c.raisedCents])).toEqual(top.map((c) => [c.id, c.raised]));
  const owning = await q<{ id: number }>(
    t.db,
    sql`select distinct c.organization_id as id from campaigns c where c.status = 'active' and c.organization_id in ${owners}
      and not exists (select 1 from payout_accounts pa where pa.organization_id = c.organization_id and pa.status = 'verified')`,
  );
  expect(d.payoutsNotConnected.map((n) => n.id).sort()).toEqual(owning.map((o) => Number(o.id)).sort());
  const teams = await q<{ id: number }>(t.db, sql`select id from organizations where type_id = 3 and id in ${owners}`);
  expect(d.newTeams.map((n) => n.id).sort()).toEqual(teams.map((x) => Number(x.id)).sort());
  const [ledger] = await q(
    t.db,
    sql`select coalesce(sum(amount_cents) filter (where account in ('org_available', 'org_paid_out')), 0)::int as paid,
      coalesce(sum(amount_cents) filter (where account = 'org_pending'), 0)::int as pending
      from ledger_entries where organization_id in ${owners}`,
  );
  expect([d.paidOutCents, d.awaitingPayoutCents]).toEqual([ledger!.paid, ledger!.pending]);
}

const under = (roots: SQL) => sql`(with recursive s(id) as (select id from organizations where id in ${roots}
  union all select o.id from organizations o join s on o.parent_id = s.id) select id from s)`;

describe('admin dashboard', () => {
  it('Super Admin: the whole platform', async () => {
    const d = await admin(f.actors.super_.call);
    expect(d.scope).toMatchObject({ organization: null, to: today(), from: dayOffset(-89) });
    expect(d.portfolio).toBeNull();
    await expectAdminFigures(d, platformRoots, under(platformRoots));
    const roots = [f.w.A.id, f.w.B.id, f.w.C.id];
    const nets = await netByNode(t.db, roots, d.scope.from, d.scope.to);
    expect(d.topOrganizations.map((o) => [o.id, o.netCents, o.gifts])).toEqual(
      roots
        .map((id) => [id, nets.get(id)!.net, nets.get(id)!.gifts])
        .sort((a, b) => b[1]! - a[1]! || 0)
        .filter((_, i) => i < 10),
    );
  });

  it('FYS Sales: their teams only, with the portfolio', async () => {
    const from = dayOffset(-30);
    const d = await admin(f.actors.sales.call, `?from=${from}&to=${today()}`);
    const teams = [f.w.T1.id, f.w.TB.id];
    await expectAdminFigures(d, ids(teams), under(ids(teams)));
    const nets = await netByNode(t.db, teams, from, today());
    const all = await netByNode(t.db, teams, '1900-01-01', '2999-12-31');
    expect(d.portfolio?.map((p) => [p.id, p.netCents, p.allTimeNetCents]).sort()).toEqual(
      teams.map((id) => [id, nets.get(id)!.net, all.get(id)!.net]).sort(),
    );
    // Nothing of the teams they do not sell.
    expect(d.topCampaigns.map((c) => c.id)).not.toContain(f.campaigns.c4.id);
    expect(d.topCampaigns.map((c) => c.id)).not.toContain(f.campaigns.c2.id);
  });

  it.each(['orgAdmin', 'leagueAdmin', 'teamAdmin', 'divisionAdmin', 'family'] as const)('%s: 403', async (who) => {
    const res = await f.actors[who].call({ method: 'GET', url: `${V1}/dashboards/admin` });
    expect(res.statusCode).toBe(403);
  });

  it('a reversed range is refused', async () => {
    const res = await f.actors.super_.call({
      method: 'GET',
      url: `${V1}/dashboards/admin?from=${today()}&to=${dayOffset(-3)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('fundraiser dashboard (a family)', () => {
  it('each of their players in each campaign, with figures and the next step', async () => {
    const d = (await expectStatus(f.actors.family.call({ method: 'GET', url: `${V1}/dashboards/fundraiser` }), 200))
      .data as FundraiserDashboard;
    const { cf1, cf7 } = f.pages;
    expect(d.players.map((p) => p.campaignFundraiserId).sort()).toEqual([cf1.id, cf7.id].sort());
    for (const row of d.players) {
      const truth = await pageTruth(t.db, row.campaignFundraiserId);
      expect([row.raisedCents, row.donors]).toEqual([truth.raised, truth.donors]);
    }
    const one = d.players.find((p) => p.campaignFundraiserId === cf1.id)!;
    expect(one).toMatchObject({
      playerId: f.players.p1.player.id,
      campaignId: f.campaigns.c1.id,
      goalCents: 20_000,
      accepted: true,
      daysLeft: 10,
      contacts: { total: 6, invited: 4, opened: 2, donated: 1 },
      nextStep: 'invite_contacts',
    });
    expect(d.players.find((p) => p.campaignFundraiserId === cf7.id)).toMatchObject({
      campaignStatus: 'closed',
      nextStep: 'thank_donors',
    });
  });

  it('the next step follows the rules: accept, then add contacts', async () => {
    const steps = async (email: string) => {
      const session = await login(t.app, email);
      const res = await t.app.inject({
        method: 'GET',
        url: `${V1}/dashboards/fundraiser`,
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      return ((await expectStatus(res, 200)).data as FundraiserDashboard).players.map((p) => [
        p.campaignFundraiserId,
        p.nextStep,
      ]);
    };
    expect(await steps(f.players.p2.email)).toEqual([[f.pages.cf2.id, 'accept']]);
    expect(await steps(f.players.p4.email)).toEqual([[f.pages.cf4.id, 'add_contacts']]);
  });

  it('staff have no family dashboard', async () => {
    const res = await f.actors.teamAdmin.call({ method: 'GET', url: `${V1}/dashboards/fundraiser` });
    expect(res.statusCode).toBe(403);
  });
});
