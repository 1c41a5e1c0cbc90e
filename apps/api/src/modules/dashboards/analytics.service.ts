/**
 * `GET /dashboards/analytics` and its CSV tables (issue 13): a node's money (or, by default, the
 * platform's for Super Admin and the portfolio's for FYS Sales) by day, week or month with the
 * same period a year earlier, by campaign, by child node (drill-down), by payment method, donors
 * new/returning/lapsed, average and median gift. Only the kept tables are read (money.repository.ts
 * says how each figure is computed).
 */
import type { ANALYTICS_TABLES, Analytics, AnalyticsQuery, DashboardInterval } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCsv } from '../../lib/csv.js';
import type { Principal } from '../../types.js';
import * as money from './money.repository.js';
import { adminReach, nodeReach, type Resolved } from './scope.js';

export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

type Query = { organizationId?: number | undefined; from?: string; to?: string; interval: DashboardInterval };

async function reachOf(app: FastifyInstance, p: Principal, q: Query): Promise<Resolved> {
  const staff = p.role === 'super_admin' || p.role === 'fys_sales';
  return staff && q.organizationId === undefined ? adminReach(p, q) : nodeReach(app, p, q);
}

export async function analytics(app: FastifyInstance, p: Principal, query: AnalyticsQuery): Promise<Analytics> {
  const q = query as Query;
  const { range, reach, scope } = await reachOf(app, p, q);
  const roots = money.rootsSql(reach);
  const children =
    reach.kind === 'node' ? sql`(select id from organizations where parent_id = ${reach.node.id})` : roots;
  const db = app.db;
  const current = await money.moneyCards(db, roots, range);
  return {
    scope,
    interval: q.interval,
    money: current,
    previousMoney: await money.moneyCards(db, roots, money.previousRange(range)),
    series: await money.series(db, roots, range, q.interval),
    byCampaign: await money.byCampaign(db, roots, range),
    byChild: await money.byNode(db, children, range),
    byMethod: await money.byMethod(db, roots, range),
    donors: await money.donorKinds(db, roots, range),
    ...(await money.giftStats(db, roots, range, current)),
  };
}

const BREAKDOWN_COLUMNS = ['key', 'label', 'netCents', 'grossCents', 'refundedCents', 'gifts'] as const;

/** One table of the analytics as CSV (formula cells escaped by lib/csv.ts). */
export async function analyticsCsv(app: FastifyInstance, p: Principal, q: AnalyticsQuery, table: AnalyticsTable) {
  const a = await analytics(app, p, q);
  const node = a.scope.organization ? `-${a.scope.organization.id}` : '';
  const filename = `analytics-${table}${node}-${a.scope.from}-${a.scope.to}.csv`;
  if (table === 'series') {
    const columns = ['period', 'netCents', 'gifts', 'previousNetCents'] as const;
    return { filename, body: toCsv(columns, a.series) };
  }
  const list = table === 'campaigns' ? a.byCampaign : table === 'children' ? a.byChild : a.byMethod;
  return { filename, body: toCsv(BREAKDOWN_COLUMNS, list) };
}
