/**
 * The donation state machine (DECISIONS §5; RELIABILITY rows 8-11). Every change runs on a donation
 * row locked `for update` inside the caller's transaction, and is monotone, so deliveries in any
 * number and any order end in the same place:
 * - success completes a pending, failed or cancelled attempt once (a completed or refunded gift
 *   never goes back), books the gift and fee, and claims the receipt;
 * - a refund level (the charge's cumulative refunded amount) only ever rises; reaching it first
 *   completes the gift if the success event has not arrived yet (a refund proves the charge);
 * - processing, failure and cancellation only touch an attempt that is not paid.
 */
import { DONATION_STATUS, type PaymentMethod } from '@fc/contracts';
import { firstRow, type Tx } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PaymentError } from '../../providers/payments/payments.js';
import { ACCOUNTS, book } from './ledger.js';

export interface DonationRow {
  id: number;
  public_id: string;
  kind: 'gift' | 'fee' | 'sponsor';
  status: number;
  method: PaymentMethod;
  provider: string | null;
  amount_cents: number;
  cover_fee_cents: number;
  refunded_cents: number;
  refunded_fee_cents: number;
  processing_fee_cents: number;
  organization_id: number;
  campaign_id: number;
  payment_intent_id: string | null;
  client_secret: string | null;
  intent_status: string | null;
  donor_email: string;
  language: string;
  receipt_sent_at: Date | null;
}

export const chargeOf = (d: Pick<DonationRow, 'amount_cents' | 'cover_fee_cents'>) =>
  d.amount_cents + d.cover_fee_cents;
export const refundedChargeOf = (d: Pick<DonationRow, 'refunded_cents' | 'refunded_fee_cents'>) =>
  d.refunded_cents + d.refunded_fee_cents;

/** The donation matching `where` (over alias `d`), locked for the rest of the transaction. */
export async function lockDonation(tx: Tx, where: SQL): Promise<DonationRow | null> {
  return (await firstRow<DonationRow>(tx, sql`select * from donations d where ${where} for update`)) ?? null;
}

export async function logEvent(
  tx: Tx,
  donationId: number,
  kind: string,
  message: string | null = null,
  amountCents: number | null = null,
  actorUserId: number | null = null,
) {
  await tx.execute(sql`insert into donation_events (donation_id, kind, message, amount_cents, actor_user_id)
    values (${donationId}, ${kind}, ${message}, ${amountCents}, ${actorUserId})`);
}

const unpaid = (d: DonationRow) => d.status === DONATION_STATUS.pending || d.status === DONATION_STATUS.failed;

/**
 * The receipt number of donation `d` (an alias): `FC-` and its id on eight digits at least (`lpad`
 * alone would cut a ninth digit off, and two ids would share a number).
 */
export const receiptNumberSql = (d: string) =>
  sql.raw(`'FC-' || lpad(${d}.id::text, greatest(8, length(${d}.id::text)), '0')`);

/**
 * Completes a card gift once. Returns true when this call completed it: the caller then stores the
 * receipt in the same transaction (`enqueueReceipt`; claimed with `receipt_sent_at`, so it goes
 * once).
 *
 * The ledger and the event are written first, the donation's row last (`settleCompletion`). Its
 * status is the column every kept total counts: the update fires seven statement triggers whose
 * rows (the campaign's day, the player's page, each ancestor node, the platform) every gift to the
 * same campaign shares, and holds them until the commit. With `status: 'last'` the caller runs
 * `settleCompletion` as the transaction's last statement, after its receipts and hooks (told that
 * the gift is completing), so concurrent gifts queue on those rows for one statement instead of the
 * whole transaction (decision 028).
 */
export async function completeCard(
  tx: Tx,
  d: DonationRow,
  processingFee: number,
  via: string,
  status: 'now' | 'last' = 'now',
): Promise<boolean> {
  if (d.status === DONATION_STATUS.completed || d.status === DONATION_STATUS.refunded) return false;
  const charge = chargeOf(d);
  const fee = Math.max(0, Math.min(processingFee, charge));
  await book(tx, {
    key: `donation:${d.id}:completed`,
    kind: 'donation',
    donationId: d.id,
    organizationId: d.organization_id,
    entries: [
      { account: ACCOUNTS.donorFunds, organizationId: d.organization_id, amountCents: -charge },
      { account: ACCOUNTS.providerFees, organizationId: d.organization_id, amountCents: fee },
      { account: ACCOUNTS.orgPending, organizationId: d.organization_id, amountCents: charge - fee },
    ],
  });
  const note = d.status === DONATION_STATUS.cancelled ? 'The payment succeeded after the attempt was cancelled.' : null;
  await logEvent(tx, d.id, 'succeeded', note ?? `Payment succeeded (${via}).`, charge);
  d.status = DONATION_STATUS.completed;
  d.processing_fee_cents = fee;
  if (status === 'now') await settleCompletion(tx, d);
  return true;
}

/**
 * The row of a gift `completeCard` completed: status, completion time (the transaction's `now()`),
 * fee, receipt number and claim. With `'last'`, the transaction's last statement.
 */
export async function settleCompletion(tx: Tx, d: DonationRow): Promise<void> {
  await tx.execute(sql`update donations set status = ${DONATION_STATUS.completed}, completed_at = now(),
      intent_status = 'succeeded', processing_fee_cents = ${d.processing_fee_cents}, failure_code = null,
      failure_message = null, failure_source = null, receipt_number = ${receiptNumberSql('donations')},
      receipt_sent_at = now(), updated_at = now()
    where id = ${d.id}`);
}

/**
 * Raises the charge's refunded total to `chargeRefunded` (cumulative, as the provider reports it).
 * Refunds come out of the gift first, then the covered fee; the whole charge refunded = status 3.
 */
export async function applyRefundLevel(
  tx: Tx,
  d: DonationRow,
  chargeRefunded: number,
  actorUserId: number | null = null,
): Promise<number> {
  const charge = chargeOf(d);
  const target = Math.min(chargeRefunded, charge);
  const current = refundedChargeOf(d);
  if (target <= current) return 0;
  const delta = target - current;
  const gift = Math.min(d.amount_cents, target);
  const feePart = target - gift;
  const status = target >= charge ? DONATION_STATUS.refunded : DONATION_STATUS.completed;
  await tx.execute(sql`update donations set refunded_cents = ${gift}, refunded_fee_cents = ${feePart},
      status = ${status}, updated_at = now() where id = ${d.id}`);
  await book(tx, {
    key: `donation:${d.id}:refunded-to:${target}`,
    kind: 'refund',
    donationId: d.id,
    organizationId: d.organization_id,
    entries: [
      { account: ACCOUNTS.donorFunds, organizationId: d.organization_id, amountCents: delta },
      { account: ACCOUNTS.orgPending, organizationId: d.organization_id, amountCents: -delta },
    ],
  });
  await logEvent(
    tx,
    d.id,
    'refunded',
    status === DONATION_STATUS.refunded ? 'Refunded in full.' : 'Partly refunded.',
    delta,
    actorUserId,
  );
  d.refunded_cents = gift;
  d.refunded_fee_cents = feePart;
  d.status = status;
  return delta;
}

export async function markProcessing(tx: Tx, d: DonationRow) {
  if (!unpaid(d) || d.intent_status === 'processing') return false;
  await tx.execute(sql`update donations set status = ${DONATION_STATUS.pending}, intent_status = 'processing',
      failure_code = null, failure_message = null, failure_source = null, updated_at = now() where id = ${d.id}`);
  await logEvent(tx, d.id, 'processing', 'The payment is processing.');
  d.status = DONATION_STATUS.pending;
  d.intent_status = 'processing';
  return true;
}

export async function markFailed(tx: Tx, d: DonationRow, error: PaymentError | null) {
  if (!unpaid(d)) return false;
  await tx.execute(sql`update donations set status = ${DONATION_STATUS.failed}, intent_status = 'requires_payment_method',
      failure_code = ${error?.declineCode ?? error?.code ?? null}, failure_message = ${error?.message ?? null},
      failure_source = ${error?.source ?? 'card'}, updated_at = now() where id = ${d.id}`);
  await logEvent(tx, d.id, 'failed', error?.message ?? 'The payment failed.');
  d.status = DONATION_STATUS.failed;
  d.intent_status = 'requires_payment_method';
  return true;
}

export async function markCancelled(tx: Tx, d: DonationRow, reason: string, actorUserId: number | null = null) {
  if (!unpaid(d)) return false;
  await tx.execute(sql`update donations set status = ${DONATION_STATUS.cancelled}, intent_status = 'canceled',
      updated_at = now() where id = ${d.id}`);
  await logEvent(tx, d.id, 'cancelled', reason, null, actorUserId);
  d.status = DONATION_STATUS.cancelled;
  return true;
}
