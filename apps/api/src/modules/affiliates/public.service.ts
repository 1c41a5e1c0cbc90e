/**
 * The affiliate's public page `/affiliate/{slug}` (issue 16, decision 018): active and paused
 * affiliates have one; invited and disabled ones do not (null, the page answers 404). The window is
 * the longest `window_days` of their accepted programs (30 without any): how long a visit through
 * their link is remembered.
 */
import type { PublicAffiliate } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Without an accepted program a visit is remembered this many days. */
export const DEFAULT_WINDOW_DAYS = 30;
/** Statuses with a public page and counted clicks. */
export const PUBLIC_STATUSES = sql`('active', 'paused')`;

/**
 * The longest `window_days` of the accepted programs of the affiliate aliased `a` (null without
 * any); `windowDaysOf` turns it into days. The public page and the referral notice both read it.
 * Attribution (attribution.service `winningClick`) keeps its own lateral join: it also needs that
 * program's attribution model, and an affiliate without an accepted program attributes nothing
 * (no default window) — the same longest window, but not the same question.
 */
export const LONGEST_WINDOW_DAYS = sql`(select max(p.window_days) from affiliate_offers o
  join affiliate_programs p on p.id = o.program_id where o.affiliate_id = a.id and o.status = 'accepted')`;

export interface PublicAffiliateRow {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  bio: string | null;
  website: string | null;
  avatar_url: string | null;
  window_days: number | null;
}

/** The affiliate with a public page at `slug` (active or paused) and their longest accepted window. */
export async function findPublicAffiliate(app: FastifyInstance, slug: string): Promise<PublicAffiliateRow | null> {
  const [row] = await rows<PublicAffiliateRow>(
    app.db,
    sql`select a.id, a.slug, a.first_name, a.last_name, a.bio, a.website, a.avatar_url,
          ${LONGEST_WINDOW_DAYS} as window_days
        from affiliates a where a.slug = ${slug} and a.status in ${PUBLIC_STATUSES}`,
  );
  return row ?? null;
}

/** The window in days from a row's `window_days` (`LONGEST_WINDOW_DAYS`): 30 without an accepted program. */
export const windowDaysOf = (row: { window_days: number | null }) =>
  row.window_days === null ? DEFAULT_WINDOW_DAYS : Number(row.window_days);

/** What `/affiliate/{slug}` shows, or null (no such page). */
export async function publicAffiliate(app: FastifyInstance, slug: string): Promise<PublicAffiliate | null> {
  const a = await findPublicAffiliate(app, slug);
  if (!a) return null;
  // The organizations they brought that have a public page (active organizations, leagues, teams).
  const orgs = await rows<{ name: string; slug: string }>(
    app.db,
    sql`select o.name, o.slug from organization_affiliates oa join organizations o on o.id = oa.organization_id
        where oa.affiliate_id = ${a.id} and o.status = 'active' and o.type_id in (1, 2, 3)
        order by o.name, o.id limit 100`,
  );
  return {
    slug: a.slug,
    firstName: a.first_name,
    lastName: a.last_name,
    bio: a.bio,
    website: a.website,
    avatarUrl: a.avatar_url,
    organizations: orgs.map((o) => ({ name: o.name, slug: o.slug })),
    windowDays: windowDaysOf(a),
  };
}
