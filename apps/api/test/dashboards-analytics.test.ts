/**
 * `GET /dashboards/analytics` and `analytics.csv`: every figure and table against an independent
 * computation over `donations` (dashboards-support.ts), for a node, the platform (Super Admin)
 * and the portfolio (FYS Sales); out-of-reach nodes are 404.
 */
import type { Analytics } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from './campaigns-support.js';
import { type Populated, populated } from './dashboards-fixture.js';
import {
  credited,
  dayOffset,
  ids,
  moneyTruth,
  netByNode,
  nonEmpty,
  platformRoots,
  q,
  today,
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

type Call = Populated['actors']['super_']['call'];
const analytics = async (call: Call, query: string) =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/dashboards/analytics${query}` }), 200)).data as Analytics;

const yearBack = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`;

async function expectAnalytics(a: Analytics, roots: SQL, children: number[]) {
  const { from, to } = a.scope;
  expect(a.money).toEqual(await moneyTruth(t.db, roots, from, to));
  expect(a.previousMoney).toEqual(await moneyTruth(t.db, roots, yearBack(from), yearBack(to)));
  expect(nonEmpty(a.series)).toEqual(await weeklyTruth(t.db, roots, from, to, a.interval));
  const nets = await netByNode(t.db, children, from, to);
  expect(a.byChild.map((c) => [c.drillId, c.netCents, c.gifts]).sort()).toEqual(
    children.map((id) => [id, nets.get(id)!.net, nets.get(id)!.gifts]).sort(),
  );
  const inRange = sql`day between ${from}::date and ${to}::date`;
  const methods = await q(
    t.db,
    sql`${credited(roots)} select method as key, sum(greatest(amount_cents - refunded_cents, 0))::int as net,
      sum(amount_cents)::int as gross, sum(refunded_cents)::int as refunded, count(*)::int as gifts
      from g where ${inRange} group by method order by method`,
  );
  expect(
    a.byMethod
      .map(({ key, netCents, grossCents, refundedCents, gifts }) => ({
        key,
        net: netCents,
        gross: grossCents,
        refunded: refundedCents,
        gifts,
      }))
      .sort((x, y) => x.key.localeCompare(y.key)),
  ).toEqual(methods);
  const months = sql`date_trunc('month', day) between date_trunc('month', ${from}::date) and date_trunc('month', ${to}::date)`;
  const camps = await q(
    t.db,
    sql`${credited(roots)} select campaign_id::text as key, sum(greatest(amount_cents - refunded_cents, 0))::int as net,
      count(*)::int as gifts from g where ${months} group by campaign_id order by campaign_id`,
  );
  expect(
    a.byCampaign
      .map((c) => ({ key: c.key, net: c.netCents, gifts: c.gifts }))
      .sort((x, y) => Number(x.key) - Number(y.key)),
  ).toEqual(camps);
  const [donors] = await q(
    t.db,
    sql`${credited(roots)}, spans as (select root, donor_email, min(day) as f, max(day) as l from g where day <= ${to}::date group by 1, 2)
      select count(*) filter (where f between ${from}::date and ${to}::date)::int as new,
        count(*) filter (where f < ${from}::date and l >= ${from}::date)::int as returning,
        count(*) filter (where l < ${from}::date and l >= (${from}::date - interval '1 year'))::int as lapsed from spans`,
  );
  expect(a.donors).toEqual(donors);
  const [gift] = await q(
    t.db,
    sql`${credited(roots)} select round(percentile_cont(0.5) within group (order by amount_cents))::int as median
      from g where ${months}`,
  );
  expect(a.medianGiftCents).toBe(Number(gift!.median ?? 0));
  expect(a.averageGiftCents).toBe(a.money.gifts ? Math.round(a.money.grossCents / a.money.gifts) : 0);
}

describe('analytics', () => {
  it.each(['day', 'week', 'month'] as const)('a node by %s, with the year before', async (interval) => {
    const query = `?organizationId=${f.w.L.id}&from=${dayOffset(-60)}&to=${today()}&interval=${interval}`;
    const a = await analytics(f.actors.leagueAdmin.call, query);
    expect(a.interval).toBe(interval);
    expect(a.previousMoney.netCents).toBeGreaterThan(0);
    await expectAnalytics(a, ids([f.w.L.id]), [f.w.T1.id, f.w.T2.id]);
  });

  it('each role on its own node', async () => {
    for (const [who, node, children] of [
      ['orgAdmin', f.w.A.id, [f.w.L.id]],
      ['teamAdmin', f.w.T1.id, [f.w.D1.id, f.w.D2.id]],
      ['divisionAdmin', f.w.D1.id, []],
    ] as const) {
      const a = await analytics(f.actors[who].call, '');
      expect(a.scope.organization?.id).toBe(node);
      await expectAnalytics(a, ids([node]), [...children]);
    }
  });

  it('Super Admin: the platform by default; FYS Sales: their teams', async () => {
    await expectAnalytics(await analytics(f.actors.super_.call, ''), platformRoots, [f.w.A.id, f.w.B.id, f.w.C.id]);
    const teams = [f.w.T1.id, f.w.TB.id];
    await expectAnalytics(await analytics(f.actors.sales.call, '?interval=month'), ids(teams), teams);
  });

  it('out of reach: 404; a family: 403', async () => {
    const url = (id: number) => `${V1}/dashboards/analytics?organizationId=${id}`;
    expect((await f.actors.teamAdmin.call({ method: 'GET', url: url(f.w.L.id) })).statusCode).toBe(404);
    expect((await f.actors.sales.call({ method: 'GET', url: url(f.w.C.id) })).statusCode).toBe(404);
    expect((await f.actors.family.call({ method: 'GET', url: `${V1}/dashboards/analytics` })).statusCode).toBe(403);
    const csv = `${V1}/dashboards/analytics.csv?table=series&organizationId=${f.w.TC.id}`;
    expect((await f.actors.leagueAdmin.call({ method: 'GET', url: csv })).statusCode).toBe(404);
  });
});

describe('analytics CSV', () => {
  const csv = (call: Call, query: string) => call({ method: 'GET', url: `${V1}/dashboards/analytics.csv${query}` });

  it('each table as CSV, equal to the JSON, formula cells escaped', async () => {
    const base = `organizationId=${f.w.L.id}&from=${dayOffset(-60)}&to=${today()}`;
    const a = await analytics(f.actors.leagueAdmin.call, `?${base}`);
    const series = await csv(f.actors.leagueAdmin.call, `?table=series&${base}`);
    expect(series.statusCode).toBe(200);
    expect(series.headers['content-type']).toContain('text/csv');
    const lines = series.body.trim().split('\r\n');
    expect(lines[0]).toBe('period,netCents,gifts,previousNetCents');
    expect(lines.slice(1)).toEqual(a.series.map((s) => `${s.period},${s.netCents},${s.gifts},${s.previousNetCents}`));
    const camps = await csv(f.actors.leagueAdmin.call, `?table=campaigns&${base}`);
    expect(camps.body.split('\r\n')[0]).toBe('key,label,netCents,grossCents,refundedCents,gifts');
    expect(camps.body).toContain(`${f.campaigns.c2.id},"'=HYPERLINK(""x"")",`);
    for (const table of ['children', 'methods']) {
      const res = await csv(f.actors.leagueAdmin.call, `?table=${table}&${base}`);
      const list = table === 'children' ? a.byChild : a.byMethod;
      expect(res.body.trim().split('\r\n').length).toBe(list.length + 1);
    }
    expect((await csv(f.actors.leagueAdmin.call, `?table=nope&${base}`)).statusCode).toBe(400);
  });
});
