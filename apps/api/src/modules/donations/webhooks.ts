/**
 * The one webhook handler (DECISIONS §5): Stripe's deliveries to `POST /stripe/webhook` and the
 * sandbox's events both come here, signed, and go through the same steps:
 * 1. the signature (and its timestamp) is verified by the provider; a bad one is a 400;
 * 2. the event is recorded under its unique (provider, event id): a replay stops here;
 * 3. in the same transaction, the donation is locked and the state machine (state.ts) applies it.
 * The receipt for a completion is stored in the mail outbox by the same transaction (claimed once),
 * and delivered after the commit.
 * A donation is completed only from here or from a server-side retrieve (`syncIntent`), never from
 * what the browser says.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { firstRow, idempotentRetried, type Tx, transactionRetried } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import {
  type IntentInfo,
  type PaymentError,
  ProviderError,
  type ProviderEvent,
} from '../../providers/payments/payments.js';
import { syncGiftCommission } from '../affiliates/hooks.js';
import { enqueueGiftNotice } from '../notifications/hooks.js';
import { syncSponsorship } from '../sponsorships/hooks.js';
import { ACCOUNTS, book } from './ledger.js';
import { deliverReceipts, enqueueReceipt } from './receipts.js';
import { enqueueRefundEmail } from './refund-email.js';
import {
  applyRefundLevel,
  completeCard,
  type DonationRow,
  lockDonation,
  markCancelled,
  markFailed,
  markProcessing,
  settleCompletion,
} from './state.js';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function paymentError(obj: Obj): PaymentError | null {
  const e = obj.last_payment_error as Obj | null | undefined;
  if (!e) return null;
  const code = str(e.code) ?? 'card_declined';
  return {
    code,
    declineCode: str(e.decline_code),
    message: str(e.message) ?? 'Your payment was not successful.',
    source: str(e.type) === 'card_error' ? 'card' : 'platform',
  };
}

/** The intent an event is about (payment_intent.* and charge.* events). */
function intentOf(event: ProviderEvent): string | null {
  const obj = event.data.object;
  if (event.type.startsWith('payment_intent.')) return str(obj.id);
  if (event.type.startsWith('charge.')) return str(obj.payment_intent);
  return null;
}

export interface Applied {
  outcome: string;
  donationId: number | null;
  completed: boolean;
  /** The receipt stored with the completion (delivered after the commit). */
  receiptEmailId?: number | null;
  /** By how much this event raised the refunded level (its refund email is stored with it). */
  refundedCents?: number;
  refundEmailId?: number | null;
  /** A sponsorship's own e-mail (sold out and refunded), stored by its hook. */
  sponsorEmailId?: number | null;
  /** The family's notice of the gift (issue 18, `gift_to_player`), stored with the completion. */
  giftNoticeEmailId?: number | null;
}

/** What every event must carry before it is recorded (the columns of provider_events hold these sizes). */
const eventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(80),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * Verifies and processes one delivery. A bad or stale signature is a 400 (the provider's refusal
 * would otherwise reach the error handler as a refused provider call, a 409), and so is a signed
 * body that is not an event (never a 5xx that the sender would retry).
 */
export async function handleWebhook(app: FastifyInstance, rawBody: string | Buffer, signature: string) {
  let event: ProviderEvent;
  try {
    event = app.payments.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    app.log.warn({ code: err.code, reason: err.message }, 'webhook refused');
    throw badRequest('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is missing, wrong or too old.');
  }
  if (!eventShape.safeParse(event).success)
    throw badRequest('WEBHOOK_EVENT_MALFORMED', 'The signed body is not a payment-provider event.');
  return processEvent(app, event);
}

/** The events `apply` acts on; any other is recorded and changes nothing. */
const ACTED_ON = new Set([
  'payout.paid',
  'payout.failed',
  'account.updated',
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
]);

/** The donation of an intent: by its stored id, or by the public id every intent carries while its id is not stored yet. */
const intentDonationSql = (intentId: string, event: ProviderEvent) => {
  const publicId = str(((event.data.object.metadata ?? {}) as Obj).donation) ?? '';
  return sql`(d.payment_intent_id = ${intentId} or (d.payment_intent_id is null and d.public_id = ${publicId}))`;
};

export async function processEvent(app: FastifyInstance, event: ProviderEvent): Promise<Applied> {
  const intentId = intentOf(event);
  if (!ACTED_ON.has(event.type)) {
    // Recorded (a replay stops here too) and linked to its donation, whose purge scrubs its payload
    // (retention.ts), in one statement: no transaction, no lock (every checkout start delivers a
    // payment_intent.created). Run once more on a lost connection: a second insert of the same event
    // adds nothing (it then answers 'duplicate', which changes nothing either).
    const donation = intentId
      ? sql`(select d.id from donations d where ${intentDonationSql(intentId, event)} limit 1)`
      : sql`null::int`;
    const inserted = await idempotentRetried(() =>
      firstRow<{ donation_id: number | null }>(
        app.db,
        sql`insert into provider_events (provider, event_id, type, payload, outcome, donation_id)
          values (${app.payments.kind}, ${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb, 'ignored', ${donation})
          on conflict (provider, event_id) do nothing returning donation_id`,
      ),
    );
    if (!inserted) return { outcome: 'duplicate', donationId: null, completed: false };
    return { outcome: 'ignored', donationId: inserted.donation_id, completed: false };
  }
  // The processor's fee is a provider call: made before the transaction, so no row lock waits on it.
  const fee =
    intentId && (event.type === 'payment_intent.succeeded' || event.type === 'charge.refunded')
      ? await app.payments.processingFee(intentId, num(event.data.object.amount))
      : 0;
  // Database-only (the fee was asked above, mail is stored and delivered after the commit): run
  // again if its connection is lost before the commit (retry.ts), and with the commit in flight
  // too: the event's unique record makes a second run after a commit a 'duplicate' that changes
  // nothing (its stored mail is then delivered by the outbox job, not right after).
  const applied = await transactionRetried(
    app.db,
    async (tx): Promise<Applied> => {
      const inserted = await firstRow<{ id: number }>(
        tx,
        sql`insert into provider_events (provider, event_id, type, payload)
        values (${app.payments.kind}, ${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb)
        on conflict (provider, event_id) do nothing returning id`,
      );
      const eventRow = inserted?.id;
      if (eventRow === undefined) return { outcome: 'duplicate', donationId: null, completed: false };
      // A completion's status is written last (state.ts completeCard): until then the hooks below are
      // told that the gift is completing.
      const settleLast: DonationRow[] = [];
      const result = await apply(tx, event, intentId, fee, settleLast);
      const completing = settleLast.length > 0;
      // Affiliates (issue 16): the gift's commission commits with its completion or refund.
      if (result.donationId !== null)
        await syncGiftCommission(tx, result.donationId, app.env.PLATFORM_FEE_BPS, {
          completed: result.completed,
          refunded: (result.refundedCents ?? 0) > 0,
        });
      // Sponsorships (issue 17, decision 019): the unit follows its payment (paid, released, refunded).
      if (result.donationId !== null)
        result.sponsorEmailId = await syncSponsorship(app, tx, result.donationId, completing);
      await tx.execute(sql`update provider_events set outcome = ${result.outcome}, donation_id = ${result.donationId}
      where id = ${eventRow}`);
      // The receipt commits with the completion that claimed it (after a refund in the same event too).
      if (result.completed && result.donationId !== null) {
        result.receiptEmailId = await enqueueReceipt(app, tx, result.donationId, null, completing);
        result.giftNoticeEmailId = await enqueueGiftNotice(app, tx, result.donationId, completing);
      }
      // A sold-out sponsorship's refund has its own e-mail (stored by its hook), not the generic one.
      if (result.refundedCents && result.donationId !== null && !result.sponsorEmailId)
        result.refundEmailId = await enqueueRefundEmail(app, tx, result.donationId, result.refundedCents);
      for (const d of settleLast) await settleCompletion(tx, d);
      return result;
    },
    { ifCommitUnknown: 'rerun' },
  );
  await deliverReceipts(app, [
    applied.receiptEmailId ?? null,
    applied.refundEmailId ?? null,
    applied.sponsorEmailId ?? null,
    applied.giftNoticeEmailId ?? null,
  ]);
  return applied;
}

/** Applies one event; a completion whose status is to be written last is put in `settleLast`. */
async function apply(
  tx: Tx,
  event: ProviderEvent,
  intentId: string | null,
  fee: number,
  settleLast: DonationRow[],
): Promise<Applied> {
  const obj = event.data.object;
  if (event.type === 'payout.paid' || event.type === 'payout.failed') return applyPayout(tx, event);
  if (event.type === 'account.updated') return applyAccount(tx, obj);
  if (!intentId) return { outcome: 'ignored', donationId: null, completed: false };
  // The intent's id is stored right after it is created; an event racing that write is matched by
  // the donation's public id, which every intent carries in its metadata.
  const d = await lockDonation(tx, intentDonationSql(intentId, event));
  if (!d) return { outcome: 'unknown-intent', donationId: null, completed: false };
  if (d.payment_intent_id === null)
    await tx.execute(sql`update donations set payment_intent_id = ${intentId} where id = ${d.id}`);
  const done = (outcome: string, completed = false): Applied => ({ outcome, donationId: d.id, completed });
  switch (event.type) {
    case 'payment_intent.succeeded':
      if (!(await completeCard(tx, d, fee, 'provider event', 'last'))) return done('already');
      settleLast.push(d);
      return done('completed', true);
    case 'payment_intent.processing':
      return done((await markProcessing(tx, d)) ? 'processing' : 'stale');
    case 'payment_intent.payment_failed':
      return done((await markFailed(tx, d, paymentError(obj))) ? 'failed' : 'stale');
    case 'payment_intent.canceled':
      return done((await markCancelled(tx, d, 'The payment was cancelled at the processor.')) ? 'cancelled' : 'stale');
    case 'charge.refunded': {
      const completed = await completeCard(tx, d, fee, 'refund event');
      const delta = await applyRefundLevel(tx, d, num(obj.amount_refunded));
      return { ...done(delta > 0 ? 'refunded' : 'stale', completed), refundedCents: delta };
    }
    default:
      return done('ignored');
  }
}

async function applyPayout(tx: Tx, event: ProviderEvent): Promise<Applied> {
  const id = str(event.data.object.id);
  const p = await firstRow<{ id: number; organization_id: number; amount_cents: string | number; status: string }>(
    tx,
    sql`select id, organization_id, amount_cents, status from payouts where provider_payout_id = ${id} for update`,
  );
  if (!p) return { outcome: 'unknown-payout', donationId: null, completed: false };
  if (event.type === 'payout.paid') {
    if (p.status === 'pending') await tx.execute(sql`update payouts set status = 'paid' where id = ${p.id}`);
    return { outcome: 'payout-paid', donationId: null, completed: false };
  }
  if (p.status === 'failed') return { outcome: 'stale', donationId: null, completed: false };
  const amount = Number(p.amount_cents);
  await tx.execute(sql`update payouts set status = 'failed',
    failure_message = ${str(event.data.object.failure_message) ?? 'The bank refused the payout.'} where id = ${p.id}`);
  // The money is back in the payout account.
  await book(tx, {
    key: `payout:${p.id}:failed`,
    kind: 'payout',
    organizationId: p.organization_id,
    payoutId: p.id,
    entries: [
      { account: ACCOUNTS.orgPaidOut, organizationId: p.organization_id, amountCents: -amount },
      { account: ACCOUNTS.orgAvailable, organizationId: p.organization_id, amountCents: amount },
    ],
  });
  return { outcome: 'payout-failed', donationId: null, completed: false };
}

async function applyAccount(tx: Tx, obj: Obj): Promise<Applied> {
  const requirements = obj.requirements as Obj | undefined;
  const status = obj.payouts_enabled === true ? 'verified' : requirements?.disabled_reason ? 'restricted' : 'pending';
  await tx.execute(sql`update payout_accounts set status = ${status}, updated_at = now()
    where account_id = ${str(obj.id)}`);
  return { outcome: `account-${status}`, donationId: null, completed: false };
}

/**
 * The server-side retrieve: asks the provider for the intent and applies what it says, through the
 * same state machine (used by the thank-you page when a webhook has not arrived yet).
 */
export async function syncIntent(app: FastifyInstance, donationId: number): Promise<void> {
  const first = await firstRow<{ payment_intent_id: string | null; status: number }>(
    app.db,
    sql`select payment_intent_id, status from donations where id = ${donationId}`,
  );
  const intentId = first?.payment_intent_id;
  if (!intentId || first?.status !== DONATION_STATUS.pending) return;
  const pi: IntentInfo = await app.payments.retrieveIntent(intentId);
  const fee = pi.status === 'succeeded' ? await app.payments.processingFee(intentId, pi.amountCents) : 0;
  const emails = await transactionRetried(app.db, async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${donationId}`);
    if (!d) return [];
    const r = await applyIntent(tx, d, pi, fee);
    // Affiliates (issue 16): the gift's commission commits with its completion or refund.
    await syncGiftCommission(tx, donationId, app.env.PLATFORM_FEE_BPS, {
      completed: r.completed,
      refunded: r.refundedCents > 0,
    });
    const sponsorEmail = await syncSponsorship(app, tx, donationId);
    return [
      sponsorEmail,
      r.completed ? await enqueueReceipt(app, tx, donationId) : null,
      r.completed ? await enqueueGiftNotice(app, tx, donationId) : null,
      await enqueueRefundEmail(app, tx, donationId, r.refundedCents),
    ];
  });
  await deliverReceipts(app, emails);
}

/** Applies a retrieved intent: whether it completed the gift, and by how much it raised the refunded level. */
async function applyIntent(
  tx: Tx,
  d: DonationRow,
  pi: IntentInfo,
  fee: number,
): Promise<{ completed: boolean; refundedCents: number }> {
  const none = { completed: false, refundedCents: 0 };
  switch (pi.status) {
    case 'succeeded': {
      const completed = await completeCard(tx, d, fee, 'retrieved from the processor');
      const refundedCents = pi.amountRefundedCents > 0 ? await applyRefundLevel(tx, d, pi.amountRefundedCents) : 0;
      return { completed, refundedCents };
    }
    case 'processing':
      await markProcessing(tx, d);
      return none;
    case 'canceled':
      await markCancelled(tx, d, 'The payment was cancelled at the processor.');
      return none;
    default:
      if (pi.lastError) await markFailed(tx, d, pi.lastError);
      return none;
  }
}
