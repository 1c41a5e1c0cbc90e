/**
 * Affiliate invitations and activation (issue 16, decision 018): the single-use link (a concurrent
 * second use fails), expiry (410), replacement, throttling (429), a new account or an existing one
 * (which keeps its other profiles and gains the affiliate one), the offer accepted at the current
 * terms version, and the token never in a log line.
 */
import {
  affiliateInvitations,
  affiliateOffers,
  affiliates,
  emails,
  organizationUsers,
  userProfiles,
  users,
} from '@fc/db';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/lib/crypto.js';
import { REDACTED } from '../src/lib/redact.js';
import { ACTIVATION_THROTTLE } from '../src/modules/affiliates/activation.service.js';
import { affiliateBody, freshIp, insertProgram, programBody } from './affiliates-support.js';
import { actor, createTestApp, createTree, createUser, logCapture, PASSWORD, type TestApp } from './helpers.js';

const V1 = '/api/v1';
type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
const { lines, stream } = logCapture();
let t: TestApp;
let su: Call;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: stream });
  su = (await actor(t, { staffRole: 'super_admin' })).call;
});
afterAll(async () => t.close());

/** A new affiliate (with an offer of a new program) invited; returns its id, offer and the link's token. */
async function invited(over: Record<string, unknown> = {}) {
  const program = await insertProgram(t.db);
  const body = affiliateBody({ programId: program.id, invite: true, ...over });
  const res = await su({ method: 'POST', url: `${V1}/affiliate`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  return {
    id: d.id as number,
    email: d.email as string,
    offerId: d.offers[0].id as number,
    program,
    token: await lastToken(d.email),
  };
}

async function lastToken(email: string) {
  await t.app.background.idle();
  const [mail] = await t.db.select().from(emails).where(eq(emails.to, email)).orderBy(desc(emails.id)).limit(1);
  return /\/affiliate\/activate\/([\w-]+)/.exec(mail!.text)![1]!;
}

const view = (token: string, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `${V1}/affiliate/activation/${token}`, remoteAddress: ip });
const activate = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `${V1}/affiliate/activation`, payload, remoteAddress: ip });

describe('activation', () => {
  it('a new account: the user is made (e-mail confirmed), the affiliate active, the offer accepted; the answer signs in', async () => {
    const inv = await invited();
    const v = await view(inv.token);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data).toMatchObject({ email: inv.email, existingAccount: false, offer: { offerId: inv.offerId } });
    const res = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true, termsVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userData).toMatchObject({ email: inv.email, role: 'affiliate' });
    expect(body.userData.affiliate_profile).toHaveLength(1);
    const [u] = await t.db.select().from(users).where(eq(users.email, inv.email));
    expect(u!.emailConfirmedAt).not.toBeNull();
    const [a] = await t.db.select().from(affiliates).where(eq(affiliates.id, inv.id));
    expect(a).toMatchObject({ status: 'active', userId: u!.id });
    const [o] = await t.db.select().from(affiliateOffers).where(eq(affiliateOffers.id, inv.offerId));
    expect(o).toMatchObject({ status: 'accepted', acceptedTermsVersion: 1, acceptedByUserId: u!.id });
    // The session works: the affiliate reads their own record.
    const me = await t.app.inject({
      method: 'GET',
      url: `${V1}/affiliate/${inv.id}`,
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    // Used: the link is refused from now on.
    expect((await view(inv.token)).statusCode).toBe(404);
    expect((await view(inv.token)).json().code).toBe('AFFILIATE_INVITATION_NOT_FOUND');
  });

  it('an existing account keeps its other profiles and gains the affiliate one; a wrong password is refused', async () => {
    const tree = await createTree(t.db);
    const existing = await createUser(t.db, {
      profiles: ['donor'],
      membership: { organizationId: tree.org.id, role: 'org_admin' },
    });
    const inv = await invited({ email: existing.email });
    expect((await view(inv.token)).json().data.existingAccount).toBe(true);
    const wrong = await activate({ token: inv.token, password: 'not-the-password-1', acceptTerms: true });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].path).toBe('body.password');
    expect((await t.db.select().from(affiliates).where(eq(affiliates.id, inv.id)))[0]!.userId).toBeNull();
    const res = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true });
    expect(res.statusCode, res.body).toBe(200);
    const profiles = (await t.db.select().from(userProfiles).where(eq(userProfiles.userId, existing.id)))
      .map((p) => p.type)
      .sort();
    expect(profiles).toEqual(['affiliate', 'donor']);
    expect(await t.db.select().from(organizationUsers).where(eq(organizationUsers.userId, existing.id))).toHaveLength(
      1,
    );
    const u = res.json().userData;
    expect(u.role).toBe('affiliate');
    expect(u.donor_profile).toHaveLength(1);
    expect(u.organizations).toHaveLength(1);
    // The user can switch to the organization profile and back.
    const sw = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/switch`,
      headers: { authorization: `Bearer ${res.json().accessToken}` },
      payload: { loginRole: 'organization', organizationId: tree.org.id },
    });
    expect(sw.statusCode, sw.body).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: `${V1}/user/switch`,
      headers: { authorization: `Bearer ${sw.json().data.accessToken}` },
      payload: { loginRole: 'affiliate' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.role).toBe('affiliate');
  });

  it('two activations at once: exactly one succeeds', async () => {
    const inv = await invited();
    const results = await Promise.all(
      [0, 1, 2].map(() => activate({ token: inv.token, password: PASSWORD, acceptTerms: true })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 404 || c === 401)).toBe(true);
    const used = await t.db.select().from(affiliateInvitations).where(eq(affiliateInvitations.affiliateId, inv.id));
    expect(used.filter((i) => i.usedAt)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, inv.email))).toHaveLength(1);
  });

  it('an expired link is a 410; a replaced link is a 404 and the new one works', async () => {
    const inv = await invited();
    await t.db
      .update(affiliateInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(affiliateInvitations.affiliateId, inv.id));
    expect((await view(inv.token)).statusCode).toBe(410);
    const expired = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('AFFILIATE_INVITATION_EXPIRED');
    const again = await su({ method: 'POST', url: `${V1}/affiliate/invite`, payload: { affiliateId: inv.id } });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await lastToken(inv.email);
    expect(fresh).not.toBe(inv.token);
    const rows = await t.db.select().from(affiliateInvitations).where(eq(affiliateInvitations.affiliateId, inv.id));
    expect(rows.filter((r) => r.replacedAt == null)).toHaveLength(1);
    await t.db
      .update(affiliateInvitations)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(affiliateInvitations.affiliateId, inv.id));
    expect((await view(inv.token)).statusCode).toBe(404);
    expect((await activate({ token: inv.token, password: PASSWORD, acceptTerms: true })).statusCode).toBe(404);
    expect((await activate({ token: fresh, password: PASSWORD, acceptTerms: true })).statusCode).toBe(200);
    const done = await su({ method: 'POST', url: `${V1}/affiliate/invite`, payload: { affiliateId: inv.id } });
    expect(done.statusCode).toBe(409);
  });

  it('terms changed since the page was read: 409 and nothing changed', async () => {
    const inv = await invited();
    await su({
      method: 'PUT',
      url: `${V1}/affiliate/program/${inv.program.id}`,
      payload: programBody({ name: inv.program.name, terms: 'Changed terms.' }),
    });
    const res = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true, termsVersion: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AFFILIATE_TERMS_CHANGED');
    expect((await t.db.select().from(affiliates).where(eq(affiliates.id, inv.id)))[0]!.status).toBe('invited');
    expect(await t.db.select().from(users).where(eq(users.email, inv.email))).toHaveLength(0);
    const ok = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true, termsVersion: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('wrong passwords are throttled per token (429), even from many addresses', async () => {
    const existing = await createUser(t.db, { profiles: ['donor'] });
    const inv = await invited({ email: existing.email });
    const statuses: number[] = [];
    for (let i = 0; i < ACTIVATION_THROTTLE.perToken + 1; i++)
      statuses.push(
        (await activate({ token: inv.token, password: `wrong-password-${i}x`, acceptTerms: true })).statusCode,
      );
    expect(statuses.slice(0, ACTIVATION_THROTTLE.perToken).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const right = await activate({ token: inv.token, password: PASSWORD, acceptTerms: true });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('invitations are throttled per affiliate', async () => {
    const inv = await invited();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (await su({ method: 'POST', url: `${V1}/affiliate/invite`, payload: { affiliateId: inv.id } })).statusCode,
      );
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('logs', () => {
  it('never hold the activation token (API look-up, activation page, activation error)', async () => {
    const inv = await invited();
    const secrets = [inv.token, randomToken()];
    await view(inv.token);
    await t.app.inject({ method: 'GET', url: `/affiliate/activate/${inv.token}` });
    await view(secrets[1]!);
    await t.app.inject({ method: 'GET', url: `/affiliate/activate/${secrets[1]}?lang=es` });
    await activate({ token: secrets[1]!, password: PASSWORD, acceptTerms: true });
    const log = lines.join('\n');
    expect(secrets.filter((s) => log.includes(s))).toEqual([]);
    expect(log).toContain(`/api/v1/affiliate/activation/${REDACTED}`);
    expect(log).toContain(`/affiliate/activate/${REDACTED}`);
  });
});
