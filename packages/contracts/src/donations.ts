/**
 * Donation, checkout, abandoned-cart, refund and payout contracts (spec §2 donate / thank-you /
 * cart routes, §3 Donation and Abandoned-cart donation, §4 donation status and payment results,
 * §7 "Payments" and "Donations", §9 amounts; DECISIONS §5). Amounts are integer cents, USD; the
 * server computes every amount from the gift and the fee rule, the client's figures are never read.
 */
import { z } from 'zod';
import { emailSchema, languageSchema, personNameSchema } from './auth.js';
import { isoDateSchema, positiveCentsSchema } from './campaigns.js';
import {
  DONATION_KINDS,
  DONATION_SORT_COLUMNS,
  type DonationStatus,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_RESULTS,
  PAYOUT_ACCOUNT_STATUSES,
} from './donation-rules.js';
import { dbIdSchema, dbIdTextSchema } from './envelope.js';

export const donationStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const feeRuleSchema = z.object({ percentBps: z.number().int(), fixedCents: z.number().int() });

export const donationAmountSchema = positiveCentsSchema
  .min(MIN_DONATION_CENTS, 'Give at least $5.00')
  .max(MAX_DONATION_CENTS, 'Give at most $50,000.00 online; contact the organization for larger gifts');

const optionalMessage = z.string().trim().max(500, 'Keep the message under 500 characters').optional();

/** Where a checkout pays: a campaign, a player's page, or a campaign's fee request. */
export const checkoutTargetQuerySchema = z
  .strictObject({
    campaign: z.string().trim().min(1).max(120).optional(),
    fundraiser: z.string().trim().min(1).max(120).optional(),
    feeRequest: dbIdTextSchema.optional(),
  })
  .refine((q) => [q.campaign, q.fundraiser, q.feeRequest].filter((v) => v !== undefined).length === 1, {
    message: 'Name exactly one of campaign, fundraiser or feeRequest',
    path: ['campaign'],
  });

const playerChoiceSchema = z.object({ slug: z.string(), name: z.string() });

/** `GET /public/checkout`: what the checkout page needs to render (no secrets). */
export const checkoutContextSchema = z.object({
  kind: z.enum(['campaign', 'fundraiser', 'fee']),
  campaign: z.object({ slug: z.string(), title: z.string(), status: z.string() }),
  fundraiser: z.object({ slug: z.string(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  feeRequest: z
    .object({ id: z.number().int(), label: z.string(), amountCents: z.number().int(), dueDate: z.string().nullable() })
    .nullable(),
  /** A signed-in family paying a fee picks which of its players it is for. */
  familyPlayers: z.array(playerChoiceSchema),
  acceptingDonations: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key when the provider is `stripe` (spec §9). */
  publishableKey: z.string().nullable(),
  fee: feeRuleSchema,
  presetsCents: z.array(z.number().int()),
  minCents: z.number().int(),
  maxCents: z.number().int(),
});
export type CheckoutContext = z.infer<typeof checkoutContextSchema>;

/**
 * `POST /public/donations`: starts a checkout. Strict: a client sending `coverFeeCents`,
 * `currency`, `status` or any other field is refused (RELIABILITY rows 4 and 13).
 */
export const createDonationBodySchema = z
  .strictObject({
    campaign: z.string().trim().min(1).max(120).optional(),
    fundraiser: z.string().trim().min(1).max(120).optional(),
    feeRequestId: dbIdSchema.optional(),
    /** Fee payments: the player (campaign page address) the fee is for, when the family picks one. */
    forPlayer: z.string().trim().min(1).max(120).optional(),
    amountCents: donationAmountSchema,
    coverFee: z.boolean(),
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    anonymous: z.boolean().default(false),
    message: optionalMessage,
    language: languageSchema.default('en'),
    /** The tracking token of a family's "invite to donate" link (`?c=`). */
    contact: z.string().trim().max(64).optional(),
  })
  .refine((b) => [b.campaign, b.fundraiser, b.feeRequestId].filter((v) => v !== undefined).length === 1, {
    message: 'Name exactly one of campaign, fundraiser or feeRequestId',
    path: ['campaign'],
  });
export type CreateDonationBody = z.input<typeof createDonationBodySchema>;

/** What the browser needs to collect the card for a donation (new checkout or resumed cart). */
export const donationCheckoutSchema = z.object({
  donationId: z.string(),
  status: donationStatusSchema,
  amountCents: z.number().int(),
  coverFeeCents: z.number().int(),
  totalCents: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
});
export type DonationCheckout = z.infer<typeof donationCheckoutSchema>;

/** `POST /public/donations/{id}/confirm`: the sandbox's card form (test numbers only). */
export const sandboxConfirmBodySchema = z.strictObject({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expMonth: z.number().int().min(1, 'Enter a real month').max(12, 'Enter a real month'),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back'),
  postalCode: z.string().trim().max(12).optional(),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

export const confirmResultSchema = z.object({
  result: z.enum(PAYMENT_RESULTS),
  /** The provider's message for a card or validation error (spec §8). */
  message: z.string().nullable(),
  donationId: z.string(),
  status: donationStatusSchema,
});
export type ConfirmResult = z.infer<typeof confirmResultSchema>;

/** `GET /public/donations/{id}`: what the thank-you page shows (no email, no secrets). */
export const publicDonationSchema = z.object({
  donationId: z.string(),
  kind: z.enum(DONATION_KINDS),
  status: donationStatusSchema,
  intentStatus: z.string().nullable(),
  amountCents: z.number().int(),
  coverFeeCents: z.number().int(),
  totalCents: z.number().int(),
  donorFirstName: z.string(),
  anonymous: z.boolean(),
  receiptNumber: z.string().nullable(),
  completedAt: z.string().nullable(),
  campaign: z.object({ slug: z.string(), title: z.string() }),
  fundraiser: z.object({ slug: z.string(), name: z.string() }).nullable(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  feeLabel: z.string().nullable(),
});
export type PublicDonation = z.infer<typeof publicDonationSchema>;

/**
 * `GET /abandoned_cart/{donation_id}` (spec §3 Abandoned-cart donation, §7). `id` is the public
 * id; `paymentStatus` is a JSON string holding `client_secret` (null when the cart cannot be paid).
 */
export const abandonedCartSchema = z.object({
  id: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  fundraiser: z.object({ slug: z.string(), name: z.string() }).nullable(),
  campaign: z.object({ slug: z.string(), title: z.string() }),
  feeLabel: z.string().nullable(),
  donationAmount: z.number().int(),
  coverFeeAmount: z.number().int(),
  paymentStatus: z.string().nullable(),
  status: donationStatusSchema,
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  fee: feeRuleSchema,
  donorFirstName: z.string(),
});
export type AbandonedCart = z.infer<typeof abandonedCartSchema>;

/** `POST /abandoned_cart/{id}`: resume, optionally with another amount or fee choice. */
export const resumeCartBodySchema = z.strictObject({
  amountCents: donationAmountSchema.optional(),
  coverFee: z.boolean().optional(),
});

// ---------------------------------------------------------------- staff

const statusQuery = z
  .union([z.literal(''), z.coerce.number().int().min(0).max(4)])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : (v as DonationStatus)));

/** `GET /admin/donation/list` (spec §7: search, status, limit, page, sort) and the CSV export. */
export const donationListQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: statusQuery,
    method: z.enum(PAYMENT_METHODS).optional(),
    kind: z.enum(DONATION_KINDS).optional(),
    campaignId: dbIdTextSchema.optional(),
    /** A node: donations credited to it or anything below it. */
    organizationId: dbIdTextSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    sort: z.enum(['asc', 'desc']).default('desc'),
    sortColumn: z.enum(DONATION_SORT_COLUMNS).default('createdAt'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type DonationListQuery = z.input<typeof donationListQuerySchema>;

export const donationListItemSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  kind: z.enum(DONATION_KINDS),
  status: donationStatusSchema,
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  coverFeeCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What counts toward totals: the gift less refunds when completed, else 0. */
  netCents: z.number().int(),
  donorId: z.number().int().nullable(),
  donorName: z.string(),
  donorEmail: z.string(),
  anonymous: z.boolean(),
  campaignId: z.number().int(),
  campaignTitle: z.string(),
  playerId: z.number().int().nullable(),
  playerName: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DonationListItem = z.infer<typeof donationListItemSchema>;

export const donationTotalsSchema = z.object({
  count: z.number().int(),
  completed: z.number().int(),
  amountCents: z.number().int(),
  coverFeeCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
});
export type DonationTotals = z.infer<typeof donationTotalsSchema>;

export const donationListResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.array(donationListItemSchema),
  total: z.number().int(),
  totals: donationTotalsSchema,
});

export const donationEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});

export const refundSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const donationDetailSchema = donationListItemSchema.extend({
  /** A sponsorship's payment (decision 019) is shown here too, though never in the list. */
  kind: z.enum([...DONATION_KINDS, 'sponsor']),
  message: z.string().nullable(),
  language: z.string(),
  provider: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  intentStatus: z.string().nullable(),
  failureMessage: z.string().nullable(),
  processingFeeCents: z.number().int(),
  refundedFeeCents: z.number().int(),
  /** Charge cents that can still be returned to the donor. */
  refundableCents: z.number().int(),
  offlineReference: z.string().nullable(),
  recordedBy: z.string().nullable(),
  feeLabel: z.string().nullable(),
  campaignFundraiserSlug: z.string().nullable(),
  events: z.array(donationEventSchema),
  refunds: z.array(refundSchema),
  allowedStatuses: z.array(donationStatusSchema),
  can: z.object({ refund: z.boolean(), changeStatus: z.boolean(), resendReceipt: z.boolean() }),
});
export type DonationDetail = z.infer<typeof donationDetailSchema>;

/** `PUT /donation/{id}/status/{status}`. */
export const donationStatusParamsSchema = z.object({
  id: dbIdTextSchema,
  status: z.coerce.number().int().min(0).max(4),
});
export const donationStatusBodySchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why in a few words').max(500),
});

/**
 * `POST /donation/{id}/refund`. `amountCents` omitted = everything still refundable (gift and
 * covered fee). Refunds come out of the gift first, then the covered fee. `requestKey` is chosen
 * by the console once per dialog, so a double submit is one refund.
 */
export const refundBodySchema = z.strictObject({
  amountCents: z
    .number()
    .int()
    .min(1)
    .max(MAX_DONATION_CENTS * 2)
    .optional(),
  reason: z.string().trim().min(3, 'Say why in a few words').max(500),
  requestKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A request key of 8-64 letters, digits or dashes'),
});

/** `GET /stripe/resendReceipt?donation=`. */
export const resendReceiptQuerySchema = z.object({ donation: dbIdTextSchema });

/** `GET /donor/{id}`: a donor with their gifts in the caller's scope. */
export const donorProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  hasAccount: z.boolean(),
  totals: z.object({
    donations: z.number().int(),
    netCents: z.number().int(),
    firstAt: z.string().nullable(),
    lastAt: z.string().nullable(),
  }),
  donations: z.array(donationListItemSchema),
});
export type DonorProfile = z.infer<typeof donorProfileSchema>;

/** `POST /admin/donation_form` (and `/system/dataentry`): an offline gift credited to a player. */
export const offlineDonationBodySchema = z.strictObject({
  campaignId: dbIdSchema,
  /** The player on that campaign (campaign fundraiser id); omitted = the campaign itself. */
  campaignFundraiserId: dbIdSchema.optional(),
  amountCents: positiveCentsSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  anonymous: z.boolean().default(false),
  message: optionalMessage,
  offlineMethod: z.enum(['cash', 'check']),
  reference: z.string().trim().max(120).optional(),
  receivedOn: isoDateSchema.optional(),
  sendReceipt: z.boolean().default(true),
  language: languageSchema.default('en'),
});
export type OfflineDonationBody = z.input<typeof offlineDonationBodySchema>;

// ---------------------------------------------------------------- payouts

/** `POST /admin/stripe/complete-setup`. */
export const completeSetupBodySchema = z.strictObject({ organizationId: dbIdSchema });

export const payoutAccountSchema = z.object({
  organizationId: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  accountId: z.string(),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** Stripe's hosted onboarding link while verification is unfinished. */
  onboardingUrl: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const balancesSchema = z.object({
  /** Collected for the node, held by the platform until the next transfer. */
  pendingCents: z.number().int(),
  /** In the node's payout account, ready to pay out. */
  availableCents: z.number().int(),
  paidOutCents: z.number().int(),
  /** Cash and checks the node collected itself. */
  offlineCents: z.number().int(),
  /** Processing fees kept by the card processor on this node's donations. */
  feesCents: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;

export const transferSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  status: z.string(),
  providerTransferId: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export const payoutSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  status: z.string(),
  providerPayoutId: z.string().nullable(),
  arrivalDate: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;
export type Payout = z.infer<typeof payoutSchema>;

/** `GET /admin/organization/{id}/payouts`: the payouts panel of a node's view. */
export const payoutOverviewSchema = z.object({
  organizationId: z.number().int(),
  account: payoutAccountSchema.nullable(),
  balances: balancesSchema,
  transfers: z.array(transferSchema),
  payouts: z.array(payoutSchema),
  can: z.object({ setup: z.boolean(), transfer: z.boolean(), payout: z.boolean() }),
});
export type PayoutOverview = z.infer<typeof payoutOverviewSchema>;

/** `POST /stripe/processTransfers` (spec §7: isEscrow false, account). */
export const processTransfersBodySchema = z.strictObject({
  isEscrow: z.literal(false),
  account: z.string().trim().min(3).max(255),
});
/** `POST /stripe/{stripeAccount}/payout`: omitted amount = everything available. */
export const payoutParamsSchema = z.object({ stripeAccount: z.string().trim().min(3).max(255) });
export const payoutBodySchema = z.strictObject({ amountCents: z.number().int().min(100).optional() });
