/**
 * SQL of the buyer's side (purchase.service.ts and buyer.service.ts decide; this only queries):
 * the opportunity a buyer names, the held sponsorship, and the buyer's sponsorship named by its payment's public id.
 */
import { type Db, firstRow, type Queryable, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';

export const opportunityBySlug = (db: Db, slug: string) =>
  firstRow<{ id: number; organization_id: number; campaign_id: number | null; campaign_status: string | null }>(
    db,
    sql`select o.id, o.organization_id, o.campaign_id, c.status as campaign_status
      from sponsorship_opportunities o left join campaigns c on c.id = o.campaign_id
      where o.slug = ${slug}`,
  );

export async function insertHeld(
  tx: Tx,
  s: {
    opportunityId: number;
    donationId: number;
    holdExpiresAt: Date;
    priceCents: number;
    fairMarketValueCents: number;
    businessName: string | null;
  },
) {
  await tx.execute(sql`insert into sponsorships (opportunity_id, donation_id, status, hold_expires_at, price_cents,
      fair_market_value_cents, business_name)
    values (${s.opportunityId}, ${s.donationId}, 'held', ${s.holdExpiresAt}, ${s.priceCents},
      ${s.fairMarketValueCents}, ${s.businessName})`);
}

/** A hold whose payment could not even be opened: the unit is free again. */
export async function releaseHold(db: Db, donationId: number) {
  await db.execute(sql`update sponsorships set status = 'released', updated_at = now()
    where donation_id = ${donationId} and status = 'held'`);
}

export interface BuyerRow {
  id: number;
  donation_id: number;
  status: string;
  price_cents: number;
  fair_market_value_cents: number;
  business_name: string | null;
  display_name: string | null;
  website: string | null;
  logo_url: string | null;
  logo_status: string;
  logo_reject_reason: string | null;
  receipt_number: string | null;
  d_status: number;
  opportunity_id: number;
}

/** The sponsorship paid by the payment `publicId` (locked when `lock`). */
export const buyerSponsorship = (db: Queryable, publicId: string, lock = false) =>
  firstRow<BuyerRow>(
    db,
    sql`select s.id, s.donation_id, s.status, s.price_cents, s.fair_market_value_cents, s.business_name,
        s.display_name, s.website, s.logo_url, s.logo_status, s.logo_reject_reason, s.opportunity_id,
        d.receipt_number, d.status as d_status
      from sponsorships s join donations d on d.id = s.donation_id
      where d.public_id = ${publicId} and d.kind = 'sponsor' ${lock ? sql`for update of s` : sql``}`,
  );
