/**
 * Opportunities with their figures computed in SQL (decision 019): sold = paid units, held =
 * unexpired holds, left = quantity − sold − held (null: unlimited), revenue = Σ(amount − refunded)
 * of the completed `sponsor` payments of the opportunity.
 */
import { type Opportunity, unitsLeft } from '@fc/contracts';
import { type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';

interface Row {
  id: number;
  organization_id: number;
  organization_name: string;
  campaign_id: number | null;
  campaign_title: string | null;
  slug: string;
  name: string;
  description: string | null;
  price_cents: number;
  quantity: number | null;
  sold: number;
  held: number;
  benefits: string[];
  fair_market_value_cents: number;
  tier: Opportunity['tier'];
  sort_order: number;
  starts_on: string | null;
  ends_on: string | null;
  image_url: string | null;
  status: Opportunity['status'];
  revenue_cents: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const toOpportunity = (r: Row): Opportunity => ({
  id: r.id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  campaignId: r.campaign_id,
  campaignTitle: r.campaign_title,
  slug: r.slug,
  name: r.name,
  description: r.description,
  priceCents: r.price_cents,
  quantity: r.quantity,
  sold: r.sold,
  held: r.held,
  left: unitsLeft(r.quantity, r.sold + r.held),
  benefits: r.benefits ?? [],
  fairMarketValueCents: r.fair_market_value_cents,
  tier: r.tier,
  sortOrder: r.sort_order,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  imageUrl: r.image_url,
  status: r.status,
  revenueCents: Number(r.revenue_cents),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Completed sponsor payments' revenue of the sponsorships `s` (amount − refunded, never negative). */
export const REVENUE = sql`coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0))
  filter (where d.status in (1, 3) and d.kind = 'sponsor'), 0)::int`;

async function select(db: Queryable, where: SQL): Promise<Opportunity[]> {
  const found = await rows<Row>(
    db,
    sql`select o.id, o.organization_id, org.name as organization_name, o.campaign_id, c.title as campaign_title,
        o.slug, o.name, o.description, o.price_cents, o.quantity, o.benefits, o.fair_market_value_cents, o.tier,
        o.sort_order, o.starts_on::text as starts_on, o.ends_on::text as ends_on, o.image_url, o.status,
        o.created_at, o.updated_at, f.sold, f.held, f.revenue_cents
      from sponsorship_opportunities o
      join organizations org on org.id = o.organization_id
      left join campaigns c on c.id = o.campaign_id
      cross join lateral (
        select count(*) filter (where s.status = 'paid')::int as sold,
          count(*) filter (where s.status = 'held' and s.hold_expires_at > now())::int as held,
          ${REVENUE} as revenue_cents
        from sponsorships s left join donations d on d.id = s.donation_id
        where s.opportunity_id = o.id) f
      where ${where}
      order by o.campaign_id nulls first, o.sort_order, o.id`,
  );
  return found.map(toOpportunity);
}

export const opportunityById = async (db: Queryable, id: number) => (await select(db, sql`o.id = ${id}`))[0];

/** A node's opportunities (its own and its campaigns'), or one campaign's. */
export const opportunitiesOf = (db: Queryable, owner: { organizationId: number; campaignId: number | null }) =>
  select(
    db,
    owner.campaignId !== null
      ? sql`o.campaign_id = ${owner.campaignId}`
      : sql`o.organization_id = ${owner.organizationId}`,
  );

export async function slugTaken(db: Queryable, slug: string, exceptId = 0) {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sponsorship_opportunities where slug = ${slug} and id <> ${exceptId}`,
  );
  return (r?.n ?? 0) > 0;
}
