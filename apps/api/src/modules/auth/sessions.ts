/**
 * Sessions are refresh-token families. Refresh tokens are opaque random strings stored as SHA-256
 * hashes and rotate on every use; presenting a used one revokes the whole family (RFC 6819
 * §5.2.2.3), ending every access token issued in it.
 *
 * A refresh whose answer never reached the client (the page reloaded or closed while the call
 * was in flight) is not a reuse: the client sends a `retryKey` it chose and kept with the token,
 * the successor token is derived from the presented token and that key, and presenting the same
 * pair again within RETRY_WINDOW_MS, while the successor is unused, answers with that same
 * successor (decision 002). Without the key, or with another, a used token still ends the family.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { type Db, refreshTokens, sessions, type Tx, users } from '@fc/db';
import { and, eq, isNull } from 'drizzle-orm';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { days, fromNow } from '../../lib/time.js';
import { signAccessToken } from './jwt.js';

export interface TokenSettings {
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/** How long after a refresh its lost answer may be asked for again (a reload takes seconds). */
export const RETRY_WINDOW_MS = 5 * 60_000;

async function newRefreshToken(
  db: Db | Tx,
  sessionId: string,
  s: TokenSettings,
  token = randomToken(),
): Promise<string> {
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: sha256(token), expiresAt: fromNow(days(s.refreshTtlDays)) });
  return token;
}

/** The successor of `presented` for a refresh sent with `retryKey`: the same for every retry. */
function successorFor(s: TokenSettings, presented: string, retryKey: string): string {
  return createHmac('sha256', s.key).update(`refresh-retry\0${presented}\0${retryKey}`).digest('base64url');
}

export async function startSession(
  db: Db,
  s: TokenSettings,
  userId: number,
  profile: { role: string; organizationId: number | null },
  meta: { ip: string; userAgent?: string | undefined },
): Promise<IssuedTokens> {
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    role: profile.role,
    organizationId: profile.organizationId,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  const refreshToken = await newRefreshToken(db, sessionId, s);
  const accessToken = await signAccessToken(s.key, { userId, sessionId }, s.accessTtlSeconds);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return { accessToken, refreshToken, sessionId };
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, reason: string, exceptSessionId?: string) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const r of rows) if (r.id !== exceptSessionId) await revokeSession(db, r.id, reason);
}

export async function rotateRefreshToken(db: Db, s: TokenSettings, presented: string, retryKey?: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
      deletedAt: users.deletedAt,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row || row.revokedAt || row.deletedAt || row.status === 'disabled') throw refreshInvalid();
  const successor = retryKey ? successorFor(s, presented, retryKey) : randomToken();
  if (row.usedAt) return answerRetry(db, s, row, row.usedAt, successor, retryKey);
  if (row.expiresAt.getTime() < Date.now()) throw refreshInvalid();
  // Claim the token atomically: of two concurrent uses only one wins, the other is a reuse (or,
  // with the same retry key, a retry: the claim and the successor commit together, so it finds it).
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (rows.length > 0) await newRefreshToken(tx, row.sessionId, s, successor);
    return rows.length > 0;
  });
  if (!claimed) return answerRetry(db, s, row, new Date(), successor, retryKey);
  const accessToken = await signAccessToken(
    s.key,
    { userId: row.userId, sessionId: row.sessionId },
    s.accessTtlSeconds,
  );
  return { accessToken, refreshToken: successor };
}

const refreshInvalid = () => unauthorized('Your session has ended. Please sign in again.', 'REFRESH_INVALID');

/**
 * A used token presented again: the retry of a refresh whose answer was lost gets that answer's
 * refresh token again (still unused) with a new access token; anything else is a reuse.
 */
async function answerRetry(
  db: Db,
  s: TokenSettings,
  row: { sessionId: string; userId: number },
  usedAt: Date,
  successor: string,
  retryKey: string | undefined,
) {
  if (retryKey && Date.now() - usedAt.getTime() <= RETRY_WINDOW_MS) {
    const [next] = await db
      .select({ usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(successor)), eq(refreshTokens.sessionId, row.sessionId)));
    if (next && !next.usedAt && next.expiresAt.getTime() >= Date.now()) {
      const accessToken = await signAccessToken(
        s.key,
        { userId: row.userId, sessionId: row.sessionId },
        s.accessTtlSeconds,
      );
      return { accessToken, refreshToken: successor };
    }
  }
  await revokeSession(db, row.sessionId, 'refresh_reuse');
  throw refreshInvalid();
}

/** The session a refresh token belongs to, if it is the caller's (used by logout). */
export async function sessionOfRefreshToken(
  db: Db,
  token: string,
): Promise<{ sessionId: string; userId: number } | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row ?? null;
}
