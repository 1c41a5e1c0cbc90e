/** Sponsors, the staff's calls (decision 019): the list and its CSV, one sponsor, logo decisions. */
import type { rejectLogoBodySchema, SponsorFilter } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { toCsv } from '../../lib/csv.js';
import { conflict } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { renderLogoRejected } from './sponsors.emails.js';
import { sponsorById, sponsorCount, sponsorPage, sponsorSummary } from './sponsors.repository.js';
import { assertOnSponsor, resolveOwner } from './sponsorships.access.js';

interface ListQuery {
  organizationId?: number;
  campaignId?: number;
  filter: SponsorFilter;
  q?: string;
  page: number;
  perPage: number;
  sort: 'asc' | 'desc';
}

async function whereFor(app: FastifyInstance, p: Principal, q: Omit<ListQuery, 'page' | 'perPage' | 'sort'>) {
  const owner = await resolveOwner(app, p, q, 'read');
  return { ...owner, filter: q.filter, q: q.q || undefined };
}

export async function list(app: FastifyInstance, p: Principal, q: ListQuery) {
  const w = await whereFor(app, p, q);
  const [data, total, summary] = await Promise.all([
    sponsorPage(app.db, w, { limit: q.perPage, offset: (q.page - 1) * q.perPage, sort: q.sort }),
    sponsorCount(app.db, w),
    sponsorSummary(app.db, w),
  ]);
  return { hasError: false as const, data, total, summary };
}

const dollars = (c: number) => (c / 100).toFixed(2);

export async function csv(app: FastifyInstance, p: Principal, q: Omit<ListQuery, 'page' | 'perPage'>) {
  const w = await whereFor(app, p, q);
  const all = await sponsorPage(app.db, w, null);
  const columns = [
    'id',
    'created_at',
    'paid_at',
    'opportunity',
    'tier',
    'organization',
    'campaign',
    'status',
    'method',
    'price',
    'fair_market_value',
    'deductible',
    'refunded',
    'logo_status',
    'business_name',
    'display_name',
    'website',
    'buyer_first_name',
    'buyer_last_name',
    'buyer_email',
    'receipt_number',
    'donation_id',
  ];
  const out = all.map((s) => ({
    id: s.id,
    created_at: s.createdAt,
    paid_at: s.paidAt ?? '',
    opportunity: s.opportunityName,
    tier: s.tier,
    organization: s.organizationName,
    campaign: s.campaignTitle ?? '',
    status: s.status,
    method: s.method,
    price: dollars(s.priceCents),
    fair_market_value: dollars(s.fairMarketValueCents),
    deductible: dollars(s.deductibleCents),
    refunded: dollars(s.refundedCents),
    logo_status: s.logoStatus,
    business_name: s.businessName ?? '',
    display_name: s.displayName ?? '',
    website: s.website ?? '',
    buyer_first_name: s.buyer.firstName,
    buyer_last_name: s.buyer.lastName,
    buyer_email: s.buyer.email,
    receipt_number: s.receiptNumber ?? '',
    donation_id: s.donationId,
  }));
  return { csv: toCsv(columns, out), rows: out.length };
}

export async function get(app: FastifyInstance, p: Principal, id: number) {
  await assertOnSponsor(app, p, id, 'read');
  return (await sponsorById(app.db, id))!;
}

const noLogo = () =>
  conflict('NO_LOGO_TO_DECIDE', 'This sponsor has no logo waiting for a decision.', [
    { path: 'params.id', message: 'No submitted logo' },
  ]);

export async function approve(app: FastifyInstance, p: Principal, id: number) {
  await assertOnSponsor(app, p, id, 'manage');
  const r = await firstRow<{ id: number }>(
    app.db,
    sql`update sponsorships set logo_status = 'approved', logo_reject_reason = null, logo_decided_by_user_id = ${p.user.id},
        logo_decided_at = now(), updated_at = now()
      where id = ${id} and logo_url is not null and logo_status in ('submitted', 'rejected') returning id`,
  );
  if (!r) throw noLogo();
  return (await sponsorById(app.db, id))!;
}

/** Rejects the logo; the reason is stored and e-mailed to the buyer in the payment's language. */
export async function reject(app: FastifyInstance, p: Principal, id: number, b: z.output<typeof rejectLogoBodySchema>) {
  await assertOnSponsor(app, p, id, 'manage');
  const emailId = await app.db.transaction(async (tx) => {
    const r = await firstRow<{
      first_name: string;
      email: string;
      language: string;
      public_id: string;
      opportunity_name: string;
      seller: string;
    }>(
      tx,
      sql`update sponsorships s set logo_status = 'rejected', logo_reject_reason = ${b.reason},
          logo_decided_by_user_id = ${p.user.id}, logo_decided_at = now(), updated_at = now()
        from donations d, sponsorship_opportunities o, organizations org
        where s.id = ${id} and d.id = s.donation_id and o.id = s.opportunity_id and org.id = o.organization_id
          and s.logo_url is not null and s.logo_status in ('submitted', 'approved')
        returning d.donor_first_name as first_name, d.donor_email as email, d.language, d.public_id,
          o.name as opportunity_name, org.name as seller`,
    );
    if (!r) throw noLogo();
    const mail = renderLogoRejected(r.language === 'es' ? 'es' : 'en', {
      firstName: r.first_name,
      opportunityName: r.opportunity_name,
      sellerName: r.seller,
      reason: b.reason,
      link: `${app.env.PUBLIC_URL}/sponsorships/thank-you/${r.public_id}`,
    });
    return app.mail.enqueue(tx, {
      to: r.email,
      ...mail,
      template: 'sponsorship-logo-rejected',
      meta: { sponsorshipId: id },
    });
  });
  app.background.run('sponsorship-mail', () => app.mail.deliver([emailId]));
  return (await sponsorById(app.db, id))!;
}
