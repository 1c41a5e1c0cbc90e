/** Factories for the sponsorship suites: opportunities and paid units written with SQL (the oracle's side). */
import { randomBytes } from 'node:crypto';
import { type Db, firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';

let k = 0;
const next = () => `${process.pid}-${++k}-${randomBytes(3).toString('hex')}`;

export const V1 = '/api/v1';

export async function insertOpportunity(
  db: Db,
  o: {
    organizationId: number;
    campaignId?: number | null;
    price?: number;
    fmv?: number;
    quantity?: number | null;
    status?: string;
  },
) {
  const slug = `sp-${next()}`;
  const row = await firstRow<{ id: number }>(
    db,
    sql`insert into sponsorship_opportunities (organization_id, campaign_id, slug, name, price_cents, quantity,
        fair_market_value_cents, status)
      values (${o.organizationId}, ${o.campaignId ?? null}, ${slug}, ${`Banner ${slug}`}, ${o.price ?? 50000},
        ${o.quantity === undefined ? 5 : o.quantity}, ${o.fmv ?? 10000}, ${o.status ?? 'active'})
      returning id`,
  );
  return { id: row!.id, slug };
}

export interface UnitSpec {
  opportunityId: number;
  campaignId: number;
  organizationId: number;
  status?: 'paid' | 'held' | 'released' | 'refunded';
  holdExpired?: boolean;
  amount?: number;
  refunded?: number;
  logoStatus?: 'none' | 'submitted' | 'approved' | 'rejected';
  business?: string;
  email?: string;
  language?: 'en' | 'es';
}

/** A card-paid unit as the purchase flow leaves it: a `sponsor` donations row and its sponsorship. */
export async function insertUnit(db: Db, u: UnitSpec) {
  const status = u.status ?? 'paid';
  const donationStatus = status === 'paid' ? 1 : status === 'refunded' ? 3 : status === 'held' ? 0 : 2;
  const amount = u.amount ?? 50000;
  const d = await firstRow<{ id: number }>(
    db,
    sql`insert into donations (public_id, kind, campaign_id, organization_id, amount_cents, refunded_cents, status,
        method, donor_first_name, donor_last_name, donor_email, language, completed_at, receipt_number)
      values (${randomBytes(12).toString('hex')}, 'sponsor', ${u.campaignId}, ${u.organizationId}, ${amount},
        ${u.refunded ?? (status === 'refunded' ? amount : 0)}, ${donationStatus}, 'card', 'Bea', 'Buyer',
        ${u.email ?? `buyer-${next()}@example.test`}, ${u.language ?? 'en'},
        ${donationStatus === 1 || donationStatus === 3 ? sql`now()` : sql`null`}, null)
      returning id`,
  );
  const s = await firstRow<{ id: number }>(
    db,
    sql`insert into sponsorships (opportunity_id, donation_id, status, hold_expires_at, price_cents,
        fair_market_value_cents, business_name, logo_url, logo_status, paid_at)
      values (${u.opportunityId}, ${d!.id}, ${status},
        ${status === 'held' ? (u.holdExpired ? sql`now() - interval '1 minute'` : sql`now() + interval '15 minutes'`) : sql`null`},
        ${amount}, 10000, ${u.business ?? `Acme ${next()}`},
        ${u.logoStatus && u.logoStatus !== 'none' ? `/files/sponsorships/x-${next()}.webp` : null}, ${u.logoStatus ?? 'none'},
        ${status === 'paid' || status === 'refunded' ? sql`now()` : sql`null`})
      returning id`,
  );
  return { id: s!.id, donationId: d!.id };
}

/** Figures of an opportunity straight from the tables. */
export async function truthOf(db: Db, opportunityId: number) {
  const r = await firstRow<{ sold: number; held: number; revenue: number }>(
    db,
    sql`select (select count(*) from sponsorships where opportunity_id = ${opportunityId} and status = 'paid')::int as sold,
      (select count(*) from sponsorships where opportunity_id = ${opportunityId} and status = 'held'
        and hold_expires_at > now())::int as held,
      (select coalesce(sum(d.amount_cents - d.refunded_cents), 0) from sponsorships s join donations d on d.id = s.donation_id
        where s.opportunity_id = ${opportunityId} and d.status in (1, 3))::int as revenue`,
  );
  return { sold: r!.sold, held: r!.held, revenue: Number(r!.revenue) };
}
