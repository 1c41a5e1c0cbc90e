/** SQL over campaigns: list rows with their totals, the detail's parts, access facts. */
import type { CampaignStatus, CampaignSummary, FeeRequest } from '@fc/contracts';
import { type Db, type Row, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { withIdArraysBound } from '../../lib/id-array.js';
import type { Principal } from '../../types.js';
import {
  campaignOrganizerReadableSql,
  campaignPlayersWritableSql,
  campaignReadableSql,
  campaignWritableSql,
} from './campaigns.access.js';
import { campaignTotalsLateral } from './totals.js';

export const iso = (v: unknown) =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
const str = (v: unknown) => (v == null ? null : String(v));

/** Ids validated as positive integers, as an SQL list: `(1,2,3)`. */
export const idList = (ids: number[]) => sql.raw(`(${ids.map((i) => Math.trunc(Number(i))).join(',')})`);

/**
 * One row per campaign matching `where` (a condition over alias `c`), with its owner's name,
 * its creator, its first division, its number of players and its money totals.
 * `divisionId` is the campaign's first division (lowest id), null when none takes part.
 */
export async function listCampaigns(
  db: Db,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<CampaignSummary[]> {
  const list = await rows(
    db,
    sql`select c.id, c.title, c.slug, c.status, c.organization_id, o.name as organization_name,
        u.first_name, u.last_name,
        (select min(cd.organization_id) from campaign_divisions cd where cd.campaign_id = c.id) as division_id,
        c.short_description, c.logo_url, c.start_date::text as start_date, c.end_date::text as end_date,
        c.goal_cents,
        t.players, t.raised_cents, t.donors, t.donations
      from campaigns c
      join organizations o on o.id = c.organization_id
      left join users u on u.id = c.created_by_user_id
      left join lateral ${campaignTotalsLateral(sql`c.id`)} t on true
      where ${where}
      order by c.created_at desc, c.id desc
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return list.map(toSummary);
}

export function toSummary(r: Row): CampaignSummary {
  return {
    id: Number(r.id),
    title: String(r.title),
    slug: String(r.slug),
    status: r.status as CampaignStatus,
    organization: Number(r.organization_id),
    organization_name: String(r.organization_name),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    divisionId: r.division_id == null ? null : Number(r.division_id),
    shortDescription: str(r.short_description),
    logoImage: str(r.logo_url),
    startDate: str(r.start_date),
    endDate: str(r.end_date),
    goalCents: Number(r.goal_cents ?? 0),
    players: Number(r.players ?? 0),
    raisedCents: Number(r.raised_cents ?? 0),
    donors: Number(r.donors ?? 0),
    donations: Number(r.donations ?? 0),
  };
}

export interface CampaignAccess {
  id: number;
  organizationId: number;
  title: string;
  slug: string;
  status: CampaignStatus;
  playerGoalCents: number | null;
  startDate: string | null;
  endDate: string | null;
  organizationName: string;
  canRead: boolean;
  /** Reads it as one of its organizers (not only as a family with a player on it). */
  isOrganizer: boolean;
  canUpdate: boolean;
  canManagePlayers: boolean;
}

/** The campaign's facts and what the caller may do with it (null when it does not exist). */
export async function findAccess(db: Db, p: Principal, id: number): Promise<CampaignAccess | null> {
  // One row: the caller's scope is written once (withIdArraysBound), not in each of the ten
  // conditions, which took longer to plan than to run.
  const [r] = await rows(
    db,
    withIdArraysBound(
      () => sql`select c.id, c.organization_id, c.title, c.slug, c.status, c.player_goal_cents,
        c.start_date::text as start_date, c.end_date::text as end_date, o.name as organization_name,
        ${campaignReadableSql(p, 'c')} as can_read,
        ${campaignOrganizerReadableSql(p, 'c')} as organizer,
        ${campaignWritableSql(p, 'c')} as can_update,
        ${campaignPlayersWritableSql(p, 'c')} as can_players
      from campaigns c join organizations o on o.id = c.organization_id where c.id = ${id}`,
    ),
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    title: String(r.title),
    slug: String(r.slug),
    status: r.status as CampaignStatus,
    playerGoalCents: r.player_goal_cents == null ? null : Number(r.player_goal_cents),
    startDate: str(r.start_date),
    endDate: str(r.end_date),
    organizationName: String(r.organization_name),
    canRead: r.can_read === true,
    isOrganizer: r.organizer === true,
    canUpdate: r.can_update === true,
    canManagePlayers: r.can_players === true,
  };
}

/** Nodes attached to the campaign (its divisions or the nodes it is shared with), readable ones only. */
export async function attachedNodes(db: Db, id: number, kind: 'divisions' | 'shares', readable: SQL) {
  const table = kind === 'divisions' ? sql`campaign_divisions` : sql`organization_campaigns`;
  const list = await rows(
    db,
    sql`select o.id, o.name, o.type_id from ${table} x join organizations o on o.id = x.organization_id
      where x.campaign_id = ${id} and ${readable} order by o.type_id, lower(o.name), o.id`,
  );
  return list.map((r) => ({ id: Number(r.id), name: String(r.name), typeId: Number(r.type_id) }));
}

export async function feeRequestsOf(db: Db, campaignId: number): Promise<FeeRequest[]> {
  const list = await rows(
    db,
    sql`select id, campaign_id, label, amount_cents, due_date::text as due_date from fee_requests
      where campaign_id = ${campaignId} order by due_date nulls last, id`,
  );
  return list.map(toFeeRequest);
}

export const toFeeRequest = (r: Row): FeeRequest => ({
  id: Number(r.id),
  campaignId: Number(r.campaign_id),
  label: String(r.label),
  amountCents: Number(r.amount_cents),
  dueDate: str(r.due_date),
});

/** Story, personal goal default and timestamps: the detail's fields beyond the list row. */
export async function detailExtras(db: Db, id: number) {
  const [r] = await rows(
    db,
    sql`select story, player_goal_cents, created_at, updated_at,
      exists (select 1 from donations d where d.campaign_id = ${id}) as has_donations
      from campaigns where id = ${id}`,
  );
  return {
    story: str(r?.story),
    playerGoalCents: r?.player_goal_cents == null ? null : Number(r.player_goal_cents),
    createdAt: iso(r?.created_at) ?? new Date(0).toISOString(),
    updatedAt: iso(r?.updated_at) ?? new Date(0).toISOString(),
    hasDonations: r?.has_donations === true,
  };
}

/** Is a unique-index violation on the named index (or any `slug` index)? */
export function isUniqueViolation(err: unknown, index = 'slug'): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && String(constraint).includes(index);
}
