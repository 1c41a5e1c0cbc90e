/**
 * The players of a node's dashboard: its rows of `campaign_fundraisers` in active campaigns,
 * by the money rule (decision 016): a row whose roster (`division_id`) is in the node's subtree,
 * or, added without a roster, whose campaign is owned in it (campaigns owned in the subtree,
 * shared with a node of it, or with one of its divisions taking part). The leaderboard, players at risk and
 * the outreach funnel all read this one set.
 *
 * At risk (AT_RISK_RULES, contracts/dashboards.ts), any of:
 * - not_accepted: the family has not accepted the campaign's invitation (`accepted_at` is null);
 * - few_contacts: fewer than `minContacts` contacts on this campaign;
 * - nothing_raised: nothing raised (counting gifts, net) `nothingRaisedAfterDays` days or more
 *   after the later of the campaign's start and the day the player joined it (UTC days).
 * A family (the player's guardian account) is nudged at most once per NUDGE_WINDOW_HOURS.
 */
import { AT_RISK_RULES, type AtRiskReason, NUDGE_WINDOW_HOURS } from '@fc/contracts';
import { type Db, type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';
import { cachedScopeAndAncestors, treeVersionSql } from '../orgs/tree.repository.js';

/** A node and everything below it, as a subquery of one `id` column. */
export const subtreeSql = (nodeId: number) => sql`(with recursive sub(id) as (
    select ${nodeId}::int union all select o.id from organizations o join sub on o.parent_id = sub.id
  ) select id from sub)`;

/**
 * A node's subtree and the active campaigns of its rows, found once per request: the node
 * dashboard's queries read them as constants instead of walking the tree (2,725 nodes under the
 * largest root) and matching the campaigns again each. The subtree is the one the principal's
 * scope uses, kept in memory per tree version (orgs/tree.repository.ts).
 */
export interface Subtree {
  ids: number[];
  /** A subquery of one `id` column: the node and everything below it. */
  sql: SQL;
  /**
   * Active campaigns owned in the subtree, shared with it or with one of its divisions taking
   * part; `listed`: owned or with a division taking part (the dashboard's campaign cards).
   */
  campaigns: { id: number; ownerId: number; listed: boolean }[];
}

export async function subtreeOf(db: Db, nodeId: number): Promise<Subtree> {
  const [v] = await rows(db, sql`select ${treeVersionSql} as version`);
  const { scope: ids } = await cachedScopeAndAncestors(db, nodeId, (v?.version as string | null) ?? null);
  const list = await rows(
    db,
    sql`with sub(id) as materialized (select unnest(${idArray(ids)}) as id),
      camps as (select c.id, c.organization_id, (c.organization_id in (select id from sub)
          or exists (select 1 from campaign_divisions cd where cd.campaign_id = c.id and cd.organization_id in (select id from sub)))
          as listed
        from campaigns c where c.status = 'active')
      select id, organization_id, listed from camps where listed
        or exists (select 1 from organization_campaigns oc where oc.campaign_id = camps.id and oc.organization_id in (select id from sub))
      order by id`,
  );
  const campaigns = list.map((r) => ({
    id: Number(r.id),
    ownerId: Number(r.organization_id),
    listed: r.listed === true,
  }));
  return { ids, sql: sql`(select unnest(${idArray(ids)}) as id)`, campaigns };
}

/**
 * Leading CTEs: `sub` (the subtree) and `nr` (the node's rows, with the columns the dashboard
 * reads). Rows are looked up campaign by campaign (the index on campaign_id) among the campaigns
 * of subtreeOf, then kept by the rule above.
 */
export const nodeRowsWith = (sub: Subtree) => sql`with sub(id) as materialized ${sub.sql},
  camps(id, organization_id) as materialized (select * from unnest(${idArray(sub.campaigns.map((c) => c.id))},
    ${idArray(sub.campaigns.map((c) => c.ownerId))})),
  nr as materialized (select x.* from camps k cross join lateral (
      select cf.id, cf.player_id, cf.campaign_id, cf.division_id, cf.accepted_at, cf.created_at
      from campaign_fundraisers cf where cf.campaign_id = k.id offset 0) x
    where x.division_id in (select id from sub) or (x.division_id is null and k.organization_id in (select id from sub)))`;

/** `cf`, `c`, `pl` of the node's rows (after nodeRowsWith). */
export const NODE_ROWS_FROM = sql`nr cf
  join campaigns c on c.id = cf.campaign_id join players pl on pl.id = cf.player_id
`;

/**
 * Top players of the node by raised (net of counting gifts on their page); raised > 0 only.
 * Raised and donors are the page's kept totals (`cf_money`, `cf_money_donors`, migration 0011).
 */
export async function leaderboard(db: Queryable, sub: Subtree, limit = 10) {
  const list = await rows(
    db,
    sql`${nodeRowsWith(sub)}, top as (select nr.id, nr.player_id, nr.campaign_id, m.raised_cents
        from nr cross join lateral (select m.raised_cents from cf_money m where m.campaign_fundraiser_id = nr.id offset 0) m
        where m.raised_cents > 0 order by m.raised_cents desc, nr.id limit ${limit})
      select top.player_id, pl.first_name, pl.last_name, c.title, top.raised_cents,
        (select count(*) from cf_money_donors md where md.campaign_fundraiser_id = top.id) as donors
      from top join campaigns c on c.id = top.campaign_id join players pl on pl.id = top.player_id
      order by top.raised_cents desc, top.id`,
  );
  return list.map((r) => ({
    playerId: Number(r.player_id),
    playerName: `${r.first_name} ${r.last_name}`.trim(),
    campaignTitle: String(r.title),
    raisedCents: Number(r.raised_cents),
    donors: Number(r.donors),
  }));
}

/** Contacts of row `cf` on its campaign, and its page's raised (`cf_money`), as scalar subqueries. */
const contactsOf = sql`(select count(*) from fundraiser_contacts fc where fc.player_id = cf.player_id and fc.campaign_id = cf.campaign_id)::int`;
const raisedOf = sql`coalesce((select m.raised_cents from cf_money m where m.campaign_fundraiser_id = cf.id), 0)::int`;
const waitedOf = (
  today: string,
) => sql`${today}::date >= greatest(coalesce(c.start_date, (cf.created_at at time zone 'UTC')::date),
    (cf.created_at at time zone 'UTC')::date) + ${AT_RISK_RULES.nothingRaisedAfterDays}::int`;

/** The row's identity and the facts read from its own columns, over `cf`, `c`, `pl`. */
const riskBase = (today: string) => sql`cf.id as cf_id, cf.player_id, cf.division_id, pl.first_name, pl.last_name,
  pl.guardian_user_id, c.id as campaign_id, c.title, cf.accepted_at is not null as accepted, ${waitedOf(today)} as waited`;

/** The facts that decide whether rows are at risk, as columns over `cf`, `c`, `pl`. */
export const riskFacts = (today: string) => sql`${riskBase(today)}, ${contactsOf} as contacts, ${raisedOf} as raised`;

/**
 * The rules as a condition over `cf`, `c`, `pl`, cheapest test first: OR stops at the first true
 * one, so most rows never look up their contacts or their page's total.
 */
const atRiskWhere = (today: string) => sql`(cf.accepted_at is null or ${contactsOf} < ${AT_RISK_RULES.minContacts}::int
  or (${waitedOf(today)} and ${raisedOf} = 0))`;

/** What a listed row shows besides its facts, over columns `division_id`, `guardian_user_id` of `r`. */
const riskDisplay = sql`(select dv.name from organizations dv where dv.id = r.division_id) as division_name,
  (select max(n.created_at) from nudges n where n.family_user_id = r.guardian_user_id
    and n.created_at > now() - ${`${NUDGE_WINDOW_HOURS} hours`}::interval) as last_nudged`;

export interface RiskRow {
  cfId: number;
  playerId: number;
  playerName: string;
  guardianUserId: number | null;
  campaignId: number;
  campaignTitle: string;
  divisionName: string | null;
  reasons: AtRiskReason[];
  contacts: number;
  raisedCents: number;
  lastNudgedAt: string | null;
  canManage: boolean;
}

export function toRisk(r: Record<string, unknown>): RiskRow {
  const contacts = Number(r.contacts ?? 0);
  const raised = Number(r.raised ?? 0);
  const reasons: AtRiskReason[] = [];
  if (!r.accepted) reasons.push('not_accepted');
  if (contacts < AT_RISK_RULES.minContacts) reasons.push('few_contacts');
  if (raised === 0 && r.waited) reasons.push('nothing_raised');
  return {
    cfId: Number(r.cf_id),
    playerId: Number(r.player_id),
    playerName: `${r.first_name} ${r.last_name}`.trim(),
    guardianUserId: r.guardian_user_id == null ? null : Number(r.guardian_user_id),
    campaignId: Number(r.campaign_id),
    campaignTitle: String(r.title),
    divisionName: (r.division_name as string | null) ?? null,
    reasons,
    contacts,
    raisedCents: raised,
    lastNudgedAt: r.last_nudged ? new Date(r.last_nudged as string | Date).toISOString() : null,
    canManage: r.can_manage === true,
  };
}

/**
 * Players at risk on the node: the total, and the `limit` longest on their campaign (joined
 * first, the most overdue to act on). The rules are tested on the node's rows alone; the listed
 * rows only then get their player, division, nudge state and `manage` (may nudge: it tests the
 * caller's scope, thousands of nodes, per row). Ordering by name read every at-risk row's player
 * (2,440 lookups for the largest organization, about half the query's time).
 */
export async function atRisk(db: Queryable, sub: Subtree, today: string, manage: SQL, limit = 50) {
  const list = await rows(
    db,
    sql`${nodeRowsWith(sub)}, top as (select cf.id, cf.created_at, count(*) over () as total
        from nr cf join campaigns c on c.id = cf.campaign_id
        where ${atRiskWhere(today)}
        order by cf.created_at, cf.id limit ${limit})
      select r.*, ${riskDisplay} from (
        select ${riskFacts(today)}, ${manage} as can_manage, top.total, top.created_at as joined_at
        from top join campaign_fundraisers cf on cf.id = top.id join campaigns c on c.id = cf.campaign_id
          join players pl on pl.id = cf.player_id) r
      order by r.joined_at, r.cf_id`,
  );
  return { total: Number(list[0]?.total ?? 0), rows: list.map(toRisk) };
}

/** One campaign fundraiser row with the facts of the at-risk rules (no node restriction). */
export async function riskOf(db: Queryable, cfId: number, today: string, manage: SQL) {
  const list = await rows(
    db,
    sql`select r.*, ${riskDisplay} from (select ${riskFacts(today)}, ${manage} as can_manage,
        c.status = 'active' as active, gu.id as live_guardian_id
      from campaign_fundraisers cf join campaigns c on c.id = cf.campaign_id
      join players pl on pl.id = cf.player_id
      left join users gu on gu.id = pl.guardian_user_id and gu.deleted_at is null
      where cf.id = ${cfId}) r`,
  );
  const r = list[0];
  if (!r) return null;
  const guardianUserId = r.live_guardian_id == null ? null : Number(r.live_guardian_id);
  return { ...toRisk(r), guardianUserId, active: r.active === true };
}

/**
 * Contacts of the node's rows: how many, invited, opened the invitation, gave (a counting gift on
 * the row's page through that contact: `cf_money_contacts`, migration 0011).
 */
export async function funnel(db: Queryable, sub: Subtree) {
  const [r] = await rows(
    db,
    sql`${nodeRowsWith(sub)} select count(fc.id) as contacts, count(fc.invited_at) as invited, count(fc.opened_at) as opened,
        count(fc.id) filter (where exists (select 1 from cf_money_contacts mc where mc.campaign_fundraiser_id = cf.id
          and mc.contact_id = fc.id)) as donated
      from ${NODE_ROWS_FROM}
      join fundraiser_contacts fc on fc.player_id = cf.player_id and fc.campaign_id = cf.campaign_id`,
  );
  return {
    contacts: Number(r?.contacts ?? 0),
    invited: Number(r?.invited ?? 0),
    opened: Number(r?.opened ?? 0),
    donated: Number(r?.donated ?? 0),
  };
}
