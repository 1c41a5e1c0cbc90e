/**
 * Database schema (Drizzle). Migrations are generated from this file with `npm run db:generate`
 * and committed; a landed migration is never edited.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    status: varchar('status', { length: 10 }).notNull().default('active'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
