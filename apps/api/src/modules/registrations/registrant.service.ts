/**
 * The registrant's side of a team registration (issue 15): start a draft (a new account, or the
 * signed-in user), read it with its secret, save each step, submit. The secret is answered once
 * and only its sha256 is stored; a filled spam trap gets the same kind of answer with nothing stored.
 */
import type {
  RegistrationAnswers,
  RegistrationDraft,
  StartRegistrationBody,
  startRegistrationBodySchema,
} from '@fc/contracts';
import { organizations, teamRegistrations, userProfiles, users } from '@fc/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { winningClick } from '../affiliates/hooks.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { assertPasswordAcceptable, hashPassword } from '../auth/passwords.js';
import { type RecordRow, recordRow, refreshSearch } from './registrations.repository.js';
import { consumeStartAllowance } from './registrations.throttle.js';

type StartBody = z.output<typeof startRegistrationBodySchema>;

export type { StartRegistrationBody };

export const registrationNotFound = () =>
  notFound(
    'This registration link is no longer valid. Open the latest link we emailed you, or start again.',
    'REGISTRATION_NOT_FOUND',
  );

/** The draft of the secret `token` (404 for a missing or unknown one). */
export async function recordByToken(app: FastifyInstance, token: string | undefined): Promise<RecordRow> {
  if (!token || token.length > 200) throw registrationNotFound();
  const row = await recordRow(app.db, sql`token_hash = ${sha256(token)}`);
  if (!row) throw registrationNotFound();
  return row;
}

/** What the registrant sees of their draft. */
export async function draftOf(app: FastifyInstance, row: RecordRow): Promise<RegistrationDraft> {
  const [u] = await app.db.select().from(users).where(eq(users.id, row.registrantUserId));
  let existingTeam: RegistrationDraft['existingTeam'] = null;
  if (row.existingTeamId) {
    const [t] = await app.db
      .select({ id: organizations.id, name: organizations.name, parentId: organizations.parentId })
      .from(organizations)
      .where(eq(organizations.id, row.existingTeamId));
    const [o] = t?.parentId
      ? await app.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, t.parentId))
      : [];
    if (t) existingTeam = { id: t.id, name: t.name, organizationName: o?.name ?? '' };
  }
  return {
    id: row.id,
    step: Math.min(6, Math.max(1, row.step)),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decision: row.decision as RegistrationDraft['decision'],
    answers: row.answers,
    registrant: {
      firstName: u!.firstName,
      lastName: u!.lastName,
      email: u!.email,
      emailConfirmed: u!.emailConfirmedAt != null,
    },
    existingTeam,
    language: row.language,
  };
}

/** An existing, active team (a new season), with what an earlier approved registration told of it. */
async function seasonSource(app: FastifyInstance, teamId: number) {
  const [team] = await app.db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, teamId), eq(organizations.typeId, 3), eq(organizations.status, 'active')));
  if (!team)
    throw badRequest('REGISTRATION_TEAM_UNKNOWN', 'This team was not found. Check the link, or register a new team.', [
      { path: 'body.teamId', message: 'Not an active team' },
    ]);
  const [parent] = team.parentId
    ? await app.db.select().from(organizations).where(eq(organizations.id, team.parentId))
    : [];
  const answers: RegistrationAnswers = {};
  if (parent && (parent.typeId === 1 || parent.typeId === 2))
    answers.organization = { mode: 'existing', organizationId: parent.id };
  const [earlier] = await app.db
    .select({ answers: teamRegistrations.answers })
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.createdTeamId, team.id), eq(teamRegistrations.decision, 'approved')))
    .orderBy(sql`${teamRegistrations.decidedAt} desc`)
    .limit(1);
  const before = (earlier?.answers ?? {}) as RegistrationAnswers;
  if (before.team) answers.team = { ...before.team, name: team.name, slug: team.slug };
  if (before.contacts) answers.contacts = before.contacts;
  return { team, answers };
}

const accountExists = () =>
  new AppError(409, 'ACCOUNT_EXISTS', 'An account with this email already exists. Sign in first, then register.', [
    { path: 'body.account.email', message: 'Already registered: sign in first' },
  ]);

const isEmailTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && String(e.constraint ?? e.cause?.constraint ?? '').includes('email');
};

/** A filled spam trap: an answer shaped like a real one, nothing stored or sent. */
function decoy(body: StartBody): { token: string; registration: RegistrationDraft } {
  return {
    token: randomToken(),
    registration: {
      id: 0,
      step: 1,
      submittedAt: null,
      decision: 'pending',
      answers: {},
      registrant: {
        firstName: body.account?.firstName ?? '',
        lastName: body.account?.lastName ?? '',
        email: body.account?.email ?? '',
        emailConfirmed: false,
      },
      existingTeam: null,
      language: body.language,
    },
  };
}

/** `POST /onboarding/registration`: step 1. */
export async function startRegistration(
  app: FastifyInstance,
  body: StartBody,
  caller: Principal | null,
  ip: string,
  visitorId: string | null = null,
) {
  if (caller && body.account)
    throw badRequest('REGISTRATION_SIGNED_IN', 'You are signed in: continue as yourself, without a new account.', [
      { path: 'body.account', message: 'Leave out when signed in' },
    ]);
  if (!caller && !body.account)
    throw badRequest('REGISTRATION_ACCOUNT_REQUIRED', 'Sign in, or enter your name, email and a password.', [
      { path: 'body.account', message: 'Required when not signed in' },
    ]);
  await consumeStartAllowance(app.db, ip, body.account?.email ?? caller?.user.email ?? null);
  if (body.website?.trim()) {
    app.log.info('registration: spam trap filled, nothing stored');
    return decoy(body);
  }
  const season = body.teamId ? await seasonSource(app, body.teamId) : null;
  const account = body.account;
  let passwordHash: string | null = null;
  if (account) {
    assertPasswordAcceptable(account.password, 'account.password');
    const [existing] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, account.email), isNull(users.deletedAt)));
    if (existing) throw accountExists();
    passwordHash = await hashPassword(account.password);
  }
  const token = randomToken();
  // Affiliates (issue 16, decision 018): the link the registrant came through, fixed now.
  const click = await winningClick(app.db, visitorId, new Date());
  let created: { id: number; user: typeof users.$inferSelect | null };
  try {
    created = await app.db.transaction(async (tx) => {
      let userId = caller?.user.id ?? 0;
      let user: typeof users.$inferSelect | null = null;
      if (account && passwordHash) {
        const [inserted] = await tx
          .insert(users)
          .values({
            email: account.email,
            passwordHash,
            firstName: account.firstName,
            lastName: account.lastName,
            language: account.language ?? body.language,
          })
          .returning();
        user = inserted!;
        userId = user.id;
        // A self-registered account starts as a donor, like `POST /register` (auth.service.ts).
        await tx.insert(userProfiles).values({ userId, type: 'donor' });
      }
      const [row] = await tx
        .insert(teamRegistrations)
        .values({
          registrantUserId: userId,
          tokenHash: sha256(token),
          existingTeamId: season?.team.id ?? null,
          answers: season?.answers ?? {},
          language: body.language,
          salesUserId: season?.team.salesUserId ?? null,
          affiliateId: click?.affiliateId ?? null,
          affiliateClickId: click?.clickId ?? null,
        })
        .returning({ id: teamRegistrations.id });
      await refreshSearch(tx, row!.id);
      return { id: row!.id, user };
    });
  } catch (err) {
    if (isEmailTaken(err)) throw accountExists();
    throw err;
  }
  // The confirmation link goes through the outbox like any sign-up's (auth.service.ts).
  if (created.user) await sendTokenEmail(app, created.user, 'confirm');
  app.log.info({ registrationId: created.id }, 'registration started');
  const row = await recordRow(app.db, sql`id = ${created.id}`);
  return { token, registration: await draftOf(app, row!) };
}

const submitted = () =>
  conflict('REGISTRATION_SUBMITTED', 'This registration was already submitted: it can no longer be changed here.');

/** `PUT /onboarding/registration/steps/{step}`: the step's answer, already validated (registrant.steps.ts). */
export async function saveStep(
  app: FastifyInstance,
  row: RecordRow,
  key: keyof RegistrationAnswers,
  value: unknown,
  step: number,
) {
  if (row.submittedAt || row.decision !== 'pending') throw submitted();
  await app.db.transaction(async (tx) => {
    await tx
      .update(teamRegistrations)
      .set({
        answers: sql`${teamRegistrations.answers} || ${JSON.stringify({ [key]: value })}::jsonb`,
        step: sql`greatest(${teamRegistrations.step}, ${step})`,
        updatedAt: new Date(),
      })
      .where(eq(teamRegistrations.id, row.id));
    await refreshSearch(tx, row.id);
  });
  return draftOf(app, (await recordRow(app.db, sql`id = ${row.id}`))!);
}

/** `POST /onboarding/registration/submit`: every step answered and the email confirmed; idempotent. */
export async function submit(app: FastifyInstance, row: RecordRow) {
  if (row.submittedAt) return draftOf(app, row);
  const missing = (['organization', 'team', 'contacts', 'fundraising'] as const).filter((k) => !row.answers[k]);
  if (missing.length)
    throw badRequest(
      'REGISTRATION_INCOMPLETE',
      'Some steps are not finished yet. Complete them, then submit.',
      missing.map((k) => ({ path: `answers.${k}`, message: 'Not answered yet' })),
    );
  const [u] = await app.db
    .select({ confirmed: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, row.registrantUserId));
  if (!u?.confirmed)
    throw conflict(
      'REGISTRATION_EMAIL_UNCONFIRMED',
      'Confirm your email first: open the link we sent you, then submit again.',
      [{ path: 'registrant.email', message: 'Not confirmed yet' }],
    );
  await app.db
    .update(teamRegistrations)
    .set({ submittedAt: new Date(), step: 6, updatedAt: new Date() })
    .where(and(eq(teamRegistrations.id, row.id), isNull(teamRegistrations.submittedAt)));
  app.log.info({ registrationId: row.id }, 'registration submitted');
  return draftOf(app, (await recordRow(app.db, sql`id = ${row.id}`))!);
}
