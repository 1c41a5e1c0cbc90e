/** Personal API key queries (decision 020); no access decisions here (the service makes them). */
import { apiKeys, type Db, organizations } from '@fc/db';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { recordWithin } from '../../lib/throttle.js';

/** Not revoked and not past its expiry, at the database's clock. */
const isActive = and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)));

const keyColumns = {
  id: apiKeys.id,
  label: apiKeys.label,
  prefix: apiKeys.prefix,
  role: apiKeys.role,
  organizationName: organizations.name,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  useCount: apiKeys.useCount,
  revokedAt: apiKeys.revokedAt,
};

/** A user's keys, newest first (revoked and expired ones stay listed). */
export function listKeys(db: Db, userId: number) {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

export async function keyById(db: Db, userId: number, id: number): Promise<KeyRow | null> {
  const [row] = await db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function countActive(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isActive));
  return row?.n ?? 0;
}

export interface NewKey {
  userId: number;
  label: string;
  prefix: string;
  tokenHash: string;
  role: string;
  organizationId: number | null;
  expiresAt: Date | null;
}

/**
 * Inserts a key unless the owner already holds `max` active ones. The owner's keys are counted
 * under a transaction-scoped advisory lock, so two parallel creates cannot both pass at `max - 1`.
 * Returns the new id, or null when the limit is reached.
 */
export function insertKey(db: Db, key: NewKey, max: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${key.userId}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, key.userId), isActive));
    if ((row?.n ?? 0) >= max) return null;
    const [created] = await tx.insert(apiKeys).values(key).returning({ id: apiKeys.id });
    return created!.id;
  });
}

/** Revokes one of the user's keys; true when it was active until now (a second revoke is a no-op). */
export async function revokeKey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes every active key of a user; returns how many. */
export async function revokeAllKeys(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

/**
 * The authentication step, in one transaction (one commit): finds a usable key by the hash of the
 * presented secret and records the use (UPDATE … RETURNING), then counts the request against the
 * key's throttle. The UPDATE's row lock serialises the requests of one key across instances, so
 * the count-then-record cannot let a burst through. Null when no usable key has this hash;
 * `allowed` false when the throttle's limit is reached (the use is still recorded).
 */
export function useKey(db: Db, tokenHash: string, throttle: { limit: number; windowMs: number }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()`, useCount: sql`${apiKeys.useCount} + 1` })
      .where(and(eq(apiKeys.tokenHash, tokenHash), isActive))
      .returning({
        id: apiKeys.id,
        userId: apiKeys.userId,
        role: apiKeys.role,
        organizationId: apiKeys.organizationId,
      });
    if (!row) return null;
    const allowed = await recordWithin(tx, `api-key:${row.id}`, throttle.limit, throttle.windowMs);
    return { ...row, allowed };
  });
}

/** Why a presented secret is not usable (only read when `useKey` found nothing). */
export async function keyStateByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, tokenHash));
  return row ?? null;
}
