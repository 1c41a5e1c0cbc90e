/**
 * Sessions are refresh-token families. Refresh tokens are opaque random strings stored as SHA-256
 * hashes and rotate on every use; presenting a used one revokes the whole family (RFC 6819
 * §5.2.2.3), ending every access token issued in it.
 */
import { randomUUID } from 'node:crypto';
import { type Db, refreshTokens, sessions, users } from '@fc/db';
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

async function newRefreshToken(db: Db, sessionId: string, s: TokenSettings): Promise<string> {
  const token = randomToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: sha256(token), expiresAt: fromNow(days(s.refreshTtlDays)) });
  return token;
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

export async function rotateRefreshToken(db: Db, s: TokenSettings, presented: string) {
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
  const invalid = () => unauthorized('Your session has ended. Please sign in again.', 'REFRESH_INVALID');
  if (!row || row.revokedAt || row.deletedAt || row.status === 'disabled') throw invalid();
  if (row.usedAt) {
    await revokeSession(db, row.sessionId, 'refresh_reuse');
    throw invalid();
  }
  if (row.expiresAt.getTime() < Date.now()) throw invalid();
  // Claim the token atomically: of two concurrent uses only one wins, the other is a reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeSession(db, row.sessionId, 'refresh_reuse');
    throw invalid();
  }
  const refreshToken = await newRefreshToken(db, row.sessionId, s);
  const accessToken = await signAccessToken(
    s.key,
    { userId: row.userId, sessionId: row.sessionId },
    s.accessTtlSeconds,
  );
  return { accessToken, refreshToken };
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
