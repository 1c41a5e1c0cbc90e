/** RELIABILITY row 6: forged, stale and misused tokens are refused; refresh reuse revokes the family. */
import { refreshTokens, sessions, users } from '@fc/db';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../src/modules/auth/sessions.js';
import { actor, bearer, createTestApp, createUser, login, type TestApp, testEnv } from './helpers.js';

let t: TestApp;
const KEY = new TextEncoder().encode(testEnv().JWT_SECRET);
const OTHER_KEY = new TextEncoder().encode('another-secret-another-secret-another-0123');
const ISS = 'fundraiser-console';
const AUD = 'fc-api';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/jwt/refresh-token', payload: { refreshToken } });

interface Claims {
  sub?: string;
  sid?: string;
  typ?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
}

async function sign(claims: Claims, opts: { key?: Uint8Array; alg?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: ISS, aud: AUD, iat: now, exp: now + 600, ...claims };
  return new SignJWT(payload as Record<string, unknown>)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .sign(opts.key ?? KEY);
}

async function newSession(userId: number) {
  return startSession(
    t.db,
    { key: KEY, accessTtlSeconds: 900, refreshTtlDays: 30 },
    userId,
    { role: 'donor', organizationId: null },
    { ip: '10.9.9.9' },
  );
}

describe('forged and misused access tokens', () => {
  it('accepts none of the attacks', async () => {
    const victim = await actor(t, { profiles: ['donor'] });
    const attacker = await actor(t, { profiles: ['donor'] });
    const [vh, vp, vs] = victim.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(vp, 'base64url').toString()) as Required<Claims>;
    const now = Math.floor(Date.now() / 1000);
    const [revoked] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, victim.user.id));
    const attacks: Record<string, string> = {
      'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${vp}.`,
      'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${vp}.${vs}`,
      'alg NONE uppercase': `${b64({ alg: 'NONE' })}.${vp}.`,
      'tampered sub': `${vh}.${b64({ ...claims, sub: String(attacker.user.id) })}.${vs}`,
      'tampered exp': `${vh}.${b64({ ...claims, exp: claims.exp + 86400 })}.${vs}`,
      'tampered sid': `${attacker.token.split('.')[0]}.${b64({ ...claims, sid: 'x' })}.${attacker.token.split('.')[2]}`,
      'signature stripped': `${vh}.${vp}.`,
      'signature of another token': `${vh}.${vp}.${attacker.token.split('.')[2]}`,
      'wrong key': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access' }, { key: OTHER_KEY }),
      'HS512 with the right key': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access' }, { alg: 'HS512' }),
      expired: await sign({ sub: claims.sub, sid: claims.sid, typ: 'access', iat: now - 1000, exp: now - 60 }),
      'not yet valid': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access', nbf: now + 3600 }),
      'wrong issuer': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access', iss: 'someone-else' }),
      'wrong audience': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access', aud: 'other-api' }),
      'no audience': await sign({ sub: claims.sub, sid: claims.sid, typ: 'access', aud: undefined }),
      'typ refresh': await sign({ sub: claims.sub, sid: claims.sid, typ: 'refresh' }),
      'typ missing': await sign({ sub: claims.sub, sid: claims.sid }),
      'sid missing': await sign({ sub: claims.sub, typ: 'access' }),
      'sub missing': await sign({ sid: claims.sid, typ: 'access' }),
      'sub not a number': await sign({ sub: 'admin', sid: claims.sid, typ: 'access' }),
      "sid of another user's session": await sign({ sub: String(attacker.user.id), sid: claims.sid, typ: 'access' }),
      'unknown sid': await sign({ sub: claims.sub, sid: '00000000-0000-4000-8000-000000000000', typ: 'access' }),
      'refresh token as access': victim.session.refreshToken,
      garbage: 'not-a-token',
      empty: '',
      'two tokens': `${victim.token} ${victim.token}`,
    };
    expect(revoked).toBeDefined();
    let accepted = 0;
    const acceptedNames: string[] = [];
    for (const [name, token] of Object.entries(attacks)) {
      const res = await me(token);
      if (res.statusCode < 400) {
        accepted++;
        acceptedNames.push(name);
      }
      expect(res.statusCode, name).toBe(401);
      expect(res.json().hasError, name).toBe(true);
    }
    // Access token presented as a refresh token.
    const asRefresh = await refresh(victim.token);
    if (asRefresh.statusCode < 400) accepted++;
    expect(asRefresh.statusCode).toBe(401);
    const tried = Object.keys(attacks).length + 1;
    console.log(`[row 6] token attacks tried: ${tried}, accepted: ${accepted}`);
    expect(acceptedNames).toEqual([]);
    // The genuine token still works: the attacks were refused for the right reason.
    expect((await me(victim.token)).statusCode).toBe(200);
  });

  it('says an expired token expired, so the client refreshes', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await newSession(u.id);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ sub: String(u.id), sid: s.sessionId, typ: 'access', iat: now - 1000, exp: now - 1 });
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
    expect((await me(s.accessToken)).statusCode).toBe(200);
  });

  it('a token verified once (kept by its hash, jwt.ts) still expires on time', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await newSession(u.id);
    const exp = Math.floor(Date.now() / 1000) + 2;
    const short = await sign({ sub: String(u.id), sid: s.sessionId, typ: 'access', iat: exp - 60, exp });
    expect((await me(short)).statusCode).toBe(200);
    expect((await me(short)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 100));
    const late = await me(short);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses an expired refresh token', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await newSession(u.id);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.sessionId, s.sessionId));
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('refresh-token reuse', () => {
  it('revokes the whole family every time', async () => {
    const N = 20;
    let revokedFamilies = 0;
    for (let i = 0; i < N; i++) {
      const u = await createUser(t.db, { profiles: ['donor'] });
      const s = await newSession(u.id);
      const r1 = await refresh(s.refreshToken);
      expect(r1.statusCode).toBe(200);
      const r2 = await refresh(r1.json().refreshToken);
      expect(r2.statusCode).toBe(200);
      const latest = r2.json() as { accessToken: string; refreshToken: string };
      // Replay an older token (the first one or the second one, alternately).
      const replayed = i % 2 === 0 ? s.refreshToken : r1.json().refreshToken;
      expect((await refresh(replayed)).statusCode).toBe(401);
      const latestRefresh = await refresh(latest.refreshToken);
      const latestAccess = await me(latest.accessToken);
      const original = await me(s.accessToken);
      if ([latestRefresh, latestAccess, original].every((r) => r.statusCode === 401)) revokedFamilies++;
    }
    console.log(
      `[row 6] refresh reuse: families tried: ${N}, revoked: ${revokedFamilies} (${(100 * revokedFamilies) / N}%)`,
    );
    expect(revokedFamilies).toBe(N);
  });

  it('lets at most one of 10 concurrent uses of one refresh token win, then ends the family', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await newSession(u.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(s.refreshToken)));
    const winners = results.filter((r) => r.statusCode === 200);
    console.log(`[row 6] concurrent refreshes: 10, succeeded: ${winners.length}`);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const w of winners) {
      expect((await me(w.json().accessToken)).statusCode).toBe(401);
      expect((await refresh(w.json().refreshToken)).statusCode).toBe(401);
    }
  });
});

describe('tokens after the session or account ends', () => {
  it('are unusable after logout, disable, soft delete and password change', async () => {
    const admin = await actor(t, { staffRole: 'super_admin' });
    const cases: Record<string, (userId: number, s: { accessToken: string; refreshToken: string }) => Promise<void>> = {
      logout: async (_id, s) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/jwt/logout',
          headers: bearer(s.accessToken),
          payload: {},
        });
        expect(res.statusCode).toBe(200);
      },
      disabled: async (id) => {
        await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, id));
      },
      'soft deleted': async (id) => {
        const res = await admin.call({ method: 'DELETE', url: `/api/v1/user/${id}` });
        expect(res.statusCode).toBe(200);
      },
      'password changed by a super admin': async (id) => {
        const res = await admin.call({
          method: 'POST',
          url: '/api/v1/password/reset',
          payload: { id, newPassword: 'fresh-unusual-secret-1', confirmPassword: 'fresh-unusual-secret-1' },
        });
        expect(res.statusCode).toBe(200);
      },
    };
    let tried = 0;
    let usable = 0;
    for (const [name, end] of Object.entries(cases)) {
      const u = await createUser(t.db, { profiles: ['donor'] });
      const s = await login(t.app, u.email);
      const spare = await newSession(u.id);
      expect((await me(s.accessToken)).statusCode).toBe(200);
      await end(u.id, s);
      const checks = [await me(s.accessToken), await refresh(s.refreshToken)];
      // Logout ends only that session; the others end every session of the account.
      if (name !== 'logout') checks.push(await me(spare.accessToken), await refresh(spare.refreshToken));
      tried += checks.length;
      for (const r of checks) {
        if (r.statusCode !== 401) usable++;
        expect(r.statusCode, name).toBe(401);
      }
    }
    console.log(`[row 6] tokens tried after logout/disable/delete/password change: ${tried}, usable: ${usable}`);
    expect(usable).toBe(0);
  });

  it('logout with the refresh token of another user ends only the caller session', async () => {
    const a = await actor(t, { profiles: ['donor'] });
    const b = await actor(t, { profiles: ['donor'] });
    const res = await a.call({
      method: 'POST',
      url: '/api/v1/jwt/logout',
      payload: { refreshToken: b.session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(b.token)).statusCode).toBe(200);
    expect((await refresh(b.session.refreshToken)).statusCode).toBe(200);
  });
});
