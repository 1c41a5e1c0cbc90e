/**
 * BAND team messaging (issue 18, decision 021). Re-exported by schema.ts, so migrations are
 * generated from both.
 *
 * - `band_accounts`: one linked BAND account per user; its tokens are encrypted at rest
 *   (AES-256-GCM with a key derived from the server secret), never stored in clear.
 * - `band_team_links`: the band a team node posts to, and whose account posts there. A team's link
 *   and its posts go with the node when it is deleted (ON DELETE CASCADE).
 * - `band_posts`: the outbox of messages to a team's band. `event_key` is unique, so the same
 *   event (a campaign's launch, a goal reached...) is queued once however often it is asked for;
 *   the sender claims a row with `locked_until` and retries with backoff.
 * - `band_sandbox_codes` / `band_sandbox_posts`: the sandbox provider's own state (single-use
 *   authorization codes, and the posts it "published"), shared by every instance on one database.
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

export const bandAccounts = pgTable(
  'band_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** BAND's `user_key` of the linked account. */
    bandUserKey: varchar('band_user_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 120 }).notNull().default(''),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: at('access_expires_at').notNull(),
    /** `valid`, or `expired` when a refresh was refused (the user must link again). */
    status: varchar('status', { length: 10 }).notNull().default('valid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('band_accounts_user_uq').on(t.userId),
    uniqueIndex('band_accounts_band_user_uq').on(t.bandUserKey),
  ],
);

export const bandTeamLinks = pgTable('band_team_links', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  bandAccountId: integer('band_account_id')
    .notNull()
    .references(() => bandAccounts.id, { onDelete: 'cascade' }),
  bandKey: varchar('band_key', { length: 100 }).notNull(),
  bandName: varchar('band_name', { length: 200 }).notNull(),
  linkedByUserId: integer('linked_by_user_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bandPosts = pgTable(
  'band_posts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bandKey: varchar('band_key', { length: 100 }).notNull(),
    /** The event this post announces, e.g. `campaign_launch:42`; one post per event. */
    eventKey: varchar('event_key', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    content: text('content').notNull(),
    doPush: boolean('do_push').notNull().default(false),
    /** `queued`, `sending`, `posted`, `failed` (gave up) or `cancelled`. */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: varchar('last_error', { length: 60 }),
    bandPostKey: varchar('band_post_key', { length: 100 }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    postedAt: at('posted_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('band_posts_event_uq').on(t.eventKey),
    index('band_posts_due_idx').on(t.status, t.nextAttemptAt),
    index('band_posts_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const bandSandboxCodes = pgTable(
  'band_sandbox_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    bandUserKey: varchar('band_user_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('band_sandbox_codes_uq').on(t.codeHash)],
);

export const bandSandboxPosts = pgTable(
  'band_sandbox_posts',
  {
    id: serial('id').primaryKey(),
    bandKey: varchar('band_key', { length: 100 }).notNull(),
    postKey: varchar('post_key', { length: 100 }).notNull(),
    bandUserKey: varchar('band_user_key', { length: 100 }).notNull(),
    content: text('content').notNull(),
    doPush: boolean('do_push').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('band_sandbox_posts_band_idx').on(t.bandKey, t.createdAt)],
);
