/**
 * Sponsorships (issue 17; spec §1 "view sponsorship pages", §2 `/{slug}/sponsorships`,
 * `/sponsorships/{slug}`, §7 `POST /admin/sponsopship_opportunity/{id}/image` (the spec's
 * spelling); DECISIONS §5-§7; decision 019).
 *
 * Who may call what: whoever may update a node (or a campaign) manages its opportunities and
 * sponsors (the orgs/campaigns abilities: Super Admin, Organization/League/Team Admin in scope,
 * FYS Sales on their teams); whoever may read the node reads them. The buyer's calls are public and
 * name the purchase by its payment's unguessable public id (as the cart and thank-you pages do).
 */
import { z } from 'zod';
import { emailSchema, languageSchema, personNameSchema } from './auth.js';
import { isoDateSchema } from './campaigns.js';
import { donationCheckoutSchema } from './donations.js';
import { dbIdSchema, dbIdTextSchema, envelope, listQuerySchema } from './envelope.js';
import { slugSchema } from './orgs.js';
import {
  SPONSORSHIP_LIMITS as L,
  LOGO_STATUSES,
  OPPORTUNITY_STATUSES,
  SPONSOR_FILTERS,
  SPONSOR_TIERS,
  SPONSORSHIP_STATUSES,
} from './sponsorship-rules.js';

const text = (max: number) => z.string().trim().min(1).max(max);
const websiteSchema = z.string().trim().max(L.websiteMax).url('Enter a full address, e.g. https://example.org');

// Opportunities (staff) -------------------------------------------------------------------------

export const opportunitySchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  campaignId: z.number().int().nullable(),
  campaignTitle: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceCents: z.number().int(),
  /** null = unlimited. */
  quantity: z.number().int().nullable(),
  /** Units paid (not refunded). */
  sold: z.number().int(),
  /** Units held right now for buyers who are paying. */
  held: z.number().int(),
  /** null = unlimited. */
  left: z.number().int().nullable(),
  benefits: z.array(z.string()),
  fairMarketValueCents: z.number().int(),
  tier: z.enum(SPONSOR_TIERS),
  sortOrder: z.number().int(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(OPPORTUNITY_STATUSES),
  /** Paid units' prices, minus refunds (cents). */
  revenueCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/**
 * `POST /admin/sponsorship_opportunity`: on a node (`organizationId`) or one of its campaigns
 * (`campaignId`, whose node is then the seller). The fair-market value is at most the price.
 */
export const opportunityBodySchema = z
  .strictObject({
    organizationId: dbIdSchema.optional(),
    campaignId: dbIdSchema.optional(),
    slug: slugSchema,
    name: text(L.nameMax),
    description: z.string().trim().max(L.descriptionMax).nullable().optional(),
    priceCents: z.number().int().min(L.priceMinCents).max(L.priceMaxCents),
    quantity: z.number().int().min(1).max(L.quantityMax).nullable().default(null),
    benefits: z.array(text(L.benefitMax)).max(L.benefitsMax).default([]),
    fairMarketValueCents: z.number().int().min(0).max(L.priceMaxCents).default(0),
    tier: z.enum(SPONSOR_TIERS).default('community'),
    sortOrder: z.number().int().min(0).max(1000).default(0),
    startsOn: isoDateSchema.nullable().optional(),
    endsOn: isoDateSchema.nullable().optional(),
    status: z.enum(OPPORTUNITY_STATUSES).default('draft'),
  })
  .refine((b) => (b.organizationId === undefined) !== (b.campaignId === undefined), {
    path: ['organizationId'],
    message: 'Name exactly one of organizationId or campaignId',
  })
  .refine((b) => b.fairMarketValueCents <= b.priceCents, {
    path: ['fairMarketValueCents'],
    message: 'The fair-market value cannot be more than the price.',
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, {
    path: ['endsOn'],
    message: 'The end date must be on or after the start date.',
  });
export type OpportunityBody = z.input<typeof opportunityBodySchema>;

/**
 * `PUT /admin/sponsorship_opportunity/{id}`: any field but the owner. The quantity cannot go below
 * the units sold and held (409 naming `quantity`).
 */
export const opportunityUpdateBodySchema = z.strictObject({
  slug: slugSchema.optional(),
  name: text(L.nameMax).optional(),
  description: z.string().trim().max(L.descriptionMax).nullable().optional(),
  priceCents: z.number().int().min(L.priceMinCents).max(L.priceMaxCents).optional(),
  quantity: z.number().int().min(1).max(L.quantityMax).nullable().optional(),
  benefits: z.array(text(L.benefitMax)).max(L.benefitsMax).optional(),
  fairMarketValueCents: z.number().int().min(0).max(L.priceMaxCents).optional(),
  tier: z.enum(SPONSOR_TIERS).optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
  startsOn: isoDateSchema.nullable().optional(),
  endsOn: isoDateSchema.nullable().optional(),
  status: z.enum(OPPORTUNITY_STATUSES).optional(),
});
export type OpportunityUpdateBody = z.infer<typeof opportunityUpdateBodySchema>;

/** `GET /admin/sponsorship_opportunity?organizationId=|campaignId=`: a node's (with its campaigns') or a campaign's. */
export const opportunityListQuerySchema = z
  .object({ organizationId: dbIdTextSchema.optional(), campaignId: dbIdTextSchema.optional() })
  .refine((q) => (q.organizationId === undefined) !== (q.campaignId === undefined), {
    path: ['organizationId'],
    message: 'Name exactly one of organizationId or campaignId',
  });
export const opportunityListResponseSchema = envelope(z.array(opportunitySchema));
export const opportunityResponseSchema = envelope(opportunitySchema);
/** `DELETE /admin/sponsorship_opportunity/{id}`: only while nothing was ever sold or held (else archive it: 409). */
/** `POST /admin/sponsopship_opportunity/{id}/image` (multipart `file`): the row 14 image pipeline. */

// Sponsors (staff) ------------------------------------------------------------------------------

export const sponsorSchema = z.object({
  id: z.number().int(),
  opportunityId: z.number().int(),
  opportunityName: z.string(),
  tier: z.enum(SPONSOR_TIERS),
  organizationName: z.string(),
  campaignTitle: z.string().nullable(),
  status: z.enum(SPONSORSHIP_STATUSES),
  method: z.enum(['card', 'offline']),
  priceCents: z.number().int(),
  fairMarketValueCents: z.number().int(),
  deductibleCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The payment (staff donation detail: `/donations/view/{donationId}`) and its receipt number. */
  donationId: z.number().int(),
  receiptNumber: z.string().nullable(),
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  businessName: z.string().nullable(),
  displayName: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoStatus: z.enum(LOGO_STATUSES),
  logoRejectReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

/** `GET /admin/sponsorship?organizationId=|campaignId=&filter=&q=&page=&perPage=&sort=`: held units are not listed. */
export const sponsorListQuerySchema = listQuerySchema.extend({
  organizationId: dbIdTextSchema.optional(),
  campaignId: dbIdTextSchema.optional(),
  filter: z.enum(SPONSOR_FILTERS).default('all'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
export type SponsorListQuery = z.input<typeof sponsorListQuerySchema>;
export const sponsorListResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.array(sponsorSchema),
  total: z.number().int(),
  /** Over every sponsor of the node or campaign (not just the page). */
  summary: z.object({
    paidCount: z.number().int(),
    revenueCents: z.number().int(),
    awaitingLogo: z.number().int(),
    awaitingApproval: z.number().int(),
  }),
});

/** `POST /admin/sponsorship/{id}/logo/approve`; `.../logo/reject` with a reason (e-mailed to the buyer in their language). */
export const rejectLogoBodySchema = z.strictObject({ reason: text(L.reasonMax) });
export const sponsorResponseSchema = envelope(sponsorSchema);

/**
 * `POST /admin/sponsorship/offline`: a unit paid outside the card flow (cash, cheque, an invoice paid
 * elsewhere), with its receipt e-mailed. Takes a unit (409 when none is left).
 */
export const offlineSponsorshipBodySchema = z.strictObject({
  opportunityId: dbIdSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  businessName: text(L.nameMax).optional(),
  displayName: text(L.nameMax).optional(),
  website: websiteSchema.nullable().optional(),
  reference: text(L.referenceMax),
  receivedOn: isoDateSchema,
  language: languageSchema.default('en'),
});
export type OfflineSponsorshipBody = z.input<typeof offlineSponsorshipBodySchema>;
/**
 * Refund: the existing `POST /donation/{donationId}/refund` (full amount) on the sponsorship's
 * payment; the sponsorship becomes `refunded` and its unit returns to inventory.
 */

export const sponsorIdParamsSchema = z.object({ id: dbIdTextSchema });

// Public ----------------------------------------------------------------------------------------

export const publicSponsorSchema = z.object({
  displayName: z.string(),
  website: z.string().nullable(),
  /** Only an approved logo; null otherwise (the name is shown). */
  logoUrl: z.string().nullable(),
  tier: z.enum(SPONSOR_TIERS),
});
export type PublicSponsor = z.infer<typeof publicSponsorSchema>;

export const publicOpportunitySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceCents: z.number().int(),
  quantity: z.number().int().nullable(),
  left: z.number().int().nullable(),
  soldOut: z.boolean(),
  benefits: z.array(z.string()),
  fairMarketValueCents: z.number().int(),
  deductibleCents: z.number().int(),
  tier: z.enum(SPONSOR_TIERS),
  imageUrl: z.string().nullable(),
  endsOn: z.string().nullable(),
  seller: z.object({ name: z.string(), slug: z.string() }),
  campaign: z.object({ title: z.string(), slug: z.string() }).nullable(),
});
export type PublicOpportunity = z.infer<typeof publicOpportunitySchema>;

/** `/{slug}/sponsorships`: the node's active opportunities (its own and its campaigns') and its shown sponsors by tier. */
export const publicSponsorshipPageSchema = z.object({
  node: z.object({ name: z.string(), slug: z.string(), logoUrl: z.string().nullable() }),
  opportunities: z.array(publicOpportunitySchema),
  sponsors: z.array(publicSponsorSchema),
});
export type PublicSponsorshipPage = z.infer<typeof publicSponsorshipPageSchema>;

/**
 * `POST /public/sponsorships`: buy one unit of an active opportunity. The price is the server's
 * (a body carrying another `priceCents` is refused, 400 naming it). Holds a unit for
 * SPONSORSHIP_LIMITS.holdMinutes (409 `SPONSORSHIP_SOLD_OUT` when none is left), then answers what
 * the checkout island needs; paying is the donations' `POST /public/donations/{id}/confirm`.
 */
export const buySponsorshipBodySchema = z.strictObject({
  opportunity: z.string().trim().min(1).max(120),
  /** The price the buyer saw: must equal the current price (else 409 `SPONSORSHIP_PRICE_CHANGED`). */
  priceCents: z.number().int().min(0).max(L.priceMaxCents),
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  businessName: text(L.nameMax).optional(),
  language: languageSchema.default('en'),
});
export type BuySponsorshipBody = z.input<typeof buySponsorshipBodySchema>;
export const buySponsorshipResponseSchema = envelope(
  donationCheckoutSchema.extend({ holdExpiresAt: z.string(), sponsorshipThankYou: z.string() }),
);

/** `GET /public/sponsorships/{donationPublicId}`: the buyer's sponsorship after paying (404 unknown, or not a sponsorship). */
export const buyerSponsorshipSchema = z.object({
  status: z.enum(SPONSORSHIP_STATUSES),
  opportunity: publicOpportunitySchema,
  priceCents: z.number().int(),
  deductibleCents: z.number().int(),
  receiptNumber: z.string().nullable(),
  businessName: z.string().nullable(),
  displayName: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoStatus: z.enum(LOGO_STATUSES),
  logoRejectReason: z.string().nullable(),
});
export type BuyerSponsorship = z.infer<typeof buyerSponsorshipSchema>;
export const buyerSponsorshipResponseSchema = envelope(buyerSponsorshipSchema);

/** `PUT /public/sponsorships/{donationPublicId}`: the sponsor's display name and website (paid units only). */
export const sponsorDetailsBodySchema = z.strictObject({
  displayName: text(L.nameMax),
  website: websiteSchema.nullable().optional(),
});
/** `POST /public/sponsorships/{donationPublicId}/logo` (multipart `file`): sets `logo_status` `submitted`. */
export const donationPublicIdParamsSchema = z.object({ id: z.string().trim().min(8).max(64) });
