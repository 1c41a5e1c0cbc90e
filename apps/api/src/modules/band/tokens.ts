/**
 * A linked account's tokens (decision 021 "Tokens"): sealed at rest with AES-256-GCM under a key
 * derived from the server secret (lib/sealed.ts), opened only to call BAND. `withAccessToken` runs
 * a BAND call with a fresh access token: refreshed first when it has expired, and refreshed once
 * more if BAND answers "token expired"; a refresh BAND refuses (or tokens that no longer open, the
 * server secret having changed) marks the account `expired`, so its owner is asked to link again.
 * The refresh happens under a lock on the account's row: two instances refreshing at once use one
 * refresh, the second takes the tokens the first stored.
 */
import type { FastifyInstance } from 'fastify';
import { type Sealer, sealer } from '../../lib/sealed.js';
import { BandError, type BandTokens } from '../../providers/band/index.js';
import * as repo from './accounts.repository.js';

/** The account can no longer reach BAND: its owner must link it again. */
export class AccountExpiredError extends Error {
  constructor(readonly reason: 'BAND_ACCOUNT_EXPIRED' | 'BAND_NOT_CONNECTED' = 'BAND_ACCOUNT_EXPIRED') {
    super('The BAND account must be linked again');
    this.name = 'AccountExpiredError';
  }
}

const sealers = new WeakMap<FastifyInstance, Sealer>();
export function tokenSealer(app: FastifyInstance): Sealer {
  let s = sealers.get(app);
  if (!s) {
    s = sealer(app.jwtKey, 'band-tokens');
    sealers.set(app, s);
  }
  return s;
}

export function sealTokens(app: FastifyInstance, t: BandTokens): repo.SealedTokens {
  const s = tokenSealer(app);
  return {
    accessEnc: s.seal(t.accessToken),
    refreshEnc: t.refreshToken ? s.seal(t.refreshToken) : null,
    expiresAt: t.expiresAt,
  };
}

/** Refreshes under the row's lock; `staleEnc` is the sealed access token the caller found wanting. */
async function refreshLocked(app: FastifyInstance, accountId: number, staleEnc: string): Promise<string> {
  const s = tokenSealer(app);
  const outcome = await app.db.transaction(async (tx) => {
    const row = await repo.accountById(tx, accountId, true);
    if (!row || row.status === 'expired') return { expired: true as const };
    if (row.access_token_enc !== staleEnc) {
      // Another call refreshed it meanwhile: use theirs.
      const fresh = s.open(row.access_token_enc);
      if (fresh) return { token: fresh };
    }
    const refreshToken = row.refresh_token_enc ? s.open(row.refresh_token_enc) : null;
    if (!refreshToken) {
      await repo.markExpired(tx, accountId);
      return { expired: true as const };
    }
    try {
      const t = await app.band.refresh(refreshToken);
      await repo.storeRefreshed(tx, accountId, sealTokens(app, t));
      return { token: t.accessToken };
    } catch (err) {
      if (err instanceof BandError && (err.kind === 'invalid_grant' || err.kind === 'not_connected')) {
        await repo.markExpired(tx, accountId);
        return { expired: true as const };
      }
      throw err;
    }
  });
  if ('expired' in outcome) throw new AccountExpiredError();
  return outcome.token;
}

/** Runs `call` with the account's access token (see the file's note). */
export async function withAccessToken<T>(
  app: FastifyInstance,
  accountId: number,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  const row = await repo.accountById(app.db, accountId);
  if (!row || row.status === 'expired') throw new AccountExpiredError();
  let token = tokenSealer(app).open(row.access_token_enc);
  let refreshed = false;
  if (!token || row.access_expires_at.getTime() <= Date.now() + 30_000) {
    token = await refreshLocked(app, accountId, row.access_token_enc);
    refreshed = true;
  }
  for (;;) {
    try {
      return await call(token);
    } catch (err) {
      if (!(err instanceof BandError)) throw err;
      if (err.kind === 'not_connected') {
        await repo.markExpired(app.db, accountId);
        throw new AccountExpiredError('BAND_NOT_CONNECTED');
      }
      if (err.kind !== 'token_expired') throw err;
      if (refreshed) {
        // A token just refreshed is refused too: the link is broken.
        await repo.markExpired(app.db, accountId);
        throw new AccountExpiredError();
      }
      token = await refreshLocked(app, accountId, row.access_token_enc);
      refreshed = true;
    }
  }
}
