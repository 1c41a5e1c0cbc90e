/** RELIABILITY row 19: security headers, CORS for configured origins only, no secrets in responses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, createUser, PASSWORD, type TestApp } from './helpers.js';

const ALLOWED = 'https://console.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: ALLOWED });
});
afterAll(async () => t.close());

const SECRET_PATTERN = /password_?hash|token_?hash|\$argon2|JWT_SECRET|test-secret-test-secret/i;

function missingHeaders(headers: Record<string, unknown>, frameAncestors = /frame-ancestors 'none'/): string[] {
  const missing: string[] = [];
  const hsts = String(headers['strict-transport-security'] ?? '');
  if (!/max-age=\d{7,}/.test(hsts) || !hsts.includes('includeSubDomains')) missing.push('strict-transport-security');
  if (headers['x-content-type-options'] !== 'nosniff') missing.push('x-content-type-options');
  const csp = String(headers['content-security-policy'] ?? '');
  if (!frameAncestors.test(csp)) missing.push('csp frame-ancestors');
  if (!csp.includes("default-src 'self'")) missing.push('csp default-src');
  if (!csp.includes("object-src 'none'")) missing.push('csp object-src');
  if (!headers['x-frame-options']) missing.push('x-frame-options');
  if (headers['x-powered-by']) missing.push('x-powered-by present');
  return missing;
}

describe('security headers', () => {
  it('are set on API responses, validation errors, 404s and health checks', async () => {
    const a = await actor(t, { profiles: ['donor'] });
    const responses = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/readyz' }),
      await a.call({ method: 'GET', url: '/api/v1/user/me' }),
      await a.call({ method: 'PATCH', url: '/api/v1/user', payload: { firstName: 'Ok' } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email: 'x' } }),
    ];
    const problems = responses.flatMap((r) => missingHeaders(r.headers).map((m) => `${r.statusCode}: ${m}`));
    // The docs UI sets its own CSP (swagger-ui staticCSP): same-origin framing only.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    problems.push(...missingHeaders(docs.headers, /frame-ancestors '(none|self)'/).map((m) => `docs: ${m}`));
    console.log(
      `[row 19] responses checked for security headers: ${responses.length + 1}, missing headers: ${problems.length}`,
    );
    expect(problems).toEqual([]);
  });

  it('are set on the 401 and 403 answers of the policy check too, with CORS for the allowed origin', async () => {
    const donor = await actor(t, { profiles: ['donor'] });
    const origin = { origin: ALLOWED };
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: origin }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        headers: { ...origin, authorization: 'Bearer x.y.z' },
      }),
      await donor.call({ method: 'GET', url: '/api/v1/admin/user/list', headers: origin }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([401, 401, 403]);
    const problems = responses.flatMap((r) => [
      ...missingHeaders(r.headers).map((m) => `${r.statusCode}: ${m}`),
      ...(r.headers['access-control-allow-origin'] === ALLOWED ? [] : [`${r.statusCode}: access-control-allow-origin`]),
    ]);
    console.log(`[row 19] policy-check errors checked: ${responses.length}, missing headers: ${problems.length}`);
    expect(problems).toEqual([]);
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ hasError: true, code: 'NOT_FOUND', message: 'No route GET /api/v1/nothing/here' });
  });
});

describe('CORS', () => {
  it('reflects only the configured origin', async () => {
    const untrusted = [
      'https://evil.example',
      'null',
      'https://console.example.test.evil.example',
      'http://console.example.test',
    ];
    let reflected = 0;
    for (const origin of untrusted) {
      for (const method of ['GET', 'OPTIONS'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/v1/user/me',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
        if (res.headers['access-control-allow-origin'] !== undefined) reflected++;
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
    console.log(`[row 19] untrusted CORS origins tried: ${untrusted.length * 2}, reflected: ${reflected}`);
    expect(reflected).toBe(0);

    const ok = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: ALLOWED } });
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user/me',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
  });

  it('reflects no untrusted origin on public routes either', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('secrets in responses', () => {
  it('login, refresh, me and errors carry no hashes or keys', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const bodies: string[] = [];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    bodies.push(login.body);
    const { accessToken, refreshToken } = login.json();
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/jwt/refresh-token', payload: { refreshToken } });
    bodies.push(refresh.body);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    bodies.push(me.body);
    bodies.push(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/jwt/login',
          payload: { email: u.email, password: 'wrong-one-1' },
        })
      ).body,
    );
    bodies.push(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/jwt/login',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        })
      ).body,
    );
    const leaks = bodies.filter((b) => SECRET_PATTERN.test(b) || /"password"\s*:/.test(b));
    // The refresh token is only ever returned by the calls that issue it.
    const tokenEchoes = bodies.slice(2).filter((b) => b.includes(refreshToken));
    console.log(
      `[row 19] responses checked for secrets: ${bodies.length}, secrets found: ${leaks.length + tokenEchoes.length}`,
    );
    expect(leaks).toEqual([]);
    expect(tokenEchoes).toEqual([]);
  });
});
