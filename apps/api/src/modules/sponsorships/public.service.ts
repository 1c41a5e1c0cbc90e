/**
 * What the public pages show of sponsorships (issue 17, decision 019 "Logos and display",
 * "Inventory"): a node's active opportunities (its own and its active campaigns', within their
 * dates) with the units left, one opportunity by its slug, and the shown sponsors (paid, logo
 * approved) ordered by tier (SPONSOR_TIERS), then the opportunity's placement, then when they paid.
 * Units left follow the inventory rule (inventory.repository.ts TAKES_UNIT).
 */

import type { SponsorThanks } from '@fc/contracts';
import {
  deductibleCents,
  type PublicOpportunity,
  type PublicSponsor,
  type PublicSponsorshipPage,
  SPONSOR_TIERS,
  unitsLeft,
} from '@fc/contracts';
import { type Db, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TAKES_UNIT } from './inventory.repository.js';

/** Organizations, leagues and teams have a public address (divisions do not: site.repository.ts). */
const ADDRESSABLE = sql`(1, 2, 3)`;

/** Opportunities on sale now: active, within their dates, and (a campaign's) its campaign active. */
const ON_SALE = sql`o.status = 'active'
  and (o.starts_on is null or o.starts_on <= current_date)
  and (o.ends_on is null or o.ends_on >= current_date)
  and (o.campaign_id is null or c.status = 'active')`;

interface OpportunityRow {
  slug: string;
  name: string;
  description: string | null;
  price_cents: number;
  quantity: number | null;
  taken: number;
  benefits: unknown;
  fair_market_value_cents: number;
  tier: string;
  image_url: string | null;
  ends_on: string | null;
  seller_name: string;
  seller_slug: string;
  campaign_title: string | null;
  campaign_slug: string | null;
}

const TIER_ORDER = sql.raw(
  `case o.tier ${SPONSOR_TIERS.map((t, i) => `when '${t}' then ${i}`).join(' ')} else ${SPONSOR_TIERS.length} end`,
);

/** Opportunities `where` selects; `onSale` (the public pages) keeps only those on sale now. */
async function opportunities(db: Db, where: SQL, onSale = true): Promise<PublicOpportunity[]> {
  const found = await rows<OpportunityRow>(
    db,
    sql`select o.slug, o.name, o.description, o.price_cents, o.quantity, o.benefits, o.fair_market_value_cents,
          o.tier, o.image_url, o.ends_on::text as ends_on, n.name as seller_name, n.slug as seller_slug,
          c.title as campaign_title, c.slug as campaign_slug,
          (select count(*)::int from sponsorships s where s.opportunity_id = o.id and ${TAKES_UNIT}) as taken
        from sponsorship_opportunities o
        join organizations n on n.id = o.organization_id
        left join campaigns c on c.id = o.campaign_id
        where ${onSale ? ON_SALE : sql`true`} and ${where}
        order by ${TIER_ORDER}, o.sort_order, o.price_cents desc, o.id`,
  );
  return found.map(toOpportunity);
}

function toOpportunity(r: OpportunityRow): PublicOpportunity {
  const left = unitsLeft(r.quantity, Number(r.taken));
  const benefits = Array.isArray(r.benefits) ? r.benefits.filter((b): b is string => typeof b === 'string') : [];
  const fmv = Number(r.fair_market_value_cents);
  const price = Number(r.price_cents);
  return {
    slug: r.slug,
    name: r.name,
    description: r.description,
    priceCents: price,
    quantity: r.quantity,
    left,
    soldOut: left === 0,
    benefits,
    fairMarketValueCents: fmv,
    deductibleCents: deductibleCents(price, fmv),
    tier: r.tier as PublicOpportunity['tier'],
    imageUrl: r.image_url,
    endsOn: r.ends_on,
    seller: { name: r.seller_name, slug: r.seller_slug },
    campaign:
      r.campaign_title !== null && r.campaign_slug !== null ? { title: r.campaign_title, slug: r.campaign_slug } : null,
  };
}

/** Shown sponsors of the opportunities `where` selects (paid, logo approved; archived opportunities' too). */
async function sponsorsWhere(db: Db, where: SQL): Promise<PublicSponsor[]> {
  const found = await rows<{ display_name: string; website: string | null; logo_url: string | null; tier: string }>(
    db,
    sql`select coalesce(nullif(s.display_name, ''), nullif(s.business_name, ''),
            d.donor_first_name || ' ' || d.donor_last_name) as display_name,
          s.website, s.logo_url, o.tier
        from sponsorships s
        join sponsorship_opportunities o on o.id = s.opportunity_id
        join donations d on d.id = s.donation_id
        where s.status = 'paid' and s.logo_status = 'approved' and o.status <> 'draft' and ${where}
        order by ${TIER_ORDER}, o.sort_order, s.paid_at nulls last, s.id`,
  );
  return found.map((r) => ({
    displayName: r.display_name,
    website: r.website,
    logoUrl: r.logo_url,
    tier: r.tier as PublicSponsor['tier'],
  }));
}

/**
 * A campaign's shown sponsors: its own opportunities' and its node's (not other campaigns'). The
 * campaign by id, or by its public address (the campaign, player and thank-you pages).
 */
export async function shownSponsors(
  db: Db,
  which: { campaignId: number } | { campaignSlug: string },
): Promise<PublicSponsor[]> {
  const campaign =
    'campaignId' in which
      ? sql`(select id, organization_id from campaigns where id = ${which.campaignId})`
      : sql`(select id, organization_id from campaigns where slug = ${which.campaignSlug})`;
  return sponsorsWhere(
    db,
    sql`exists (select 1 from ${campaign} k where o.campaign_id = k.id
      or (o.campaign_id is null and o.organization_id = k.organization_id))`,
  );
}

/** `/{slug}/sponsorships`: null when no active node has that address. */
export async function publicSponsorshipPage(
  app: FastifyInstance,
  nodeSlug: string,
): Promise<PublicSponsorshipPage | null> {
  const [node] = await rows<{ id: number; name: string; slug: string; logo_url: string | null }>(
    app.db,
    sql`select id, name, slug, logo_url from organizations
      where slug = ${nodeSlug} and status = 'active' and type_id in ${ADDRESSABLE}`,
  );
  if (!node) return null;
  const [offered, sponsors] = await Promise.all([
    opportunities(app.db, sql`o.organization_id = ${node.id}`),
    sponsorsWhere(app.db, sql`o.organization_id = ${node.id}`),
  ]);
  return { node: { name: node.name, slug: node.slug, logoUrl: node.logo_url }, opportunities: offered, sponsors };
}

/** `/sponsorships/{slug}`: null when no opportunity with that address is on sale now. */
export async function publicOpportunity(app: FastifyInstance, slug: string): Promise<PublicOpportunity | null> {
  const [found] = await opportunities(app.db, sql`o.slug = ${slug}`);
  return found ?? null;
}

/** One opportunity by id whatever its state now (a buyer's, which may have been archived since). */
export async function opportunityById(db: Db, id: number): Promise<PublicOpportunity | null> {
  const [found] = await opportunities(db, sql`o.id = ${id}`, false);
  return found ?? null;
}

/** The sponsorship paid by the donation `publicId` (kind 'sponsor'), or null when it is not one. */
export async function sponsorThanks(db: Db, publicId: string): Promise<SponsorThanks | null> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`select d.public_id, s.status, n.name as seller_name, c.slug as campaign_slug, o.name as opportunity_name,
          s.price_cents, s.fair_market_value_cents, d.receipt_number, s.display_name, s.business_name, s.website,
          s.logo_url, s.logo_status, s.logo_reject_reason
        from donations d
        join sponsorships s on s.donation_id = d.id
        join sponsorship_opportunities o on o.id = s.opportunity_id
        join organizations n on n.id = o.organization_id
        left join campaigns c on c.id = o.campaign_id
        where d.public_id = ${publicId} and d.kind = 'sponsor'`,
  );
  if (!r) return null;
  const price = Number(r.price_cents);
  return {
    publicId: String(r.public_id),
    status: String(r.status),
    sellerName: String(r.seller_name),
    campaignSlug: (r.campaign_slug as string | null) ?? null,
    opportunityName: String(r.opportunity_name),
    priceCents: price,
    deductibleCents: deductibleCents(price, Number(r.fair_market_value_cents)),
    receiptNumber: (r.receipt_number as string | null) ?? null,
    displayName: (r.display_name as string | null) ?? null,
    businessName: (r.business_name as string | null) ?? null,
    website: (r.website as string | null) ?? null,
    logoUrl: (r.logo_url as string | null) ?? null,
    logoStatus: r.logo_status as SponsorThanks['logoStatus'],
    logoRejectReason: (r.logo_reject_reason as string | null) ?? null,
  };
}

/** sitemap.xml (issue 17): the pages of nodes with an opportunity on sale, then those opportunities' own. */
export async function sitemapSponsorships(db: Db, limit: number): Promise<{ path: string; updated: string }[]> {
  if (limit <= 0) return [];
  const found = await rows<{ path: string; updated: string }>(
    db,
    sql`select path, updated from (
        select '/' || n.slug || '/sponsorships' as path, max(o.updated_at)::date::text as updated, 0 as k
          from sponsorship_opportunities o
          join organizations n on n.id = o.organization_id
          left join campaigns c on c.id = o.campaign_id
          where ${ON_SALE} and n.status = 'active' and n.type_id in ${ADDRESSABLE}
          group by n.slug
        union all
        select '/sponsorships/' || o.slug, o.updated_at::date::text, 1
          from sponsorship_opportunities o
          join organizations n on n.id = o.organization_id
          left join campaigns c on c.id = o.campaign_id
          where ${ON_SALE} and n.status = 'active'
      ) x order by k, path limit ${limit}`,
  );
  return found;
}
