/** Queries of the public pages layer that no JSON endpoint answers yet: organization web addresses and the sitemap. */
import { type Db, rows } from '@fc/db';
import { sql } from 'drizzle-orm';

/** Organizations, leagues and teams have a public web address (`/{slug}`); divisions do not. */
const ADDRESSABLE_TYPES = sql`(1, 2, 3)`;

export interface PublicOrganizationRow {
  name: string;
  slug: string;
  logo_url: string | null;
  description: string | null;
}

/** An active organization, league or team whose web address is `slug`, or null. */
export async function findPublicOrganization(db: Db, slug: string): Promise<PublicOrganizationRow | null> {
  const [row] = await rows<PublicOrganizationRow>(
    db,
    sql`select name, slug, logo_url, description from organizations
      where slug = ${slug} and status = 'active' and type_id in ${ADDRESSABLE_TYPES}`,
  );
  return row ?? null;
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
