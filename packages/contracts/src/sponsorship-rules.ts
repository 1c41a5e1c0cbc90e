/**
 * Sponsorships (issue 17, decision 019): choices and limits without zod, so the public pages'
 * islands and the server's schemas (sponsorships.ts) read the same values.
 */
/** Logo size and order on public pages, biggest first. */
export const SPONSOR_TIERS = ['presenting', 'gold', 'silver', 'bronze', 'community'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

export const OPPORTUNITY_STATUSES = ['draft', 'active', 'archived'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

export const SPONSORSHIP_STATUSES = ['held', 'paid', 'released', 'refunded', 'refund_due'] as const;
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

export const LOGO_STATUSES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type LogoStatus = (typeof LOGO_STATUSES)[number];

/** The staff list's filter (issue 17: awaiting logo, awaiting approval, shown), plus the others. */
export const SPONSOR_FILTERS = ['all', 'awaiting_logo', 'awaiting_approval', 'shown', 'rejected', 'refunded'] as const;
export type SponsorFilter = (typeof SPONSOR_FILTERS)[number];

export const SPONSORSHIP_LIMITS = {
  nameMax: 120,
  descriptionMax: 4000,
  benefitMax: 200,
  benefitsMax: 20,
  priceMinCents: 100,
  priceMaxCents: 10_000_000,
  quantityMax: 10_000,
  websiteMax: 300,
  reasonMax: 1000,
  referenceMax: 120,
  /** How long a unit is held for its buyer while they pay. */
  holdMinutes: 15,
} as const;

/** What is left: null = unlimited. */
export const unitsLeft = (quantity: number | null, taken: number) =>
  quantity === null ? null : Math.max(0, quantity - taken);

/** The deductible part of a sponsorship: what was paid beyond the fair-market value of the benefits. */
export const deductibleCents = (priceCents: number, fairMarketValueCents: number) =>
  Math.max(0, priceCents - fairMarketValueCents);

/**
 * The thank-you page of a sponsorship's payment: what the buyer bought and how they are shown.
 * Read by the API (sponsorships public.service) and rendered by the site (SponsorThanksPage).
 */
export interface SponsorThanks {
  publicId: string;
  status: string;
  sellerName: string;
  campaignSlug: string | null;
  opportunityName: string;
  priceCents: number;
  deductibleCents: number;
  receiptNumber: string | null;
  displayName: string | null;
  businessName: string | null;
  website: string | null;
  logoUrl: string | null;
  logoStatus: 'none' | 'submitted' | 'approved' | 'rejected';
  logoRejectReason: string | null;
}
