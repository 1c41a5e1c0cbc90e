/**
 * Personal API keys and notification choices (issue 18, decision 020). Re-exported by schema.ts,
 * so migrations are generated from both.
 *
 * An API key is stored as a SHA-256 hash of the secret; only its short prefix is kept readable, so
 * the list can tell keys apart. The key acts as its owner with the profile it was created under
 * (`role`, `organization_id`), re-checked on every use exactly like a session's profile.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    label: varchar('label', { length: 80 }).notNull(),
    /** The first characters of the secret (e.g. `fck_3Hq9`), shown in the list. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** SHA-256 (hex) of the whole secret. The secret itself is shown once and never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The profile the key acts with: role id on the wire and, for organization roles, the node. */
    role: varchar('role', { length: 20 }).notNull(),
    organizationId: integer('organization_id'),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_token_uq').on(t.tokenHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A user's choice for one optional e-mail topic. No row means the topic's default (contracts'
 * notification topics). Transactional e-mails (receipts, password, invitations) have no topic.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    topic: varchar('topic', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
