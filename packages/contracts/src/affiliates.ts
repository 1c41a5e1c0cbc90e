/**
 * Affiliates (issue 16; spec §2 `/affiliate/activate/{affiliate}`, `/affiliate/{slug}`,
 * `/affiliates/list`, `/affiliates/view/{id}`, `/affiliates/profile`, `/dashboard/affiliate`;
 * §5 affiliate filter; §7 Affiliates; DECISIONS §3, §7; decision 018).
 *
 * Who may call what (the `affiliates` subject, DECISIONS §3):
 * - Super Admin: everything. FYS Sales: read every affiliate.
 * - Organization Admin / User: read the affiliates attached to organizations in their scope, and
 *   those affiliates' conversions on those organizations only.
 * - Affiliate: read and update their own record (profile and payout details, not status or
 *   programs), accept their own offers, read their own conversions and dashboard, request a payout.
 * Anything else is a 403 (or a 404 for a record the caller may not know of).
 */
import { z } from 'zod';
import {
  AFFILIATE_STATUSES,
  ATTRIBUTION_MODELS,
  COMMISSION_STATUSES,
  CONVERSION_KINDS,
  CONVERSION_SOURCES,
  AFFILIATE_LIMITS as L,
  OFFER_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_REQUEST_STATUSES,
} from './affiliate-rules.js';
import { emailSchema, languageSchema, passwordSchema, personNameSchema } from './auth.js';
import { isoDateSchema } from './campaigns.js';
import { dbIdSchema, dbIdTextSchema, envelope, listQuerySchema } from './envelope.js';
import { slugSchema } from './orgs.js';

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const bps = z.number().int().min(0).max(L.bpsMax);
const cents = (max: number) => z.number().int().min(0).max(max);
const websiteSchema = z.string().trim().max(L.websiteMax).url('Enter a full address, e.g. https://example.org');

// Programs --------------------------------------------------------------------------------------

export const programSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The affiliate's share of the platform fee on an attributed gift's kept amount (basis points). */
  giftShareBps: z.number().int(),
  /** Earned once per approved team that raises at least `teamQualifyCents`. */
  teamFlatCents: z.number().int(),
  teamQualifyCents: z.number().int(),
  windowDays: z.number().int(),
  attribution: z.enum(ATTRIBUTION_MODELS),
  minPayoutCents: z.number().int(),
  dueDays: z.number().int(),
  termsVersion: z.number().int(),
  terms: z.string(),
  active: z.boolean(),
  /** Offers of this program (any status but withdrawn). */
  offerCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Program = z.infer<typeof programSchema>;

/** `GET /affiliate/program`: staff see every program; an affiliate sees those offered to them. */
export const programListResponseSchema = envelope(z.array(programSchema));

/** `POST /affiliate/program` (Super Admin). At least one of `giftShareBps` and `teamFlatCents` is above 0. */
export const programBodySchema = z
  .strictObject({
    name: text(L.nameMax),
    description: optionalText(L.descriptionMax),
    giftShareBps: bps.default(0),
    teamFlatCents: cents(L.flatMaxCents).default(0),
    teamQualifyCents: cents(L.qualifyMaxCents).default(0),
    windowDays: z.number().int().min(L.windowDaysMin).max(L.windowDaysMax).default(30),
    attribution: z.enum(ATTRIBUTION_MODELS).default('last_click'),
    minPayoutCents: cents(L.minPayoutMaxCents).default(0),
    dueDays: z.number().int().min(0).max(L.dueDaysMax).default(30),
    terms: text(L.termsMax),
    active: z.boolean().default(true),
  })
  .refine((p) => p.giftShareBps > 0 || p.teamFlatCents > 0, {
    path: ['giftShareBps'],
    message: 'A program pays a share of gifts, a flat amount per team, or both.',
  });
export type ProgramBody = z.input<typeof programBodySchema>;
/** `PUT /affiliate/program/{id}` (Super Admin): the same fields; a changed `terms` makes a new terms version. */
export const programUpdateBodySchema = programBodySchema;
export const programResponseSchema = envelope(programSchema);

// Affiliates ------------------------------------------------------------------------------------

export const offerSchema = z.object({
  id: z.number().int(),
  affiliateId: z.number().int(),
  programId: z.number().int(),
  programName: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The program's current terms version; `acceptedTermsVersion` is the one accepted. */
  termsVersion: z.number().int(),
  acceptedTermsVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const affiliateListItemSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  slug: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  avatarUrl: z.string().nullable(),
  /** Programs accepted (names). */
  programs: z.array(z.string()),
  organizationCount: z.number().int(),
  /** Conversions counted (not voided) and commission earned (not voided), all time. */
  conversions: z.number().int(),
  earnedCents: z.number().int(),
  createdAt: z.string(),
});
export type AffiliateListItem = z.infer<typeof affiliateListItemSchema>;

export const AFFILIATE_SORT_COLUMNS = ['name', 'status', 'createdAt', 'conversions', 'earnedCents'] as const;
/**
 * `GET /affiliate/?status=&q=&page=&perPage=&sortColumn=&sort=` (spec §5: status and first or last
 * name; `q` also matches e-mail and web address). `format=csv` answers every matching row as CSV.
 */
export const affiliateListQuerySchema = listQuerySchema.extend({
  status: z.enum(['all', ...AFFILIATE_STATUSES]).default('all'),
  sortColumn: z.enum(AFFILIATE_SORT_COLUMNS).default('name'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AffiliateListQuery = z.input<typeof affiliateListQuerySchema>;
export const affiliateListResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.array(affiliateListItemSchema),
  total: z.number().int(),
});

export const affiliateBalancesSchema = z.object({
  pendingCents: z.number().int(),
  approvedCents: z.number().int(),
  paidCents: z.number().int(),
  /** Paid commissions later voided by a refund, not yet taken off a payment. */
  clawbackCents: z.number().int(),
  /** approved − clawback (never below 0): what a payment now would be. */
  payableCents: z.number().int(),
  minPayoutCents: z.number().int(),
});
export type AffiliateBalances = z.infer<typeof affiliateBalancesSchema>;

export const attachedOrganizationSchema = z.object({
  organizationId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  typeId: z.number().int(),
  giftShareBpsOverride: z.number().int().nullable(),
  attachedAt: z.string(),
});
export type AttachedOrganization = z.infer<typeof attachedOrganizationSchema>;

export const payoutRequestSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** `GET /affiliate/{id}` (spec: id, first_name, last_name, status, conversions, programs, offers). */
export const affiliateDetailSchema = affiliateListItemSchema.extend({
  phone: z.string().nullable(),
  website: z.string().nullable(),
  bio: z.string().nullable(),
  language: languageSchema,
  payoutMethod: z.enum(PAYOUT_METHODS).nullable(),
  payoutTo: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** The public page, e.g. `/affiliate/ava-abbott`. */
  publicPath: z.string(),
  offers: z.array(offerSchema),
  programsDetail: z.array(programSchema),
  organizations: z.array(attachedOrganizationSchema),
  balances: affiliateBalancesSchema,
  payoutRequests: z.array(payoutRequestSchema),
  /** The last invitation: when it was sent, until when it works, whether it was used. */
  invitation: z.object({ sentAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() }).nullable(),
  updatedAt: z.string(),
});
export type AffiliateDetail = z.infer<typeof affiliateDetailSchema>;
export const affiliateDetailResponseSchema = envelope(affiliateDetailSchema);

/** `POST /affiliate` (Super Admin): a new affiliate, `invited`; `programId` also makes an offer. */
export const createAffiliateBodySchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: optionalText(L.phoneMax),
  slug: slugSchema,
  website: websiteSchema.nullable().optional(),
  bio: optionalText(L.bioMax),
  language: languageSchema.default('en'),
  programId: dbIdSchema.optional(),
  /** Send the invitation at once (default). */
  invite: z.boolean().default(true),
});
export type CreateAffiliateBody = z.input<typeof createAffiliateBodySchema>;

/**
 * `PUT /affiliate/`: `id` names the record. The affiliate may change the profile and payout fields;
 * `status` is staff only (Super Admin), and `invited` cannot be set by hand.
 */
export const updateAffiliateBodySchema = z.strictObject({
  id: dbIdSchema,
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  phone: optionalText(L.phoneMax),
  slug: slugSchema.optional(),
  website: websiteSchema.nullable().optional(),
  bio: optionalText(L.bioMax),
  language: languageSchema.optional(),
  payoutMethod: z.enum(PAYOUT_METHODS).nullable().optional(),
  payoutTo: optionalText(L.payoutToMax),
  status: z.enum(['active', 'paused', 'disabled']).optional(),
});
export type UpdateAffiliateBody = z.infer<typeof updateAffiliateBodySchema>;

/** `POST /affiliate/offer` (Super Admin). */
export const offerBodySchema = z.strictObject({ affiliateId: dbIdSchema, programId: dbIdSchema });
/** `POST /affiliate/offer/accept` (the affiliate): the terms version they read must be the current one (else 409). */
export const acceptOfferBodySchema = z.strictObject({ offerId: dbIdSchema, termsVersion: z.number().int().min(1) });
export const offerResponseSchema = envelope(offerSchema);

/** `POST /affiliate/invite` (Super Admin): e-mails a new single-use link; earlier links stop working. */
export const inviteBodySchema = z.strictObject({ affiliateId: dbIdSchema });

/** `POST /organization_affiliate/bulkadd` (Super Admin). An organization already with another affiliate is a 409. */
export const bulkAddBodySchema = z.strictObject({
  affiliateId: dbIdSchema,
  organizations: z
    .array(z.strictObject({ organizationId: dbIdSchema, giftShareBpsOverride: bps.nullable().optional() }))
    .min(1)
    .max(L.bulkMax),
});
export type BulkAddBody = z.input<typeof bulkAddBodySchema>;
export const bulkAddResponseSchema = envelope(z.object({ added: z.number().int(), updated: z.number().int() }));
/** `DELETE /organization_affiliate/{organizationId}` (Super Admin): detach; conversions already made stay. */

// AffiliateActivation (public) ---------------------------------------------------------------------------

/** `GET /affiliate/activation/{token}`: what the activation page shows (404 when used, replaced or unknown; 410 when expired). */
export const affiliateActivationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** An account with this e-mail exists: its password is asked instead of a new one. */
  existingAccount: z.boolean(),
  offer: z
    .object({
      offerId: z.number().int(),
      program: programSchema.omit({ offerCount: true, createdAt: true, updatedAt: true, active: true }),
    })
    .nullable(),
  language: languageSchema,
});
export type AffiliateActivation = z.infer<typeof affiliateActivationSchema>;
export const affiliateActivationResponseSchema = envelope(affiliateActivationSchema);

/**
 * `POST /affiliate/activation`: `password` is the new password (no account yet) or the existing
 * account's password. Answers the spec's sign-in shape (`userData`, tokens) with the affiliate
 * profile active. Throttled per token and per address.
 */
export const affiliateActivateBodySchema = z.strictObject({
  token: z.string().min(20).max(200),
  password: passwordSchema,
  acceptTerms: z.literal(true),
  termsVersion: z.number().int().min(1).optional(),
});
export type AffiliateActivateBody = z.infer<typeof affiliateActivateBodySchema>;

// Conversions, dashboard, payments --------------------------------------------------------------

export const conversionSchema = z.object({
  id: z.number().int(),
  affiliateId: z.number().int(),
  kind: z.enum(CONVERSION_KINDS),
  source: z.enum(CONVERSION_SOURCES),
  programName: z.string(),
  /** Team name (team) or organization credited (gift). */
  organizationName: z.string().nullable(),
  /** Gift: the donation id; team: the registration id. */
  donationId: z.number().int().nullable(),
  registrationId: z.number().int().nullable(),
  /** The landing page of the click, when the source is a link. */
  landingPath: z.string().nullable(),
  baseCents: z.number().int(),
  commissionCents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  /** A team conversion not yet qualified earns nothing until the team raises the program's amount. */
  qualified: z.boolean(),
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  voidReason: z.string().nullable(),
  clawbackCents: z.number().int(),
  createdAt: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

/** `GET /affiliate/{id}/conversions?status=&kind=&from=&to=&page=&perPage=&sort=&format=`. */
export const conversionListQuerySchema = z.object({
  status: z.enum(['all', ...COMMISSION_STATUSES]).default('all'),
  kind: z.enum(['all', ...CONVERSION_KINDS]).default('all'),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['asc', 'desc']).default('desc'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ConversionListQuery = z.input<typeof conversionListQuerySchema>;
export const conversionListResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.array(conversionSchema),
  total: z.number().int(),
});

/** `GET /affiliate/{id}/dashboard?from=&to=` (dates inclusive, UTC; default the last 30 days). */
export const affiliateDashboardQuerySchema = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });
export const affiliateDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  funnel: z.object({
    clicks: z.number().int(),
    /** Distinct visitors behind the clicks. */
    visitors: z.number().int(),
    registrations: z.number().int(),
    approvedTeams: z.number().int(),
    gifts: z.number().int(),
    giftCents: z.number().int(),
  }),
  /** Commission of the conversions made in the range, by status. */
  earnings: z.object({
    pendingCents: z.number().int(),
    approvedCents: z.number().int(),
    paidCents: z.number().int(),
    voidedCents: z.number().int(),
  }),
  /** All-time balances (what a payout request would ask for). */
  balances: affiliateBalancesSchema,
  /** Per landing page: clicks, conversions and commission in the range. */
  links: z.array(
    z.object({
      path: z.string(),
      clicks: z.number().int(),
      conversions: z.number().int(),
      commissionCents: z.number().int(),
    }),
  ),
  /** Clicks and conversions per day in the range. */
  series: z.array(z.object({ date: z.string(), clicks: z.number().int(), conversions: z.number().int() })),
  openPayoutRequest: payoutRequestSchema.nullable(),
  /** The affiliate's links: their page and the referral parameter. */
  referral: z.object({ slug: z.string(), pagePath: z.string(), param: z.string() }),
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboardSchema>;
export const affiliateDashboardResponseSchema = envelope(affiliateDashboardSchema);

/** `POST /affiliate/{id}/payout-request` (the affiliate): asks for the payable balance; refused below the program's minimum or with one open. */
export const payoutRequestBodySchema = z.strictObject({ note: optionalText(L.noteMax) });
export const payoutRequestResponseSchema = envelope(payoutRequestSchema);

/**
 * `POST /affiliate/{id}/commissions/pay` (Super Admin): marks the approved commissions paid with a
 * reference (all of them, or `conversionIds`), takes open clawbacks off, and closes the open payout
 * request. Answers what was paid.
 */
export const payCommissionsBodySchema = z.strictObject({
  reference: text(L.referenceMax),
  conversionIds: z.array(dbIdSchema).min(1).max(1000).optional(),
});
export const payCommissionsResponseSchema = envelope(
  z.object({ paidCount: z.number().int(), paidCents: z.number().int(), clawbackCents: z.number().int() }),
);
/** `POST /affiliate/{id}/payout-request/decline` (Super Admin). */
export const declinePayoutBodySchema = z.strictObject({ reason: text(L.noteMax) });

export const affiliateIdParamsSchema = z.object({ id: dbIdTextSchema });

// The public page -------------------------------------------------------------------------------

/** What `/affiliate/{slug}` shows (active and paused affiliates; invited or disabled ones are a 404). */
export const publicAffiliateSchema = z.object({
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Organizations they brought that have a public page. */
  organizations: z.array(z.object({ name: z.string(), slug: z.string() })),
  /** How many days a visit is remembered (the longest window of their accepted programs). */
  windowDays: z.number().int(),
});
export type PublicAffiliate = z.infer<typeof publicAffiliateSchema>;
