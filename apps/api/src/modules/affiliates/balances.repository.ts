/**
 * An affiliate's balances and totals, in SQL over `affiliate_conversions` (decision 018
 * "Balances"): pending, approved and paid are the sums of commissions in that state; clawback is
 * the sum of paid-then-voided amounts not yet taken off a payment; payable = max(0, approved −
 * clawback); the minimum payout is the largest minimum of the affiliate's accepted programs.
 */
import type { AffiliateBalances } from '@fc/contracts';
import { type Queryable, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';

const zero = (): AffiliateBalances => ({
  pendingCents: 0,
  approvedCents: 0,
  paidCents: 0,
  clawbackCents: 0,
  payableCents: 0,
  minPayoutCents: 0,
});

/** Every id asked for is in the map (zeros when it has no conversions). */
export async function balancesOf(db: Queryable, affiliateIds: number[]): Promise<Map<number, AffiliateBalances>> {
  const out = new Map<number, AffiliateBalances>();
  const ids = [...new Set(affiliateIds)];
  for (const id of ids) out.set(id, zero());
  if (ids.length === 0) return out;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select a.id,
      coalesce(c.pending, 0) as pending, coalesce(c.approved, 0) as approved, coalesce(c.paid, 0) as paid,
      coalesce(c.clawback, 0) as clawback,
      greatest(0, coalesce(c.approved, 0) - coalesce(c.clawback, 0)) as payable,
      coalesce(m.min_payout, 0) as min_payout
    from unnest(${idArray(ids)}) as a(id)
    left join (
      select affiliate_id,
        sum(commission_cents) filter (where status = 'pending') as pending,
        sum(commission_cents) filter (where status = 'approved') as approved,
        sum(commission_cents) filter (where status = 'paid') as paid,
        sum(clawback_cents) filter (where clawback_settled_at is null) as clawback
      from affiliate_conversions where affiliate_id = any(${idArray(ids)})
      group by affiliate_id
    ) c on c.affiliate_id = a.id
    left join (
      select o.affiliate_id, max(p.min_payout_cents) as min_payout
      from affiliate_offers o join affiliate_programs p on p.id = o.program_id
      where o.status = 'accepted' and o.affiliate_id = any(${idArray(ids)})
      group by o.affiliate_id
    ) m on m.affiliate_id = a.id`,
  );
  for (const r of found) {
    out.set(Number(r.id), {
      pendingCents: Number(r.pending),
      approvedCents: Number(r.approved),
      paidCents: Number(r.paid),
      clawbackCents: Number(r.clawback),
      payableCents: Number(r.payable),
      minPayoutCents: Number(r.min_payout),
    });
  }
  return out;
}

export type ConversionTotals = { conversions: number; earnedCents: number };

/** Conversions counted and commission earned (both without voided ones), all time; zeros included. */
export async function conversionTotalsOf(
  db: Queryable,
  affiliateIds: number[],
): Promise<Map<number, ConversionTotals>> {
  const out = new Map<number, ConversionTotals>();
  const ids = [...new Set(affiliateIds)];
  for (const id of ids) out.set(id, { conversions: 0, earnedCents: 0 });
  if (ids.length === 0) return out;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select affiliate_id, count(*) as n, coalesce(sum(commission_cents), 0) as earned
      from affiliate_conversions where status <> 'voided' and affiliate_id = any(${idArray(ids)})
      group by affiliate_id`,
  );
  for (const r of found) out.set(Number(r.affiliate_id), { conversions: Number(r.n), earnedCents: Number(r.earned) });
  return out;
}
