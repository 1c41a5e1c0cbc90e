/**
 * SQL over players, their campaign pages and contacts. No access decisions here: callers pass the
 * scope conditions (campaigns.access.ts), so a list, a detail and a total always use the same one.
 * Aliases: `pl` players, `cf` campaign_fundraisers, `c` campaigns, `fc` fundraiser_contacts.
 */
import type {
  ContactStatus,
  FundraiserCampaign,
  FundraiserContact,
  FundraiserDivision,
  FundraiserFilterQuery,
  FundraiserRow,
} from '@fc/contracts';
import { type Db, type Row, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { playerSearchSql } from '../../lib/text-search.js';
import { counts, netCents, totalsSelect } from '../campaigns/totals.js';

const iso = (v: unknown) =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
const str = (v: unknown) => (v == null ? null : String(v));
const int = (v: unknown) => Number(v ?? 0);

/** Conditions the service builds from the caller's scope. */
export interface PlayerScope {
  /** Over `pl`: the player is readable. */
  player: SQL;
  /** Over `c`: the campaign is readable. */
  campaign: SQL;
  /** Over `xof` (organization_fundraisers) and `pl`: this roster entry is readable. */
  division: SQL;
}

// Players ------------------------------------------------------------------------------------

/**
 * Total credited to a player over the campaigns the caller may read (completed minus refunds),
 * from the kept per-page sums of `cf_money` (migration 0011: the same counting rule as
 * campaigns/totals.ts, proven by fc_cf_money_drift), not from the pages' gifts.
 */
const raisedSql = (s: PlayerScope) => sql`(
  select coalesce(sum(m.raised_cents), 0)::int from campaign_fundraisers xcf2
  join campaigns c on c.id = xcf2.campaign_id join cf_money m on m.campaign_fundraiser_id = xcf2.id
  where xcf2.player_id = pl.id and ${s.campaign})`;

/**
 * The player's campaign pages on campaigns the caller may read, and the total credited to them
 * (kept per page in `cf_money`), in one lateral pass (`k`): the scope condition is planned once
 * instead of once per figure.
 */
const campaignFiguresJoin = (s: PlayerScope) => sql`left join lateral (
  select count(*)::int as campaign_count, coalesce(sum(m.raised_cents), 0)::int as raised_cents
  from campaign_fundraisers xcf2 join campaigns c on c.id = xcf2.campaign_id
    left join cf_money m on m.campaign_fundraiser_id = xcf2.id
  where xcf2.player_id = pl.id and ${s.campaign}) k on true`;

const divisionNamesSql = (s: PlayerScope) => sql`(
  select coalesce(string_agg(xo.name, ', ' order by lower(xo.name)), '')
  from organization_fundraisers xof join organizations xo on xo.id = xof.organization_id
  where xof.player_id = pl.id and ${s.division})`;

/** Columns over `pl`, `gu` (the guardian) and `k` (campaignFiguresJoin). */
const playerColumns = (s: PlayerScope) => sql`pl.*, gu.status as guardian_status,
  ${divisionNamesSql(s)} as division_names, k.campaign_count, k.raised_cents`;

export function toPlayerRow(r: Row): FundraiserRow {
  return {
    id: int(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    parentFirstName: str(r.parent_first_name),
    parentLastName: str(r.parent_last_name),
    email: String(r.email),
    phone: str(r.phone),
    avatarUrl: str(r.avatar_url),
    accountStatus: r.guardian_status === 'active' ? 'active' : 'invited',
    divisionNames: String(r.division_names ?? ''),
    campaigns: int(r.campaign_count),
    raisedCents: int(r.raised_cents),
    createdAt: iso(r.created_at)!,
  };
}

const SORTS: Record<FundraiserFilterQuery['sortColumn'], (s: PlayerScope, dir: SQL) => SQL> = {
  name: (_s, dir) => sql`lower(pl.last_name) ${dir}, lower(pl.first_name) ${dir}`,
  parent: (_s, dir) => sql`lower(pl.parent_last_name) ${dir} nulls last, lower(pl.parent_first_name) ${dir} nulls last`,
  email: (_s, dir) => sql`pl.email ${dir}`,
  createdAt: (_s, dir) => sql`pl.created_at ${dir}`,
  raised: (s, dir) => sql`${raisedSql(s)} ${dir}`,
};

/** One page of readable players matching the filter, and how many match in all. */
export async function listPlayers(db: Db, s: PlayerScope, q: FundraiserFilterQuery) {
  const conds: SQL[] = [s.player];
  if (q.search) conds.push(playerSearchSql(q.search));
  if (q.division)
    conds.push(sql`exists (select 1 from organization_fundraisers xof where xof.player_id = pl.id
      and xof.organization_id = ${q.division} and ${s.division})`);
  if (q.campaign)
    conds.push(sql`exists (select 1 from campaign_fundraisers xcf2 join campaigns c on c.id = xcf2.campaign_id
      where xcf2.player_id = pl.id and xcf2.campaign_id = ${q.campaign} and ${s.campaign})`);
  const where = sql.join(conds, sql` and `);
  const dir = sql.raw(q.sort === 'desc' ? 'desc' : 'asc');
  const order = sql`${SORTS[q.sortColumn](s, dir)}, pl.id ${dir}`;
  // The page is chosen first, with the number of matches counted in the same pass (a search's
  // matches are read once, not once for the count and again for the page); names, counts and
  // totals are computed for the page's rows only.
  const page = await rows(
    db,
    sql`with page as (select pl.id, count(*) over ()::int as matches from players pl where ${where} order by ${order}
        limit ${q.limit} offset ${(q.page - 1) * q.limit})
      select ${playerColumns(s)}, page.matches from players pl join page on page.id = pl.id
      left join users gu on gu.id = pl.guardian_user_id ${campaignFiguresJoin(s)}
      order by ${order}`,
  );
  if (page.length > 0) return { rows: page.map(toPlayerRow), total: int(page[0]!.matches) };
  // No row on this page: the count alone (0, or a page past the last).
  if (q.page === 1) return { rows: [] as FundraiserRow[], total: 0 };
  const [countRow] = await rows<{ n: number }>(db, sql`select count(*)::int as n from players pl where ${where}`);
  return { rows: [] as FundraiserRow[], total: int(countRow?.n) };
}

/**
 * One player with its figures, whether the caller may read it, may change it, and facts about
 * the parent's account. Null when no such player exists.
 */
export async function findPlayer(db: Db, s: PlayerScope, writable: SQL, staffWritable: SQL, id: number) {
  const [r] = await rows(
    db,
    sql`select ${playerColumns(s)}, gu.password_hash is not null as guardian_has_password,
        gu.deleted_at is null and gu.id is not null as guardian_live, gu.email as guardian_email,
        gu.language as guardian_language,
        ${s.player} as readable, ${writable} as writable, ${staffWritable} as staff_writable
      from players pl left join users gu on gu.id = pl.guardian_user_id ${campaignFiguresJoin(s)} where pl.id = ${id}`,
  );
  if (!r) return null;
  return {
    row: toPlayerRow(r),
    guardianUserId: r.guardian_user_id == null ? null : int(r.guardian_user_id),
    guardianStatus: str(r.guardian_status),
    guardianHasPassword: Boolean(r.guardian_has_password),
    guardianLive: Boolean(r.guardian_live),
    guardianLanguage: str(r.guardian_language) ?? 'en',
    fundraisingReason: str(r.fundraising_reason),
    slug: String(r.slug),
    birthDate: r.birth_date == null ? null : String(r.birth_date).slice(0, 10),
    publicListing: Boolean(r.public_listing),
    showFullName: Boolean(r.show_full_name),
    readable: Boolean(r.readable),
    writable: Boolean(r.writable),
    /** Writable through a roster (staff), not only as the parent. */
    staffWritable: Boolean(r.staff_writable),
  };
}
export type PlayerRecord = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;

/** Players whose parent (guardian) is `userId`, with totals over every campaign they are on. */
export async function guardedPlayers(db: Db, userId: number) {
  const own: PlayerScope = { player: sql`true`, campaign: sql`true`, division: sql`true` };
  const list = await rows(
    db,
    sql`select ${playerColumns(own)} from players pl left join users gu on gu.id = pl.guardian_user_id
      ${campaignFiguresJoin(own)}
      where pl.guardian_user_id = ${userId} order by lower(pl.first_name), lower(pl.last_name), pl.id`,
  );
  return list.map(toPlayerRow);
}

// Divisions ----------------------------------------------------------------------------------

export async function playerDivisions(db: Db, s: PlayerScope, playerId: number): Promise<FundraiserDivision[]> {
  const list = await rows(
    db,
    sql`select xof.id as entry_id, xo.id, xo.name, t.id as team_id, t.name as team_name
      from organization_fundraisers xof
      join players pl on pl.id = xof.player_id
      join organizations xo on xo.id = xof.organization_id
      left join organizations t on t.id = xo.parent_id and t.type_id = 3
      where xof.player_id = ${playerId} and ${s.division}
      order by lower(xo.name), xo.id`,
  );
  return list.map((r) => ({
    entryId: int(r.entry_id),
    id: int(r.id),
    name: String(r.name),
    teamId: r.team_id == null ? null : int(r.team_id),
    teamName: str(r.team_name),
  }));
}

// Campaign pages ---------------------------------------------------------------------------------

const campaignColumns = sql`cf.id, cf.player_id, c.id as campaign_id, c.title, c.slug as campaign_slug, c.status,
  o.name as organization_name, c.logo_url, c.start_date::text as start_date, c.end_date::text as end_date,
  cf.slug, coalesce(cf.goal_cents, c.player_goal_cents, 0)::int as goal_cents, cf.fundraising_reason,
  case when cf.accepted_at is not null then 'joined' when cf.invited_at is not null then 'invited'
    else 'not_invited' end as invite_status,
  (select count(*)::int from fundraiser_contacts xfc
    where xfc.player_id = cf.player_id and xfc.campaign_id = cf.campaign_id) as contact_count,
  t.raised_cents, t.donors, t.donations,
  pl.first_name as player_first_name, pl.last_name as player_last_name`;

function toCampaign(r: Row): FundraiserCampaign {
  return {
    id: int(r.id),
    campaignId: int(r.campaign_id),
    title: String(r.title),
    campaignSlug: String(r.campaign_slug),
    status: String(r.status),
    organizationName: String(r.organization_name),
    logoImage: str(r.logo_url),
    startDate: str(r.start_date),
    endDate: str(r.end_date),
    slug: String(r.slug),
    goalCents: int(r.goal_cents),
    fundraisingReason: str(r.fundraising_reason),
    inviteStatus: r.invite_status as FundraiserCampaign['inviteStatus'],
    contacts: int(r.contact_count),
    raisedCents: int(r.raised_cents),
    donors: int(r.donors),
    donations: int(r.donations),
  };
}

/** Campaign pages matching `where` (over `cf`, `c`, `pl`), newest campaign first. */
export async function campaignPages(db: Db, where: SQL) {
  const list = await rows(
    db,
    sql`select ${campaignColumns}
      from campaign_fundraisers cf
      join campaigns c on c.id = cf.campaign_id
      join organizations o on o.id = c.organization_id
      join players pl on pl.id = cf.player_id
      cross join lateral (select ${totalsSelect('d')} from donations d where d.campaign_fundraiser_id = cf.id) t
      where ${where}
      order by c.start_date desc nulls last, c.id desc, lower(pl.first_name), cf.id`,
  );
  return list.map((r) => ({
    ...toCampaign(r),
    playerId: int(r.player_id),
    playerFirstName: String(r.player_first_name),
    playerLastName: String(r.player_last_name),
  }));
}

// Contacts -------------------------------------------------------------------------------------

function contactStatus(r: Row): ContactStatus {
  if (int(r.donations) > 0) return 'donated';
  if (r.opened_at) return 'opened';
  if (r.invited_at) return 'invited';
  return 'added';
}

export function toContact(r: Row): FundraiserContact {
  return {
    id: int(r.id),
    fundraiser: int(r.player_id),
    campaignId: int(r.campaign_id),
    name: String(r.name),
    email: String(r.email),
    phone: str(r.phone),
    status: contactStatus(r),
    invitedAt: iso(r.invited_at),
    openedAt: iso(r.opened_at),
    donatedCents: int(r.donated_cents),
  };
}

/**
 * Contacts matching `where` (over `fc`, `c`, `pl`) with their status: donated when a completed
 * donation to that player's campaign page names the contact or comes from the same email.
 */
export async function contacts(db: Db, where: SQL) {
  const list = await rows(
    db,
    sql`select fc.*, dn.donations, dn.donated_cents, cf.slug as page_slug
      from fundraiser_contacts fc
      join campaigns c on c.id = fc.campaign_id
      join players pl on pl.id = fc.player_id
      left join campaign_fundraisers cf on cf.player_id = fc.player_id and cf.campaign_id = fc.campaign_id
      cross join lateral (
        select count(*)::int as donations, coalesce(sum(${netCents('d')}), 0)::int as donated_cents
        from donations d
        where d.campaign_fundraiser_id = cf.id and ${counts('d')}
          and (d.contact_id = fc.id or d.donor_email = fc.email)) dn
      where ${where}
      order by lower(fc.name), fc.id`,
  );
  return list.map((r) => ({ contact: toContact(r), trackToken: String(r.track_token), pageSlug: str(r.page_slug) }));
}
