/**
 * The public campaign and player pages (spec §2 `/campaigns/{slug}`, `/fundraisers/{slug}`).
 * Drafts are not public. Minors are protected by the rules of decision 007 (public-pages.ts):
 * leaderboards and search list only players who may be listed, and every player name shown here
 * is `publicPlayerName` (first name and last initial unless a parent chose the full name).
 * Supporters appear as first name and last initial, or not at all when they gave anonymously.
 * Totals come from campaigns/totals.ts, like every other total in the product.
 */
import {
  isPubliclyListable,
  type LeaderboardEntry,
  PUBLIC_LISTING_MIN_AGE,
  type PublicCampaign,
  type PublicFundraiser,
  publicPlayerName,
} from '@fc/contracts';
import { type Db, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { campaignTotalsLateral, cfTotalsLateral, counts, netCents } from '../campaigns/totals.js';

const LEADERBOARD_SIZE = 10;
const SEARCH_LIMIT = 50;
const SUPPORTERS = 10;

/** Today as `YYYY-MM-DD` (UTC), the calendar the campaign dates and birth dates use. */
const isoToday = (now: Date) => now.toISOString().slice(0, 10);

/**
 * SQL twin of `isPubliclyListable` for the `players` row aliased `pl`: a birth date on or before
 * this day 13 years ago is 13 or older. Compared as text so 29 February needs no special case.
 */
function listableSql(now: Date): SQL {
  const today = isoToday(now);
  const cutoff = `${String(Number(today.slice(0, 4)) - PUBLIC_LISTING_MIN_AGE).padStart(4, '0')}${today.slice(4)}`;
  return sql`(pl.public_listing or (pl.birth_date is not null and pl.birth_date::text <= ${cutoff}))`;
}

/** Donations are taken while the campaign is active and today is inside its dates. */
export function acceptsDonations(
  c: { status: string; startDate: string | null; endDate: string | null },
  now = new Date(),
): boolean {
  const today = isoToday(now);
  return c.status === 'active' && (!c.startDate || c.startDate <= today) && (!c.endDate || today <= c.endDate);
}

interface CampaignRow {
  id: number;
  title: string;
  slug: string;
  status: 'draft' | 'active' | 'closed';
  start_date: string | null;
  end_date: string | null;
  goal_cents: number;
  short_description: string | null;
  story: string | null;
  logo_url: string | null;
  organization_name: string;
  organization_logo: string | null;
  raised_cents: number;
  donors: number;
}

const campaignCore = (r: CampaignRow) => ({
  title: r.title,
  slug: r.slug,
  status: r.status,
  organizationName: r.organization_name,
  organizationLogo: r.organization_logo,
  logoImage: r.logo_url,
  shortDescription: r.short_description,
  startDate: r.start_date,
  endDate: r.end_date,
});

const campaignColumns = sql`c.id, c.title, c.slug, c.status, c.start_date::text as start_date,
  c.end_date::text as end_date, c.goal_cents, c.short_description, c.story, c.logo_url,
  o.name as organization_name, o.logo_url as organization_logo`;

async function publicCampaignRow(db: Db, slug: string): Promise<CampaignRow> {
  const [row] = await rows<CampaignRow>(
    db,
    sql`select ${campaignColumns}, t.raised_cents, t.donors
      from campaigns c
      join organizations o on o.id = c.organization_id
      left join lateral ${campaignTotalsLateral(sql`c.id`)} t on true
      where c.slug = ${slug} and c.status <> 'draft'`,
  );
  if (!row) throw notFound('This campaign was not found.');
  return row;
}

interface PlayerRow {
  slug: string;
  first_name: string;
  last_name: string;
  show_full_name: boolean;
  public_listing: boolean;
  birth_date: string | null;
  avatar_url: string | null;
  goal_cents: number;
  raised_cents: number;
  donors: number;
}

/**
 * Players of the campaign who may be listed publicly, highest raised first. Each page's raised
 * and donors are its kept totals (`cf_money`, `cf_money_donors`), the same figures as
 * cfTotalsLateral (completed gifts, `netCents`, distinct donor emails; fc_cf_money_drift proves
 * it), so the campaign's 4,000 gifts are not summed per request; each player row is read by
 * primary key (`offset 0` keeps that lookup per page row: joined plainly, the planner hashes the
 * whole players table, 76,000 rows, for a campaign of 961), and so is each page's `cf_money` row
 * (joined plainly, the planner scanned all of cf_money in parallel).
 */
async function listablePlayers(db: Db, campaignId: number, now: Date, limit: number): Promise<PlayerRow[]> {
  const found = await rows<PlayerRow>(
    db,
    sql`select cf.slug, pl.first_name, pl.last_name, pl.show_full_name, pl.public_listing,
        pl.birth_date::text as birth_date, pl.avatar_url,
        coalesce(cf.goal_cents, c.player_goal_cents, 0)::int as goal_cents,
        coalesce(m.raised_cents, 0)::int as raised_cents, coalesce(m.donors, 0)::int as donors
      from campaign_fundraisers cf
      join campaigns c on c.id = ${campaignId}
      cross join lateral (select * from players x where x.id = cf.player_id offset 0) pl
      left join lateral (select m.raised_cents, (select count(*) from cf_money_donors md
          where md.campaign_fundraiser_id = m.campaign_fundraiser_id) as donors
        from cf_money m where m.campaign_fundraiser_id = cf.id offset 0) m on true
      where cf.campaign_id = ${campaignId} and ${listableSql(now)}
      order by 9 desc, 10 desc, lower(pl.first_name), cf.id
      limit ${limit}`,
  );
  // The SQL filter and the shared rule must agree; the rule has the last word.
  return found.filter((r) => isPubliclyListable({ birthDate: r.birth_date, publicListing: r.public_listing }, now));
}

const leaderboardEntry = (r: PlayerRow): LeaderboardEntry => ({
  name: publicPlayerName({ firstName: r.first_name, lastName: r.last_name, showFullName: r.show_full_name }),
  slug: r.slug,
  avatarUrl: r.avatar_url,
  raisedCents: r.raised_cents,
  goalCents: r.goal_cents,
  donors: r.donors,
});

/** The last completed donations matching `where` (a condition on donations `d`). */
async function recentSupporters(db: Db, where: SQL) {
  const found = await rows<{
    anonymous: boolean;
    first: string;
    last: string;
    net: number;
    message: string | null;
    at: Date | string;
  }>(
    db,
    sql`select d.anonymous, d.donor_first_name as first, d.donor_last_name as last, ${netCents('d')} as net,
        d.message, coalesce(d.completed_at, d.created_at) as at
      from donations d
      where ${where} and ${counts('d')}
      order by coalesce(d.completed_at, d.created_at) desc, d.id desc
      limit ${SUPPORTERS}`,
  );
  return found.map((r) => ({
    // Donors' last names are shortened too: relatives often share the player's hidden last name.
    name: r.anonymous ? null : publicPlayerName({ firstName: r.first, lastName: r.last, showFullName: false }),
    amountCents: Number(r.net),
    message: r.message,
    at: new Date(r.at).toISOString(),
  }));
}

export async function publicCampaign(db: Db, slug: string, now = new Date()): Promise<PublicCampaign> {
  const c = await publicCampaignRow(db, slug);
  const [leaders, supporters] = await Promise.all([
    listablePlayers(db, c.id, now, LEADERBOARD_SIZE),
    recentSupporters(db, sql`d.campaign_id = ${c.id}`),
  ]);
  return {
    ...campaignCore(c),
    story: c.story,
    goalCents: c.goal_cents,
    raisedCents: c.raised_cents,
    donors: c.donors,
    leaderboard: leaders.map(leaderboardEntry),
    recentSupporters: supporters,
    acceptingDonations: acceptsDonations({ status: c.status, startDate: c.start_date, endDate: c.end_date }, now),
  };
}

/** Case- and accent-blind text for matching what a visitor typed against a shown name. */
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Public search over the campaign's listable players. The text is matched against the name the
 * page shows (so a hidden last name cannot be found by searching for it).
 */
export async function searchPlayers(db: Db, slug: string, q: string | undefined, now = new Date()) {
  const c = await publicCampaignRow(db, slug);
  const all = (await listablePlayers(db, c.id, now, 5000)).map(leaderboardEntry);
  const term = fold(q ?? '');
  return (term ? all.filter((e) => fold(e.name).includes(term)) : all).slice(0, SEARCH_LIMIT);
}

interface FundraiserRow extends CampaignRow {
  cf_id: number;
  cf_slug: string;
  player_id: number;
  first_name: string;
  last_name: string;
  show_full_name: boolean;
  avatar_url: string | null;
  reason: string | null;
  player_goal: number;
  team_name: string | null;
  cf_raised: number;
  cf_donors: number;
}

export async function publicFundraiser(db: Db, slug: string, now = new Date()): Promise<PublicFundraiser> {
  const [r] = await rows<FundraiserRow>(
    db,
    sql`select ${campaignColumns}, cf.id as cf_id, cf.slug as cf_slug, pl.id as player_id, pl.first_name,
        pl.last_name, pl.show_full_name, pl.avatar_url,
        coalesce(cf.fundraising_reason, pl.fundraising_reason) as reason,
        coalesce(cf.goal_cents, c.player_goal_cents, 0)::int as player_goal,
        coalesce(tm.name, dv.name) as team_name, t.raised_cents as cf_raised, t.donors as cf_donors
      from campaign_fundraisers cf
      join campaigns c on c.id = cf.campaign_id
      join organizations o on o.id = c.organization_id
      join players pl on pl.id = cf.player_id
      left join organizations dv on dv.id = cf.division_id
      left join organizations tm on tm.id = dv.parent_id and tm.type_id = 3
      left join lateral ${cfTotalsLateral(sql`cf.id`)} t on true
      where cf.slug = ${slug} and c.status <> 'draft'`,
  );
  if (!r) throw notFound('This player page was not found.');
  return {
    name: publicPlayerName({ firstName: r.first_name, lastName: r.last_name, showFullName: r.show_full_name }),
    slug: r.cf_slug,
    avatarUrl: r.avatar_url,
    fundraisingReason: r.reason,
    goalCents: r.player_goal,
    raisedCents: r.cf_raised,
    donors: r.cf_donors,
    teamName: r.team_name,
    campaign: campaignCore(r),
    recentSupporters: await recentSupporters(db, sql`d.campaign_fundraiser_id = ${r.cf_id}`),
    acceptingDonations: acceptsDonations({ status: r.status, startDate: r.start_date, endDate: r.end_date }, now),
  };
}

/**
 * A contact followed the player's link with their tracking token `c`: remember the first time.
 * The caller learns nothing either way (unknown page, wrong token or already opened).
 */
export async function markContactOpened(db: Db, slug: string, trackToken: string) {
  await db.execute(sql`update fundraiser_contacts fc set opened_at = now(), updated_at = now()
    from campaign_fundraisers cf
    where cf.slug = ${slug} and fc.player_id = cf.player_id and fc.campaign_id = cf.campaign_id
      and fc.track_token = ${trackToken} and fc.opened_at is null`);
}
