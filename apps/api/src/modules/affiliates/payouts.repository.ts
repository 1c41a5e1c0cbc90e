/** Payout requests (decision 018 "States"), and one affiliate's balances. */
import type { AffiliateBalances, PayoutRequest } from '@fc/contracts';
import { type Db, firstRow, type Queryable, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import { balancesOf } from './balances.repository.js';

/** One affiliate's balances (balances.repository.ts, shared with the affiliate detail and list). */
export async function balancesFor(db: Queryable, affiliateId: number): Promise<AffiliateBalances> {
  return (await balancesOf(db, [affiliateId])).get(affiliateId)!;
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
