/** Shared pieces of the team registration tests (issue 15): valid answers and a registrant's calls. */

import { createHash } from 'node:crypto';
import { REGISTRATION_TOKEN_HEADER } from '@fc/contracts';
import { teamRegistrations, users } from '@fc/db';
import { eq } from 'drizzle-orm';
import { PASSWORD, type TestApp } from './helpers.js';

let seq = 0;
export const uniq = () => `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;
export const freshIp = () => `203.0.113.${(++seq % 250) + 1}`;

export const answers = (u = uniq()) => ({
  organization: {
    mode: 'new',
    type: 'organization',
    name: `Rockets Youth ${u}`,
    slug: `rockets-${u}`,
    city: 'Austin',
    state: 'TX',
  },
  team: {
    name: `Rockets U12 ${u}`,
    sport: 'soccer',
    ageGroup: 'U12',
    season: 'Spring 2027',
    rosterSize: 14,
    slug: `rockets-u12-${u}`,
  },
  contacts: {
    admin: { firstName: 'Ana', lastName: 'Pérez', email: `ana-${u}@example.test` },
    coach: null,
    treasurer: null,
  },
  fundraising: {
    goalCents: 500_000,
    playerGoalCents: 25_000,
    startDate: '2027-03-01',
    endDate: '2027-04-15',
    purpose: 'Tournament travel and new uniforms.',
  },
});

export const account = (u = uniq()) => ({
  firstName: 'Ana',
  lastName: 'Pérez',
  email: `registrant-${u}@example.test`,
  password: PASSWORD,
});

export function registrant(t: TestApp) {
  const tokenHeaders = (token: string) => ({ [REGISTRATION_TOKEN_HEADER]: token });
  return {
    start: (payload: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/onboarding/registration', payload, remoteAddress: ip, headers }),
    draft: (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/onboarding/registration', headers: tokenHeaders(token) }),
    step: (token: string, step: number | string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/onboarding/registration/steps/${step}`,
        payload: payload as Record<string, unknown>,
        headers: tokenHeaders(token),
      }),
    submit: (token: string, payload: unknown = { acceptTerms: true }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/onboarding/registration/submit',
        payload: payload as Record<string, unknown>,
        headers: tokenHeaders(token),
      }),
  };
}

/** A registration started with a new account, every step answered, the email confirmed and submitted. */
export async function submittedRegistration(t: TestApp, over: { answers?: ReturnType<typeof answers> } = {}) {
  const r = registrant(t);
  const a = over.answers ?? answers();
  const started = await r.start({ account: account() });
  if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
  const { token, registration } = started.json().data;
  for (const [n, key] of [
    [2, 'organization'],
    [3, 'team'],
    [4, 'contacts'],
    [5, 'fundraising'],
  ] as const) {
    const res = await r.step(token, n, a[key]);
    if (res.statusCode !== 200) throw new Error(`step ${n}: ${res.statusCode} ${res.body}`);
  }
  await confirmEmail(t, registration.registrant.email);
  const sub = await r.submit(token);
  if (sub.statusCode !== 200) throw new Error(`submit: ${sub.statusCode} ${sub.body}`);
  return { token, id: registration.id as number, answers: a, email: registration.registrant.email as string };
}

export async function confirmEmail(t: TestApp, email: string) {
  await t.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
}

/** A record written straight to the database (access and list tests): submitted unless told otherwise. */
export async function insertRegistration(
  t: TestApp,
  spec: { salesUserId?: number | null; submitted?: boolean; decision?: string; daysAgo?: number } = {},
) {
  const u = uniq();
  const [person] = await t.db
    .insert(users)
    .values({
      email: `reg-${u}@example.test`,
      firstName: 'Reg',
      lastName: `Istrant ${u}`,
      emailConfirmedAt: new Date(),
    })
    .returning();
  const a = answers(u);
  const submitted = spec.submitted ?? true;
  const created = new Date(Date.now() - (spec.daysAgo ?? 0) * 86_400_000);
  const [row] = await t.db
    .insert(teamRegistrations)
    .values({
      registrantUserId: person!.id,
      tokenHash: createHash('sha256').update(u).digest('hex'),
      step: submitted ? 6 : 3,
      answers: submitted ? a : { organization: a.organization, team: a.team },
      submittedAt: submitted ? created : null,
      decision: spec.decision ?? 'pending',
      salesUserId: spec.salesUserId ?? null,
      search: `${a.team.name} ${a.organization.name} ${person!.email}`.toLowerCase(),
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  return { ...row!, answersGiven: a, registrant: person! };
}
