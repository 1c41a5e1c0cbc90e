import { emails, sessions } from '@fc/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, bearer, createTestApp, createTree, createUser, login, PASSWORD, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function lastEmailToken(to: string) {
  await t.app.background.idle();
  const [m] = await t.db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.id)).limit(1);
  const match = m?.text.match(/token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no token mail for ${to}`);
  return match[1];
}

describe('login', () => {
  it('returns the stored user with abilities and a token pair', async () => {
    const { division } = await createTree(t.db);
    const u = await createUser(t.db, { membership: { organizationId: division.id, role: 'division_admin' } });
    const res = await login(t.app, u.email);
    expect(res.userData).toMatchObject({ id: u.id, role: 'division_admin', organizationId: division.id });
    expect(res.userData.abilities.length).toBeGreaterThan(0);
    expect(res.accessToken.split('.')).toHaveLength(3);
    expect(res.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(res)).not.toMatch(/password|hash/i);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const u = await createUser(t.db);
    const a = await post('/jwt/login', { email: u.email, password: 'wrong-password-1' });
    const b = await post('/jwt/login', { email: 'nobody@example.test', password: 'wrong-password-1' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().message).toBe(b.json().message);
  });

  it('refuses a disabled account and an invited account without a password', async () => {
    const disabled = await createUser(t.db, { status: 'disabled', profiles: ['donor'] });
    expect((await post('/jwt/login', { email: disabled.email, password: PASSWORD })).statusCode).toBe(403);
    const invited = await createUser(t.db, { status: 'invited', password: null, profiles: ['donor'] });
    expect((await post('/jwt/login', { email: invited.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('rejects unknown fields with the field named', async () => {
    const res = await post('/jwt/login', { email: 'a@b.test', password: 'x', role: 'super_admin' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .join(),
    ).toContain('role');
  });
});

describe('register', () => {
  it('creates a donor account and sends a confirmation email; the password then signs in', async () => {
    const res = await post('/jwt/register', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'Ana.Ruiz@Example.test',
      password: 'a-long-unusual-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: expect.stringMatching(/check your email/i) });
    const token = await lastEmailToken('ana.ruiz@example.test');
    expect((await post('/email/confirm', { token })).statusCode).toBe(200);
    expect((await post('/email/confirm', { token })).statusCode).toBe(400);
    const signedIn = await login(t.app, 'ana.ruiz@example.test', 'a-long-unusual-pass');
    expect(signedIn.userData).toMatchObject({ email: 'ana.ruiz@example.test', role: 'donor' });
  });

  it('refuses short and common passwords; a duplicate gets the same answer as a new address', async () => {
    const base = { firstName: 'A', lastName: 'B', email: 'dup@example.test' };
    expect((await post('/jwt/register', { ...base, password: 'short' })).statusCode).toBe(400);
    const common = await post('/jwt/register', { ...base, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await post('/jwt/register', { ...base, password: 'a-long-unusual-pass' })).statusCode).toBe(200);
    expect((await post('/jwt/register', { ...base, password: 'a-long-unusual-pass' })).statusCode).toBe(200);
  });
});

describe('refresh, logout', () => {
  it('rotates the refresh token and revokes the family on reuse', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await login(t.app, u.email);
    const r1 = await post('/jwt/refresh-token', { refreshToken: s.refreshToken });
    expect(r1.statusCode).toBe(200);
    const { accessToken, refreshToken } = r1.json();
    expect(refreshToken).not.toBe(s.refreshToken);
    // Reusing the first token revokes the family: the newest tokens stop working too.
    expect((await post('/jwt/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
    expect((await post('/jwt/refresh-token', { refreshToken })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const a = await actor(t, { profiles: ['donor'] });
    expect((await a.call({ method: 'POST', url: '/api/v1/jwt/logout', payload: {} })).statusCode).toBe(200);
    expect((await a.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect((await post('/jwt/refresh-token', { refreshToken: a.session.refreshToken })).statusCode).toBe(401);
  });
});

describe('profile switch', () => {
  it('switches between held profiles and refuses the others', async () => {
    const { org, team } = await createTree(t.db);
    const a = await actor(t, {
      membership: { organizationId: team.id, role: 'team_admin' },
      profiles: ['fundraiser', 'donor'],
    });
    expect(a.session.userData.role).toBe('team_admin');
    const res = await a.call({ method: 'POST', url: '/api/v1/user/switch', payload: { loginRole: 'donor' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ role: 'donor', organizationId: null });
    expect(data.token).toBe(data.accessToken);
    // The old session ended with the switch.
    expect((await a.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(data.accessToken) });
    expect(me.json().data.role).toBe('donor');

    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/switch',
      headers: bearer(data.accessToken),
      payload: { loginRole: 'organization', organizationId: org.id },
    });
    expect(denied.statusCode).toBe(400);
    expect(denied.json().message).toMatch(/not a member/i);
    const affiliate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/switch',
      headers: bearer(data.accessToken),
      payload: { loginRole: 'affiliate' },
    });
    expect(affiliate.statusCode).toBe(400);
  });

  it('applies a removed membership on the next request', async () => {
    const { team } = await createTree(t.db);
    const a = await actor(t, { membership: { organizationId: team.id, role: 'team_admin' } });
    expect((await a.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(200);
    const { organizationUsers } = await import('@fc/db');
    await t.db.delete(organizationUsers).where(eq(organizationUsers.userId, a.user.id));
    expect((await a.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
  });

  // The role a session asks for is read with the session in one statement (principal.ts `held`).
  it('applies a changed membership role, and a removed profile, on the next request', async () => {
    const { team } = await createTree(t.db);
    const a = await actor(t, { membership: { organizationId: team.id, role: 'team_admin' } });
    const { organizationUsers, userProfiles } = await import('@fc/db');
    await t.db.update(organizationUsers).set({ role: 'division_admin' }).where(eq(organizationUsers.userId, a.user.id));
    const me = await a.call({ method: 'GET', url: '/api/v1/user/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.role).toBe('division_admin');

    const d = await actor(t, { profiles: ['donor', 'fundraiser'] });
    const switched = await d.call({ method: 'POST', url: '/api/v1/user/switch', payload: { loginRole: 'fundraiser' } });
    const token = switched.json().data.accessToken as string;
    const asFundraiser = () => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });
    expect((await asFundraiser()).json().data.role).toBe('fundraiser');
    await t.db.delete(userProfiles).where(and(eq(userProfiles.userId, d.user.id), eq(userProfiles.type, 'fundraiser')));
    const gone = await asFundraiser();
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('PROFILE_REVOKED');
  });
});

describe('email flows', () => {
  it('resets a forgotten password once, ending other sessions', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    const s = await login(t.app, u.email);
    const res = await post('/password/forgot', { email: u.email });
    expect(res.statusCode).toBe(200);
    const unknown = await post('/password/forgot', { email: 'ghost@example.test' });
    expect(unknown.json().message).toBe(res.json().message);
    const token = await lastEmailToken(u.email);
    expect((await post('/password/recover', { token, password: 'brand-new-secret-7' })).statusCode).toBe(200);
    expect((await post('/password/recover', { token, password: 'brand-new-secret-8' })).statusCode).toBe(400);
    await login(t.app, u.email, 'brand-new-secret-7');
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(live.filter((x) => x.revokedAt === null)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(s.accessToken) })).statusCode,
    ).toBe(401);
  });

  it('signs in with a one-time link exactly once', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    expect((await post('/jwt/login-link', { email: u.email })).statusCode).toBe(200);
    const token = await lastEmailToken(u.email);
    const first = await post('/jwt/otl', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().userData.id).toBe(u.id);
    expect((await post('/jwt/otl', { token })).statusCode).toBe(400);
  });

  it('changes your own password only with the current one', async () => {
    const a = await actor(t, { profiles: ['donor'] });
    const body = { id: a.user.id, newPassword: 'another-fine-secret', confirmPassword: 'another-fine-secret' };
    const wrong = await a.call({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { ...body, currentPassword: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await a.call({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { ...body, currentPassword: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password updated.');
    await login(t.app, a.user.email, 'another-fine-secret');
  });
});
