/**
 * A refresh whose answer was lost (the page reloaded while the call was in flight) is retried
 * with the same retry key and answered again; any other second use of a refresh token is still a
 * reuse that ends the family (RELIABILITY row 6, decision 002).
 */
import { refreshTokens, sessions } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto.js';
import { RETRY_WINDOW_MS, startSession } from '../src/modules/auth/sessions.js';
import { bearer, createTestApp, createUser, type TestApp, testEnv } from './helpers.js';

let t: TestApp;
const KEY = new TextEncoder().encode(testEnv().JWT_SECRET);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });
const refresh = (refreshToken: string, retryKey?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/jwt/refresh-token', payload: { refreshToken, retryKey } });
type Pair = { accessToken: string; refreshToken: string };

async function newSession() {
  const u = await createUser(t.db, { profiles: ['donor'] });
  return startSession(
    t.db,
    { key: KEY, accessTtlSeconds: 900, refreshTtlDays: 30 },
    u.id,
    { role: 'donor', organizationId: null },
    { ip: '10.9.9.9' },
  );
}

async function revoked(sessionId: string): Promise<string | null> {
  const [row] = await t.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.reason ?? null;
}

const KEY_A = 'retry-key-aaaaaaaaaaaaaaaa';
const KEY_B = 'retry-key-bbbbbbbbbbbbbbbb';

describe('refresh retried after a lost answer', () => {
  it('answers the retry with the same refresh token and keeps the session', async () => {
    const s = await newSession();
    const first = await refresh(s.refreshToken, KEY_A);
    expect(first.statusCode).toBe(200);
    const lost = first.json() as Pair;

    const retried = await refresh(s.refreshToken, KEY_A);
    expect(retried.statusCode).toBe(200);
    const again = retried.json() as Pair;
    expect(again.refreshToken).toBe(lost.refreshToken);
    expect((await me(again.accessToken)).statusCode).toBe(200);

    const next = await refresh(again.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await me((next.json() as Pair).accessToken)).statusCode).toBe(200);
    expect(await revoked(s.sessionId)).toBeNull();
  });

  it('answers every one of concurrent uses with the same key with the one successor', async () => {
    const s = await newSession();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(s.refreshToken, KEY_A)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => (r.json() as Pair).refreshToken)).size).toBe(1);
    expect(await revoked(s.sessionId)).toBeNull();
  });

  it('still ends the family when the used token comes back with another key, or none', async () => {
    for (const replayKey of [KEY_B, undefined]) {
      const s = await newSession();
      const first = (await refresh(s.refreshToken, KEY_A)).json() as Pair;
      expect((await refresh(s.refreshToken, replayKey)).statusCode).toBe(401);
      expect(await revoked(s.sessionId)).toBe('refresh_reuse');
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      expect((await me(first.accessToken)).statusCode).toBe(401);
    }
  });

  it('ends the family when the successor was already used (the answer was not lost)', async () => {
    const s = await newSession();
    const first = (await refresh(s.refreshToken, KEY_A)).json() as Pair;
    const second = (await refresh(first.refreshToken, KEY_B)).json() as Pair;
    expect((await refresh(s.refreshToken, KEY_A)).statusCode).toBe(401);
    expect(await revoked(s.sessionId)).toBe('refresh_reuse');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('ends the family when the retry comes after the retry window', async () => {
    const s = await newSession();
    const first = (await refresh(s.refreshToken, KEY_A)).json() as Pair;
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - RETRY_WINDOW_MS - 1000) })
      .where(eq(refreshTokens.sessionId, s.sessionId));
    // Only the presented token was used; the successor stays unused.
    await t.db
      .update(refreshTokens)
      .set({ usedAt: null })
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    expect((await refresh(s.refreshToken, KEY_A)).statusCode).toBe(401);
    expect(await revoked(s.sessionId)).toBe('refresh_reuse');
  });

  it('refuses a retry key that is too short', async () => {
    const s = await newSession();
    expect((await refresh(s.refreshToken, 'short')).statusCode).toBe(400);
  });
});
