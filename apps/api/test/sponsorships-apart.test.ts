/**
 * Decision 019: a sponsorship's payment is a `donations` row of kind `sponsor`, yet never counts
 * where a figure says "donations". A completed sponsor payment (offline through the API, and a
 * card one written as the purchase flow leaves it) changes no raised total, no roll-up, no
 * dashboard donation figure, no donation list, total or export, no donor history and no public
 * supporter list; the dashboards' own sponsorship line counts it, equal to SQL.
 */
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donate, insertCampaign } from './campaigns-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import { insertOpportunity, insertUnit, V1 } from './sponsorships-support.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let teamAdmin: Awaited<ReturnType<typeof actor>>;
let tree: Awaited<ReturnType<typeof createTree>>;
let campaign: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { staffRole: 'super_admin' });
  tree = await createTree(t.db);
  teamAdmin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  campaign = await insertCampaign(t.db, tree.team.id, { status: 'active' });
  await donate(t.db, {
    campaignId: campaign.id,
    organizationId: tree.team.id,
    amount: 2500,
    email: 'gift@example.test',
  });
});
afterAll(async () => t.close());

const json = async (who: typeof admin, url: string) => {
  const res = await who.call({ method: 'GET', url: `${V1}${url}` });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.headers['content-type']?.includes('csv') ? res.body : res.json();
};

/** Every "donations" figure the product shows, through its API and in its kept tables. */
async function figures() {
  const team = tree.team.id;
  const dash = (d: { money: unknown; allTimeNetCents?: unknown; series?: unknown }) => ({
    money: d.money,
    allTime: d.allTimeNetCents,
    series: d.series,
  });
  const list = (d: { total: number; totals: unknown; data: { id: number }[] }) => ({
    total: d.total,
    totals: d.totals,
    ids: d.data.map((x) => x.id),
  });
  const publicPage = await t.app.inject({ method: 'GET', url: `${V1}/public/campaigns/${campaign.slug}` });
  const campaignDetail = await json(admin, `/campaign/${campaign.id}`);
  return {
    listAdmin: list(await json(admin, '/admin/donation/list?limit=100')),
    listTeam: list(await json(teamAdmin, '/admin/donation/list?limit=100')),
    listCampaign: list(await json(admin, `/admin/donation/list?limit=100&campaignId=${campaign.id}`)),
    exportAdmin: await json(admin, `/admin/donation/export?organizationId=${team}`),
    adminDashboard: dash(await json(admin, '/dashboards/admin')),
    nodeDashboard: dash(await json(admin, `/dashboards/node?organizationId=${team}`)),
    teamDashboard: dash(await json(teamAdmin, '/dashboards/node')),
    publicPage: publicPage.statusCode === 200 ? publicPage.json() : publicPage.statusCode,
    campaignRaised: {
      raised: campaignDetail.data.raisedCents,
      donors: campaignDetail.data.donors,
      donations: campaignDetail.data.donations,
    },
    orgDetail: await json(admin, `/admin/organization/?organization=${team}`),
    rollups: await rows(
      t.db,
      sql`select 'org' as k, organization_id as id, raised_cents::bigint as v, donors as n from org_rollups
        union all select 'campaign', campaign_id, raised_cents::bigint, donors from campaign_rollups
        union all select 'daily', organization_id, sum(net_cents)::bigint, sum(gifts)::int from org_money_daily group by 2
        order by 1, 2`,
    ),
  };
}

describe('a sponsorship payment is not a donation', () => {
  it('changes no donation figure anywhere, and the sponsorship line counts it', async () => {
    const before = await figures();
    expect(before.listAdmin.total).toBeGreaterThan(0);
    expect(typeof before.publicPage).toBe('object');
    expect(JSON.stringify(before.publicPage)).toContain('Dana');
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId: campaign.id, price: 70000 });
    const off = await admin.call({
      method: 'POST',
      url: `${V1}/admin/sponsorship/offline`,
      payload: {
        opportunityId: o.id,
        firstName: 'Olga',
        lastName: 'Offline',
        email: 'gift@example.test',
        reference: 'cheque 7',
        receivedOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    await insertUnit(t.db, {
      opportunityId: o.id,
      campaignId: campaign.id,
      organizationId: tree.team.id,
      amount: 70000,
      refunded: 2000,
    });
    const after = await figures();
    for (const key of Object.keys(before) as (keyof typeof before)[])
      expect({ [key]: after[key] }).toEqual({ [key]: before[key] });

    // The donor's history (the offline payment linked their donor row) lists gifts only.
    const donor = await firstRow<{ id: number }>(t.db, sql`select id from donors where email = 'gift@example.test'`);
    const history = await json(admin, `/donor/${donor!.id}`);
    expect(history.data.donations.every((d: { kind: string }) => d.kind !== 'sponsor')).toBe(true);

    // Its own line: completed sponsor payments of the subtree in the range, amount − refunded.
    const truth = await firstRow<{ n: number; revenue: number }>(
      t.db,
      sql`select count(*) filter (where status = 1)::int as n, coalesce(sum(amount_cents - refunded_cents), 0)::int as revenue
        from donations where kind = 'sponsor' and status in (1, 3) and organization_id = ${tree.team.id}`,
    );
    expect(truth).toEqual({ n: 2, revenue: 138000 });
    const node = await json(admin, `/dashboards/node?organizationId=${tree.team.id}`);
    expect(node.data?.sponsorships ?? node.sponsorships).toEqual({ count: truth!.n, revenueCents: truth!.revenue });
    const platform = await firstRow<{ n: number; revenue: number }>(
      t.db,
      sql`select count(*) filter (where status = 1)::int as n, coalesce(sum(amount_cents - refunded_cents), 0)::int as revenue
        from donations where kind = 'sponsor' and status in (1, 3)`,
    );
    const adminDash = await json(admin, '/dashboards/admin');
    expect(adminDash.data?.sponsorships ?? adminDash.sponsorships).toEqual({
      count: platform!.n,
      revenueCents: platform!.revenue,
    });
    // A range that ends before the payments: nothing.
    const past = await json(admin, `/dashboards/node?organizationId=${tree.team.id}&from=2020-01-01&to=2020-12-31`);
    expect(past.data?.sponsorships ?? past.sponsorships).toEqual({ count: 0, revenueCents: 0 });
  }, 60_000);
});
