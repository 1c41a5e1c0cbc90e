/**
 * `GET /dashboards/node` (issue 13): one node's dashboard for its staff (scope.ts says who may
 * open which node). Money comes from the kept subtree totals (decision 016); campaigns, players
 * at risk, the leaderboard and the funnel from the node's rows (players.repository.ts).
 *
 * Divisions: the divisions of the node's subtree (the node itself when it is a division), each
 * with its subtree's money in the range (org_money_daily), its players and all-time net
 * (org_rollups), the 100 with most net in the range.
 */
import { AT_RISK_RULES, type DashboardQuery, type NodeDashboard } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idArray } from '../../lib/id-array.js';
import type { Principal } from '../../types.js';
import { campaignWritableSql, playerScopedSql } from '../campaigns/campaigns.access.js';
import * as cards from './cards.repository.js';
import * as money from './money.repository.js';
import * as players from './players.repository.js';
import { type NodeRef, nodeReach, type Range, todayUtc } from './scope.js';
import { sponsorshipLine } from './sponsorships.repository.js';

/** May the caller message this row's family: edits its campaign, or manages the player's roster. */
export const manageSql = (p: Principal) =>
  sql`(${campaignWritableSql(p, 'c')} or ${playerScopedSql(p, 'update', 'pl')})`;

async function divisions(app: FastifyInstance, node: NodeRef, sub: players.Subtree, range: Range) {
  const nodes =
    node.typeId === 4
      ? sql`(select ${node.id}::int)`
      : sql`(select id from organizations where type_id = 4 and id in ${sub.sql})`;
  const ranked = await money.rankedNodes(app.db, nodes, range, 100);
  if (ranked.length === 0) return [];
  const facts = await rows(
    app.db,
    sql`select organization_id, players, raised_cents from org_rollups
      where organization_id = any(${idArray(ranked.map((r) => r.id))})`,
  );
  const byId = new Map(facts.map((f) => [Number(f.organization_id), f]));
  return ranked.map((r) => ({
    ...r,
    players: Number(byId.get(r.id)?.players ?? 0),
    allTimeNetCents: Number(byId.get(r.id)?.raised_cents ?? 0),
  }));
}

export async function nodeDashboard(app: FastifyInstance, p: Principal, q: DashboardQuery): Promise<NodeDashboard> {
  const { range, reach, scope } = await nodeReach(app, p, q as Parameters<typeof nodeReach>[2]);
  if (reach.kind !== 'node') throw new Error('node dashboard without a node');
  const { node } = reach;
  const roots = money.rootsSql(reach);
  const today = todayUtc();
  const db = app.db;
  const sub = await players.subtreeOf(db, node.id);
  // Independent reads: run side by side on the pool (the same work, less waiting).
  const [[rollup], risk, moneyCards, campaigns, leaderboard, funnel, divisionList, series, sponsorships] =
    await Promise.all([
      rows(db, sql`select raised_cents, players from org_rollups where organization_id = ${node.id}`),
      players.atRisk(db, sub, today, manageSql(p)),
      money.moneyCards(db, roots, range),
      cards.nodeCampaigns(db, sub, today),
      players.leaderboard(db, sub),
      players.funnel(db, sub),
      divisions(app, node, sub, range),
      money.series(db, roots, range, 'week'),
      sponsorshipLine(db, (column) => sql`${column} in ${sub.sql}`, range),
    ]);
  return {
    scope,
    money: moneyCards,
    allTimeNetCents: Number(rollup?.raised_cents ?? 0),
    players: Number(rollup?.players ?? 0),
    sponsorships,
    campaigns,
    leaderboard,
    atRisk: {
      total: risk.total,
      players: risk.rows.map((r) => ({
        campaignFundraiserId: r.cfId,
        playerId: r.playerId,
        playerName: r.playerName,
        campaignId: r.campaignId,
        campaignTitle: r.campaignTitle,
        divisionName: r.divisionName,
        reasons: r.reasons,
        contacts: r.contacts,
        raisedCents: r.raisedCents,
        lastNudgedAt: r.lastNudgedAt,
        canNudge: r.canManage && r.guardianUserId !== null && r.lastNudgedAt === null,
      })),
      rules: { ...AT_RISK_RULES },
    },
    funnel,
    divisions: divisionList,
    series,
  };
}
