/**
 * Approving, rejecting and deleting team registrations (issue 15): ten simultaneous approvals
 * create one of each thing; a web address taken since is a 409 naming it with nothing half
 * created; an existing organization or team (new season) is reused; a rejection needs a reason,
 * emailed in the registrant's language; delete removes only unsubmitted or rejected records.
 */
import { campaigns, emails, organizations, organizationUsers, teamRegistrations, users } from '@fc/db';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { answers, insertRegistration, submittedRegistration } from './registrations-support.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let sales: Awaited<ReturnType<typeof actor>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { staffRole: 'super_admin' });
  sales = await actor(t, { staffRole: 'fys_sales' });
});
afterAll(async () => t.close());

const approve = (id: number, who = admin) => who.call({ method: 'POST', url: `/api/v1/onboarding/${id}/approve` });
const counts = async () => {
  const res = (await t.db.execute(sql`select
      (select count(*)::int from organizations) as orgs, (select count(*)::int from campaigns) as campaigns,
      (select count(*)::int from organization_users) as memberships, (select count(*)::int from users) as users,
      (select count(*)::int from emails) as emails`)) as unknown as { rows: Record<string, number>[] };
  return Object.fromEntries(Object.entries(res.rows[0]!).map(([k, v]) => [k, Number(v)]));
};

describe('approve', () => {
  it('ten simultaneous approvals create exactly one organization, team, division, membership and campaign', async () => {
    const s = await submittedRegistration(t);
    await t.app.background.idle();
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(s.id, i % 2 ? sales : admin)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const created = results.map((r) => JSON.stringify(r.json().data.data.created));
    expect(new Set(created).size).toBe(1);
    await t.app.background.idle();
    const after = await counts();
    // organization + team + division; the admin's invited account and membership; one campaign;
    // the approval email and the invitation.
    expect({
      orgs: after.orgs! - before.orgs!,
      campaigns: after.campaigns! - before.campaigns!,
      memberships: after.memberships! - before.memberships!,
      users: after.users! - before.users!,
      emails: after.emails! - before.emails!,
    }).toEqual({ orgs: 3, campaigns: 1, memberships: 1, users: 1, emails: 2 });
    const teams = await t.db.select().from(organizations).where(eq(organizations.slug, s.answers.team.slug));
    expect(teams).toHaveLength(1);
    console.log(`[issue 15] 10 concurrent approvals: 10 × 200, 1 team, 1 division, 1 campaign, 1 membership`);
  });

  it('two registrations naming one new team admin, approved at once: one invited account, two memberships', async () => {
    const email = `shared-admin-${Date.now()}@example.test`;
    const regs = [];
    for (let i = 0; i < 2; i++) {
      const a = answers();
      regs.push(
        await submittedRegistration(t, {
          answers: { ...a, contacts: { ...a.contacts, admin: { firstName: 'Sha', lastName: 'Red', email } } },
        }),
      );
    }
    const res = await Promise.all(regs.map((r) => approve(r.id)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const m = await t.db.select().from(organizationUsers).where(eq(organizationUsers.userId, accounts[0]!.id));
    expect(m).toHaveLength(2);
  });

  it('a web address taken since submission: 409 naming it, nothing created, the record still pending', async () => {
    for (const field of ['organization', 'team'] as const) {
      const s = await submittedRegistration(t);
      await t.db.insert(organizations).values({ typeId: 1, name: 'Squatter', slug: s.answers[field].slug });
      await t.app.background.idle();
      const before = await counts();
      const res = await approve(s.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: [{ path: `answers.${field}.slug` }] });
      await t.app.background.idle();
      expect(await counts()).toEqual(before);
      const [row] = await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, s.id));
      expect(row).toMatchObject({ decision: 'pending', createdTeamId: null, createdCampaignId: null });
      // Staff fix the address and approve.
      const fixed = { ...s.answers[field], slug: `${s.answers[field].slug}-2` };
      const put = await admin.call({
        method: 'PUT',
        url: '/api/v1/onboarding/',
        payload: { id: s.id, answers: { [field]: fixed } },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await approve(s.id)).statusCode).toBe(200);
    }
  });

  it('an existing organization and an existing team admin account are reused', async () => {
    const org = await createOrg(t.db, 2, null);
    const person = await actor(t, { profiles: ['donor'] });
    const a = answers();
    const s = await submittedRegistration(t, {
      answers: {
        ...a,
        organization: { mode: 'existing', organizationId: org.id } as never,
        contacts: { ...a.contacts, admin: { firstName: 'X', lastName: 'Y', email: person.user.email } },
      },
    });
    const res = await approve(s.id, sales);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.data.created;
    expect(created.organizationId).toBe(org.id);
    const m = await t.db
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.userId, person.user.id), eq(organizationUsers.organizationId, created.teamId)));
    expect(m).toHaveLength(1);
    await t.app.background.idle();
    // No invitation for an account that already has a password.
    expect(await t.db.select().from(emails).where(eq(emails.to, person.user.email))).toEqual([]);
  });

  it('a new season reuses the team: a new division and campaign under it', async () => {
    const org = await createOrg(t.db, 1, null);
    const team = await createOrg(t.db, 3, org.id);
    const r0 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/registration',
      payload: {
        account: {
          firstName: 'N',
          lastName: 'S',
          email: `season-${team.id}@example.test`,
          password: 'correct-horse-battery-9',
        },
        teamId: team.id,
      },
    });
    const token = r0.json().data.token as string;
    const a = answers();
    const headers = { 'x-registration-token': token };
    for (const [n, body] of [
      [3, { ...a.team, slug: team.slug }],
      [4, a.contacts],
      [5, a.fundraising],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/onboarding/registration/steps/${n}`,
        payload: body,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.email, `season-${team.id}@example.test`));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/onboarding/registration/submit',
          payload: { acceptTerms: true },
          headers,
        })
      ).statusCode,
    ).toBe(200);
    const res = await approve(r0.json().data.registration.id);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.data.created;
    expect(created).toMatchObject({ teamId: team.id, organizationId: org.id });
    const [division] = await t.db.select().from(organizations).where(eq(organizations.id, created.divisionId));
    expect(division!.parentId).toBe(team.id);
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, created.campaignId));
    expect(campaign).toMatchObject({ organizationId: team.id, status: 'draft' });
  });

  it('refuses an unsubmitted or rejected record', async () => {
    const draft = await insertRegistration(t, { submitted: false });
    expect((await approve(draft.id)).json().code).toBe('REGISTRATION_NOT_SUBMITTED');
    const rejected = await insertRegistration(t, { decision: 'rejected' });
    const res = await approve(rejected.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REGISTRATION_DECIDED');
  });
});

describe('reject', () => {
  it('needs a reason (400 naming it), then emails it in the registrant’s language', async () => {
    const s = await insertRegistration(t);
    await t.db.update(teamRegistrations).set({ language: 'es' }).where(eq(teamRegistrations.id, s.id));
    const none = await admin.call({
      method: 'POST',
      url: `/api/v1/onboarding/${s.id}/reject`,
      payload: { reason: '  ' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('body.reason');
    const res = await sales.call({
      method: 'POST',
      url: `/api/v1/onboarding/${s.id}/reject`,
      payload: { reason: 'La liga no está registrada.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toMatchObject({ status: 'rejected', decidedBy: { id: sales.user.id } });
    await t.app.background.idle();
    const sent = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, s.registrant.email), like(emails.template, 'registration-%')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('no fue aprobada');
    expect(sent[0]!.text).toContain('La liga no está registrada.');
    // Rejecting again sends nothing more; approving it now is refused.
    await sales.call({ method: 'POST', url: `/api/v1/onboarding/${s.id}/reject`, payload: { reason: 'Again.' } });
    await t.app.background.idle();
    expect(await t.db.select().from(emails).where(eq(emails.to, s.registrant.email))).toHaveLength(1);
  });
});

describe('delete', () => {
  it('removes an unsubmitted or rejected record only', async () => {
    const unsubmitted = await insertRegistration(t, { submitted: false });
    const rejected = await insertRegistration(t, { decision: 'rejected' });
    const pending = await insertRegistration(t);
    const approved = await insertRegistration(t, { decision: 'approved' });
    const del = (id: number) => admin.call({ method: 'DELETE', url: `/api/v1/onboardings/delete?id=${id}` });
    expect((await del(unsubmitted.id)).statusCode).toBe(200);
    expect((await del(rejected.id)).statusCode).toBe(200);
    for (const kept of [pending, approved]) {
      const res = await del(kept.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('REGISTRATION_NOT_DELETABLE');
    }
    const left = await t.db
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .where(inArray(teamRegistrations.id, [unsubmitted.id, rejected.id, pending.id, approved.id]));
    expect(left.map((r) => r.id).sort()).toEqual([pending.id, approved.id].sort());
    expect((await del(unsubmitted.id)).statusCode).toBe(404);
  });
});
