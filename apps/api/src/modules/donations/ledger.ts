/**
 * The double-entry ledger (RELIABILITY row 11; schema `ledger_transactions`/`ledger_entries`).
 * Every money effect is one transaction whose entries sum to zero, booked under a unique key
 * derived from its cause, so a cause delivered twice books once.
 *
 * Signs: money sits where the amount is positive. `donor_funds` goes negative by what donors paid
 * (less refunds); the rest say where that money is now. Summed over everything the ledger is 0,
 * which is "donations = fees + balances + payouts" to the cent.
 */
import { firstRow, type Queryable, rows, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';

export const ACCOUNTS = {
  donorFunds: 'donor_funds',
  providerFees: 'provider_fees',
  orgPending: 'org_pending',
  orgAvailable: 'org_available',
  orgPaidOut: 'org_paid_out',
  orgOffline: 'org_offline',
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export interface Entry {
  account: Account;
  organizationId: number | null;
  amountCents: number;
}

export interface Booking {
  key: string;
  kind: 'donation' | 'refund' | 'offline' | 'void' | 'transfer' | 'payout';
  donationId?: number | null;
  organizationId?: number | null;
  transferId?: number | null;
  payoutId?: number | null;
  memo?: string;
  entries: Entry[];
}

/** Books `b` once. Returns false (and books nothing) when its key was booked before. */
export async function book(tx: Tx, b: Booking): Promise<boolean> {
  const entries = b.entries.filter((e) => e.amountCents !== 0);
  const sum = entries.reduce((n, e) => n + e.amountCents, 0);
  if (sum !== 0 || entries.some((e) => !Number.isSafeInteger(e.amountCents)))
    throw new Error(`ledger: unbalanced transaction ${b.key} (${sum})`);
  // One statement: the transaction and its entries (none when its key was booked already; PostgreSQL
  // runs a data-modifying WITH whether or not the query reads it). It runs inside payment
  // transactions that hold kept-total rows, where every round trip counts.
  const values = entries.length
    ? sql.join(
        entries.map((e) => sql`(${e.account}::varchar, ${e.organizationId}::int, ${e.amountCents}::bigint)`),
        sql`, `,
      )
    : sql`(null::varchar, null::int, null::bigint) limit 0`;
  const inserted = await firstRow<{ id: number }>(
    tx,
    sql`with t as (insert into ledger_transactions
        (key, kind, donation_id, organization_id, transfer_id, payout_id, memo)
      values (${b.key}, ${b.kind}, ${b.donationId ?? null}, ${b.organizationId ?? null}, ${b.transferId ?? null},
        ${b.payoutId ?? null}, ${b.memo ?? null})
      on conflict (key) do nothing returning id),
    e as (insert into ledger_entries (transaction_id, account, organization_id, amount_cents)
      select t.id, x.account, x.organization_id, x.amount_cents
      from t, (values ${values}) as x(account, organization_id, amount_cents))
    select id from t`,
  );
  return inserted?.id !== undefined;
}

/** A node's balance per account (cents). */
export async function balances(db: Queryable, organizationId: number) {
  const sums = await rows<{ account: Account; cents: string | number }>(
    db,
    sql`select account, coalesce(sum(amount_cents), 0)::bigint as cents
    from ledger_entries where organization_id = ${organizationId} group by account`,
  );
  const of = (a: Account) => Number(sums.find((r) => r.account === a)?.cents ?? 0);
  return {
    pendingCents: of(ACCOUNTS.orgPending),
    availableCents: of(ACCOUNTS.orgAvailable),
    paidOutCents: of(ACCOUNTS.orgPaidOut),
    offlineCents: of(ACCOUNTS.orgOffline),
    feesCents: of(ACCOUNTS.providerFees),
  };
}
