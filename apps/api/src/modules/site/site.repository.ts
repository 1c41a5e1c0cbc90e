/** Queries of the public pages layer that no JSON endpoint answers yet: organization web addresses and the sitemap. */
import { type Db, rows } from '@fc/db';
import { sql } from 'drizzle-orm';

/** Organizations, leagues and teams have a public web address (`/{slug}`); divisions do not. */
const ADDRESSABLE_TYPES = sql`(1, 2, 3)`;

export interface PublicOrganizationRow {
  id: number;
  type_id: number;
  name: string;
  slug: string;
  logo_url: string | null;
  description: string | null;
  city: string | null;
  region: string | null;
}

/** An active organization, league or team whose web address is `slug`, or null. */
export async function findPublicOrganization(db: Db, slug: string): Promise<PublicOrganizationRow | null> {
  const [row] = await rows<PublicOrganizationRow>(
    db,
    sql`select id, type_id, name, slug, logo_url, description, city, region from organizations
      where slug = ${slug} and status = 'active' and type_id in ${ADDRESSABLE_TYPES}`,
  );
  return row ?? null;
}

export interface OrganizationCampaignRow {
  slug: string;
  title: string;
  organization_name: string;
  goal_cents: number;
  raised_cents: string | number;
  days_left: number | null;
  /** How many rows the query had before its limit. */
  total: number;
}

/**
 * The active campaigns of a node (`own`) or of the nodes below it (not `own`), the most raised
 * first, at most `limit`, each with the number there are in all. Raised comes from the totals
 * kept per campaign (`campaign_rollups`, decision 009), never from the donations.
 */
export async function organizationCampaigns(
  db: Db,
  orgId: number,
  own: boolean,
  limit: number,
): Promise<OrganizationCampaignRow[]> {
  const where = own
    ? sql`c.organization_id = ${orgId}`
    : sql`c.organization_id in (with recursive t(id, depth) as (
          select id, 0 from organizations where parent_id = ${orgId}
          union all
          select o.id, t.depth + 1 from organizations o join t on o.parent_id = t.id where t.depth < 10
        ) select id from t)`;
  return rows<OrganizationCampaignRow>(
    db,
    sql`select c.slug, c.title, o.name as organization_name, c.goal_cents,
        coalesce(r.raised_cents, 0)::bigint as raised_cents,
        (c.end_date - current_date)::int as days_left,
        count(*) over ()::int as total
      from campaigns c
      join organizations o on o.id = c.organization_id
      left join campaign_rollups r on r.campaign_id = c.id
      where c.status = 'active' and ${where}
      order by coalesce(r.raised_cents, 0) desc, c.id
      limit ${limit}`,
  );
}

/** Active organizations, leagues and teams for the sitemap, most recently changed first. */
export async function sitemapOrganizations(db: Db, limit: number): Promise<{ slug: string; updated: string }[]> {
  if (limit <= 0) return [];
  return rows<{ slug: string; updated: string }>(
    db,
    sql`select slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated from organizations
      where status = 'active' and type_id in ${ADDRESSABLE_TYPES}
      order by updated_at desc, id desc
      limit ${limit}`,
  );
}

/** Active (public, taking part) campaigns for the sitemap, most recently changed first. */
export async function sitemapCampaigns(db: Db, limit: number): Promise<{ slug: string; updated: string }[]> {
  return rows<{ slug: string; updated: string }>(
    db,
    sql`select slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated from campaigns
      where status = 'active'
      order by updated_at desc, id desc
      limit ${limit}`,
  );
}

/**
 * The home page's live figure: money raised by the campaigns running now (status `active`, the
 * public ones) and how many they are, read from the totals the database keeps per campaign
 * (`campaign_rollups`, decision 009), never from the donations themselves.
 */
export async function activeCampaignsTotal(db: Db): Promise<{ raisedCents: number; campaigns: number }> {
  const [row] = await rows<{ raised_cents: string | number; campaigns: number }>(
    db,
    sql`select coalesce(sum(r.raised_cents), 0)::bigint as raised_cents, count(*)::int as campaigns
      from campaigns c left join campaign_rollups r on r.campaign_id = c.id
      where c.status = 'active'`,
  );
  return { raisedCents: Number(row?.raised_cents ?? 0), campaigns: row?.campaigns ?? 0 };
}
