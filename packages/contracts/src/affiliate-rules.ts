/**
 * Affiliates (issue 16, decision 018): the choices and limits, without zod, so the public pages'
 * islands and the server's schemas (affiliates.ts) read the same values.
 */
export const AFFILIATE_STATUSES = ['invited', 'active', 'paused', 'disabled'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const ATTRIBUTION_MODELS = ['first_click', 'last_click'] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

export const OFFER_STATUSES = ['offered', 'accepted', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const CONVERSION_KINDS = ['team', 'gift'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
/** `link`: the visitor came through the affiliate's link; `organization`: a gift to an organization they brought. */
export const CONVERSION_SOURCES = ['link', 'organization'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'voided'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const PAYOUT_METHODS = ['check', 'bank', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_REQUEST_STATUSES = ['requested', 'paid', 'declined'] as const;

export const AFFILIATE_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  termsMax: 20_000,
  bioMax: 2000,
  websiteMax: 300,
  phoneMax: 30,
  payoutToMax: 300,
  referenceMax: 120,
  noteMax: 1000,
  /** Basis points: 10000 = 100 %. */
  bpsMax: 10_000,
  flatMaxCents: 10_000_000,
  qualifyMaxCents: 100_000_000,
  windowDaysMin: 1,
  windowDaysMax: 365,
  dueDaysMax: 365,
  minPayoutMaxCents: 10_000_000,
  /** An invitation link works this many days, once. */
  invitationDays: 14,
  /** Organizations attached in one bulk call. */
  bulkMax: 200,
} as const;

/** The query parameter that carries an affiliate's web address on any public page (`?ref=ava`). */
export const REFERRAL_PARAM = 'ref';
/** The first-party cookie holding the visitor's random id (never the affiliate, never personal data). */
export const REFERRAL_COOKIE = 'fc_ref';
/** The cookie that records the visitor's answer to the referral notice (`ok` or `no`). */
export const REFERRAL_CONSENT_COOKIE = 'fc_ref_consent';

/** "12.5 %" from basis points, for the console and the public terms. */
export const bpsToPercent = (bps: number) => bps / 100;
