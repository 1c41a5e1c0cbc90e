/**
 * `POST /donation/{id}/refund` (spec §7 "Donations"). The refund is reserved under the row lock (so
 * concurrent requests cannot refund more than was paid) and asked of the processor with a key
 * derived from it; the processor's refunded total then moves the donation through the state
 * machine.
 */
import { centsToDecimal, DONATION_STATUS } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { syncGiftCommission } from '../affiliates/hooks.js';
import { syncSponsorship } from '../sponsorships/hooks.js';
import { detail, readable } from './detail.service.js';
import { canManageDonations } from './donations.access.js';
import { deliverReceipts } from './receipts.js';
import { enqueueRefundEmail } from './refund-email.js';
import { applyRefundLevel, chargeOf, lockDonation, logEvent, refundedChargeOf } from './state.js';
import { insertRefund, pendingRefundCents, refundByKey, settleRefund } from './writes.repository.js';

const dollars = centsToDecimal;

export async function refund(
  app: FastifyInstance,
  p: Principal,
  id: number,
  body: { amountCents?: number | undefined; reason: string; requestKey: string },
) {
  await readable(app, p, id);
  if (!canManageDonations(p)) throw forbidden('Only platform staff can refund donations.');
  const requestKey = `${id}:${body.requestKey}`;
  const reserved = await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${id}`);
    if (!d) throw notFound();
    if (await refundByKey(tx, requestKey)) return null; // the same request again: one refund
    if (d.method !== 'card' || d.status !== DONATION_STATUS.completed || !d.payment_intent_id)
      throw conflict(
        'NOT_REFUNDABLE',
        d.method === 'offline'
          ? 'Offline gifts are returned by the organization; void the entry instead.'
          : 'Only a completed card donation can be refunded.',
      );
    const refundable = chargeOf(d) - refundedChargeOf(d) - (await pendingRefundCents(tx, id));
    const amount = body.amountCents ?? refundable;
    if (refundable <= 0) throw conflict('NOT_REFUNDABLE', 'Nothing is left to refund on this donation.');
    if (amount > refundable)
      throw badRequest('VALIDATION', `At most ${dollars(refundable)} dollars can be refunded.`, [
        { path: 'body.amountCents', message: `At most ${refundable} cents` },
      ]);
    const refundId = await insertRefund(tx, {
      donationId: id,
      amountCents: amount,
      requestKey,
      reason: body.reason,
      userId: p.user.id,
    });
    await logEvent(tx, id, 'refund_requested', body.reason, amount, p.user.id);
    return { refundId, amount, intentId: d.payment_intent_id };
  });
  if (reserved) await carryOut(app, id, reserved, p.user.id);
  return detail(app, p, id);
}

/**
 * Asks the processor for a reserved refund (key derived from the reservation) and applies its
 * refunded total under the row lock; `after` runs in that transaction (a sponsorship's hook).
 * Returns by how much the refunded level rose.
 */
async function carryOut(
  app: FastifyInstance,
  id: number,
  reserved: { refundId: number; amount: number; intentId: string },
  actorUserId: number | null,
  refundEmail = true,
) {
  try {
    const r = await app.payments.refund(reserved.intentId, reserved.amount, `refund-${reserved.refundId}`);
    const pi = await app.payments.retrieveIntent(reserved.intentId);
    const { emailId, rose } = await app.db.transaction(async (tx) => {
      await settleRefund(tx, reserved.refundId, r.status === 'failed' ? 'failed' : 'succeeded', r.id);
      const d = await lockDonation(tx, sql`d.id = ${id}`);
      // The donor's refund email commits with the rise it reports (none when the processor's
      // event raised the level first: that transaction stored it).
      const rose = d ? await applyRefundLevel(tx, d, pi.amountRefundedCents, actorUserId) : 0;
      // Affiliates (issue 16): the gift's commission follows the kept amount (decision 018).
      if (rose > 0) await syncGiftCommission(tx, id, app.env.PLATFORM_FEE_BPS, { completed: false, refunded: true });
      // Sponsorships (issue 17): a full refund returns the unit.
      const sponsorEmail = await syncSponsorship(app, tx, id);
      return { emailId: refundEmail ? await enqueueRefundEmail(app, tx, id, rose) : sponsorEmail, rose };
    });
    await deliverReceipts(app, [emailId]);
    return rose;
  } catch (err) {
    await app.db.transaction(async (tx) => {
      await settleRefund(tx, reserved.refundId, 'failed');
      await logEvent(tx, id, 'refund_failed', (err as Error).message.slice(0, 300), reserved.amount, actorUserId);
    });
    throw err;
  }
}

/**
 * The platform's own full refund of a card payment (no staff member): a sponsorship paid after its
 * unit was gone (decision 019). Reserved under `requestKey` once, so however many instances or
 * retries run it, the processor is asked with the same key and refunds once. The buyer's e-mail
 * is the sponsorship's own (sold out and refunded), stored by its hook. Returns false when there
 * is nothing left to refund.
 */
export async function refundInFull(app: FastifyInstance, id: number, requestKey: string, reason: string) {
  const reserved = await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${id}`);
    if (d?.method !== 'card' || !d.payment_intent_id) return null;
    const again = await refundByKey(tx, requestKey);
    if (again) {
      const r = await firstRow<{ amount_cents: number; status: string }>(
        tx,
        sql`select amount_cents, status from refunds where id = ${again.id}`,
      );
      // A reservation a crashed run left pending is asked again with the same key (one refund).
      return r?.status === 'pending'
        ? { refundId: again.id, amount: r.amount_cents, intentId: d.payment_intent_id }
        : null;
    }
    if (d.status !== DONATION_STATUS.completed) return null;
    const refundable = chargeOf(d) - refundedChargeOf(d) - (await pendingRefundCents(tx, id));
    if (refundable <= 0) return null;
    const refundId = await insertRefund(tx, {
      donationId: id,
      amountCents: refundable,
      requestKey,
      reason,
      userId: null,
    });
    await logEvent(tx, id, 'refund_requested', reason, refundable);
    return { refundId, amount: refundable, intentId: d.payment_intent_id };
  });
  if (!reserved) return false;
  await carryOut(app, id, reserved, null, false);
  return true;
}
