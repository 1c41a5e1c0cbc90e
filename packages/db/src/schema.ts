/**
 * Database schema (Drizzle). Migrations are generated from this file with `npm run db:generate`
 * and committed; a landed migration is never edited.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { affiliateClicks, affiliates } from './schema-affiliates.js';

export * from './schema-account.js';
export * from './schema-affiliates.js';
export * from './schema-band.js';
export * from './schema-sponsorships.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    avatarUrl: text('avatar_url'),
    /** `super_admin` or `fys_sales`; null for everyone else (DECISIONS §3). */
    staffRole: varchar('staff_role', { length: 20 }),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    /** The language of the user's e-mails when it differs from the console's (issue 18); null = `language`. */
    emailLanguage: varchar('email_language', { length: 2 }),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_live_uq').on(t.email).where(sql`${t.deletedAt} is null`)],
);

/** The organization tree: type 1 organization, 2 league, 3 team, 4 division (DECISIONS §2). */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    typeId: smallint('type_id').notNull(),
    name: varchar('name', { length: 160 }).notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
    parentId: integer('parent_id'),
    salesUserId: integer('sales_user_id').references(() => users.id),
    logoUrl: text('logo_url'),
    /** `active` or `inactive`. */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    description: text('description'),
    contactEmail: varchar('contact_email', { length: 254 }),
    phone: varchar('phone', { length: 30 }),
    website: varchar('website', { length: 300 }),
    city: varchar('city', { length: 100 }),
    region: varchar('region', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_slug_uq').on(t.slug),
    index('organizations_parent_idx').on(t.parentId),
    index('organizations_type_name_idx').on(t.typeId, t.name),
    index('organizations_sales_idx').on(t.salesUserId),
  ],
);

/** Organization profiles: a user's role attached to one node of the tree. */
export const organizationUsers = pgTable(
  'organization_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    role: varchar('role', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_users_user_org_uq').on(t.userId, t.organizationId),
    index('organization_users_org_idx').on(t.organizationId),
  ],
);

/** Fundraiser, donor and affiliate profiles of a user (at most one of each type). */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: varchar('type', { length: 12 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_profiles_user_type_uq').on(t.userId, t.type)],
);

/** Players (fundraisers) managed by a parent's fundraiser profile. */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    guardianUserId: integer('guardian_user_id').references(() => users.id),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    parentFirstName: varchar('parent_first_name', { length: 80 }),
    parentLastName: varchar('parent_last_name', { length: 80 }),
    /** The parent's email: where invitations go, and half of the import's natural key. */
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    fundraisingReason: text('fundraising_reason'),
    slug: varchar('slug', { length: 120 }).notNull(),
    avatarUrl: text('avatar_url'),
    /** Optional; a player whose age is unknown is treated as under 13 (decision 007). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** A parent allows the player on public leaderboards and searches (players under 13 need it). */
    publicListing: boolean('public_listing').notNull().default(false),
    /** A parent allows the full last name on public pages (default: last initial only). */
    showFullName: boolean('show_full_name').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_slug_uq').on(t.slug),
    index('players_guardian_idx').on(t.guardianUserId),
    index('players_email_idx').on(t.email),
  ],
);

/**
 * A player on a division's roster (the spec's "organization fundraiser"). The same player may
 * play in several divisions; `natural_key` (lower-cased first name, last name and parent email)
 * is unique per division so re-importing a roster never duplicates anyone.
 */
export const organizationFundraisers = pgTable(
  'organization_fundraisers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    naturalKey: varchar('natural_key', { length: 420 }).notNull(),
    /** When the parent was last sent an invitation (null: not yet). Status comes from the parent's account. */
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_fundraisers_org_player_uq').on(t.organizationId, t.playerId),
    uniqueIndex('organization_fundraisers_org_key_uq').on(t.organizationId, t.naturalKey),
    index('organization_fundraisers_player_idx').on(t.playerId),
  ],
);

/** A sign-in session = a refresh-token family. Access tokens name it; revoking it ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: varchar('role', { length: 20 }).notNull(),
    organizationId: integer('organization_id'),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: varchar('revoked_reason', { length: 40 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use, expiring, hashed tokens: password reset, email confirm, activation, login links. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Every email the product sends; the outbox transport stops here, SMTP also delivers. */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: varchar('template', { length: 40 }).notNull(),
    /** Where a reply goes when it is not the sender (a Contact-Us notification: the visitor). */
    replyTo: varchar('reply_to', { length: 254 }),
    meta: jsonb('meta'),
    transport: varchar('transport', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('emails_to_idx').on(t.to)],
);

/** Throttle events (login, forgot password) kept in the database so every instance sees them. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 300 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_events_key_idx').on(t.key, t.createdAt)],
);

/** Key/value facts about the installation (e.g. whether the first admin was created). */
export const systemSettings = pgTable('system_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A fundraising campaign, owned by one node of the tree. `draft` and `active` both count as
 * active (spec §4); `closed` has ended. Public pages show active and closed campaigns.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    title: varchar('title', { length: 160 }).notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    goalCents: integer('goal_cents').notNull().default(0),
    /** The personal goal a player starts with (each family may change theirs). */
    playerGoalCents: integer('player_goal_cents'),
    shortDescription: varchar('short_description', { length: 300 }),
    story: text('story'),
    logoUrl: text('logo_url'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_slug_uq').on(t.slug),
    index('campaigns_org_idx').on(t.organizationId),
    index('campaigns_status_idx').on(t.status),
  ],
);

/** Divisions taking part in a campaign: the rosters players are added from. */
export const campaignDivisions = pgTable(
  'campaign_divisions',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
  },
  (t) => [
    uniqueIndex('campaign_divisions_uq').on(t.campaignId, t.organizationId),
    index('campaign_divisions_org_idx').on(t.organizationId),
  ],
);

/** Other nodes a campaign is shared with: their managers see it and add their own players. */
export const organizationCampaigns = pgTable(
  'organization_campaigns',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_campaigns_uq').on(t.campaignId, t.organizationId),
    index('organization_campaigns_org_idx').on(t.organizationId),
  ],
);

/**
 * A player taking part in a campaign (the spec's "campaign fundraiser"): their public page
 * (`slug`), personal goal and reason, and the invitation sent to the family.
 */
export const campaignFundraisers = pgTable(
  'campaign_fundraisers',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** The roster the player was added from (null when added directly). */
    divisionId: integer('division_id').references(() => organizations.id),
    slug: varchar('slug', { length: 120 }).notNull(),
    goalCents: integer('goal_cents'),
    fundraisingReason: text('fundraising_reason'),
    /** sha256 of the single-use invitation token; null once accepted or never sent. */
    inviteTokenHash: varchar('invite_token_hash', { length: 64 }),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_fundraisers_campaign_player_uq').on(t.campaignId, t.playerId),
    uniqueIndex('campaign_fundraisers_slug_uq').on(t.slug),
    uniqueIndex('campaign_fundraisers_invite_uq').on(t.inviteTokenHash),
    index('campaign_fundraisers_player_idx').on(t.playerId),
    index('campaign_fundraisers_division_idx').on(t.divisionId),
  ],
);

/**
 * People a family invites to donate to a player's campaign page. `trackToken` rides on the
 * invitation link so the family sees who opened it; "donated" comes from the donations.
 */
export const fundraiserContacts = pgTable(
  'fundraiser_contacts',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    name: varchar('name', { length: 160 }).notNull(),
    /** Stored lower-cased. */
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    trackToken: varchar('track_token', { length: 32 }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fundraiser_contacts_player_campaign_email_uq').on(t.playerId, t.campaignId, t.email),
    uniqueIndex('fundraiser_contacts_track_uq').on(t.trackToken),
    index('fundraiser_contacts_campaign_idx').on(t.campaignId),
  ],
);

/** Amounts a campaign asks each family to pay (DECISIONS §5), paid through the checkout. */
export const feeRequests = pgTable(
  'fee_requests',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    label: varchar('label', { length: 120 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('fee_requests_campaign_idx').on(t.campaignId)],
);

/**
 * A donor: one row per email (stored lower-cased), whether or not they have an account. Staff see
 * a donor's gifts in their scope through `GET /donor/{id}`.
 */
export const donors = pgTable(
  'donors',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    /** The account that gave while signed in (or the one a Donor profile belongs to). */
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('donors_email_uq').on(t.email), index('donors_user_idx').on(t.userId)],
);

/**
 * Donations (DECISIONS §5): status 0 pending, 1 completed, 2 failed, 3 refunded, 4 cancelled.
 * Amounts are integer cents: `amount_cents` is the gift, `cover_fee_cents` what the donor added so
 * the organization nets the gift, and the card is charged their sum. Refunds come out of the gift
 * first (`refunded_cents`, which every total subtracts), then the covered fee
 * (`refunded_fee_cents`). `kind` 'fee' rows are fee-request payments: money for the organization,
 * not gifts, so they never count in raised totals.
 */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id used in every public URL. */
    publicId: varchar('public_id', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().default('gift'),
    /** Every gift and fee payment has one; a sponsorship of a node (not of a campaign) has none (decision 019). */
    campaignId: integer('campaign_id').references(() => campaigns.id),
    campaignFundraiserId: integer('campaign_fundraiser_id').references(() => campaignFundraisers.id),
    /** The node credited: the campaign's owner (its payout account receives the money). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The roster the player was on when the gift was made: division staff see these gifts. */
    divisionId: integer('division_id').references(() => organizations.id),
    feeRequestId: integer('fee_request_id').references(() => feeRequests.id),
    contactId: integer('contact_id').references(() => fundraiserContacts.id),
    donorId: integer('donor_id').references(() => donors.id),
    amountCents: integer('amount_cents').notNull(),
    coverFeeCents: integer('cover_fee_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedFeeCents: integer('refunded_fee_cents').notNull().default(0),
    /** What the payment provider kept (known once the charge succeeds). */
    processingFeeCents: integer('processing_fee_cents').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    status: smallint('status').notNull().default(0),
    /** `card` or `offline` (cash or check entered by staff). */
    method: varchar('method', { length: 10 }).notNull().default('card'),
    /** `sandbox` or `stripe` for cards; null for offline gifts. */
    provider: varchar('provider', { length: 10 }),
    paymentIntentId: varchar('payment_intent_id', { length: 255 }),
    /** The intent's client secret: the spec's abandoned-cart `paymentStatus`. */
    clientSecret: text('client_secret'),
    /** The provider's last known intent status (requires_payment_method, processing, succeeded, canceled). */
    intentStatus: varchar('intent_status', { length: 40 }),
    failureCode: varchar('failure_code', { length: 60 }),
    failureMessage: text('failure_message'),
    /** `card` (the donor's bank said no) or `platform` (our side failed: no reminder follows). */
    failureSource: varchar('failure_source', { length: 10 }),
    donorUserId: integer('donor_user_id').references(() => users.id),
    donorFirstName: varchar('donor_first_name', { length: 80 }).notNull(),
    donorLastName: varchar('donor_last_name', { length: 80 }).notNull(),
    /** Stored lower-cased. */
    donorEmail: varchar('donor_email', { length: 254 }).notNull(),
    /** The donor asked not to be named publicly. */
    anonymous: boolean('anonymous').notNull().default(false),
    message: text('message'),
    /** The donor's language: receipts and reminders are written in it. */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    receiptNumber: varchar('receipt_number', { length: 24 }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true, mode: 'date' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    /** Staff who entered an offline gift, and its reference (check number, "cash at game"). */
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id),
    offlineReference: varchar('offline_reference', { length: 120 }),
    /** The affiliate link the donor arrived through, when its window was still open at checkout (issue 16). */
    affiliateClickId: integer('affiliate_click_id').references(() => affiliateClicks.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('donations_campaign_ck', sql`${t.campaignId} is not null or ${t.kind} = 'sponsor'`),
    uniqueIndex('donations_public_id_uq').on(t.publicId),
    uniqueIndex('donations_intent_uq').on(t.paymentIntentId),
    uniqueIndex('donations_receipt_uq').on(t.receiptNumber),
    index('donations_campaign_status_idx').on(t.campaignId, t.status),
    index('donations_cf_idx').on(t.campaignFundraiserId),
    index('donations_org_created_idx').on(t.organizationId, t.createdAt),
    index('donations_division_idx').on(t.divisionId),
    index('donations_email_idx').on(t.donorEmail),
    index('donations_donor_idx').on(t.donorId),
    index('donations_donor_user_idx').on(t.donorUserId),
    index('donations_created_idx').on(t.createdAt),
    index('donations_reminder_idx').on(t.status, t.createdAt).where(sql`${t.reminderSentAt} is null`),
    // The unfinished-donation retention job (modules/donations/retention.ts) walks these in id order:
    // never-paid attempts whose donor details are still there (purged ones leave the index).
    index('donations_unfinished_idx')
      .on(t.id)
      .where(
        sql`${t.status} in (0, 2, 4) and ${t.completedAt} is null and ${t.donorEmail} <> 'removed@removed.invalid'`,
      ),
  ],
);

/** A donation's timeline: what happened to it, in order (created, intent, provider events, staff actions). */
export const donationEvents = pgTable(
  'donation_events',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id),
    kind: varchar('kind', { length: 30 }).notNull(),
    message: text('message'),
    amountCents: integer('amount_cents'),
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('donation_events_donation_idx').on(t.donationId, t.createdAt)],
);

/**
 * Every payment-provider event received (webhook or sandbox). The unique (provider, event id)
 * is what makes a replayed delivery a no-op.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 10 }).notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 80 }).notNull(),
    donationId: integer('donation_id').references(() => donations.id),
    payload: jsonb('payload').notNull(),
    outcome: varchar('outcome', { length: 40 }),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('provider_events_event_uq').on(t.provider, t.eventId),
    index('provider_events_donation_idx').on(t.donationId),
  ],
);

/** Refunds asked of the provider. `request_key` makes a repeated staff request one refund. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id),
    /** Charge cents returned to the donor by this refund. */
    amountCents: integer('amount_cents').notNull(),
    requestKey: varchar('request_key', { length: 80 }).notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    /** pending, succeeded, failed */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    reason: text('reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_request_uq').on(t.requestKey),
    uniqueIndex('refunds_provider_uq').on(t.providerRefundId),
    index('refunds_donation_idx').on(t.donationId),
  ],
);

/** A node's payout account at the provider (Stripe Connect account, or a sandbox one). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: varchar('provider', { length: 10 }).notNull(),
    accountId: varchar('account_id', { length: 255 }).notNull(),
    /** pending (onboarding not finished), verified (payouts enabled), restricted */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_org_uq').on(t.organizationId),
    uniqueIndex('payout_accounts_account_uq').on(t.accountId),
  ],
);

/** Money moved from the platform to a node's payout account (`POST /stripe/processTransfers`). */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    accountId: varchar('account_id', { length: 255 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    providerTransferId: varchar('provider_transfer_id', { length: 255 }),
    /** pending, succeeded, failed */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfers_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('transfers_provider_uq').on(t.providerTransferId),
  ],
);

/** Money paid from a node's payout account to its bank (`POST /stripe/{account}/payout`). */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    accountId: varchar('account_id', { length: 255 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    providerPayoutId: varchar('provider_payout_id', { length: 255 }),
    /** pending, paid, failed */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    failureMessage: text('failure_message'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('payouts_provider_uq').on(t.providerPayoutId),
  ],
);

/**
 * The double-entry ledger (RELIABILITY row 11). A transaction's entries sum to zero; `key` is
 * unique, so an effect (a completion, a refund level, a transfer, a payout) is booked at most once
 * however many times its cause is delivered. Accounts: `donor_funds` (money in from donors,
 * negative), `provider_fees`, `org_pending` (owed to a node, held by the platform),
 * `org_available` (in the node's payout account), `org_paid_out`, `org_offline` (collected by
 * the node itself: cash and checks).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 160 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    donationId: integer('donation_id').references(() => donations.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    transferId: integer('transfer_id').references(() => transfers.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_uq').on(t.key),
    index('ledger_transactions_donation_idx').on(t.donationId),
    index('ledger_transactions_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: varchar('account', { length: 20 }).notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.transactionId),
    index('ledger_entries_account_org_idx').on(t.organizationId, t.account),
  ],
);

/**
 * The sandbox payment provider's own records (intents, refunds, accounts, transfers, payouts),
 * kept in the database so every instance sees one provider, and its idempotency keys.
 */
export const sandboxObjects = pgTable('sandbox_objects', {
  id: varchar('id', { length: 64 }).primaryKey(),
  kind: varchar('kind', { length: 20 }).notNull(),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sandboxIdempotency = pgTable('sandbox_idempotency', {
  key: varchar('key', { length: 255 }).primaryKey(),
  /** What the first request asked for: a different request with the same key is refused, as Stripe does. */
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});

/**
 * Roll-ups of a node's whole subtree (decision 009), kept by statement-level triggers on the
 * tables they count (migration 0004), so every write path keeps them true. Node counts exclude
 * the node itself; money and donors follow `modules/campaigns/totals.ts`. Never written by the
 * application; `fc_rollup_rebuild()` recomputes them and `fc_rollup_drift()` checks them.
 */
export const orgRollups = pgTable('org_rollups', {
  organizationId: integer('organization_id').primaryKey(),
  leagues: integer('leagues').notNull().default(0),
  teams: integer('teams').notNull().default(0),
  divisions: integer('divisions').notNull().default(0),
  /** Distinct players on rosters in the subtree (rows of `org_rollup_players`). */
  players: integer('players').notNull().default(0),
  /** Distinct live users with a membership in the subtree (rows of `org_rollup_members`). */
  members: integer('members').notNull().default(0),
  activeCampaigns: integer('active_campaigns').notNull().default(0),
  raisedCents: bigint('raised_cents', { mode: 'number' }).notNull().default(0),
  /** Distinct donor emails of counting gifts in the subtree (rows of `org_rollup_donors`). */
  donors: integer('donors').notNull().default(0),
});

/**
 * Reference counts behind the distinct figures: how many roster entries, memberships or counting
 * gifts in the node's subtree name this player, user or donor. A figure changes only when a
 * count leaves or reaches zero; rows at zero are deleted (the partial index finds them).
 */
export const orgRollupPlayers = pgTable(
  'org_rollup_players',
  {
    organizationId: integer('organization_id').notNull(),
    playerId: integer('player_id').notNull(),
    refs: integer('refs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.playerId] }),
    index('org_rollup_players_zero_idx').on(t.organizationId).where(sql`${t.refs} <= 0`),
  ],
);

export const orgRollupMembers = pgTable(
  'org_rollup_members',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    refs: integer('refs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('org_rollup_members_zero_idx').on(t.organizationId).where(sql`${t.refs} <= 0`),
  ],
);

export const orgRollupDonors = pgTable(
  'org_rollup_donors',
  {
    organizationId: integer('organization_id').notNull(),
    donorEmail: varchar('donor_email', { length: 254 }).notNull(),
    refs: integer('refs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.donorEmail] }),
    index('org_rollup_donors_zero_idx').on(t.organizationId).where(sql`${t.refs} <= 0`),
  ],
);

/** A campaign's money totals (raised, distinct donors, counting gifts), kept like `org_rollups`. */
export const campaignRollups = pgTable('campaign_rollups', {
  campaignId: integer('campaign_id').primaryKey(),
  raisedCents: bigint('raised_cents', { mode: 'number' }).notNull().default(0),
  donors: integer('donors').notNull().default(0),
  donations: integer('donations').notNull().default(0),
  /** Players on the campaign (rows of `campaign_fundraisers`), kept by migration 0007's triggers. */
  players: integer('players').notNull().default(0),
});

export const campaignRollupDonors = pgTable(
  'campaign_rollup_donors',
  {
    campaignId: integer('campaign_id').notNull(),
    donorEmail: varchar('donor_email', { length: 254 }).notNull(),
    refs: integer('refs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.donorEmail] }),
    index('campaign_rollup_donors_zero_idx').on(t.campaignId).where(sql`${t.refs} <= 0`),
  ],
);

/**
 * Manual onboarding tasks of a node (`/apps/todo`, issue 13). The automatic items of the
 * checklist are not stored: they are facts read from the tables (payout account, roster,
 * campaigns, invitations, gifts) each time the list is read.
 */
export const orgTasks = pgTable(
  'org_tasks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    /** Lower-case tags, at most 10 (`/apps/todo/tag/{tag}`). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedByUserId: integer('completed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('org_tasks_org_idx').on(t.organizationId, t.completedAt),
    index('org_tasks_assignee_idx').on(t.assigneeUserId),
    index('org_tasks_tags_idx').using('gin', t.tags),
  ],
);

/**
 * Reminders sent to the family of a player at risk from a dashboard (issue 13): at most one per
 * family per 24 hours, whoever sends it, on top of the bulk-message limits.
 */
export const nudges = pgTable(
  'nudges',
  {
    id: serial('id').primaryKey(),
    campaignFundraiserId: integer('campaign_fundraiser_id')
      .notNull()
      .references(() => campaignFundraisers.id, { onDelete: 'cascade' }),
    /** The guardian account the message went to (the family). */
    familyUserId: integer('family_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Why the player was at risk when nudged: not_accepted, few_contacts, nothing_raised. */
    reason: varchar('reason', { length: 20 }).notNull(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('nudges_family_idx').on(t.familyUserId, t.createdAt),
    index('nudges_cf_idx').on(t.campaignFundraiserId),
  ],
);

/**
 * Messages sent with the public Contact-Us form (issue 14), read by Super Admin in the console.
 * No network address is kept: the form's throttle counts in `throttle_events` (hashed keys, kept
 * two hours). `handled_at` set = handled; cleared when a message is reopened.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    organization: varchar('organization', { length: 150 }),
    message: text('message').notNull(),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_open_idx').on(t.handledAt)],
);

/**
 * Team registrations (issue 15): the onboarding record of a team signing up alone. Three things
 * kept apart: how far the form got (`step`, `submitted_at`), the decision (`decision`, by whom,
 * when, why) and what approval created (`created_*`). `token_hash` is the sha256 of the draft's
 * secret (the secret itself is never stored; a reminder replaces it). `affiliate_id` and
 * `affiliate_click_id` are the affiliate link the registrant arrived through (issue 16). `search` is the lower-cased text the list searches. The
 * links to nodes and to the campaign are cleared when those are deleted: a record never blocks that.
 */
export const teamRegistrations = pgTable(
  'team_registrations',
  {
    id: serial('id').primaryKey(),
    registrantUserId: integer('registrant_user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    existingTeamId: integer('existing_team_id').references(() => organizations.id, { onDelete: 'set null' }),
    step: smallint('step').notNull().default(1),
    answers: jsonb('answers').notNull().default({}),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    /** `pending` (also before submission), `approved`, `rejected`, `withdrawn`. */
    decision: varchar('decision', { length: 10 }).notNull().default('pending'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    createdOrganizationId: integer('created_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdTeamId: integer('created_team_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdDivisionId: integer('created_division_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdCampaignId: integer('created_campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    salesUserId: integer('sales_user_id').references(() => users.id, { onDelete: 'set null' }),
    affiliateId: integer('affiliate_id').references(() => affiliates.id),
    /** The affiliate link the registrant arrived through (issue 16). */
    affiliateClickId: integer('affiliate_click_id').references(() => affiliateClicks.id, { onDelete: 'set null' }),
    search: text('search').notNull().default(''),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('team_registrations_token_uq').on(t.tokenHash),
    index('team_registrations_status_idx').on(t.decision, t.submittedAt, t.createdAt),
    index('team_registrations_created_idx').on(t.createdAt),
    index('team_registrations_sales_idx').on(t.salesUserId),
    index('team_registrations_registrant_idx').on(t.registrantUserId),
    index('team_registrations_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    index('team_registrations_reminder_idx')
      .on(t.updatedAt)
      .where(sql`${t.submittedAt} is null and ${t.reminderSentAt} is null`),
  ],
);
