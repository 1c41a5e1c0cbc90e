/**
 * The Stripe payment provider (DECISIONS §5, §6): Payment Intents for donations, Express Connect
 * accounts for organizations, transfers and payouts to them, and signed webhooks.
 *
 * Reliability (RELIABILITY rows 8 and 12, "Library defaults"):
 * - every write carries the caller's idempotency key, passed through unchanged, so the SDK's
 *   automatic retries (and our own retried requests) never create a second object;
 * - requests time out after 10 s instead of the SDK's 80 s, so a donor is not left waiting;
 * - webhooks are verified with `constructEvent` and its 300 s timestamp tolerance.
 * Errors become `ProviderError`s whose messages never carry the secret key.
 */
import { type FeeRule, processingFeeCents } from '@fc/contracts';
import Stripe from 'stripe';
import {
  type AccountInfo,
  type IntentInfo,
  type IntentStatus,
  type MoveInfo,
  type PaymentError,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type RefundInfo,
} from './payments.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where Stripe's hosted onboarding sends the organization admin back. */
  publicUrl: string;
  /** The fee estimate used until Stripe's balance transaction exists. */
  feeRule?: FeeRule;
  /** SDK overrides: host, port and protocol point the tests at a local server. */
  stripeOptions?: Partial<Stripe.StripeConfig>;
}

const UNAVAILABLE_MESSAGE =
  'We could not reach the payment processor. Nothing was charged; please try again in a minute.';

const INTENT_STATUSES: Record<string, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_confirmation',
  requires_action: 'requires_action',
  processing: 'processing',
  // We never capture manually; should an intent wait for capture, the money is not ours yet.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

const {
  StripeError,
  StripeCardError,
  StripeInvalidRequestError,
  StripeIdempotencyError,
  StripeSignatureVerificationError,
} = Stripe.errors;

/** Where an organization's Connect account stands. */
function verification(account: Stripe.Account): AccountInfo['status'] {
  const { transfers, card_payments: cardPayments } = account.capabilities ?? {};
  // Payouts enabled means the requirements are met; a capability reported but not active still
  // blocks transfers, and when none is reported payouts_enabled is enough.
  const capabilityActive =
    (transfers === undefined && cardPayments === undefined) || transfers === 'active' || cardPayments === 'active';
  if (account.payouts_enabled && capabilityActive) return 'verified';
  const reason = account.requirements?.disabled_reason ?? null;
  if (!reason || reason === 'requirements.pending_verification') return 'pending';
  // A fresh Express account reports past_due until its admin first finishes onboarding.
  if (reason === 'requirements.past_due' && !account.details_submitted) return 'pending';
  return 'restricted';
}

export function stripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, { timeout: 10_000, maxNetworkRetries: 2, ...opts.stripeOptions });
  const onboardingReturn = `${opts.publicUrl.replace(/\/+$/, '')}/orgs/organizations/list`;

  /** Stripe's own messages are masked already; this makes sure ours never echo the key. */
  const redact = (message: string) => message.split(opts.secretKey).join('[redacted]');

  /**
   * Stripe's own error code goes in `code` (as the sandbox does), so callers branch on the same
   * codes whichever provider runs: `card_declined`, `payment_intent_unexpected_state`...
   */
  function toProviderError(err: unknown): unknown {
    if (!(err instanceof StripeError)) return err;
    if (err instanceof StripeCardError) {
      const message = redact(err.message);
      const code = err.code ?? 'card_declined';
      const payment: PaymentError = { code, declineCode: err.decline_code ?? null, message, source: 'card' };
      return new ProviderError(402, code, message, payment);
    }
    if (err instanceof StripeIdempotencyError) {
      // The same key reused with other parameters, or a concurrent request still holding it.
      return new ProviderError(400, err.code ?? 'idempotency_key_in_use', redact(err.message));
    }
    if (err instanceof StripeInvalidRequestError) {
      return new ProviderError(400, err.code ?? 'invalid_request_error', redact(err.message));
    }
    // Connection failures, timeouts, 5xx, rate limits and rejected credentials: nothing the
    // donor did, and nothing that moved money.
    return new ProviderError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw toProviderError(err);
    }
  }

  function toIntent(pi: Stripe.PaymentIntent): IntentInfo {
    const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    const e = pi.last_payment_error;
    return {
      id: pi.id,
      clientSecret: pi.client_secret ?? '',
      status: INTENT_STATUSES[pi.status] ?? 'requires_payment_method',
      amountCents: pi.amount,
      amountRefundedCents: charge?.amount_refunded ?? 0,
      lastError: e
        ? {
            code: e.code ?? e.type,
            declineCode: e.decline_code ?? null,
            message: redact(e.message ?? 'The payment could not be completed.'),
            source: e.type === 'card_error' ? 'card' : 'platform',
          }
        : null,
    };
  }

  async function accountStatus(accountId: string): Promise<AccountInfo> {
    const account = await call(() => stripe.accounts.retrieve(accountId));
    const status = verification(account);
    const disabledReason = account.requirements?.disabled_reason ?? null;
    if (status === 'verified' || disabledReason?.startsWith('rejected')) {
      // A rejected account cannot be onboarded again: Stripe refuses the link.
      return { accountId: account.id, status, onboardingUrl: null };
    }
    // Account links expire within minutes and are single-use: each status check gets a fresh one
    // (no caller key, so the SDK's own key guards its retries).
    const link = await call(() =>
      stripe.accountLinks.create({
        account: account.id,
        refresh_url: onboardingReturn,
        return_url: onboardingReturn,
        type: 'account_onboarding',
      }),
    );
    return { accountId: account.id, status, onboardingUrl: link.url };
  }

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createIntent(input, idempotencyKey) {
      const pi = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            description: input.description,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            metadata: { donation: input.donationPublicId },
          },
          { idempotencyKey },
        ),
      );
      return toIntent(pi);
    },

    async retrieveIntent(intentId) {
      return toIntent(await call(() => stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })));
    },

    async updateIntentAmount(intentId, amountCents, idempotencyKey) {
      return toIntent(
        await call(() => stripe.paymentIntents.update(intentId, { amount: amountCents }, { idempotencyKey })),
      );
    },

    async cancelIntent(intentId, idempotencyKey) {
      return toIntent(await call(() => stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey })));
    },

    async processingFee(intentId, chargeCents) {
      const pi = await call(() =>
        stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] }),
      );
      const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
      const txn = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      // The balance transaction can lag the succeeded event by a moment: estimate with our rule.
      return txn ? txn.fee : processingFeeCents(chargeCents, opts.feeRule);
    },

    async refund(intentId, amountCents, idempotencyKey): Promise<RefundInfo> {
      const r = await call(() =>
        stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey }),
      );
      const status: RefundInfo['status'] =
        r.status === 'succeeded'
          ? 'succeeded'
          : r.status === 'failed' || r.status === 'canceled'
            ? 'failed'
            : 'pending';
      return { id: r.id, status, amountCents: r.amount };
    },

    async createAccount(input, idempotencyKey) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            ...(input.email ? { email: input.email } : {}),
            business_profile: { name: input.name },
            capabilities: { transfers: { requested: true } },
            metadata: { organizationId: String(input.organizationId) },
          },
          { idempotencyKey },
        ),
      );
      return accountStatus(account.id);
    },

    accountStatus,

    async transfer(input, idempotencyKey): Promise<MoveInfo> {
      const t = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            destination: input.accountId,
            transfer_group: input.transferGroup,
          },
          { idempotencyKey },
        ),
      );
      // A created transfer has moved the funds; it only fails later by being reversed.
      return { id: t.id, status: t.reversed ? 'failed' : 'succeeded', arrivalDate: null };
    },

    async payout(input, idempotencyKey): Promise<MoveInfo> {
      const p = await call(() =>
        stripe.payouts.create(
          { amount: input.amountCents, currency: 'usd' },
          { idempotencyKey, stripeAccount: input.accountId },
        ),
      );
      const status: MoveInfo['status'] =
        p.status === 'paid' ? 'paid' : p.status === 'failed' || p.status === 'canceled' ? 'failed' : 'pending';
      const arrivalDate = p.arrival_date ? new Date(p.arrival_date * 1000).toISOString().slice(0, 10) : null;
      return { id: p.id, status, arrivalDate };
    },

    verifyWebhook(rawBody, signatureHeader): ProviderEvent {
      let event: Stripe.Event;
      try {
        // Default tolerance (300 s): a replayed delivery with an old timestamp is refused.
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, opts.webhookSecret);
      } catch (err) {
        // Bad signature, stale timestamp, garbage header or an unparsable body: all a 400, never
        // a 5xx that would make a forger's delivery look worth retrying. Stripe's signature
        // messages name the failure and never the secret.
        const message =
          err instanceof StripeSignatureVerificationError ? err.message : 'The webhook body could not be read.';
        throw new ProviderError(400, 'signature_verification_failed', message);
      }
      // A signed body that parses to something other than an object (`null`, a number) is no event.
      if (!event || typeof event !== 'object' || !event.data)
        throw new ProviderError(400, 'event_malformed', 'The signed body is not a Stripe event.');
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        account: event.account ?? null,
        data: { object: event.data.object as unknown as Record<string, unknown> },
      };
    },
  };
}
