/**
 * Team registration (issue 15): the registrant's flow and the staff review's happy paths, on the
 * database TEST_DB names (run on both). Access, bad input, concurrency and the reminder have
 * their own files (registrations-*.test.ts).
 */
import { campaigns, emails, organizations, organizationUsers, teamRegistrations, users } from '@fc/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { account, answers, confirmEmail, registrant, submittedRegistration, uniq } from './registrations-support.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { staffRole: 'super_admin' });
});
afterAll(async () => t.close());

const mails = async (template: string) => {
  await t.app.background.idle();
  return t.db.select().from(emails).where(like(emails.template, template));
};

describe('the registrant', () => {
  it('starts with a new account (confirmation through the outbox), saves each step, resumes, submits', async () => {
    const r = registrant(t);
    const acct = account();
    const started = await r.start({ account: acct, language: 'es' });
    expect(started.statusCode, started.body).toBe(200);
    const { token, registration } = started.json().data;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(registration).toMatchObject({ step: 1, submittedAt: null, decision: 'pending', language: 'es' });
    expect(registration.registrant).toMatchObject({ email: acct.email, emailConfirmed: false });
    await t.app.background.idle();
    const confirmation = (await t.db.select().from(emails).where(eq(emails.to, acct.email))).length;
    expect(confirmation).toBe(1);
    // The secret is never stored: only its hash.
    const [row] = await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, registration.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toHaveLength(64);

    const a = answers();
    for (const [n, key] of [
      [2, 'organization'],
      [3, 'team'],
    ] as const) {
      const res = await r.step(token, n, a[key]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.step).toBe(n);
    }
    // Leaving and coming back: the draft with its answers and the step reached.
    const back = await r.draft(token);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ step: 3, answers: { organization: a.organization, team: a.team } });
    for (const [n, key] of [
      [4, 'contacts'],
      [5, 'fundraising'],
    ] as const)
      expect((await r.step(token, n, a[key])).statusCode).toBe(200);

    const early = await r.submit(token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REGISTRATION_EMAIL_UNCONFIRMED');
    await confirmEmail(t, acct.email);
    const sub = await r.submit(token);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data).toMatchObject({ step: 6, decision: 'pending' });
    expect(sub.json().data.submittedAt).toBeTruthy();
    // Idempotent; and a submitted draft no longer changes.
    const again = await r.submit(token);
    expect(again.json().data.submittedAt).toBe(sub.json().data.submittedAt);
    expect((await r.step(token, 2, a.organization)).statusCode).toBe(409);
  });

  it('starts as the signed-in user with their Bearer token', async () => {
    const me = await actor(t, { profiles: ['donor'] });
    const res = await registrant(t).start({}, undefined, { authorization: `Bearer ${me.token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.registration.registrant.email).toBe(me.user.email);
  });

  it('a new season of an existing team is filled in from the team', async () => {
    const org = await createOrg(t.db, 1, null);
    const team = await createOrg(t.db, 3, org.id);
    const res = await registrant(t).start({ account: account(), teamId: team.id });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data.registration;
    expect(d.existingTeam).toEqual({ id: team.id, name: team.name, organizationName: org.name });
    expect(d.answers.organization).toEqual({ mode: 'existing', organizationId: org.id });
  });

  it('finds organizations and checks web addresses', async () => {
    const org = await createOrg(t.db, 1, null);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/onboarding/registration/organizations?q=${encodeURIComponent(org.slug)}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((o: { id: number }) => o.id)).toContain(org.id);
    const check = (slug: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/onboarding/registration/check-address?slug=${slug}` });
    expect((await check(org.slug)).json().data).toEqual({ available: false, reason: 'taken' });
    expect((await check('login')).json().data).toEqual({ available: false, reason: 'reserved' });
    expect((await check(`free-${uniq()}`)).json().data).toEqual({ available: true, reason: null });
    expect((await check('Bad Slug!')).json().data).toEqual({ available: false, reason: 'invalid' });
  });
});

describe('the staff review', () => {
  it('lists (all, and paged with a summary), shows, edits and claims', async () => {
    const s = await submittedRegistration(t);
    const all = await admin.call({ method: 'GET', url: '/api/v1/onboarding/' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.some((r: { id: number }) => r.id === s.id)).toBe(true);
    const paged = await admin.call({ method: 'GET', url: '/api/v1/onboarding/?status=pending&perPage=5' });
    expect(paged.statusCode, paged.body).toBe(200);
    const body = paged.json();
    expect(body.total).toBe(body.data.total);
    expect(body.data.summary.pending).toBeGreaterThanOrEqual(1);
    const one = await admin.call({ method: 'GET', url: `/api/v1/onboarding/${s.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.data).toMatchObject({ id: s.id, status: 'pending', answers: s.answers });
    const edited = await admin.call({
      method: 'PUT',
      url: '/api/v1/onboarding/',
      payload: { id: s.id, answers: { team: { ...s.answers.team, rosterSize: 20 } } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.data.answers.team.rosterSize).toBe(20);
    const sales = await actor(t, { staffRole: 'fys_sales' });
    const claimed = await sales.call({ method: 'POST', url: `/api/v1/onboarding/${s.id}/claim` });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data.data.salesperson.id).toBe(sales.user.id);
  });

  it('approves: organization, team, division, admin membership (invited), draft campaign, salesperson', async () => {
    const sales = await actor(t, { staffRole: 'fys_sales' });
    const s = await submittedRegistration(t);
    const res = await sales.call({ method: 'POST', url: `/api/v1/onboarding/${s.id}/approve` });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data.data;
    expect(d.status).toBe('approved');
    expect(d.decidedBy.id).toBe(sales.user.id);
    const [team] = await t.db.select().from(organizations).where(eq(organizations.id, d.created.teamId));
    expect(team).toMatchObject({ typeId: 3, slug: s.answers.team.slug, parentId: d.created.organizationId });
    expect(team!.salesUserId).toBe(sales.user.id);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, d.created.organizationId));
    expect(org).toMatchObject({ typeId: 1, slug: s.answers.organization.slug, region: 'TX' });
    const [division] = await t.db.select().from(organizations).where(eq(organizations.id, d.created.divisionId));
    expect(division).toMatchObject({ typeId: 4, parentId: team!.id });
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, d.created.campaignId));
    expect(campaign).toMatchObject({
      status: 'draft',
      organizationId: team!.id,
      goalCents: 500_000,
      playerGoalCents: 25_000,
      startDate: '2027-03-01',
      endDate: '2027-04-15',
    });
    const [adminUser] = await t.db.select().from(users).where(eq(users.email, s.answers.contacts.admin.email));
    expect(adminUser!.status).toBe('invited');
    const m = await t.db
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.userId, adminUser!.id), eq(organizationUsers.organizationId, team!.id)));
    expect(m.map((x) => x.role)).toEqual(['team_admin']);
    await t.app.background.idle();
    const invite = await t.db.select().from(emails).where(eq(emails.to, adminUser!.email));
    expect(invite).toHaveLength(1);
    expect((await mails('registration-approved')).some((e) => e.to === s.email)).toBe(true);
    // Approving again changes nothing.
    const again = await sales.call({ method: 'POST', url: `/api/v1/onboarding/${s.id}/approve` });
    expect(again.json().data.data.created).toEqual(d.created);
  });

  it('rejects with a reason, emailed; deletes a rejected record', async () => {
    const s = await submittedRegistration(t);
    const res = await admin.call({
      method: 'POST',
      url: `/api/v1/onboarding/${s.id}/reject`,
      payload: { reason: 'We could not verify the league.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toMatchObject({ status: 'rejected', reason: 'We could not verify the league.' });
    const sent = (await mails('registration-rejected')).filter((e) => e.to === s.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('We could not verify the league.');
    const del = await admin.call({ method: 'DELETE', url: `/api/v1/onboardings/delete?id=${s.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, s.id))).toEqual([]);
  });
});
