/**
 * Linking a user's BAND account (spec §2 `/band/authorize`, §4, §7 `POST /band/auth`, decision 021):
 * the console asks for the connect URL, which carries a signed, expiring `state` naming the user
 * who started it; BAND (or the sandbox) sends the browser back to `/band/authorize?code&state`,
 * which posts both here. The state is what ties the code to an account of ours (the popup may hold
 * no session) and what stops a forged link (CSRF): a code without our state links nothing.
 *
 * Outcomes (spec §4): `success`; `Existing` when this user already has a valid link, or that BAND
 * account is linked to another user; `error` for anything else (bad or expired state, a code BAND
 * refuses, BAND unreachable). Nothing secret is logged: no code, no token, no state.
 */
import type { BandAccount, BandActivationStatus, BandSummary } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signer } from '../../lib/sealed.js';
import { BandError } from '../../providers/band/index.js';
import type { Principal } from '../../types.js';
import { visibleNode } from '../orgs/orgs.service.js';
import * as repo from './accounts.repository.js';
import { accountExpired, asAppError, notConnected } from './errors.js';
import { sealTokens, withAccessToken } from './tokens.js';

export const STATE_TTL_SECONDS = 15 * 60;

interface LinkState {
  u: number;
  o?: number;
}
export const stateSigner = (app: FastifyInstance) => signer<LinkState>(app.jwtKey, 'band-link-state');

export async function connectUrl(app: FastifyInstance, p: Principal, organizationId?: number) {
  if (organizationId !== undefined) await visibleNode(app, p, organizationId);
  const state = stateSigner(app).sign(
    organizationId === undefined ? { u: p.user.id } : { u: p.user.id, o: organizationId },
    STATE_TTL_SECONDS,
  );
  return { url: app.band.authorizeUrl(state), provider: app.band.kind };
}

/** The user a state names, when it is ours, unexpired, and the user can still sign in. */
export async function userOfState(app: FastifyInstance, state: string) {
  const claims = stateSigner(app).verify(state);
  if (!claims || typeof claims.u !== 'number') return null;
  return firstRow<{ id: number; first_name: string; last_name: string; language: string }>(
    app.db,
    sql`select id, first_name, last_name, language from users
      where id = ${claims.u} and status = 'active' and deleted_at is null`,
  );
}

export async function activate(app: FastifyInstance, code: string, state: string): Promise<BandActivationStatus> {
  const user = await userOfState(app, state);
  if (!user) return 'error';
  const mine = await repo.accountOfUser(app.db, user.id);
  if (mine?.status === 'valid') return 'Existing';
  let tokens: Awaited<ReturnType<typeof app.band.exchangeCode>>;
  let profile: Awaited<ReturnType<typeof app.band.profile>>;
  try {
    tokens = await app.band.exchangeCode(code);
    profile = await app.band.profile(tokens.accessToken);
  } catch (err) {
    app.log.warn({ userId: user.id, band: err instanceof BandError ? err.kind : 'failed' }, 'BAND link refused');
    return err instanceof BandError && err.kind === 'already_connected' ? 'Existing' : 'error';
  }
  const taken = await repo.accountOfBandUser(app.db, profile.userKey);
  if (taken && taken.user_id !== user.id) return 'Existing';
  const sealed = sealTokens(app, tokens);
  if (mine) {
    // An expired link is renewed with the same BAND account; another one needs a disconnect first.
    if (mine.band_user_key !== profile.userKey) return 'Existing';
    await repo.relinkAccount(app.db, mine.id, profile.name, sealed);
  } else {
    const id = await repo.insertAccount(app.db, {
      userId: user.id,
      bandUserKey: profile.userKey,
      name: profile.name,
      ...sealed,
    });
    if (id === null) return 'Existing';
  }
  app.log.info({ userId: user.id }, 'BAND account linked');
  return 'success';
}

export async function account(app: FastifyInstance, p: Principal): Promise<BandAccount | null> {
  const row = await repo.accountOfUser(app.db, p.user.id);
  return row ? { name: row.name, status: row.status, linkedAt: row.created_at.toISOString() } : null;
}

export async function unlink(app: FastifyInstance, p: Principal): Promise<boolean> {
  const done = await repo.deleteAccount(app.db, p.user.id);
  if (done) app.log.info({ userId: p.user.id }, 'BAND account unlinked');
  return done;
}

/** The caller's linked account, usable (else 409 naming why). */
export async function usableAccount(app: FastifyInstance, userId: number) {
  const row = await repo.accountOfUser(app.db, userId);
  if (!row) throw notConnected();
  if (row.status === 'expired') throw accountExpired();
  return row;
}

export async function bandsOf(app: FastifyInstance, accountId: number): Promise<BandSummary[]> {
  try {
    return await withAccessToken(app, accountId, async (token) => {
      const list = await app.band.bands(token);
      return Promise.all(
        list.map(async (b) => ({
          ...b,
          canPost: await app.band.canPost(token, b.bandKey).catch((err: unknown) => {
            if (err instanceof BandError && err.kind === 'not_member') return false;
            throw err;
          }),
        })),
      );
    });
  } catch (err) {
    throw asAppError(err);
  }
}

export async function myBands(app: FastifyInstance, p: Principal) {
  const acc = await usableAccount(app, p.user.id);
  return bandsOf(app, acc.id);
}
