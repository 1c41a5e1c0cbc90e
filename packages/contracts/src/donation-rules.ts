/**
 * Donation constants and the fee rule without schemas (donations.ts has those): the checkout
 * and the donation pages of the web app use these without loading zod.
 */

/** DECISIONS §5: 0 pending, 1 completed, 2 failed, 3 refunded, 4 cancelled. */
export const DONATION_STATUS = { pending: 0, completed: 1, failed: 2, refunded: 3, cancelled: 4 } as const;
export const DONATION_STATUSES = [0, 1, 2, 3, 4] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];
/** Only pending and failed attempts can be resumed by paying (DECISIONS §5). */
export const isResumableStatus = (s: number) => s === 0 || s === 2;

export const PAYMENT_METHODS = ['card', 'offline'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
export const DONATION_KINDS = ['gift', 'fee'] as const;

/**
 * Status changes staff may make by hand (`PUT /donation/{id}/status/{status}`), per method.
 * Completion and refunds only come from the provider (and the refund call): a card gift is never
 * marked paid by hand. An abandoned attempt can be cancelled; an offline entry made in error voided.
 */
export const MANUAL_TRANSITIONS: Record<PaymentMethod, Partial<Record<DonationStatus, DonationStatus[]>>> = {
  card: { 0: [4], 2: [4] },
  offline: { 1: [4] },
};
export const allowedManualTransitions = (method: PaymentMethod, from: number): DonationStatus[] =>
  MANUAL_TRANSITIONS[method][from as DonationStatus] ?? [];

/** The card fee rule (DECISIONS §5): 2.9% + 30 cents unless configured otherwise. */
export interface FeeRule {
  /** Basis points: 290 = 2.9%. */
  percentBps: number;
  fixedCents: number;
}
export const DEFAULT_FEE_RULE: FeeRule = { percentBps: 290, fixedCents: 30 };

/** What the card processor keeps from a charge of `chargeCents`. */
export const processingFeeCents = (chargeCents: number, rule: FeeRule = DEFAULT_FEE_RULE) =>
  Math.round((chargeCents * rule.percentBps) / 10_000) + rule.fixedCents;

/**
 * The extra a donor adds so the organization nets `amountCents` after the processing fee on the
 * whole charge, rounded up to the cent: the smallest C with C - fee(C) >= amount.
 */
export function coverFeeCents(amountCents: number, rule: FeeRule = DEFAULT_FEE_RULE): number {
  const denominator = 10_000 - rule.percentBps;
  const numerator = (amountCents + rule.fixedCents) * 10_000;
  let charge = Math.floor((numerator + denominator - 1) / denominator);
  // Math.round in the fee may still take a cent more than the exact fraction: step up until it nets.
  while (charge - processingFeeCents(charge, rule) < amountCents) charge += 1;
  return charge - amountCents;
}

/** Amount presets on the checkout (spec §9 default cart amount 20 dollars). */
export const DONATION_PRESETS_CENTS = [2000, 2500, 5000, 10000, 25000] as const;
export const DEFAULT_CART_AMOUNT_CENTS = 2000;
export const MIN_DONATION_CENTS = 500;
export const MAX_DONATION_CENTS = 5_000_000;

/**
 * Sandbox test cards (Stripe's numbers where Stripe has one). Stripe has no card that stays
 * processing; the sandbox's own number does, and settles a few seconds later.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Stripe's "processing error" card: the failure is on the payment side, not the donor's. */
  processingError: '4000000000000119',
  processing: '4000000000000085',
} as const;

/** The spec's payment results (§4): what the page says after a confirmation attempt. */
export const PAYMENT_RESULTS = ['succeeded', 'processing', 'requires_payment_method', 'error'] as const;

export const DONATION_SORT_COLUMNS = ['createdAt', 'amount', 'donor', 'status', 'campaign'] as const;

export const PAYOUT_ACCOUNT_STATUSES = ['pending', 'verified', 'restricted'] as const;

/**
 * The card sentences the payment provider writes (Stripe's English wording, which the sandbox
 * copies) and the key of each under `public.payment.provider.*`: the checkout shows them to the
 * donor, the donation page to staff, each in the reader's language; anything else is shown as
 * the provider wrote it.
 */
export const PROVIDER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Your card was declined.': 'declined',
  'Your card has insufficient funds.': 'insufficientFunds',
  'Your card has expired.': 'expired',
  "Your card's security code is incorrect.": 'incorrectCvc',
  'Your card number is incorrect.': 'incorrectNumber',
  'An error occurred while processing your card. Try again in a little bit.': 'processingError',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.':
    'testOnly',
};
