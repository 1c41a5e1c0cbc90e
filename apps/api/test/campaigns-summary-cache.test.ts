/**
 * The campaign summaries' answer cache (decision 026, like the dashboards' of decision 016): with
 * DASHBOARD_CACHE_SECONDS set, an instance reuses a caller's summary until it expires, never gives
 * one caller another's answer, and any write this instance answers empties it. The oracle for the
 * figures is the donations table (`truthFor`), not the kept totals the summary reads.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donate, expectStatus, insertCampaign, truthFor, V1 } from './campaigns-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let campaign: Awaited<ReturnType<typeof insertCampaign>>;
let teamAdmin: Awaited<ReturnType<typeof actor>>;
let orgAdmin: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp({ DASHBOARD_CACHE_SECONDS: '600' });
  tree = await createTree(t.db);
  teamAdmin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  orgAdmin = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
  campaign = await insertCampaign(t.db, tree.team.id, { goalCents: 100000, status: 'active' });
  await donate(t.db, { campaignId: campaign.id, organizationId: tree.team.id, amount: 4000 });
});
afterAll(async () => t?.close());

type Call = Awaited<ReturnType<typeof actor>>['call'];
const summary = async (call: Call) =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${campaign.id}/summary` }), 200)).data as {
    totals: { raisedCents: number };
  };

describe('campaign summary answer cache', () => {
  it('reuses a caller’s summary, keeps callers apart, and is emptied by a write this instance answers', async () => {
    const first = await summary(teamAdmin.call);
    expect(first.totals.raisedCents).toBe((await truthFor(t.db, sql`campaign_id = ${campaign.id}`)).raisedCents);

    // A gift written straight to the database: this instance does not know, the kept answer stays.
    await donate(t.db, { campaignId: campaign.id, organizationId: tree.team.id, amount: 2500 });
    expect(await summary(teamAdmin.call)).toEqual(first);
    // Another caller has an answer of their own, read now.
    const other = await summary(orgAdmin.call);
    expect(other.totals.raisedCents).toBe(first.totals.raisedCents + 2500);

    // Any successful write this instance answers empties the cache (here a page-open mark).
    const write = await t.app.inject({
      method: 'POST',
      url: `${V1}/public/fundraisers/no-such-page/opened`,
      payload: { c: 'no-such-contact' },
    });
    expect(write.statusCode).toBeLessThan(400);
    const after = await summary(teamAdmin.call);
    expect(after.totals.raisedCents).toBe((await truthFor(t.db, sql`campaign_id = ${campaign.id}`)).raisedCents);
    expect(after.totals.raisedCents).toBe(first.totals.raisedCents + 2500);
  });
});
