/**
 * The registrant's side of a team registration (issue 15): each step's bad input is a 400 naming
 * the field with nothing saved, a taken or reserved web address a 409 naming it, the draft's
 * secret is needed for every call, the spam trap stores nothing, and the throttles count per
 * network address and per email.
 */
import { emails, organizations, teamRegistrations, users } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_THROTTLE } from '../src/modules/registrations/registrations.throttle.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { account, answers, confirmEmail, freshIp, registrant, uniq } from './registrations-support.js';

let t: TestApp;
let r: ReturnType<typeof registrant>;
let token: string;
let draftId: number;
beforeAll(async () => {
  t = await createTestApp();
  r = registrant(t);
  const res = await r.start({ account: account() });
  ({ token } = res.json().data);
  draftId = res.json().data.registration.id;
});
afterAll(async () => t.close());

const stored = async () => {
  const [row] = await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, draftId));
  return JSON.stringify({ answers: row!.answers, step: row!.step, updatedAt: row!.updatedAt });
};
const count = async (table: 'team_registrations' | 'users' | 'emails') => {
  const res = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
};

const a = answers();
const BAD: [number, string, unknown, string][] = [
  [2, 'mode', { ...a.organization, mode: 'other' }, 'body.mode'],
  [2, 'name', { ...a.organization, name: '' }, 'body.name'],
  [2, 'name too long', { ...a.organization, name: 'n'.repeat(121) }, 'body.name'],
  [2, 'slug', { ...a.organization, slug: 'Not A Slug!' }, 'body.slug'],
  [2, 'city', { ...a.organization, city: '   ' }, 'body.city'],
  [2, 'state', { ...a.organization, state: 'XX' }, 'body.state'],
  [2, 'unknown key', { ...a.organization, admin: true }, 'body.admin'],
  [2, 'organizationId', { mode: 'existing', organizationId: -1 }, 'body.organizationId'],
  [3, 'sport', { ...a.team, sport: 'quidditch' }, 'body.sport'],
  [3, 'ageGroup', { ...a.team, ageGroup: '' }, 'body.ageGroup'],
  [3, 'season', { ...a.team, season: 's'.repeat(41) }, 'body.season'],
  [3, 'rosterSize 0', { ...a.team, rosterSize: 0 }, 'body.rosterSize'],
  [3, 'rosterSize 201', { ...a.team, rosterSize: 201 }, 'body.rosterSize'],
  [3, 'rosterSize text', { ...a.team, rosterSize: '12' }, 'body.rosterSize'],
  [3, 'slug', { ...a.team, slug: '' }, 'body.slug'],
  [4, 'admin email', { ...a.contacts, admin: { ...a.contacts.admin, email: 'not-an-email' } }, 'body.admin.email'],
  [4, 'admin name', { ...a.contacts, admin: { ...a.contacts.admin, firstName: '' } }, 'body.admin.firstName'],
  [4, 'coach missing', { admin: a.contacts.admin, treasurer: null }, 'body.coach'],
  [4, 'phone', { ...a.contacts, admin: { ...a.contacts.admin, phone: '1'.repeat(31) } }, 'body.admin.phone'],
  [5, 'goal too small', { ...a.fundraising, goalCents: 9_999 }, 'body.goalCents'],
  [5, 'goal fractional', { ...a.fundraising, goalCents: 10_000.5 }, 'body.goalCents'],
  [5, 'player goal', { ...a.fundraising, playerGoalCents: 999 }, 'body.playerGoalCents'],
  [5, 'date', { ...a.fundraising, startDate: '2027-02-30' }, 'body.startDate'],
  [5, 'end before start', { ...a.fundraising, endDate: '2027-02-01' }, 'body.endDate'],
  [5, 'over a year', { ...a.fundraising, endDate: '2028-04-15' }, 'body.endDate'],
  [5, 'purpose', { ...a.fundraising, purpose: 'p'.repeat(1001) }, 'body.purpose'],
];

describe('each step: bad input is a 400 naming the field, nothing saved', () => {
  it.each(BAD)('step %i %s', async (step, _what, body, path) => {
    const before = await stored();
    const res = await r.step(token, step, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['1', 'params.step'],
    ['6', 'params.step'],
    ['x', 'params.step'],
  ])('step %s is not a step', async (step, path) => {
    const res = await r.step(token, step, a.organization);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('a taken or reserved web address is a 409 naming it; an unknown organization a 400', async () => {
    const before = await stored();
    const org = await createOrg(t.db, 1, null);
    const taken = await r.step(token, 2, { ...a.organization, slug: org.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: [{ path: 'body.slug' }] });
    const reserved = await r.step(token, 3, { ...a.team, slug: 'login' });
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toMatchObject({ code: 'SLUG_RESERVED', errors: [{ path: 'body.slug' }] });
    const team = await createOrg(t.db, 3, org.id);
    const notOrg = await r.step(token, 2, { mode: 'existing', organizationId: team.id });
    expect(notOrg.statusCode).toBe(400);
    expect(notOrg.json()).toMatchObject({ code: 'REGISTRATION_ORGANIZATION_UNKNOWN' });
    expect(await stored()).toBe(before);
    // The team's address may not be the new organization's either.
    expect((await r.step(token, 2, a.organization)).statusCode).toBe(200);
    const same = await r.step(token, 3, { ...a.team, slug: a.organization.slug });
    expect(same.statusCode).toBe(409);
  });
});

describe('the secret', () => {
  it.each([
    ['none', undefined],
    ['unknown', 'x'.repeat(43)],
    ['too long', 'y'.repeat(300)],
  ])('%s: 404 on every registrant call', async (_what, secret) => {
    const headers = secret ? { 'x-registration-token': secret } : {};
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/v1/onboarding/registration', headers }),
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/onboarding/registration/steps/2',
        headers,
        payload: a.organization,
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/onboarding/registration/submit',
        headers,
        payload: { acceptTerms: true },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('REGISTRATION_NOT_FOUND');
    }
  });
});

describe('start and submit', () => {
  it('an account and a session together, or neither, is a 400 naming body.account', async () => {
    const me = await actor(t, { profiles: ['donor'] });
    const both = await r.start({ account: account() }, freshIp(), { authorization: `Bearer ${me.token}` });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('body.account');
    const neither = await r.start({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0].path).toBe('body.account');
  });

  it('an email with an account: 409 naming it; a common password: 400 naming it; nothing stored', async () => {
    const before = [await count('team_registrations'), await count('users')];
    const me = await actor(t, { profiles: ['donor'] });
    const taken = await r.start({ account: { ...account(), email: me.user.email } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', errors: [{ path: 'body.account.email' }] });
    const weak = await r.start({ account: { ...account(), password: 'password123' } });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json().errors[0].path).toBe('body.account.password');
    const badTeam = await r.start({ account: account(), teamId: 2147483000 });
    expect(badTeam.statusCode).toBe(400);
    expect(badTeam.json().errors[0].path).toBe('body.teamId');
    expect([await count('team_registrations'), (await count('users')) - 1]).toEqual(before);
  });

  it('submit: every step answered, the terms accepted, then the email confirmed', async () => {
    const s = await r.start({ account: account() });
    const secret = s.json().data.token as string;
    const incomplete = await r.submit(secret);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().code).toBe('REGISTRATION_INCOMPLETE');
    expect(incomplete.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'answers.organization',
      'answers.team',
      'answers.contacts',
      'answers.fundraising',
    ]);
    const b = answers();
    for (const [n, key] of [
      [2, 'organization'],
      [3, 'team'],
      [4, 'contacts'],
      [5, 'fundraising'],
    ] as const)
      expect((await r.step(secret, n, b[key])).statusCode).toBe(200);
    const noTerms = await r.submit(secret, { acceptTerms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().errors[0].path).toBe('body.acceptTerms');
    const unconfirmed = await r.submit(secret);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'REGISTRATION_EMAIL_UNCONFIRMED' });
    await confirmEmail(t, s.json().data.registration.registrant.email);
    expect((await r.submit(secret)).statusCode).toBe(200);
  });
});

describe('the spam trap and the throttles', () => {
  it('a filled spam trap is answered like a success, with nothing stored or sent', async () => {
    await t.app.background.idle();
    const before = [await count('team_registrations'), await count('users'), await count('emails')];
    const res = await r.start({ account: account(), website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[\w-]{40,}$/);
    await t.app.background.idle();
    expect([await count('team_registrations'), await count('users'), await count('emails')]).toEqual(before);
    // Its token opens nothing.
    expect((await r.draft(res.json().data.token)).statusCode).toBe(404);
  });

  it(`starts: ${REGISTRATION_THROTTLE.startPerIp} per network address an hour, then 429 with nothing stored`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTRATION_THROTTLE.startPerIp; i++)
      expect((await r.start({ account: account() }, ip)).statusCode).toBe(200);
    const before = await count('team_registrations');
    const over = await r.start({ account: account() }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('REGISTRATION_THROTTLED');
    expect(over.headers['retry-after']).toBe('3600');
    expect(await count('team_registrations')).toBe(before);
  });

  it(`starts: ${REGISTRATION_THROTTLE.startPerEmail} per email an hour, from any address`, async () => {
    const email = `same-${uniq()}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i <= REGISTRATION_THROTTLE.startPerEmail; i++)
      codes.push((await r.start({ account: { ...account(), email } }, freshIp())).statusCode);
    // The first creates the account, the next are told to sign in, the last is throttled.
    expect(codes[0]).toBe(200);
    expect(codes.slice(1, -1).every((c) => c === 409)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it(`organization look-ups: ${REGISTRATION_THROTTLE.lookupPerIp} per network address in 15 minutes`, async () => {
    const ip = freshIp();
    const look = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/onboarding/registration/organizations?q=rockets',
        remoteAddress: ip,
      });
    for (let i = 0; i < REGISTRATION_THROTTLE.lookupPerIp; i++) expect((await look()).statusCode).toBe(200);
    expect((await look()).statusCode).toBe(429);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/v1/onboarding/registration/check-address?slug=abc',
      remoteAddress: ip,
    });
    expect(check.statusCode).toBe(429);
  });
});

describe('what is stored', () => {
  it('no organization or user is created by a draft but the registrant', async () => {
    const [row] = await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, draftId));
    expect(row!.createdTeamId).toBeNull();
    const [u] = await t.db.select().from(users).where(eq(users.id, row!.registrantUserId));
    expect(u!.status).toBe('active');
    expect(await t.db.select().from(organizations).where(eq(organizations.slug, a.organization.slug))).toEqual([]);
    expect(await t.db.select().from(emails).where(eq(emails.to, a.contacts.admin.email))).toEqual([]);
  });
});
