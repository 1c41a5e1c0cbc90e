/**
 * Sponsorships (issue 17, decision 019): opportunities a node or campaign offers, and the units
 * sold. Re-exported by schema.ts, so migrations are generated from both.
 *
 * A unit is paid through the payment engine as a `donations` row of `kind = 'sponsor'` (its
 * `donation_id`): the same checkout, webhooks, ledger, refunds and receipts as a gift, and never
 * counted where a figure says "donations" (every raised total counts `kind = 'gift'` only).
 * Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns, donations, organizations, users } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

/**
 * What a node (organization, league, team, division) or one of its campaigns offers: a price for
 * `quantity` units (null = unlimited), benefits (a list of strings), the fair-market value of those
 * benefits (the part of the price that is not a gift: receipts state price − FMV as deductible),
 * a tier (`presenting`, `gold`, `silver`, `bronze`, `community`: logo size and order) and a
 * placement within the tier (`sort_order`, lower first), active dates, and an image. Status
 * `draft` (not public), `active`, `archived` (not public, sponsors stay shown). `slug` is the
 * public address `/sponsorships/{slug}`.
 */
export const sponsorshipOpportunities = pgTable(
  'sponsorship_opportunities',
  {
    id: serial('id').primaryKey(),
    /** The node that sells it (for a campaign's opportunity, the campaign's node). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    slug: varchar('slug', { length: 120 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity'),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    fairMarketValueCents: integer('fair_market_value_cents').notNull().default(0),
    tier: varchar('tier', { length: 12 }).notNull().default('community'),
    sortOrder: smallint('sort_order').notNull().default(0),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    imageUrl: text('image_url'),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sponsorship_opportunities_slug_uq').on(t.slug),
    index('sponsorship_opportunities_org_idx').on(t.organizationId, t.status),
    index('sponsorship_opportunities_campaign_idx').on(t.campaignId),
  ],
);

/**
 * One unit sold (or being bought). Status: `held` (the buyer is paying; the unit is theirs until
 * `hold_expires_at`), `paid`, `released` (the payment failed, or the hold expired unpaid),
 * `refunded` (the unit returned to inventory), `refund_due` (paid after the hold expired with no
 * unit left: refunded automatically by a job, then `refunded`). A unit counts against the quantity
 * while `paid`, or `held` and not expired. A unit recorded by staff as paid offline has an offline
 * donation (method `offline`, its reference there). After paying, the sponsor gives a display name, website and logo; staff
 * approve the logo before it is shown (`logo_status`: `none`, `submitted`, `approved`, `rejected`
 * with `logo_reject_reason`).
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => sponsorshipOpportunities.id, { onDelete: 'cascade' }),
    /** The payment: a `donations` row of kind `sponsor` (card or offline). */
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id),
    status: varchar('status', { length: 10 }).notNull().default('held'),
    holdExpiresAt: at('hold_expires_at'),
    priceCents: integer('price_cents').notNull(),
    fairMarketValueCents: integer('fair_market_value_cents').notNull().default(0),
    /** The buying business (as typed at checkout); the donor's name and e-mail are on the donation. */
    businessName: varchar('business_name', { length: 120 }),
    displayName: varchar('display_name', { length: 120 }),
    website: varchar('website', { length: 300 }),
    logoUrl: text('logo_url'),
    logoStatus: varchar('logo_status', { length: 10 }).notNull().default('none'),
    logoRejectReason: text('logo_reject_reason'),
    logoDecidedByUserId: integer('logo_decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    logoDecidedAt: at('logo_decided_at'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sponsorships_donation_uq').on(t.donationId),
    index('sponsorships_opportunity_idx').on(t.opportunityId, t.status),
    index('sponsorships_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'held'`),
    index('sponsorships_logo_idx').on(t.logoStatus).where(sql`${t.logoStatus} = 'submitted'`),
  ],
);
