/**
 * `GET /dashboards/admin` (issue 13): Super Admin reads the platform (the sum of the root
 * organizations' kept rows), FYS Sales the teams they sell (the sum of those teams' rows), with
 * `portfolio` listing each team. Money in the range follows decision 016 (scope.ts, money and
 * cards repositories say how each figure is computed).
 */
import type { AdminDashboard, DashboardQuery } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../types.js';
import * as cards from './cards.repository.js';
import * as money from './money.repository.js';
import { adminReach, type Range, todayUtc } from './scope.js';
import { sponsorshipLine } from './sponsorships.repository.js';

/** Each team the salesperson sells: net in the range, all time (org_rollups), active campaigns. */
async function portfolio(app: FastifyInstance, userId: number, range: Range) {
  const list = await rows(
    app.db,
    sql`select o.id, o.name, coalesce(r.raised_cents, 0) as all_time, coalesce(r.active_campaigns, 0) as active,
        (select coalesce(sum(m.net_cents), 0) from org_money_daily m where m.organization_id = o.id
          and m.day between ${range.from}::date and ${range.to}::date) as net
      from organizations o left join org_rollups r on r.organization_id = o.id
      where o.type_id = 3 and o.sales_user_id = ${userId} order by lower(o.name), o.id`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    netCents: Number(r.net),
    allTimeNetCents: Number(r.all_time),
    activeCampaigns: Number(r.active),
  }));
}

export async function adminDashboard(app: FastifyInstance, p: Principal, q: DashboardQuery): Promise<AdminDashboard> {
  const resolved = adminReach(p, q);
  const { range, scope } = resolved;
  const roots = money.rootsSql(resolved.reach);
  const reach = resolved.reach.kind === 'sales' ? await cards.soldNodes(app.db, resolved.reach.userId) : resolved.reach;
  const today = todayUtc();
  const db = app.db;
  // Independent reads: run side by side on the pool (the same work, less waiting).
  const [
    moneyCards,
    payouts,
    counts,
    series,
    topOrganizations,
    topCampaigns,
    endingSoon,
    behindPace,
    notConnected,
    newTeams,
    mine,
    sponsorships,
  ] = await Promise.all([
    money.moneyCards(db, roots, range),
    cards.payoutFigures(db, reach),
    cards.counts(db, roots),
    money.series(db, roots, range, 'week'),
    money.rankedNodes(db, roots, range, 10),
    cards.topCampaigns(db, reach, today),
    cards.endingSoon(db, reach, today),
    cards.behindPace(db, reach, today),
    cards.payoutsNotConnected(db, reach),
    cards.newTeams(db, reach, range.from, range.to),
    reach.kind === 'sales' ? portfolio(app, reach.userId, range) : null,
    sponsorshipLine(db, (column) => cards.inReachSql(reach, column), range),
  ]);
  return {
    scope,
    money: moneyCards,
    ...payouts,
    ...counts,
    series,
    topOrganizations,
    topCampaigns,
    endingSoon,
    behindPace,
    sponsorships,
    payoutsNotConnected: notConnected,
    newTeams,
    portfolio: mine,
  };
}
