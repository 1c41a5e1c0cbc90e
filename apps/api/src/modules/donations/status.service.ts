/** `PUT /donation/{id}/status/{status}` (spec §7 "Donations"): staff status changes along MANUAL_TRANSITIONS, with a reason. */
import { allowedManualTransitions, DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden } from '../../lib/errors.js';
import { ProviderError } from '../../providers/payments/payments.js';
import type { Principal } from '../../types.js';
import { detail, readable } from './detail.service.js';
import { canManageDonations } from './donations.access.js';
import { paymentIntentOf } from './donations.repository.js';
import { ACCOUNTS, book } from './ledger.js';
import { lockDonation, logEvent, markCancelled } from './state.js';
import { claimCancellation, setStatus } from './writes.repository.js';

export const STATUS_NAMES = ['pending', 'completed', 'failed', 'refunded', 'cancelled'];

export async function changeStatus(app: FastifyInstance, p: Principal, id: number, status: number, reason: string) {
  const base = await readable(app, p, id);
  if (!canManageDonations(p)) throw forbidden("Only platform staff can change a donation's status.");
  const allowed = allowedManualTransitions(base.method, base.status);
  if (!allowed.includes(status as never)) {
    const why = allowed.length
      ? `A ${STATUS_NAMES[base.status]} ${base.method} donation can only become ${allowed.map((s) => STATUS_NAMES[s]).join(' or ')}.`
      : `A ${STATUS_NAMES[base.status]} ${base.method} donation cannot be changed by hand${base.status === 1 ? '; refund it instead' : ''}.`;
    // DECISIONS §4: the refused field and the reason, as for any other refused value.
    throw conflict('INVALID_STATUS_CHANGE', why, [{ path: 'params.status', message: why }]);
  }
  const intentId = await paymentIntentOf(app.db, id);
  if (base.method === 'card' && intentId) {
    // Cancel at the processor first: if the payment went through meanwhile, it cannot be cancelled.
    try {
      await app.payments.cancelIntent(intentId, `donation-${base.public_id}-cancel`);
    } catch (err) {
      if (err instanceof ProviderError && err.code === 'payment_intent_unexpected_state')
        throw conflict(
          'PAYMENT_ALREADY_MADE',
          'The payment went through or is processing, so it cannot be cancelled. Refund it once completed.',
        );
      throw err;
    }
  }
  await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${id}`);
    if (d?.method === 'card' && d.status === DONATION_STATUS.cancelled && status === DONATION_STATUS.cancelled) {
      // The processor's cancellation event, sent by the cancel above, got here first (the sandbox
      // sends it at once; Stripe's may too): the cancellation is this request's, so its entry in
      // the timeline takes the staff's reason and name. A second request finds none left (409).
      if (await claimCancellation(tx, id, `Cancelled by staff: ${reason}`, p.user.id)) return;
    }
    if (!d || !allowedManualTransitions(d.method, d.status).includes(status as never))
      throw conflict('INVALID_STATUS_CHANGE', 'The donation changed meanwhile; reload it.');
    if (d.method === 'card') {
      await markCancelled(tx, d, `Cancelled by staff: ${reason}`, p.user.id);
      return;
    }
    // An offline entry made in error is voided: its money leaves the node's offline balance.
    await setStatus(tx, id, status);
    await book(tx, {
      key: `donation:${id}:voided`,
      kind: 'void',
      donationId: id,
      organizationId: d.organization_id,
      entries: [
        { account: ACCOUNTS.donorFunds, organizationId: d.organization_id, amountCents: d.amount_cents },
        { account: ACCOUNTS.orgOffline, organizationId: d.organization_id, amountCents: -d.amount_cents },
      ],
    });
    await logEvent(tx, id, 'voided', `Voided by staff: ${reason}`, d.amount_cents, p.user.id);
  });
  return detail(app, p, id);
}
