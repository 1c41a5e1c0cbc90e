/**
 * An opportunity as the public sees it (`publicOpportunitySchema`): price, units left (taken =
 * the inventory rule's `TAKES_UNIT`), benefits, deductible part, seller and campaign.
 */
import { deductibleCents, type PublicOpportunity, type SponsorTier, unitsLeft } from '@fc/contracts';
import { firstRow, type Queryable } from '@fc/db';
import { sql } from 'drizzle-orm';
import { TAKES_UNIT } from './inventory.repository.js';

interface Row {
  slug: string;
  name: string;
  description: string | null;
  price_cents: number;
  quantity: number | null;
  taken: number;
  benefits: string[];
  fair_market_value_cents: number;
  tier: SponsorTier;
  image_url: string | null;
  ends_on: string | null;
  seller_name: string;
  seller_slug: string;
  campaign_title: string | null;
  campaign_slug: string | null;
}

export async function publicOpportunity(db: Queryable, id: number): Promise<PublicOpportunity | null> {
  const r = await firstRow<Row>(
    db,
    sql`select o.slug, o.name, o.description, o.price_cents, o.quantity, o.benefits, o.fair_market_value_cents,
        o.tier, o.image_url, o.ends_on::text as ends_on, org.name as seller_name, org.slug as seller_slug,
        c.title as campaign_title, c.slug as campaign_slug,
        (select count(*)::int from sponsorships s where s.opportunity_id = o.id and ${TAKES_UNIT}) as taken
      from sponsorship_opportunities o join organizations org on org.id = o.organization_id
      left join campaigns c on c.id = o.campaign_id where o.id = ${id}`,
  );
  if (!r) return null;
  const left = unitsLeft(r.quantity, r.taken);
  return {
    slug: r.slug,
    name: r.name,
    description: r.description,
    priceCents: r.price_cents,
    quantity: r.quantity,
    left,
    soldOut: left === 0,
    benefits: r.benefits,
    fairMarketValueCents: r.fair_market_value_cents,
    deductibleCents: deductibleCents(r.price_cents, r.fair_market_value_cents),
    tier: r.tier,
    imageUrl: r.image_url,
    endsOn: r.ends_on,
    seller: { name: r.seller_name, slug: r.seller_slug },
    campaign: r.campaign_title !== null ? { title: r.campaign_title, slug: r.campaign_slug ?? '' } : null,
  };
}
