/**
 * Affiliates (issue 16, decision 018): programs (commission terms), offers, affiliates, their
 * invitations, the organizations they brought, the clicks on their links, and the conversions
 * (each with its commission). Re-exported by schema.ts, so migrations are generated from both.
 *
 * Money is integer cents; rates are basis points (1 % = 100). A commission is a row of
 * `affiliate_conversions`: one per approved team registration (unique `registration_id`) and one
 * per gift (unique `donation_id`), so a replayed event can never credit twice.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { donations, organizations, teamRegistrations, users } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

/**
 * A program: the terms a platform admin defines. `gift_share_bps` is the affiliate's share of the
 * platform fee on an attributed gift's kept amount; `team_flat_cents` is earned once per approved
 * team that raises at least `team_qualify_cents`. `attribution` is `first_click` or `last_click`.
 * `terms_version` goes up by one whenever `terms` changes; accepted versions stay in
 * `affiliate_program_terms`.
 */
export const affiliatePrograms = pgTable('affiliate_programs', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  description: text('description'),
  giftShareBps: integer('gift_share_bps').notNull().default(0),
  teamFlatCents: integer('team_flat_cents').notNull().default(0),
  teamQualifyCents: integer('team_qualify_cents').notNull().default(0),
  windowDays: smallint('window_days').notNull().default(30),
  attribution: varchar('attribution', { length: 12 }).notNull().default('last_click'),
  minPayoutCents: integer('min_payout_cents').notNull().default(0),
  dueDays: smallint('due_days').notNull().default(30),
  termsVersion: integer('terms_version').notNull().default(1),
  terms: text('terms').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every version of a program's terms text (the one an offer was accepted under stays readable). */
export const affiliateProgramTerms = pgTable(
  'affiliate_program_terms',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => affiliatePrograms.id),
    version: integer('version').notNull(),
    terms: text('terms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_program_terms_uq').on(t.programId, t.version)],
);

/**
 * An affiliate: `invited` until the invitation is used, then `active`; staff may pause (no new
 * conversions; the public page stays) or disable (the public page is gone, nothing is earned).
 * `user_id` is set at activation (the user gains the affiliate profile). `search` is the
 * lower-cased first and last name, e-mail and web address that the list matches.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    /** Stored lower-cased: the invitation goes here, and a gift or registration from it is self-referral. */
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    /** The public page `/affiliate/{slug}` (checked by `GET /affiliate/validate-url/{url}`). */
    slug: varchar('slug', { length: 120 }).notNull(),
    website: varchar('website', { length: 300 }),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    status: varchar('status', { length: 10 }).notNull().default('invited'),
    /** `check`, `bank` or `paypal`; `payout_to` is the payee (name and address, PayPal e-mail, or bank name and last four). */
    payoutMethod: varchar('payout_method', { length: 10 }),
    payoutTo: varchar('payout_to', { length: 300 }),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    search: text('search').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('affiliates_slug_uq').on(t.slug),
    uniqueIndex('affiliates_email_uq').on(t.email),
    uniqueIndex('affiliates_user_uq').on(t.userId),
    index('affiliates_status_idx').on(t.status, t.lastName, t.firstName),
    index('affiliates_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** A program offered to an affiliate: `offered`, `accepted` (with the terms version and time) or `withdrawn`. */
export const affiliateOffers = pgTable(
  'affiliate_offers',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    programId: integer('program_id')
      .notNull()
      .references(() => affiliatePrograms.id),
    status: varchar('status', { length: 10 }).notNull().default('offered'),
    offeredByUserId: integer('offered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: at('accepted_at'),
    acceptedTermsVersion: integer('accepted_terms_version'),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('affiliate_offers_open_uq').on(t.affiliateId, t.programId).where(sql`${t.status} <> 'withdrawn'`),
  ],
);

/**
 * A single-use invitation link `/affiliate/activate/{token}`: `token_hash` is the sha256 of the
 * secret (never the secret). A new invitation makes the earlier ones unusable (`replaced_at`).
 */
export const affiliateInvitations = pgTable(
  'affiliate_invitations',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    offerId: integer('offer_id').references(() => affiliateOffers.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    replacedAt: at('replaced_at'),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_invitations_token_uq').on(t.tokenHash),
    index('affiliate_invitations_affiliate_idx').on(t.affiliateId),
  ],
);

/** An organization an affiliate brought (one affiliate per organization), with an optional share override. */
export const organizationAffiliates = pgTable(
  'organization_affiliates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    /** Replaces the program's `gift_share_bps` for gifts to this organization and below it. */
    giftShareBpsOverride: integer('gift_share_bps_override'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_affiliates_org_uq').on(t.organizationId),
    index('organization_affiliates_affiliate_idx').on(t.affiliateId),
  ],
);

/**
 * A visit through an affiliate's link: `/affiliate/{slug}` or any public page with `?ref={slug}`.
 * `visitor_id` is the random id in the visitor's first-party cookie (no IP address is kept);
 * `landing_path` is the page (without its query) for the per-link figures.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    visitorId: varchar('visitor_id', { length: 40 }),
    landingPath: varchar('landing_path', { length: 300 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('affiliate_clicks_visitor_idx').on(t.visitorId, t.createdAt),
    index('affiliate_clicks_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);

/**
 * A conversion and its commission. `kind` `team` (an approved team registration: `registration_id`)
 * or `gift` (a completed gift: `donation_id`); `source` `link` (the visitor's click, `click_id`) or
 * `organization` (a gift to an organization the affiliate brought). Status: `pending` (earned, not
 * yet due: `due_at`), `approved` (due), `paid` (`paid_at`, `payment_reference`), `voided` (refunded
 * or cancelled; `clawback_cents` is what was already paid and is taken off the next payment).
 * A team conversion earns only once the team has raised `team_qualify_cents` (`qualified_at`).
 */
export const affiliateConversions = pgTable(
  'affiliate_conversions',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    programId: integer('program_id')
      .notNull()
      .references(() => affiliatePrograms.id),
    kind: varchar('kind', { length: 6 }).notNull(),
    source: varchar('source', { length: 12 }).notNull(),
    registrationId: integer('registration_id').references(() => teamRegistrations.id, { onDelete: 'set null' }),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    clickId: integer('click_id').references(() => affiliateClicks.id, { onDelete: 'set null' }),
    /** The gift's kept amount (gift minus refunds), or the team's raised total when it qualified. */
    baseCents: integer('base_cents').notNull().default(0),
    commissionCents: integer('commission_cents').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    qualifiedAt: at('qualified_at'),
    dueAt: at('due_at'),
    approvedAt: at('approved_at'),
    paidAt: at('paid_at'),
    paymentReference: varchar('payment_reference', { length: 120 }),
    paidByUserId: integer('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: at('voided_at'),
    voidReason: varchar('void_reason', { length: 40 }),
    clawbackCents: integer('clawback_cents').notNull().default(0),
    /** Set when a later payment took the clawback off. */
    clawbackSettledAt: at('clawback_settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('affiliate_conversions_registration_uq').on(t.registrationId),
    uniqueIndex('affiliate_conversions_donation_uq').on(t.donationId),
    index('affiliate_conversions_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('affiliate_conversions_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** An affiliate's request to be paid what is approved (`requested`, then `paid` or `declined`). */
export const affiliatePayoutRequests = pgTable(
  'affiliate_payout_requests',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id),
    amountCents: integer('amount_cents').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('requested'),
    note: text('note'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    reference: varchar('reference', { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('affiliate_payout_requests_affiliate_idx').on(t.affiliateId, t.createdAt),
    uniqueIndex('affiliate_payout_requests_open_uq').on(t.affiliateId).where(sql`${t.status} = 'requested'`),
  ],
);
