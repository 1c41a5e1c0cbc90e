/**
 * Payout requests and balances (decision 018 "States"): pending, approved and paid are sums of
 * commissions in that status; the clawback is the unsettled `clawback_cents`; payable =
 * max(0, approved − clawback); the minimum is the largest `min_payout_cents` of the accepted programs.
 */
import type { AffiliateBalances, PayoutRequest } from '@fc/contracts';
import { type Db, firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';

export async function balancesFor(db: Db | Tx, affiliateId: number): Promise<AffiliateBalances> {
  const b = await firstRow<{ pending: number; approved: number; paid: number; clawback: number; min: number }>(
    db as Db,
    sql`select
        coalesce(sum(commission_cents) filter (where status = 'pending'), 0)::int as pending,
        coalesce(sum(commission_cents) filter (where status = 'approved'), 0)::int as approved,
        coalesce(sum(commission_cents) filter (where status = 'paid'), 0)::int as paid,
        coalesce(sum(clawback_cents) filter (where clawback_settled_at is null), 0)::int as clawback,
        (select coalesce(max(p.min_payout_cents), 0)::int from affiliate_offers o
          join affiliate_programs p on p.id = o.program_id
          where o.affiliate_id = ${affiliateId} and o.status = 'accepted') as min
      from affiliate_conversions where affiliate_id = ${affiliateId}`,
  );
  const approved = b?.approved ?? 0;
  const clawback = b?.clawback ?? 0;
  return {
    pendingCents: b?.pending ?? 0,
    approvedCents: approved,
    paidCents: b?.paid ?? 0,
    clawbackCents: clawback,
    payableCents: Math.max(0, approved - clawback),
    minPayoutCents: b?.min ?? 0,
  };
}

interface RequestRow {
  id: number;
  amount_cents: number;
  status: PayoutRequest['status'];
  note: string | null;
  reference: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

export const payoutRequestOf = (r: RequestRow): PayoutRequest => ({
  id: r.id,
  amountCents: r.amount_cents,
  status: r.status,
  note: r.note,
  reference: r.reference,
  createdAt: new Date(r.created_at).toISOString(),
  resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
});

export async function openPayoutRequest(db: Db | Tx, affiliateId: number): Promise<PayoutRequest | null> {
  const r = await firstRow<RequestRow>(
    db as Db,
    sql`select id, amount_cents, status, note, reference, created_at, resolved_at from affiliate_payout_requests
      where affiliate_id = ${affiliateId} and status = 'requested'`,
  );
  return r ? payoutRequestOf(r) : null;
}
