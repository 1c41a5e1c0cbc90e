/**
 * A donation's staff page (spec §7 "Donations"): its detail with the timeline and refunds, what
 * the caller may do with it, receipt re-sends, and the donor page. A donation outside the caller's
 * scope is a 404 (its existence is not revealed).
 */
import { allowedManualTransitions, DONATION_STATUS, type DonationDetail, type DonorProfile } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { consumeAllowance } from '../../lib/throttle.js';
import type { Principal } from '../../types.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { canManageDonations, canResendReceipt, donationReadableSql } from './donations.access.js';
import * as repo from './donations.repository.js';
import { sendReceipt } from './receipts.js';

/** The donation if the caller may read it (404 otherwise: its existence is not revealed). */
export async function readable(app: FastifyInstance, p: Principal, id: number) {
  const r = await repo.readableItem(app.db, id, donationReadableSql(p));
  if (!r) throw notFound('This donation does not exist or is outside your organizations.', 'DONATION_NOT_FOUND');
  return r;
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<DonationDetail> {
  const base = await readable(app, p, id);
  const x = await repo.detailExtras(app.db, id);
  const events = await repo.timeline(app.db, id);
  const refundRows = await repo.refundsOf(app.db, id);
  const manage = canManageDonations(p);
  const charge = base.amount_cents + base.cover_fee_cents;
  const refundable =
    base.method === 'card' && base.status === DONATION_STATUS.completed
      ? Math.max(0, charge - base.refunded_cents - (x?.refunded_fee_cents ?? 0) - Number(x?.pending_refunds ?? 0))
      : 0;
  const allowed = allowedManualTransitions(base.method, base.status);
  return {
    ...repo.toItem(base),
    message: x?.message ?? null,
    language: x?.language ?? 'en',
    provider: x?.provider ?? null,
    paymentIntentId: x?.payment_intent_id ?? null,
    intentStatus: x?.intent_status ?? null,
    failureMessage: x?.failure_message ?? null,
    processingFeeCents: x?.processing_fee_cents ?? 0,
    refundedFeeCents: x?.refunded_fee_cents ?? 0,
    refundableCents: refundable,
    offlineReference: x?.offline_reference ?? null,
    recordedBy: x?.recorded_by ?? null,
    feeLabel: x?.fee_label ?? null,
    campaignFundraiserSlug: x?.cf_slug ?? null,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      message: e.message,
      amountCents: e.amount_cents,
      actorName: e.actor,
      createdAt: iso(e.created_at) ?? '',
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      status: r.status,
      reason: r.reason,
      createdAt: iso(r.created_at) ?? '',
    })),
    allowedStatuses: manage ? allowed : [],
    can: {
      refund: manage && refundable > 0,
      changeStatus: manage && allowed.length > 0,
      resendReceipt: base.status === DONATION_STATUS.completed && canResendReceipt(p, x?.donor_user_id ?? null),
    },
  };
}

/**
 * `GET /stripe/resendReceipt?donation=`: staff who manage donations and the donor themself (403 for
 * other readers, before anything is sent); at most 5 re-sends of one receipt an hour.
 */
export async function resendReceipt(app: FastifyInstance, p: Principal, id: number) {
  const base = await readable(app, p, id);
  if (!canResendReceipt(p, await repo.donorUserOf(app.db, id)))
    throw forbidden('Only platform staff or the donor can re-send this receipt.');
  if (base.status !== DONATION_STATUS.completed)
    throw conflict('NO_RECEIPT', 'Only a completed donation has a receipt.');
  await consumeAllowance(app.db, `receipt:${id}`, 5, 'This receipt was sent several times already; try again later.');
  await sendReceipt(app, id, p.user.id);
  return `Receipt ${base.receipt_number} sent to ${base.donor_email}.`;
}

/** `GET /donor/{id}`: the donor and their gifts in the caller's scope (404 when none is). */
export async function donorProfile(app: FastifyInstance, p: Principal, donorId: number): Promise<DonorProfile> {
  const donor = await repo.donorById(app.db, donorId);
  const gifts = donor ? await repo.donorGifts(app.db, donorId, donationReadableSql(p)) : [];
  if (!donor || (gifts.length === 0 && !canManageDonations(p)))
    throw notFound('This donor does not exist or has no donations in your organizations.', 'DONOR_NOT_FOUND');
  const items = gifts.map(repo.toItem);
  const completed = items.filter((g) => g.status === DONATION_STATUS.completed);
  const dates = completed.map((g) => g.completedAt ?? g.createdAt).sort();
  return {
    id: donor.id,
    firstName: donor.first_name,
    lastName: donor.last_name,
    email: donor.email,
    hasAccount: donor.user_id !== null,
    totals: {
      donations: completed.length,
      netCents: completed.reduce((n, g) => n + g.netCents, 0),
      firstAt: dates[0] ?? null,
      lastAt: dates.at(-1) ?? null,
    },
    donations: items,
  };
}
