/**
 * The public checkout after it started (spec §2 thank-you and cart routes; DECISIONS §5): pay with
 * the sandbox's card form (Stripe's Payment Element confirms in the browser), the thank-you page
 * (checked with the processor while pending), and the abandoned cart resumed with the SAME payment
 * intent. Provider calls never run inside a database transaction.
 */
import {
  type AbandonedCart,
  type ConfirmResult,
  coverFeeCents,
  DONATION_STATUS,
  type DonationCheckout,
  isResumableStatus,
  type PublicDonation,
  type sandboxConfirmBodySchema,
} from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, conflict, gone, notFound } from '../../lib/errors.js';
import { feeRuleOf, isSandbox } from '../../providers/payments/index.js';
import { type IntentInfo, ProviderError } from '../../providers/payments/payments.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { acceptsDonations } from '../public/pages.service.js';
import { amountChanges, campaignWindow, setAmounts } from './checkout.repository.js';
import { openIntent, providerDown } from './checkout.service.js';
import { donationFacts, playerNameOf } from './receipts.js';
import { isPurgedAttempt } from './retention.js';
import { chargeOf, lockDonation, logEvent } from './state.js';
import { syncIntent } from './webhooks.js';

/** An unpaid attempt whose donor details were removed (retention.ts): nothing left to show or pay. */
const expired = () =>
  gone(
    'DONATION_EXPIRED',
    'This unfinished donation is no longer available: its details were removed after the time we keep unfinished donations. Please start a new donation.',
  );

async function byPublicId(app: FastifyInstance, publicId: string) {
  const [f] = await donationFacts(app.db, sql`d.public_id = ${publicId}`);
  if (!f) throw notFound('This donation does not exist.', 'DONATION_NOT_FOUND');
  if (isPurgedAttempt(f)) throw expired();
  return f;
}

/** A sponsorship's payment has the server's price and a held unit (decision 019): no cart to resume. */
const sponsorNotResumable = () =>
  conflict('SPONSORSHIP_NOT_RESUMABLE', 'A sponsorship is paid from its own page; start the purchase again.');

const notResumable = (status: number) =>
  conflict(
    'DONATION_NOT_RESUMABLE',
    status === DONATION_STATUS.completed
      ? 'This donation is already paid. Thank you!'
      : status === DONATION_STATUS.refunded
        ? 'This donation was refunded and cannot be paid again.'
        : 'This donation was cancelled and cannot be paid. Please start a new donation.',
  );

/** `POST /public/donations/{id}/confirm`: the sandbox's card form. */
export async function confirmWithCard(
  app: FastifyInstance,
  publicId: string,
  card: z.output<typeof sandboxConfirmBodySchema>,
): Promise<ConfirmResult> {
  const provider = app.payments;
  if (!isSandbox(provider))
    throw badRequest('NOT_SANDBOX', 'Card details are collected by Stripe on this installation, not by this form.');
  const f = await byPublicId(app, publicId);
  const answer = (result: ConfirmResult['result'], message: string | null, status: number): ConfirmResult => ({
    result,
    message,
    donationId: publicId,
    status: status as ConfirmResult['status'],
  });
  if (f.status === DONATION_STATUS.completed) return answer('succeeded', null, f.status);
  if (!isResumableStatus(f.status)) throw notResumable(f.status);
  if (!f.payment_intent_id) throw conflict('NO_PAYMENT_INTENT', 'Open the checkout again to pay this donation.');
  let pi: IntentInfo;
  try {
    pi = await provider.confirmWithCard(f.payment_intent_id, card);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.code !== 'payment_intent_unexpected_state') throw err;
    // Another confirmation got there first: report what the processor now says.
    await syncIntent(app, f.id);
    const now = await byPublicId(app, publicId);
    pi = await provider.retrieveIntent(f.payment_intent_id);
    if (pi.status === 'canceled') throw notResumable(DONATION_STATUS.cancelled);
    return answer(pi.status === 'succeeded' ? 'succeeded' : 'processing', null, now.status);
  }
  const now = await byPublicId(app, publicId);
  if (pi.status === 'succeeded') return answer('succeeded', null, now.status);
  if (pi.status === 'processing') return answer('processing', null, now.status);
  return answer('requires_payment_method', pi.lastError?.message ?? null, now.status);
}

/** `GET /public/donations/{id}`: the thank-you page. A pending card payment is checked with the processor first. */
export async function publicDonation(app: FastifyInstance, publicId: string): Promise<PublicDonation> {
  let f = await byPublicId(app, publicId);
  if (f.status === DONATION_STATUS.pending && f.payment_intent_id) {
    await syncIntent(app, f.id);
    f = await byPublicId(app, publicId);
  }
  return publicDonationOf(f);
}

/**
 * What the database knows of a donation, shaped as `GET /public/donations/{id}` answers it but
 * without asking the processor: the server-rendered thank-you page (a page load has no side effects).
 */
export async function storedPublicDonation(app: FastifyInstance, publicId: string): Promise<PublicDonation> {
  return publicDonationOf(await byPublicId(app, publicId));
}

function publicDonationOf(f: Awaited<ReturnType<typeof byPublicId>>): PublicDonation {
  return {
    donationId: f.public_id,
    kind: f.kind,
    status: f.status as PublicDonation['status'],
    intentStatus: f.intent_status,
    amountCents: f.amount_cents,
    coverFeeCents: f.cover_fee_cents,
    totalCents: f.amount_cents + f.cover_fee_cents,
    donorFirstName: f.donor_first_name,
    anonymous: f.anonymous,
    receiptNumber:
      f.status === DONATION_STATUS.completed || f.status === DONATION_STATUS.refunded ? f.receipt_number : null,
    completedAt: iso(f.completed_at),
    campaign: f.campaign_slug === null ? null : { slug: f.campaign_slug, title: f.campaign_title ?? '' },
    fundraiser: f.cf_slug ? { slug: f.cf_slug, name: playerNameOf(f) ?? '' } : null,
    organization: { name: f.org_name, logoUrl: f.org_logo },
    feeLabel: f.kind === 'fee' ? f.fee_label : null,
  };
}

/** `GET /abandoned_cart/{id}` (spec §3 Abandoned-cart donation). */
export async function abandonedCart(app: FastifyInstance, publicId: string): Promise<AbandonedCart> {
  const f = await byPublicId(app, publicId);
  if (f.kind === 'sponsor') throw sponsorNotResumable();
  const payable = isResumableStatus(f.status) && f.client_secret !== null && f.intent_status !== 'processing';
  return {
    id: f.public_id,
    organization: { name: f.org_name, logoUrl: f.org_logo },
    fundraiser: f.cf_slug ? { slug: f.cf_slug, name: playerNameOf(f) ?? '' } : null,
    campaign: { slug: f.campaign_slug ?? '', title: f.campaign_title ?? '' },
    feeLabel: f.kind === 'fee' ? f.fee_label : null,
    donationAmount: f.amount_cents,
    coverFeeAmount: f.cover_fee_cents,
    paymentStatus: payable ? JSON.stringify({ client_secret: f.client_secret }) : null,
    status: f.status as AbandonedCart['status'],
    provider: app.payments.kind,
    publishableKey: app.payments.publishableKey,
    fee: feeRuleOf(app.env),
    donorFirstName: f.donor_first_name,
  };
}

/**
 * `POST /abandoned_cart/{id}`: resumes a pending or failed donation with the SAME payment intent
 * (RELIABILITY row 12: one intent per donation, however many resumes). A new amount or fee choice
 * is applied to the intent under a key numbered by the change, so a repeat does not apply twice.
 */
export async function resumeCart(
  app: FastifyInstance,
  publicId: string,
  body: { amountCents?: number | undefined; coverFee?: boolean | undefined },
): Promise<DonationCheckout> {
  const plan = await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.public_id = ${publicId}`);
    if (!d) throw notFound('This donation does not exist.', 'DONATION_NOT_FOUND');
    if (isPurgedAttempt(d)) throw expired();
    if (!isResumableStatus(d.status)) throw notResumable(d.status);
    // A sponsorship's payment has the server's price and a held unit (decision 019): no cart to resume.
    if (d.kind === 'sponsor') throw sponsorNotResumable();
    if (d.intent_status === 'processing')
      throw conflict('PAYMENT_PROCESSING', 'Your payment is processing. We will email your receipt when it completes.');
    const camp = await campaignWindow(tx, d.campaign_id);
    if (!camp || !acceptsDonations({ status: camp.status, startDate: camp.start_date, endDate: camp.end_date }))
      throw conflict('CAMPAIGN_NOT_ACCEPTING', 'This campaign is not accepting donations right now.');
    if (d.kind === 'fee' && body.amountCents !== undefined && body.amountCents !== d.amount_cents)
      throw badRequest('AMOUNT_MISMATCH', 'The amount of a fee is set by the fee request.', [
        { path: 'body.amountCents', message: 'A fee amount cannot change' },
      ]);
    const amount = body.amountCents ?? d.amount_cents;
    const wantsCover = body.coverFee ?? d.cover_fee_cents > 0;
    const cover = wantsCover ? coverFeeCents(amount, feeRuleOf(app.env)) : 0;
    const changed = amount !== d.amount_cents || cover !== d.cover_fee_cents;
    let version = 0;
    if (changed) {
      version = (await amountChanges(tx, d.id)) + 1;
      await setAmounts(tx, d.id, amount, cover);
      await logEvent(tx, d.id, 'amount_changed', 'The donor changed the amount when resuming.', amount + cover);
    }
    await logEvent(tx, d.id, 'resumed', 'The donor came back to finish.');
    return { d, amount, cover, changed, version, title: camp.title };
  });
  const { d, amount, cover } = plan;
  if (!d.payment_intent_id) return openIntent(app, d.id, publicId, amount, cover, plan.title);
  let secret = d.client_secret ?? '';
  if (plan.changed) {
    try {
      const pi = await app.payments.updateIntentAmount(
        d.payment_intent_id,
        chargeOf({ amount_cents: amount, cover_fee_cents: cover }),
        `donation-${publicId}-amount-v${plan.version}`,
      );
      secret = pi.clientSecret;
    } catch (err) {
      app.log.error({ err, donationId: d.id }, 'payment intent update failed');
      throw err instanceof ProviderError && err.status < 500 ? err : providerDown();
    }
  }
  return {
    donationId: publicId,
    status: d.status as DonationCheckout['status'],
    amountCents: amount,
    coverFeeCents: cover,
    totalCents: amount + cover,
    provider: app.payments.kind,
    clientSecret: secret,
    publishableKey: app.payments.publishableKey,
  };
}
