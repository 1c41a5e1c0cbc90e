/**
 * The dashboards' short-lived answer cache (decision 016): with DASHBOARD_CACHE_SECONDS set, an
 * instance reuses a caller's answer until it expires, never gives one caller another's answer,
 * and a nudge that sends drops what it changed. Without it (the tests' default) every request
 * reads the kept tables afresh, which the other dashboard suites rely on.
 */
import type { NodeDashboard } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from './campaigns-support.js';
import { type Populated, populated } from './dashboards-fixture.js';
import { V1 } from './dashboards-support.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let f: Populated;
beforeAll(async () => {
  t = await createTestApp({ DASHBOARD_CACHE_SECONDS: '600' });
  f = await populated(t);
});
afterAll(async () => t?.close());

type Call = Populated['actors']['teamAdmin']['call'];
const node = async (call: Call) =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/dashboards/node` }), 200)).data as NodeDashboard;

describe('dashboard answer cache', () => {
  it('reuses a caller’s answer, keeps callers apart, and drops answers after a nudge', async () => {
    const { teamAdmin, divisionAdmin } = f.actors;
    const first = await node(teamAdmin.call);
    const division = await node(divisionAdmin.call);
    expect(division.scope.organization?.id).toBe(f.w.D1.id);
    expect(first.scope.organization?.id).toBe(f.w.T1.id);

    // A refund lands: the cached answer is still served (at most DASHBOARD_CACHE_SECONDS old).
    await t.db.execute(sql`update donations set refunded_cents = amount_cents
      where campaign_fundraiser_id = ${f.pages.cf1.id} and status = 1 and kind = 'gift' and refunded_cents = 0`);
    expect(await node(teamAdmin.call)).toEqual(first);

    // A nudge that sends clears the cache: the next answer shows the refund and the nudge.
    const cf2 = f.pages.cf2.id;
    const sent = (await expectStatus(
      teamAdmin.call({ method: 'POST', url: `${V1}/dashboards/nudge`, payload: { campaignFundraiserIds: [cf2] } }),
      200,
    )) as { data: { outcome: string }[] };
    expect(sent.data.map((r) => r.outcome)).toEqual(['sent']);
    const after = await node(teamAdmin.call);
    expect(after.money.netCents).toBeLessThan(first.money.netCents);
    const row = after.atRisk.players.find((p) => p.campaignFundraiserId === cf2);
    expect(row?.lastNudgedAt).not.toBeNull();
    expect(row?.canNudge).toBe(false);
  });
});
