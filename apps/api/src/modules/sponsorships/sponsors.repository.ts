/**
 * Sponsors (sponsorship rows that were paid) of a node or campaign, for the staff's list, detail
 * and CSV. Held and released units are not sponsors and are never listed.
 */
import { deductibleCents, type Sponsor, type SponsorFilter } from '@fc/contracts';
import { firstRow, type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../lib/text-search.js';

export const LISTED = sql`s.status in ('paid', 'refunded', 'refund_due')`;

const FILTERS: Record<SponsorFilter, SQL> = {
  all: sql`true`,
  awaiting_logo: sql`(s.status = 'paid' and s.logo_status in ('none', 'rejected'))`,
  awaiting_approval: sql`(s.status = 'paid' and s.logo_status = 'submitted')`,
  shown: sql`(s.status = 'paid' and s.logo_status = 'approved')`,
  rejected: sql`s.logo_status = 'rejected'`,
  refunded: sql`s.status in ('refunded', 'refund_due')`,
};

export interface SponsorWhere {
  organizationId: number;
  campaignId: number | null;
  filter: SponsorFilter;
  q?: string;
}

export function whereOf(w: SponsorWhere, withFilter = true): SQL {
  const owner =
    w.campaignId !== null ? sql`o.campaign_id = ${w.campaignId}` : sql`o.organization_id = ${w.organizationId}`;
  const q = w.q ? likePattern(w.q.toLowerCase()) : null;
  const search = q
    ? sql`(lower(coalesce(s.business_name, '')) like ${q} or lower(coalesce(s.display_name, '')) like ${q}
        or lower(d.donor_first_name || ' ' || d.donor_last_name) like ${q} or lower(d.donor_email) like ${q})`
    : sql`true`;
  return sql`${LISTED} and ${owner} and ${search} and ${withFilter ? FILTERS[w.filter] : sql`true`}`;
}

const FROM = sql`from sponsorships s
  join sponsorship_opportunities o on o.id = s.opportunity_id
  join organizations org on org.id = o.organization_id
  left join campaigns c on c.id = o.campaign_id
  join donations d on d.id = s.donation_id`;

interface Row {
  id: number;
  opportunity_id: number;
  opportunity_name: string;
  tier: Sponsor['tier'];
  organization_name: string;
  campaign_title: string | null;
  status: Sponsor['status'];
  method: 'card' | 'offline';
  price_cents: number;
  fair_market_value_cents: number;
  refunded_cents: number;
  donation_id: number;
  receipt_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  business_name: string | null;
  display_name: string | null;
  website: string | null;
  logo_url: string | null;
  logo_status: Sponsor['logoStatus'];
  logo_reject_reason: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const toSponsor = (r: Row): Sponsor => ({
  id: r.id,
  opportunityId: r.opportunity_id,
  opportunityName: r.opportunity_name,
  tier: r.tier,
  organizationName: r.organization_name,
  campaignTitle: r.campaign_title,
  status: r.status,
  method: r.method,
  priceCents: r.price_cents,
  fairMarketValueCents: r.fair_market_value_cents,
  deductibleCents: deductibleCents(r.price_cents, r.fair_market_value_cents),
  refundedCents: r.refunded_cents,
  donationId: r.donation_id,
  receiptNumber: r.receipt_number,
  buyer: { firstName: r.first_name, lastName: r.last_name, email: r.email },
  businessName: r.business_name,
  displayName: r.display_name,
  website: r.website,
  logoUrl: r.logo_url,
  logoStatus: r.logo_status,
  logoRejectReason: r.logo_reject_reason,
  paidAt: r.paid_at ? iso(r.paid_at) : null,
  createdAt: iso(r.created_at),
});

const SELECT = sql`select s.id, s.opportunity_id, o.name as opportunity_name, o.tier, org.name as organization_name,
  c.title as campaign_title, s.status, d.method, s.price_cents, s.fair_market_value_cents, d.refunded_cents,
  s.donation_id, d.receipt_number, d.donor_first_name as first_name, d.donor_last_name as last_name,
  d.donor_email as email, s.business_name, s.display_name, s.website, s.logo_url, s.logo_status,
  s.logo_reject_reason, s.paid_at, s.created_at`;

export async function sponsorById(db: Queryable, id: number) {
  const r = await firstRow<Row>(db, sql`${SELECT} ${FROM} where s.id = ${id}`);
  return r ? toSponsor(r) : undefined;
}

export async function sponsorPage(
  db: Queryable,
  w: SponsorWhere,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' } | null,
) {
  const order = page?.sort === 'asc' ? sql`s.created_at asc, s.id asc` : sql`s.created_at desc, s.id desc`;
  const found = await rows<Row>(
    db,
    sql`${SELECT} ${FROM} where ${whereOf(w)} order by ${order}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return found.map(toSponsor);
}

export async function sponsorCount(db: Queryable, w: SponsorWhere) {
  const r = await firstRow<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${whereOf(w)}`);
  return r?.n ?? 0;
}

/** Over every sponsor of the node or campaign (no filter, no search). */
export async function sponsorSummary(db: Queryable, w: SponsorWhere) {
  const r = await firstRow<{ paid: number; revenue: number; logo: number; approval: number }>(
    db,
    sql`select count(*) filter (where s.status = 'paid')::int as paid,
        coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0))
          filter (where d.status in (1, 3) and d.kind = 'sponsor'), 0)::int as revenue,
        count(*) filter (where ${FILTERS.awaiting_logo})::int as logo,
        count(*) filter (where ${FILTERS.awaiting_approval})::int as approval
      ${FROM} where ${whereOf({ ...w, q: undefined, filter: 'all' }, false)}`,
  );
  return {
    paidCount: r?.paid ?? 0,
    revenueCents: Number(r?.revenue ?? 0),
    awaitingLogo: r?.logo ?? 0,
    awaitingApproval: r?.approval ?? 0,
  };
}
