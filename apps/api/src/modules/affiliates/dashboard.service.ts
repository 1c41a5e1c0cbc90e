/**
 * The affiliate dashboard (decision 018): the funnel (clicks, visitors, registrations, teams,
 * gifts) and the earnings of the conversions made in the date range, the all-time balances, the
 * per-link figures, a per-day series, the open payout request and the referral links. Dates are
 * inclusive UTC days; the default is the last 30 days.
 */
import { type AffiliateDashboard, REFERRAL_PARAM } from '@fc/contracts';
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { readableAffiliate } from './conversions.access.js';
import { inRange } from './conversions.repository.js';
import { balancesFor, openPayoutRequest } from './payouts.repository.js';

const DAY = 86_400_000;
const MAX_DAYS = 366;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The range asked for, or the last 30 days; `from` after `to` or over a year is a 400 naming the field. */
export function dashboardRange(q: { from?: string | undefined; to?: string | undefined }, today = new Date()) {
  const to = q.to ?? day(today);
  const from = q.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
  if (span < 1)
    throw badRequest('VALIDATION', 'The start date is after the end date.', [
      { path: 'querystring.from', message: 'After the end date' },
    ]);
  if (span > MAX_DAYS)
    throw badRequest('VALIDATION', 'Choose at most a year.', [
      { path: 'querystring.from', message: `At most ${MAX_DAYS} days before the end date` },
    ]);
  return { from, to };
}

export async function affiliateDashboard(
  app: FastifyInstance,
  p: Principal,
  affiliateId: number,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<AffiliateDashboard> {
  const scope = await readableAffiliate(app, p, affiliateId);
  // Clicks and balances are not tied to an organization: an Organization Admin or User reads the
  // affiliate's conversions on their organizations (the list), not the affiliate's whole dashboard.
  if (scope.kind === 'organizations') throw forbidden('Only the affiliate and platform staff see this dashboard.');
  const { from, to } = dashboardRange(q);
  const db = app.db;
  const clicksIn = inRange(sql`k.created_at`, from, to);
  const convIn = inRange(sql`c.created_at`, from, to);
  const f = await firstRow<Record<string, number>>(
    db,
    sql`select
        (select count(*)::int from affiliate_clicks k where k.affiliate_id = ${affiliateId} and ${clicksIn}) as clicks,
        (select count(distinct k.visitor_id)::int from affiliate_clicks k
          where k.affiliate_id = ${affiliateId} and ${clicksIn}) as visitors,
        (select count(*)::int from team_registrations r where r.affiliate_id = ${affiliateId}
          and ${inRange(sql`r.created_at`, from, to)}) as registrations,
        count(*) filter (where c.kind = 'team')::int as teams,
        count(*) filter (where c.kind = 'gift' and c.status <> 'voided')::int as gifts,
        coalesce(sum(c.base_cents) filter (where c.kind = 'gift' and c.status <> 'voided'), 0)::int as gift_cents,
        coalesce(sum(c.commission_cents) filter (where c.status = 'pending'), 0)::int as pending,
        coalesce(sum(c.commission_cents) filter (where c.status = 'approved'), 0)::int as approved,
        coalesce(sum(c.commission_cents) filter (where c.status = 'paid'), 0)::int as paid,
        coalesce(sum(c.commission_cents) filter (where c.status = 'voided'), 0)::int as voided
      from affiliate_conversions c where c.affiliate_id = ${affiliateId} and ${convIn}`,
  );
  const links = await rows<{ path: string; clicks: number; conversions: number; commission: number }>(
    db,
    sql`with kc as (
        select k.landing_path as path, count(*)::int as clicks from affiliate_clicks k
        where k.affiliate_id = ${affiliateId} and ${clicksIn} group by k.landing_path
      ), cc as (
        select k.landing_path as path, count(*)::int as conversions,
          coalesce(sum(c.commission_cents) filter (where c.status <> 'voided'), 0)::int as commission
        from affiliate_conversions c join affiliate_clicks k on k.id = c.click_id
        where c.affiliate_id = ${affiliateId} and ${convIn} group by k.landing_path
      )
      select coalesce(kc.path, cc.path) as path, coalesce(kc.clicks, 0) as clicks,
        coalesce(cc.conversions, 0) as conversions, coalesce(cc.commission, 0) as commission
      from kc full join cc on cc.path = kc.path
      order by 2 desc, 1 limit 100`,
  );
  const series = await rows<{ date: string; clicks: number; conversions: number }>(
    db,
    sql`select to_char(g.d, 'YYYY-MM-DD') as date,
        (select count(*)::int from affiliate_clicks k where k.affiliate_id = ${affiliateId}
          and k.created_at >= g.d and k.created_at < g.d + interval '1 day') as clicks,
        (select count(*)::int from affiliate_conversions c where c.affiliate_id = ${affiliateId}
          and c.created_at >= g.d and c.created_at < g.d + interval '1 day') as conversions
      from generate_series(${from}::timestamp at time zone 'UTC', ${to}::timestamp at time zone 'UTC',
        interval '1 day') as g(d)
      order by g.d`,
  );
  const [a] = await rows<{ slug: string }>(db, sql`select slug from affiliates where id = ${affiliateId}`);
  const slug = a?.slug ?? '';
  return {
    from,
    to,
    funnel: {
      clicks: f?.clicks ?? 0,
      visitors: f?.visitors ?? 0,
      registrations: f?.registrations ?? 0,
      approvedTeams: f?.teams ?? 0,
      gifts: f?.gifts ?? 0,
      giftCents: f?.gift_cents ?? 0,
    },
    earnings: {
      pendingCents: f?.pending ?? 0,
      approvedCents: f?.approved ?? 0,
      paidCents: f?.paid ?? 0,
      voidedCents: f?.voided ?? 0,
    },
    balances: await balancesFor(db, affiliateId),
    links: links.map((l) => ({
      path: l.path,
      clicks: l.clicks,
      conversions: l.conversions,
      commissionCents: l.commission,
    })),
    series: series.map((s) => ({ date: s.date, clicks: s.clicks, conversions: s.conversions })),
    openPayoutRequest: await openPayoutRequest(db, affiliateId),
    referral: { slug, pagePath: `/affiliate/${slug}`, param: REFERRAL_PARAM },
  };
}
