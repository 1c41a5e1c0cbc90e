/**
 * Money totals read from the donations (DECISIONS §5): a donation counts once it is completed
 * (status 1) and counts for what was not refunded; a fully refunded one (status 3) counts 0.
 * Payments of a campaign's fee requests (`kind` 'fee') are money for the organization, not gifts:
 * they never count in raised totals or donor counts.
 * Donors are distinct donor emails. Every total in the product (lists, pages, summaries,
 * roll-ups) is built from these fragments so they always agree; the totals kept by the database
 * (`org_rollups`, `campaign_rollups`, migration 0004) apply the same rules in SQL, and
 * `fc_rollup_drift()` proves they agree.
 */
import { sql } from 'drizzle-orm';

export const DONATION_COMPLETED = 1;

/** The credited amount of a donation row aliased `d` (cents, never negative). */
export const netCents = (d = 'd') =>
  sql`greatest(${sql.identifier(d)}.amount_cents - ${sql.identifier(d)}.refunded_cents, 0)`;

/** Donations that count: completed (status 1) gifts; fee-request payments are not gifts. */
export const counts = (d = 'd') =>
  sql`(${sql.identifier(d)}.status = ${DONATION_COMPLETED} and ${sql.identifier(d)}.kind = 'gift')`;

/** `raised_cents, donors, donations` aggregated over donations `d` matching `where`. */
export const totalsSelect = (d = 'd') => sql`
  coalesce(sum(${netCents(d)}) filter (where ${counts(d)}), 0)::int as raised_cents,
  count(distinct ${sql.identifier(d)}.donor_email) filter (where ${counts(d)})::int as donors,
  count(*) filter (where ${counts(d)})::int as donations`;

/** Per campaign fundraiser: a subquery usable in a `left join lateral`. */
export const cfTotalsLateral = (cfColumn: ReturnType<typeof sql>) => sql`(
  select ${totalsSelect('d')} from donations d where d.campaign_fundraiser_id = ${cfColumn})`;

/**
 * Per campaign: the same three figures, kept in `campaign_rollups` by the database's triggers
 * with these rules (decision 009), so a list of 2,000 campaigns reads 2,000 rows, not their gifts.
 */
export const campaignTotalsLateral = (campaignColumn: ReturnType<typeof sql>) => sql`(
  select coalesce(max(r.raised_cents), 0)::int as raised_cents, coalesce(max(r.donors), 0)::int as donors,
    coalesce(max(r.donations), 0)::int as donations, coalesce(max(r.players), 0)::int as players
  from campaign_rollups r where r.campaign_id = ${campaignColumn})`;
