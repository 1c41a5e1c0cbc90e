/**
 * Who reaches which campaign through every campaign endpoint (DECISIONS §3): a Team Admin of a
 * sibling team sees nothing of another team's campaign and changes nothing; a Division Admin
 * reads but cannot edit; FYS Sales manage campaigns of the teams they sell only; a parent reads
 * only the campaigns their players are on. Refused calls leave every campaign table unchanged.
 */
import { campaignFundraisers } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, campaignBody, expectStatus, insertCampaign, rosterPlayer, V1 } from './campaigns-support.js';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, login, type TestApp } from './helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let teamA2: Awaited<ReturnType<typeof createOrg>>;
let divA2: Awaited<ReturnType<typeof createOrg>>;
let campaign: Awaited<ReturnType<typeof insertCampaign>>;
let siblingCampaign: Awaited<ReturnType<typeof insertCampaign>>;
let cfid = 0;
let feeId = 0;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTree(t.db);
  teamA2 = await createOrg(t.db, 3, a.league.id);
  divA2 = await createOrg(t.db, 4, teamA2.id);
  campaign = await insertCampaign(t.db, a.team.id, { status: 'active' });
  siblingCampaign = await insertCampaign(t.db, teamA2.id, { status: 'active' });
  await t.db.execute(
    sql`insert into campaign_divisions (campaign_id, organization_id) values (${campaign.id}, ${a.division.id})`,
  );
  const { player } = await rosterPlayer(t.db, a.division.id, { parent: 'active' });
  const [row] = await t.db
    .insert(campaignFundraisers)
    .values({ campaignId: campaign.id, playerId: player.id, divisionId: a.division.id, slug: `scope-${campaign.id}` })
    .returning();
  cfid = row!.id;
  const fee = await t.db.execute(
    sql`insert into fee_requests (campaign_id, label, amount_cents) values (${campaign.id}, 'Dues', 5000) returning id`,
  );
  feeId = Number((fee as unknown as { rows: { id: number }[] }).rows[0]!.id);
  png = await smallPng();
});
afterAll(async () => t.close());

/** Every campaign endpoint aimed at `c`, as [label, request, isWrite]. */
function calls(c: { id: number; organizationId: number }): [string, InjectOptions, boolean][] {
  return [
    ['detail', { method: 'GET', url: `${V1}/campaign/${c.id}` }, false],
    ['players', { method: 'GET', url: `${V1}/campaign/${c.id}/fundraisers` }, false],
    ['summary', { method: 'GET', url: `${V1}/campaign/${c.id}/summary` }, false],
    ['division report', { method: 'GET', url: `${V1}/campaign/${c.id}/division/${a.division.id}` }, false],
    ['candidates', { method: 'GET', url: `${V1}/campaign/${c.id}/candidates` }, true],
    ['update', { method: 'PUT', url: `${V1}/campaign/`, payload: { id: c.id, title: 'Changed title' } }, true],
    ['delete', { method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }, true],
    ['logo', { method: 'POST', url: `${V1}/admin/campaign/${c.id}/avatar`, ...multipart(png) }, true],
    [
      'fee create',
      { method: 'POST', url: `${V1}/fee_requests`, payload: { campaignId: c.id, label: 'Extra', amountCents: 500 } },
      true,
    ],
    [
      'share',
      {
        method: 'PUT',
        url: `${V1}/organization_campaign/`,
        payload: { campaignId: c.id, organizationId: a.league.id },
      },
      true,
    ],
    [
      'unshare',
      {
        method: 'DELETE',
        url: `${V1}/organization_campaign/`,
        payload: { campaignId: c.id, organizationId: a.league.id },
      },
      true,
    ],
    [
      'share bulk',
      {
        method: 'POST',
        url: `${V1}/organization_campaign/bulkadd`,
        payload: { campaignId: c.id, organizationIds: [a.league.id] },
      },
      true,
    ],
    [
      'bulk add',
      {
        method: 'POST',
        url: `${V1}/campaign_fundraiser/bulkadd`,
        payload: { campaignId: c.id, divisionIds: [a.division.id] },
      },
      true,
    ],
    [
      'resend',
      { method: 'POST', url: `${V1}/campaign_fundraisers/resend_invite`, payload: { campaignId: c.id, ids: [cfid] } },
      true,
    ],
    [
      'message',
      {
        method: 'POST',
        url: `${V1}/campaign_fundraisers/bulk_message`,
        payload: { campaignId: c.id, ids: [cfid], subject: 'Hello all', message: 'Practice moved.' },
      },
      true,
    ],
  ];
}
const ownerOnly = (): [string, InjectOptions][] => [
  ['fee update', { method: 'PUT', url: `${V1}/fee_requests/${feeId}`, payload: { label: 'Renamed' } }],
  ['fee delete', { method: 'DELETE', url: `${V1}/fee_requests/${feeId}` }],
  ['player remove', { method: 'DELETE', url: `${V1}/campaign_fundraiser/${cfid}` }],
];

/** Every row of every table the campaign module writes, to prove a refused call changed nothing. */
async function fingerprint() {
  const tables = [
    'campaigns',
    'campaign_divisions',
    'organization_campaigns',
    'campaign_fundraisers',
    'fee_requests',
    'fundraiser_contacts',
    'emails',
  ];
  const out: string[] = [];
  for (const tb of tables) {
    const res = (await t.db.execute(sql`select * from ${sql.identifier(tb)} order by 1`)) as unknown as {
      rows: unknown[];
    };
    out.push(JSON.stringify(res.rows));
  }
  return out.join('\n');
}

const listIds = async (call: Call) =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` }), 200)).data.map(
    (c: { id: number }) => c.id,
  );

describe('campaign scope by role', () => {
  it('a Team Admin of a sibling team sees nothing of the campaign and changes nothing', async () => {
    const sibling = await actor(t, { membership: { organizationId: teamA2.id, role: 'team_admin' } });
    expect(await listIds(sibling.call)).toEqual([siblingCampaign.id]);
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/filter?organization=${a.team.id}` }), 404);
    const before = await fingerprint();
    const outcomes: string[] = [];
    for (const [label, req] of [...calls({ id: campaign.id, organizationId: a.team.id }), ...ownerOnly()]) {
      const res = await sibling.call(req);
      outcomes.push(`${label}:${res.statusCode}`);
      expect(res.statusCode, `${label} ${res.body}`).toBe(404);
    }
    console.log(`[campaign scope] sibling Team Admin: ${outcomes.length} calls, all 404`);
    expect(await fingerprint()).toBe(before);
    await expectStatus(sibling.call({ method: 'POST', url: `${V1}/campaign/`, payload: campaignBody(a.team.id) }), 400);
  });

  it('a Division Admin reads the campaign above its division but cannot change anything', async () => {
    const da = await actor(t, { membership: { organizationId: a.division.id, role: 'division_admin' } });
    expect(await listIds(da.call)).toEqual([campaign.id]);
    const before = await fingerprint();
    for (const [label, req, write] of calls({ id: campaign.id, organizationId: a.team.id })) {
      const res = await da.call(req);
      expect(res.statusCode, `${label} ${res.body}`).toBe(write ? 403 : 200);
    }
    for (const [label, req] of ownerOnly()) expect((await da.call(req)).statusCode, label).toBe(403);
    expect(await fingerprint()).toBe(before);
    // The sibling team's campaign is outside its reach altogether.
    await expectStatus(da.call({ method: 'GET', url: `${V1}/campaign/${siblingCampaign.id}` }), 404);
  });

  it('FYS Sales read every campaign and manage those of the teams they sell only', async () => {
    const sales = await actor(t, { staffRole: 'fys_sales' });
    await t.db.execute(sql`update organizations set sales_user_id = ${sales.user.id} where id = ${teamA2.id}`);
    const seen = await listIds(sales.call);
    expect(seen).toEqual(expect.arrayContaining([campaign.id, siblingCampaign.id]));
    const d = await expectStatus(sales.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}` }), 200);
    expect(d.data.can).toEqual({ update: false, managePlayers: false, delete: false });
    const before = await fingerprint();
    for (const [label, req, write] of calls({ id: campaign.id, organizationId: a.team.id }))
      if (write) expect((await sales.call(req)).statusCode, label).toBe(403);
    for (const [label, req] of ownerOnly()) expect((await sales.call(req)).statusCode, label).toBe(403);
    expect(await fingerprint()).toBe(before);
    await expectStatus(sales.call({ method: 'POST', url: `${V1}/campaign/`, payload: campaignBody(a.team.id) }), 403);
    const mine = await expectStatus(
      sales.call({
        method: 'POST',
        url: `${V1}/campaign/`,
        payload: campaignBody(teamA2.id, { divisionIds: [divA2.id] }),
      }),
      200,
    );
    expect(mine.data.can).toEqual({ update: true, managePlayers: true, delete: true });
    await rosterPlayer(t.db, divA2.id);
    const added = await expectStatus(
      sales.call({
        method: 'POST',
        url: `${V1}/campaign_fundraiser/bulkadd`,
        payload: { campaignId: mine.data.id, divisionIds: [divA2.id], sendInvites: false },
      }),
      200,
    );
    expect(added.data.added).toBe(1);
    await expectStatus(
      sales.call({ method: 'PUT', url: `${V1}/campaign/`, payload: { id: siblingCampaign.id, status: 'closed' } }),
      200,
    );
  });

  it('a parent reads only the campaigns their players are on, and only their page', async () => {
    const [row] = (
      (await t.db.execute(sql`select u.email, u.id from campaign_fundraisers cf join players p on p.id = cf.player_id
        join users u on u.id = p.guardian_user_id where cf.id = ${cfid}`)) as unknown as {
        rows: { email: string; id: number }[];
      }
    ).rows;
    const session = await login(t.app, row!.email);
    const call: Call = (o) =>
      t.app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${session.accessToken}` } });
    expect(session.userData.role).toBe('fundraiser');
    expect(await listIds(call)).toEqual([campaign.id]);
    await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${siblingCampaign.id}` }), 404);
    const before = await fingerprint();
    for (const [label, req] of calls({ id: campaign.id, organizationId: a.team.id })) {
      const res = await call(req);
      // The player list and summaries are for organizers (403); every write is refused by the route policy.
      expect(res.statusCode, `${label} ${res.body}`).toBe(label === 'detail' ? 200 : 403);
    }
    expect(await fingerprint()).toBe(before);
    // The campaign's page shows no other family's data: no players list, no can flags.
    const page = await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${campaign.id}` }), 200);
    expect(page.data.can).toEqual({ update: false, managePlayers: false, delete: false });
    expect(page.data.divisions).toEqual([]);
  });

  it('donors and affiliates have no campaign access', async () => {
    for (const profile of ['donor', 'affiliate'] as const) {
      const u = await actor(t, { profiles: [profile] });
      await expectStatus(u.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` }), 403);
      await expectStatus(u.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}` }), 403);
    }
  });
});
