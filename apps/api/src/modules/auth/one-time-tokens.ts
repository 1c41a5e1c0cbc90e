/** Single-use, expiring, hashed tokens sent by email (reset, confirm, activate, one-time login). */
import { authTokens, type Db } from '@fc/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { days, fromNow, hours, minutes } from '../../lib/time.js';

export type TokenPurpose = 'reset' | 'confirm' | 'activate' | 'otl';

export const TOKEN_TTL: Record<TokenPurpose, number> = {
  reset: hours(1),
  confirm: days(7),
  activate: days(7),
  otl: minutes(15),
};

/** Issues a token; earlier unused tokens of the same purpose stop working. */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose): Promise<string> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  const token = randomToken();
  await db
    .insert(authTokens)
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: fromNow(TOKEN_TTL[purpose]) });
  return token;
}

/** Consumes a token exactly once; returns its user id or fails with a message a person can act on. */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<number> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row) {
    throw badRequest('TOKEN_INVALID', 'This link is invalid, expired or already used. Please request a new one.', [
      { path: 'body.token', message: 'Invalid or expired link' },
    ]);
  }
  return row.userId;
}
