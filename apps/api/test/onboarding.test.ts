/**
 * Campaign invitations and family registration (spec §2 onboarding routes, DECISIONS §7,
 * decision 007): single-use expiring tokens, account creation versus sign-in linking, a
 * fundraiser session as the answer, registration conflicts and per-IP throttles.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  campaignFundraisers,
  campaigns,
  emails,
  organizationFundraisers,
  organizations,
  players,
  throttleEvents,
  userProfiles,
  users,
} from '@fc/db';
import { and, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rosterKey } from '../src/modules/orgs/roster.keys.js';
import { actor, bearer, createOrg, createTestApp, createTree, createUser, login, type TestApp } from './helpers.js';

const V1 = '/api/v1';
const NEW_PASSWORD = 'a-family-password-77';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let campaignId: number;
let seq = 0;
let ipSeq = 0;

/** Each test call comes from its own address unless a test is about throttling. */
const nextIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const call = (opts: InjectOptions, ip = nextIp()) => t.app.inject({ ...opts, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  const [c] = await t.db
    .insert(campaigns)
    .values({
      organizationId: tree.team.id,
      title: 'Spring Drive',
      slug: `spring-${randomBytes(3).toString('hex')}`,
      status: 'active',
    })
    .returning();
  campaignId = c!.id;
});
afterAll(async () => t.close());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A player on the campaign with a fresh invitation; `guardian` is the parent's account (or none). */
async function invitedPlayer(guardian: { id: number; email: string } | null, expiresInMs = 86_400_000) {
  const n = ++seq;
  const email = guardian?.email ?? `noaccount${n}@example.test`;
  const [p] = await t.db
    .insert(players)
    .values({
      guardianUserId: guardian?.id ?? null,
      firstName: `Kid${n}`,
      lastName: 'Invitee',
      parentFirstName: 'Pat',
      parentLastName: 'Invitee',
      email,
      slug: `kid-${n}-${randomBytes(3).toString('hex')}`,
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  const [cf] = await t.db
    .insert(campaignFundraisers)
    .values({
      campaignId,
      playerId: p!.id,
      divisionId: tree.division.id,
      slug: `cf-${n}-${randomBytes(3).toString('hex')}`,
      inviteTokenHash: sha(token),
      inviteExpiresAt: new Date(Date.now() + expiresInMs),
      invitedAt: new Date(),
    })
    .returning();
  return { player: p!, cf: cf!, token };
}

const invitedParent = () => createUser(t.db, { password: null, status: 'invited', profiles: ['fundraiser'] });
const info = (cfid: number, token: string) =>
  call({ method: 'GET', url: `${V1}/onboarding/campaign/invite/${cfid}?token=${token}` });
const accept = (cfid: number, payload: Record<string, unknown>, headers: Record<string, string> = {}, ip?: string) =>
  call({ method: 'POST', url: `${V1}/onboarding/campaign/accept-invite/${cfid}`, payload, headers }, ip);
const cfRow = async (id: number) =>
  (await t.db.select().from(campaignFundraisers).where(eq(campaignFundraisers.id, id)))[0]!;
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const guardianOf = async (playerId: number) =>
  (await t.db.select().from(players).where(eq(players.id, playerId)))[0]!.guardianUserId;

describe('GET /onboarding/campaign/invite/:cfid', () => {
  it('shows the campaign, player and a masked email for a live token', async () => {
    const parent = await invitedParent();
    const inv = await invitedPlayer(parent);
    const res = await info(inv.cf.id, inv.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      cfid: inv.cf.id,
      campaignTitle: 'Spring Drive',
      campaignSlug: expect.any(String),
      organizationName: tree.team.name,
      logoImage: null,
      playerFirstName: inv.player.firstName,
      playerLastName: 'Invitee',
      emailHint: `${parent.email.charAt(0)}***@example.test`,
      hasAccount: false,
      parentFirstName: 'Pat',
      parentLastName: 'Invitee',
    });
    expect(res.body).not.toContain(parent.email);
    const active = await createUser(t.db, { profiles: ['fundraiser'] });
    const inv2 = await invitedPlayer(active);
    expect((await info(inv2.cf.id, inv2.token)).json().data.hasAccount).toBe(true);
  });

  it('answers 404 for a wrong token, a token of another invitation, and an expired one', async () => {
    const a = await invitedPlayer(await invitedParent());
    const b = await invitedPlayer(await invitedParent());
    const expired = await invitedPlayer(await invitedParent(), -1000);
    const wrong = randomBytes(32).toString('base64url');
    for (const [cfid, token] of [
      [a.cf.id, wrong],
      [a.cf.id, b.token],
      [expired.cf.id, expired.token],
      [999999, a.token],
    ] as const) {
      const res = await info(cfid, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('INVITE_INVALID');
    }
    expect((await info(a.cf.id, 'short')).statusCode).toBe(400);
  });
});

describe('POST /onboarding/campaign/accept-invite/:cfid', () => {
  it('creates the account of a parent without a password and signs them in as a fundraiser; the token is single use', async () => {
    const parent = await invitedParent();
    const inv = await invitedPlayer(parent);
    const missing = await accept(inv.cf.id, { token: inv.token, firstName: 'Pat' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.lastName', 'body.password']);
    const common = await accept(inv.cf.id, {
      token: inv.token,
      firstName: 'Pat',
      lastName: 'Parent',
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await cfRow(inv.cf.id)).inviteTokenHash).not.toBeNull();

    const res = await accept(inv.cf.id, {
      token: inv.token,
      firstName: 'Patricia',
      lastName: 'Parent',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userData).toMatchObject({
      id: parent.id,
      role: 'fundraiser',
      firstName: 'Patricia',
      lastName: 'Parent',
    });
    expect(body.data).toEqual({ cfid: inv.cf.id, playerId: inv.player.id, campaignId, fundraiserSlug: inv.cf.slug });
    const me = await t.app.inject({ method: 'GET', url: `${V1}/user/me`, headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.role).toBe('fundraiser');

    const u = await userRow(parent.id);
    expect(u.status).toBe('active');
    expect(u.emailConfirmedAt).toBeInstanceOf(Date);
    expect(u.passwordHash).toBeTruthy();
    await login(t.app, parent.email, NEW_PASSWORD);
    const cf = await cfRow(inv.cf.id);
    expect(cf.inviteTokenHash).toBeNull();
    expect(cf.acceptedAt).toBeInstanceOf(Date);

    const again = await accept(inv.cf.id, { token: inv.token, firstName: 'X', lastName: 'Y', password: NEW_PASSWORD });
    expect(again.statusCode).toBe(404);
    expect((await info(inv.cf.id, inv.token)).statusCode).toBe(404);
  });

  it('refuses an expired token and a wrong token without changing anything', async () => {
    const parent = await invitedParent();
    const expired = await invitedPlayer(parent, -60_000);
    const full = { firstName: 'A', lastName: 'B', password: NEW_PASSWORD };
    expect((await accept(expired.cf.id, { token: expired.token, ...full })).statusCode).toBe(404);
    const live = await invitedPlayer(parent);
    expect((await accept(live.cf.id, { token: expired.token, ...full })).statusCode).toBe(404);
    expect((await userRow(parent.id)).passwordHash).toBeNull();
    expect((await cfRow(live.cf.id)).acceptedAt).toBeNull();
  });

  it('asks a parent who has a password to sign in, refuses another account, and links for the right one', async () => {
    const parent = await actor(t, {
      profiles: ['fundraiser'],
      membership: { organizationId: tree.team.id, role: 'team_admin' },
    });
    const inv = await invitedPlayer(parent.user);
    const anon = await accept(inv.cf.id, { token: inv.token });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('SIGN_IN_REQUIRED');
    // Names and a password do not replace signing in to an account that has one.
    const takeover = await accept(inv.cf.id, {
      token: inv.token,
      firstName: 'E',
      lastName: 'Vil',
      password: NEW_PASSWORD,
    });
    expect(takeover.statusCode).toBe(401);
    const stranger = await actor(t, { profiles: ['fundraiser'] });
    const other = await accept(inv.cf.id, { token: inv.token }, bearer(stranger.token));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('INVITE_OTHER_ACCOUNT');
    expect((await cfRow(inv.cf.id)).inviteTokenHash).not.toBeNull();

    // Signed in on the team-admin profile: the answer is a fundraiser session, the old one ends.
    expect(parent.session.userData.role).toBe('team_admin');
    const res = await accept(inv.cf.id, { token: inv.token }, bearer(parent.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userData).toMatchObject({ id: parent.user.id, role: 'fundraiser' });
    expect((await cfRow(inv.cf.id)).acceptedAt).toBeInstanceOf(Date);
    expect(await guardianOf(inv.player.id)).toBe(parent.user.id);
    const old = await t.app.inject({ method: 'GET', url: `${V1}/user/me`, headers: bearer(parent.token) });
    expect(old.statusCode).toBe(401);
  });

  it('moves the player to the signed-in account when the invited parent never activated', async () => {
    const invited = await invitedParent();
    const inv = await invitedPlayer(invited);
    const family = await actor(t, { profiles: ['donor'] });
    const res = await accept(inv.cf.id, { token: inv.token }, bearer(family.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userData).toMatchObject({ id: family.user.id, role: 'fundraiser' });
    expect(await guardianOf(inv.player.id)).toBe(family.user.id);
    const profiles = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, family.user.id));
    expect(profiles.map((p) => p.type).sort()).toEqual(['donor', 'fundraiser']);
    expect((await userRow(invited.id)).passwordHash).toBeNull();
  });

  it('creates the account at the invited address when the player had no parent account', async () => {
    const inv = await invitedPlayer(null);
    const res = await accept(inv.cf.id, {
      token: inv.token,
      firstName: 'New',
      lastName: 'Parent',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().userData.id;
    expect((await userRow(id)).email).toBe(inv.player.email);
    expect(await guardianOf(inv.player.id)).toBe(id);
  });

  it('refuses an expired or revoked session rather than treating the caller as a stranger', async () => {
    const parent = await invitedParent();
    const inv = await invitedPlayer(parent);
    const res = await accept(
      inv.cf.id,
      { token: inv.token, firstName: 'A', lastName: 'B', password: NEW_PASSWORD },
      bearer('not.a.jwt'),
    );
    expect(res.statusCode).toBe(401);
    expect((await cfRow(inv.cf.id)).inviteTokenHash).not.toBeNull();
  });

  it('throttles acceptance per IP: 10 attempts per 15 minutes', async () => {
    const ip = '203.0.113.77';
    const inv = await invitedPlayer(await invitedParent());
    for (let i = 0; i < 10; i++) {
      const res = await accept(inv.cf.id, { token: randomBytes(32).toString('base64url') }, {}, ip);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await accept(
      inv.cf.id,
      { token: inv.token, firstName: 'A', lastName: 'B', password: NEW_PASSWORD },
      {},
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await cfRow(inv.cf.id)).acceptedAt).toBeNull();
    const elsewhere = await accept(inv.cf.id, {
      token: inv.token,
      firstName: 'A',
      lastName: 'B',
      password: NEW_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('/register/:organization/player', () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let teamA: Awaited<ReturnType<typeof createOrg>>;
  let divA1: Awaited<ReturnType<typeof createOrg>>;
  let divA2: Awaited<ReturnType<typeof createOrg>>;
  let outside: Awaited<ReturnType<typeof createOrg>>;

  beforeAll(async () => {
    org = await createOrg(t.db, 1, null);
    const league = await createOrg(t.db, 2, org.id);
    teamA = await createOrg(t.db, 3, league.id);
    divA1 = await createOrg(t.db, 4, teamA.id);
    divA2 = await createOrg(t.db, 4, teamA.id);
    const inactive = await createOrg(t.db, 4, teamA.id);
    await t.db.update(organizations).set({ status: 'inactive' }).where(eq(organizations.id, inactive.id));
    outside = (await createTree(t.db)).division;
  });
  beforeEach(async () => {
    await t.db.delete(throttleEvents).where(like(throttleEvents.key, 'public:register:%'));
  });

  const register = (
    slug: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    ip?: string,
  ) => call({ method: 'POST', url: `${V1}/register/${slug}/player`, payload, headers }, ip);
  const newFamily = (n: number, extra: Record<string, unknown> = {}) => ({
    divisionId: divA1.id,
    firstName: `Reg${n}`,
    lastName: 'Family',
    birthDate: '2015-04-02',
    parentFirstName: 'Robin',
    parentLastName: 'Family',
    email: `reg${n}-${randomBytes(3).toString('hex')}@example.test`,
    password: NEW_PASSWORD,
    ...extra,
  });

  it('lists the active divisions at or below any node by its slug; 404 for an unknown slug', async () => {
    const res = await call({ method: 'GET', url: `${V1}/register/${org.slug}/player` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.organization).toEqual({ id: org.id, name: org.name, slug: org.slug, logoUrl: null });
    expect(data.divisions.map((d: { id: number }) => d.id).sort()).toEqual([divA1.id, divA2.id].sort());
    expect(data.divisions[0].teamName).toBe(teamA.name);
    expect(data.signedInAs).toBeNull();
    expect(data.myPlayers).toEqual([]);
    const fromTeam = (await call({ method: 'GET', url: `${V1}/register/${divA2.slug}/player` })).json().data;
    expect(fromTeam.divisions.map((d: { id: number }) => d.id)).toEqual([divA2.id]);
    expect((await call({ method: 'GET', url: `${V1}/register/nowhere-at-all/player` })).statusCode).toBe(404);
  });

  it('creates the parent, player, roster entry and fundraiser profile, and signs the family in', async () => {
    const body = newFamily(1, { phone: '555-0100' });
    const res = await register(org.slug, body);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.userData).toMatchObject({ role: 'fundraiser', firstName: 'Robin', email: body.email });
    const [player] = await t.db.select().from(players).where(eq(players.id, out.data.playerId));
    expect(player).toMatchObject({
      guardianUserId: out.userData.id,
      firstName: 'Reg1',
      lastName: 'Family',
      birthDate: '2015-04-02',
      email: body.email,
      parentFirstName: 'Robin',
    });
    const [entry] = await t.db
      .select()
      .from(organizationFundraisers)
      .where(eq(organizationFundraisers.playerId, player!.id));
    expect(entry).toMatchObject({ organizationId: divA1.id, naturalKey: rosterKey('Reg1', 'Family', body.email) });
    const u = await userRow(out.userData.id);
    expect(u.status).toBe('active');
    const mail = await t.db.select().from(emails).where(eq(emails.to, body.email));
    expect(mail.map((m) => m.template)).toEqual(['confirm']);
    const me = await t.app.inject({ method: 'GET', url: `${V1}/user/me`, headers: bearer(out.accessToken) });
    expect(me.json().data.fundraiser_profile).toHaveLength(1);
  });

  it('asks an email that has a password to sign in first, and never sets the password of an invited account', async () => {
    const existing = await createUser(t.db, { profiles: ['donor'] });
    const res = await register(org.slug, newFamily(2, { email: existing.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', errors: [{ path: 'body.email' }] });
    expect(res.json().message).toMatch(/Sign in first/);

    const invited = await invitedParent();
    const pending = await register(org.slug, newFamily(3, { email: invited.email }));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('ACTIVATION_PENDING');
    expect((await userRow(invited.id)).passwordHash).toBeNull();
    const mail = await t.db.select().from(emails).where(eq(emails.to, invited.email));
    expect(mail.map((m) => m.template)).toEqual(['activate']);
    const kids = await t.db.select().from(players).where(eq(players.firstName, 'Reg3'));
    expect(kids).toEqual([]);
  });

  it('refuses a division outside the organization and missing details', async () => {
    const res = await register(org.slug, newFamily(4, { divisionId: outside.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body.divisionId');
    const { password: _p, email: _e, ...partial } = newFamily(5);
    const missing = await register(org.slug, partial);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.email', 'body.password']);
  });

  it("adds to the signed-in parent, re-registers an own player into another division, refuses duplicates and others' players", async () => {
    const parent = await actor(t, { profiles: ['fundraiser'] });
    const first = await register(
      org.slug,
      { divisionId: divA1.id, firstName: 'Sib', lastName: 'Ling' },
      bearer(parent.token),
    );
    expect(first.statusCode, first.body).toBe(200);
    const playerId = first.json().data.playerId;
    const [p] = await t.db.select().from(players).where(eq(players.id, playerId));
    expect(p).toMatchObject({ guardianUserId: parent.user.id, email: parent.user.email });
    const token = first.json().accessToken;

    const info1 = (
      await call({ method: 'GET', url: `${V1}/register/${org.slug}/player`, headers: bearer(token) })
    ).json().data;
    expect(info1.signedInAs).toEqual({
      firstName: parent.user.firstName,
      lastName: parent.user.lastName,
      email: parent.user.email,
    });
    expect(info1.myPlayers).toEqual([{ id: playerId, firstName: 'Sib', lastName: 'Ling', divisionIds: [divA1.id] }]);

    const again = await register(org.slug, { divisionId: divA1.id, playerId }, bearer(token));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ON_ROSTER');
    const sameName = await register(
      org.slug,
      { divisionId: divA1.id, firstName: 'sib', lastName: 'LING' },
      bearer(token),
    );
    expect(sameName.statusCode).toBe(409);

    const moved = await register(org.slug, { divisionId: divA2.id, playerId }, bearer(token));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ playerId, divisionId: divA2.id });
    const entries = await t.db
      .select()
      .from(organizationFundraisers)
      .where(eq(organizationFundraisers.playerId, playerId));
    expect(entries.map((e) => e.organizationId).sort()).toEqual([divA1.id, divA2.id].sort());
    expect((await t.db.select().from(players).where(eq(players.guardianUserId, parent.user.id))).length).toBe(1);

    const stranger = await actor(t, { profiles: ['fundraiser'] });
    const theft = await register(org.slug, { divisionId: divA2.id, playerId }, bearer(stranger.token));
    expect(theft.statusCode).toBe(400);
    expect(theft.json().code).toBe('PLAYER_NOT_YOURS');
    // Each registration answers with a new session and ends the one it was sent with.
    expect((await call({ method: 'GET', url: `${V1}/user/me`, headers: bearer(token) })).statusCode).toBe(401);
    const none = await register(org.slug, { divisionId: divA2.id }, bearer(moved.json().accessToken));
    expect(none.statusCode).toBe(400);
  });

  it('throttles registrations per IP: 10 per 15 minutes', async () => {
    const ip = '203.0.113.88';
    for (let i = 0; i < 10; i++) {
      const res = await register(org.slug, newFamily(100 + i, { divisionId: outside.id }), {}, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await register(org.slug, newFamily(120), {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('THROTTLED');
    const rows = await t.db
      .select()
      .from(users)
      .where(and(eq(users.firstName, 'Robin'), like(users.email, 'reg120-%')));
    expect(rows).toEqual([]);
    expect((await register(org.slug, newFamily(121))).statusCode).toBe(200);
  });
});
