/**
 * Campaign cards and the node counts of the admin and node dashboards. Raised, donors and players
 * of a campaign come from `campaign_rollups` (all time, the campaign as a whole); node counts from
 * `org_rollups`.
 *
 * - daysLeft: end date − today (0 on the last day, negative once ended); null without an end date.
 * - pace: raised ÷ (goal × elapsed share of the campaign's days), elapsed share = (today − start +
 *   1) ÷ (end − start + 1), at most 1; 1 = on pace. null without both dates, without a goal, or
 *   before the first day.
 * - Behind pace: active, not ended, at least a quarter of its days gone, and pace < 0.5 (less than
 *   half of what the elapsed days call for): early days are too noisy to judge.
 * - Ending soon: active, end date within the next 14 days (today included).
 */
import type { CampaignCard } from '@fc/contracts';
import { type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';
import { type Subtree, subtreeSql } from './players.repository.js';
import type { Reach } from './scope.js';

export const ENDING_SOON_DAYS = 14;
export const BEHIND_PACE = { minElapsedShare: 0.25, maxPace: 0.5 } as const;
const LIST = 10;

/** Nodes of the reach, as a condition over a node-id column (true for the platform). */
export function inReachSql(reach: Reach, column: SQL): SQL {
  if (reach.kind === 'platform') return sql`true`;
  if (reach.kind === 'node') return sql`${column} in ${subtreeSql(reach.node.id)}`;
  if (reach.nodeIds) return sql`${column} in (select unnest(${idArray(reach.nodeIds)}))`;
  return sql`${column} in ${soldSql(reach.userId)}`;
}

const soldSql = (userId: number) => sql`(with recursive sold(id) as (
      select id from organizations where type_id = 3 and sales_user_id = ${userId}
      union all select o.id from organizations o join sold on o.parent_id = sold.id
    ) select id from sold)`;

/** The salesperson's reach with its nodes found once (the admin dashboard's six lists read them). */
export async function soldNodes(db: Queryable, userId: number): Promise<Reach> {
  const [r] = await rows(db, sql`select array${soldSql(userId)} as ids`);
  return { kind: 'sales', userId, nodeIds: ((r?.ids as unknown[]) ?? []).map(Number) };
}

const CARD_COLUMNS = sql`c.id, c.title, c.slug, o.name as organization_name, c.status, c.goal_cents,
  coalesce(r.raised_cents, 0) as raised_cents, coalesce(r.donors, 0) as donors, coalesce(r.players, 0) as players,
  to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date`;
const CARD_FROM = sql`campaigns c join organizations o on o.id = c.organization_id
  left join campaign_rollups r on r.campaign_id = c.id`;

const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

/** The card of a campaign row (today: the UTC date the figures are computed for). */
export function toCard(r: Record<string, unknown>, today: string): CampaignCard {
  const start = (r.start_date as string | null) ?? null;
  const end = (r.end_date as string | null) ?? null;
  const goal = Number(r.goal_cents ?? 0);
  const raised = Number(r.raised_cents ?? 0);
  const t = dayNumber(today);
  let pace: number | null = null;
  if (start && end && goal > 0) {
    const total = dayNumber(end) - dayNumber(start) + 1;
    const elapsed = Math.min(t - dayNumber(start) + 1, total);
    if (total > 0 && elapsed > 0) pace = Math.round((raised / ((goal * elapsed) / total)) * 1000) / 1000;
  }
  return {
    id: Number(r.id),
    title: String(r.title),
    slug: String(r.slug),
    organizationName: String(r.organization_name),
    status: String(r.status),
    goalCents: goal,
    raisedCents: raised,
    donors: Number(r.donors ?? 0),
    players: Number(r.players ?? 0),
    startDate: start,
    endDate: end,
    daysLeft: end ? dayNumber(end) - t : null,
    pace,
  };
}

async function cards(db: Queryable, where: SQL, order: SQL, today: string, limit = LIST) {
  const list = await rows(
    db,
    sql`select ${CARD_COLUMNS} from ${CARD_FROM} where ${where} order by ${order} limit ${limit}`,
  );
  return list.map((r) => toCard(r, today));
}

/** Campaigns owned in the reach with the most raised (all time). */
export const topCampaigns = (db: Queryable, reach: Reach, today: string) =>
  cards(db, inReachSql(reach, sql`c.organization_id`), sql`raised_cents desc, c.id`, today);

export const endingSoon = (db: Queryable, reach: Reach, today: string) =>
  cards(
    db,
    sql`${inReachSql(reach, sql`c.organization_id`)} and c.status = 'active'
      and c.end_date between ${today}::date and ${today}::date + ${ENDING_SOON_DAYS}::int`,
    sql`c.end_date, c.id`,
    today,
  );

export function behindPace(db: Queryable, reach: Reach, today: string) {
  // elapsed = today − start + 1, total = end − start + 1; pace = raised·total / (goal·elapsed).
  const elapsed = sql`(${today}::date - c.start_date + 1)`;
  const total = sql`(c.end_date - c.start_date + 1)`;
  return cards(
    db,
    sql`${inReachSql(reach, sql`c.organization_id`)} and c.status = 'active' and c.goal_cents > 0
      and c.start_date is not null and c.end_date >= ${today}::date and ${total} > 0
      and ${elapsed} >= ${BEHIND_PACE.minElapsedShare}::float8 * ${total}
      and coalesce(r.raised_cents, 0) * ${total} < ${BEHIND_PACE.maxPace}::float8 * c.goal_cents * ${elapsed}`,
    sql`coalesce(r.raised_cents, 0)::float8 * ${total} / (c.goal_cents::float8 * ${elapsed}), c.id`,
    today,
  );
}

/**
 * The node's active campaigns: owned in its subtree, or with one of its divisions taking part
 * (campaign_divisions), as found by subtreeOf. Campaigns merely shared with it
 * (organization_campaigns) are not listed.
 */
export const nodeCampaigns = (db: Queryable, sub: Subtree, today: string) =>
  cards(
    db,
    sql`c.id = any(${idArray(sub.campaigns.filter((k) => k.listed).map((k) => k.id))})`,
    sql`c.end_date nulls last, c.id`,
    today,
    50,
  );

/** Nodes owning an active campaign in the reach without a verified payout account. */
export async function payoutsNotConnected(db: Queryable, reach: Reach) {
  const list = await rows(
    db,
    sql`select o.id, o.name, o.type_id from organizations o
      where ${inReachSql(reach, sql`o.id`)}
        and exists (select 1 from campaigns c where c.organization_id = o.id and c.status = 'active')
        and not exists (select 1 from payout_accounts pa where pa.organization_id = o.id and pa.status = 'verified')
      order by lower(o.name), o.id limit 50`,
  );
  return list.map((r) => ({ id: Number(r.id), name: String(r.name), typeId: Number(r.type_id) }));
}

/** Teams of the reach created in the range (UTC days), newest first. */
export async function newTeams(db: Queryable, reach: Reach, from: string, to: string) {
  const list = await rows(
    db,
    sql`select o.id, o.name, o.created_at from organizations o
      where o.type_id = 3 and ${inReachSql(reach, sql`o.id`)}
        and (o.created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
      order by o.created_at desc, o.id desc limit 50`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    createdAt: new Date(r.created_at as string | Date).toISOString(),
  }));
}

/** Active campaigns, teams and players: the roots' kept roll-ups (a root that is a team counts itself). */
export async function counts(db: Queryable, roots: SQL) {
  const [r] = await rows(
    db,
    sql`select coalesce(sum(r.active_campaigns), 0) as active, coalesce(sum(r.teams), 0)
        + count(*) filter (where o.type_id = 3) as teams, coalesce(sum(r.players), 0) as players
      from organizations o left join org_rollups r on r.organization_id = o.id where o.id in ${roots}`,
  );
  return { activeCampaigns: Number(r?.active ?? 0), teams: Number(r?.teams ?? 0), players: Number(r?.players ?? 0) };
}

/**
 * All time, from the ledger (donations/ledger.ts): paid out = moved from the platform to the
 * nodes' payout accounts (their `org_available` and `org_paid_out` balances); awaiting payout =
 * credited to the nodes and still held by the platform (`org_pending`). Offline gifts, collected
 * by the nodes themselves, are in neither.
 */
export async function payoutFigures(db: Queryable, reach: Reach) {
  const [r] = await rows(
    db,
    sql`select coalesce(sum(amount_cents) filter (where account in ('org_available', 'org_paid_out')), 0) as paid,
        coalesce(sum(amount_cents) filter (where account = 'org_pending'), 0) as pending
      from ledger_entries e where e.account in ('org_pending', 'org_available', 'org_paid_out')
        and ${inReachSql(reach, sql`e.organization_id`)}`,
  );
  return { paidOutCents: Number(r?.paid ?? 0), awaitingPayoutCents: Number(r?.pending ?? 0) };
}
