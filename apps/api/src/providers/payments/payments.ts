/**
 * Payment provider interface (DECISIONS §5, §6). Two implementations: `stripe` (the official SDK:
 * Payment Intents, Connect accounts, transfers, payouts, signed webhooks) and `sandbox` (offline,
 * Stripe's test-card behaviour, state in the database). Both speak Stripe's object and event
 * shapes, and every event of either reaches the donation state machine through the same webhook
 * handler (modules/donations/webhooks.ts).
 *
 * Every write takes an idempotency key derived from our own record (RELIABILITY row 12), so a
 * retried request never creates a second intent, refund, transfer or payout.
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentError {
  /** Stripe's error code: card_declined, expired_card, incorrect_cvc, processing_error... */
  code: string;
  declineCode: string | null;
  /** The provider's message, shown to the donor as is (spec §8). */
  message: string;
  /** `card`: the donor's card or bank said no. `platform`: the payment side failed (no reminder). */
  source: 'card' | 'platform';
}

export interface IntentInfo {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** Charge cents already refunded. */
  amountRefundedCents: number;
  lastError: PaymentError | null;
}

export interface CreateIntentInput {
  amountCents: number;
  /** Our donation's public id, kept in the intent's metadata. */
  donationPublicId: string;
  description: string;
  receiptEmail?: string;
}

export interface RefundInfo {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: number;
}

export interface AccountInfo {
  accountId: string;
  status: 'pending' | 'verified' | 'restricted';
  /** Hosted onboarding link while verification is unfinished (Stripe); null when verified. */
  onboardingUrl: string | null;
}

export interface MoveInfo {
  id: string;
  status: 'pending' | 'succeeded' | 'paid' | 'failed';
  arrivalDate: string | null;
}

/** A provider event in Stripe's shape (`evt_…`, `type`, `data.object`, optional `account`). */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  account?: string | null;
  data: { object: Record<string, unknown> };
}

/** A refused provider call. `status` 402 for card errors, 400 for bad requests, 502 when unreachable. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly payment: PaymentError | null = null,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** Given to the browser (spec §9); null for the sandbox. */
  readonly publishableKey: string | null;

  createIntent(input: CreateIntentInput, idempotencyKey: string): Promise<IntentInfo>;
  retrieveIntent(intentId: string): Promise<IntentInfo>;
  /** Changes the amount of an intent that has not been paid (a resumed cart with a new amount). */
  updateIntentAmount(intentId: string, amountCents: number, idempotencyKey: string): Promise<IntentInfo>;
  cancelIntent(intentId: string, idempotencyKey: string): Promise<IntentInfo>;
  /** What the processor kept from the intent's successful charge (cents). */
  processingFee(intentId: string, chargeCents: number): Promise<number>;
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<RefundInfo>;

  createAccount(
    input: { organizationId: number; name: string; email: string | null },
    idempotencyKey: string,
  ): Promise<AccountInfo>;
  /** The account's current verification state (and a fresh onboarding link while pending). */
  accountStatus(accountId: string): Promise<AccountInfo>;
  transfer(
    input: { accountId: string; amountCents: number; transferGroup: string },
    idempotencyKey: string,
  ): Promise<MoveInfo>;
  payout(input: { accountId: string; amountCents: number }, idempotencyKey: string): Promise<MoveInfo>;

  /** Verifies a webhook delivery's signature (and its timestamp) and parses it; throws when it fails. */
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string): ProviderEvent;
}

/** The card form of the sandbox (test numbers only; the Stripe provider never sees card data). */
export interface SandboxCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}
