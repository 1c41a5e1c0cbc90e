/**
 * Sponsorship data written in SQL for the public pages' tests (issue 17): an opportunity of a
 * node or a campaign, and a unit sold (its payment a completed donation of kind 'sponsor', the
 * sponsorship paid with a logo in some state) or held.
 */
import { randomBytes } from 'node:crypto';
import { type Db, rows } from '@fc/db';
import { sql } from 'drizzle-orm';

let seq = 0;
const suffix = () => `${++seq}-${randomBytes(3).toString('hex')}`;

export interface OpportunityValues {
  organizationId: number;
  campaignId?: number | null;
  name?: string;
  priceCents?: number;
  quantity?: number | null;
  fairMarketValueCents?: number;
  tier?: string;
  sortOrder?: number;
  status?: string;
  benefits?: string[];
  startsOn?: string | null;
  endsOn?: string | null;
  imageUrl?: string | null;
}

export async function opportunity(db: Db, v: OpportunityValues) {
  const slug = `sp-opp-${suffix()}`;
  const [row] = await rows<{ id: number; slug: string }>(
    db,
    sql`insert into sponsorship_opportunities (organization_id, campaign_id, slug, name, price_cents, quantity,
          benefits, fair_market_value_cents, tier, sort_order, starts_on, ends_on, image_url, status)
        values (${v.organizationId}, ${v.campaignId ?? null}, ${slug}, ${v.name ?? `Banner ${slug}`},
          ${v.priceCents ?? 50_000}, ${v.quantity === undefined ? 5 : v.quantity},
          ${JSON.stringify(v.benefits ?? ['Banner at the field', 'Logo on the jerseys'])}::jsonb,
          ${v.fairMarketValueCents ?? 10_000}, ${v.tier ?? 'gold'}, ${v.sortOrder ?? 0},
          ${v.startsOn ?? null}, ${v.endsOn ?? null}, ${v.imageUrl ?? null}, ${v.status ?? 'active'})
        returning id, slug`,
  );
  return row!;
}

export interface UnitValues {
  organizationId: number;
  campaignId?: number | null;
  status?: 'paid' | 'held' | 'released' | 'refunded';
  holdMinutes?: number;
  displayName?: string | null;
  businessName?: string | null;
  website?: string | null;
  logoUrl?: string | null;
  logoStatus?: 'none' | 'submitted' | 'approved' | 'rejected';
  paidAt?: string;
}

/**
 * A unit of `opportunityId`: its payment (kind 'sponsor', completed when paid) and the sponsorship.
 * A node's unit's payment is filed under some campaign here: donation_totals.campaign_id is still
 * NOT NULL (migration 0006), so its trigger refuses a payment without one (reported; the pages
 * read the opportunity, never the payment's campaign).
 */
export async function unit(db: Db, opportunityId: number, v: UnitValues) {
  const status = v.status ?? 'paid';
  const publicId = randomBytes(12).toString('hex');
  const [d] = await rows<{ id: number }>(
    db,
    sql`insert into donations (public_id, kind, campaign_id, organization_id, amount_cents, status,
          donor_first_name, donor_last_name, donor_email, completed_at)
        values (${publicId}, 'sponsor', ${v.campaignId ?? sql`(select min(id) from campaigns)`}, ${v.organizationId}, 50000,
          ${status === 'paid' ? 1 : 0}, 'Sam', 'Buyer', ${`buyer-${suffix()}@example.test`},
          ${status === 'paid' ? sql`now()` : null})
        returning id`,
  );
  const hold = v.holdMinutes ?? 15;
  await db.execute(
    sql`insert into sponsorships (opportunity_id, donation_id, status, hold_expires_at, price_cents,
          fair_market_value_cents, business_name, display_name, website, logo_url, logo_status, paid_at)
        values (${opportunityId}, ${d!.id}, ${status},
          ${status === 'held' ? sql`now() + make_interval(mins => ${hold})` : null}, 50000, 10000,
          ${v.businessName ?? null}, ${v.displayName ?? null}, ${v.website ?? null}, ${v.logoUrl ?? null},
          ${v.logoStatus ?? 'none'}, ${status === 'paid' ? sql`${v.paidAt ?? new Date().toISOString()}::timestamptz` : null})`,
  );
  return { publicId, donationId: d!.id };
}
