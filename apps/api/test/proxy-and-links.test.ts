/**
 * Issue 12 items 4 and 7: a spoofed X-Forwarded-For does not reset a per-IP throttle (default
 * config, and TRUST_PROXY=1 where only the proxy's own entry counts); email links follow PORT.
 */
import { emails } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

/** Failed sign-ins (each a different account, so only the per-IP limit applies) until a 429. */
async function allowedBeforeThrottle(t: TestApp, remoteAddress: string, forwarded: (i: number) => string) {
  for (let i = 0; i < 30; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: `probe-${i}@example.test`, password: 'wrong-password-1' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded(i) },
    });
    if (res.statusCode === 429) return i;
  }
  return 30;
}

let tried = 0;
let through = 0;
describe('spoofed X-Forwarded-For', () => {
  it('default (no proxy trusted): a new forged address per request still hits the limit at 10', async () => {
    const t = await app();
    const allowed = await allowedBeforeThrottle(t, '203.0.113.9', (i) => `198.51.100.${i + 1}`);
    tried += 30;
    through += Math.max(0, allowed - 10);
    expect(allowed).toBe(10);
  });

  it('TRUST_PROXY=1: entries the client wrote before the proxy’s own are ignored', async () => {
    const t = await app({ TRUST_PROXY: '1' });
    // The proxy (10.0.0.1) appends the address it saw; the client forged everything to its left.
    const allowed = await allowedBeforeThrottle(t, '10.0.0.1', (i) => `198.51.100.${i + 1}, 203.0.113.9`);
    tried += 30;
    through += Math.max(0, allowed - 10);
    expect(allowed).toBe(10);
    // Two real clients behind the proxy are still told apart.
    const other = await allowedBeforeThrottle(t, '10.0.0.1', () => '203.0.113.77');
    expect(other).toBe(10);
    console.log(`[issue 12] spoofed-proxy attempts that got through: ${through} of ${tried}`);
    expect(through).toBe(0);
  });
});

describe('email links', () => {
  it('point at the server’s PORT when PUBLIC_URL is unset', async () => {
    const t = await app({ PORT: '3101' });
    const u = await createUser(t.db, { profiles: ['donor'] });
    await t.app.inject({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: u.email } });
    await t.app.background.idle();
    const [mail] = await t.db.select().from(emails).where(eq(emails.to, u.email));
    expect(mail?.text).toMatch(/http:\/\/localhost:3101\/reset-password\?token=/);
  });
});
