/** Sign-in, registration, token refresh, profile switch and the email-link flows. */
import { isStaffRole, type LoginResponse, type ProfileType, type Role } from '@fc/contracts';
import { type Db, userProfiles, users } from '@fc/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import {
  consumeMailAllowance,
  consumeRegisterAllowance,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from '../../lib/throttle.js';
import type { Principal } from '../../types.js';
import { revokeApiKeysAfterPasswordReset } from '../api-keys/api-keys.auth.js';
import { renderEmail, renderRegisterAttempt } from './emails.js';
import { consumeToken, issueToken, type TokenPurpose } from './one-time-tokens.js';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './passwords.js';
import { revokeAllSessions, revokeSession, startSession, type TokenSettings } from './sessions.js';
import { buildStoredUser, defaultProfile, loadUserFacts, type UserFacts } from './stored-user.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

export function tokenSettings(app: FastifyInstance): TokenSettings {
  return {
    key: app.jwtKey,
    accessTtlSeconds: app.env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: app.env.REFRESH_TOKEN_TTL_DAYS,
  };
}

async function findLiveUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return user ?? null;
}

/** Starts a session on the user's default profile and returns the login response. */
export async function signIn(app: FastifyInstance, facts: UserFacts, meta: RequestMeta): Promise<LoginResponse> {
  if (facts.user.status === 'disabled')
    throw forbidden('This account is disabled. Contact your administrator.', 'ACCOUNT_DISABLED');
  const profile = defaultProfile(facts);
  if (!profile) throw forbidden('This account has no profile yet. Ask your administrator for access.', 'NO_PROFILE');
  const tokens = await startSession(app.db, tokenSettings(app), facts.user.id, profile, meta);
  const userData = await buildStoredUser(app.db, facts, profile);
  return { hasError: false, userData, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export async function login(app: FastifyInstance, email: string, password: string, meta: RequestMeta) {
  const attempt = await reserveLoginAttempt(app.db, email, meta.ip);
  const user = await findLiveUserByEmail(app.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw unauthorized('Invalid email or password.', 'INVALID_CREDENTIALS');
  await releaseLoginAttempt(app.db, attempt);
  return signIn(app, await loadUserFacts(app.db, user.id), meta);
}

export async function sendTokenEmail(app: FastifyInstance, user: typeof users.$inferSelect, purpose: TokenPurpose) {
  const token = await issueToken(app.db, user.id, purpose);
  // In the language the user chose for e-mails, else the console's (issue 18).
  const mail = renderEmail(purpose, user.emailLanguage ?? user.language, app.env.PUBLIC_URL, user.firstName, token);
  await app.mail.send({ to: user.email, ...mail, meta: { userId: user.id } });
}

export const REGISTER_MESSAGE =
  'Check your email: we sent a message to this address to finish signing up. If it already has an account, the message says how to sign in.';

type RegisterBody = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language?: 'en' | 'es' | undefined;
};

/**
 * Sign-up answers the same whether the address has an account or not (issue 12 item 3): the
 * request counts against the throttles and hands the work to the background; a new address gets
 * its account and a confirmation link, an existing owner an email saying someone tried.
 */
export async function register(app: FastifyInstance, body: RegisterBody, meta: RequestMeta) {
  assertPasswordAcceptable(body.password);
  await consumeRegisterAllowance(app.db, body.email, meta.ip);
  app.background.run('register', () => completeRegistration(app, body));
  return REGISTER_MESSAGE;
}

async function sendRegisterAttempt(app: FastifyInstance, owner: typeof users.$inferSelect) {
  const mail = renderRegisterAttempt(owner.emailLanguage ?? owner.language, app.env.PUBLIC_URL, owner.firstName);
  await app.mail.send({ to: owner.email, ...mail, meta: { userId: owner.id } });
}

const isEmailTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && String(e.constraint ?? e.cause?.constraint ?? '').includes('email');
};

async function completeRegistration(app: FastifyInstance, body: RegisterBody) {
  const existing = await findLiveUserByEmail(app.db, body.email);
  if (existing) return sendRegisterAttempt(app, existing);
  const passwordHash = await hashPassword(body.password);
  let user: typeof users.$inferSelect;
  try {
    user = await app.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          language: body.language ?? 'en',
        })
        .returning();
      // A self-registered account starts as a donor: it can give and see its own donations.
      await tx.insert(userProfiles).values({ userId: u!.id, type: 'donor' });
      return u!;
    });
  } catch (err) {
    // Two sign-ups for one new address at once: the second is told like any taken address.
    const winner = isEmailTaken(err) ? await findLiveUserByEmail(app.db, body.email) : null;
    if (!winner) throw err;
    return sendRegisterAttempt(app, winner);
  }
  await sendTokenEmail(app, user, 'confirm');
}

/** Maps a requested profile type onto a role the user holds, or explains why not. */
function resolveProfile(
  f: UserFacts,
  type: ProfileType,
  organizationId?: number,
): { role: Role; organizationId: number | null } {
  const missing = () =>
    badRequest('PROFILE_NOT_HELD', 'You do not have this profile.', [{ path: 'body.loginRole', message: 'Not held' }]);
  if (type === 'staff') {
    if (!isStaffRole(f.user.staffRole)) throw missing();
    return { role: f.user.staffRole, organizationId: null };
  }
  if (type === 'organization') {
    const m = organizationId ? f.memberships.find((x) => x.organizationId === organizationId) : f.memberships[0];
    if (!m) {
      throw badRequest('ORGANIZATION_NOT_HELD', 'You are not a member of this organization.', [
        { path: 'body.organizationId', message: 'Not a member' },
      ]);
    }
    return { role: m.role, organizationId: m.organizationId };
  }
  if (!f.profiles.some((p) => p.type === type)) throw missing();
  return { role: type, organizationId: null };
}

export async function switchProfile(
  app: FastifyInstance,
  principal: Principal,
  body: { loginRole: ProfileType; organizationId?: number | undefined },
  meta: RequestMeta,
) {
  const facts = await loadUserFacts(app.db, principal.user.id);
  const profile = resolveProfile(facts, body.loginRole, body.organizationId);
  // A new token family for the new profile; the old one ends so its tokens cannot act as the old role.
  const tokens = await startSession(app.db, tokenSettings(app), facts.user.id, profile, meta);
  await revokeSession(app.db, principal.sessionId, 'switch');
  const userData = await buildStoredUser(app.db, facts, profile);
  return { ...userData, token: tokens.accessToken, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export async function changePassword(
  app: FastifyInstance,
  principal: Principal,
  body: { id: number; currentPassword?: string | undefined; newPassword: string },
) {
  const self = body.id === principal.user.id;
  if (!self && principal.role !== 'super_admin') throw forbidden('Only a Super Admin can set another user’s password.');
  const [target] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, body.id), isNull(users.deletedAt)));
  if (!target) throw new AppError(404, 'NOT_FOUND', 'User not found.');
  if (self && !(await verifyPassword(target.passwordHash, body.currentPassword ?? ''))) {
    throw badRequest('CURRENT_PASSWORD_WRONG', 'Your current password is not correct.', [
      { path: 'body.currentPassword', message: 'Incorrect password' },
    ]);
  }
  assertPasswordAcceptable(body.newPassword, 'newPassword');
  await app.db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date() })
    .where(eq(users.id, target.id));
  // Other sessions end: a changed password must lock out whoever knew the old one.
  await revokeAllSessions(app.db, target.id, 'password_change', self ? principal.sessionId : undefined);
  // Set by a Super Admin for someone else: the account may have been in other hands (decision 020).
  if (!self) await revokeApiKeysAfterPasswordReset(app, target.id);
  return 'Password updated.';
}

export const FORGOT_MESSAGE = 'If an account exists for this email, we sent a link to reset the password.';
export const LOGIN_LINK_MESSAGE = 'If an account exists for this email, we sent a sign-in link.';

export async function requestEmailLink(
  app: FastifyInstance,
  email: string,
  purpose: 'reset' | 'otl',
  meta: RequestMeta,
) {
  await consumeMailAllowance(app.db, email, meta.ip);
  // The look-up and the email happen after the answer, so an existing account takes no longer.
  app.background.run(`email-link:${purpose}`, async () => {
    const user = await findLiveUserByEmail(app.db, email);
    if (user && user.status !== 'disabled') await sendTokenEmail(app, user, purpose);
  });
}

export async function recoverPassword(app: FastifyInstance, token: string, password: string) {
  assertPasswordAcceptable(password);
  const userId = await consumeToken(app.db, token, 'reset');
  await setPasswordAndActivate(app.db, userId, password);
  await revokeAllSessions(app.db, userId, 'password_reset');
  await revokeApiKeysAfterPasswordReset(app, userId);
}

async function setPasswordAndActivate(db: Db, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  const [u] = await db
    .select({ status: users.status, confirmed: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  await db
    .update(users)
    .set({
      passwordHash,
      status: u?.status === 'disabled' ? 'disabled' : 'active',
      // Following an emailed link proves the address.
      emailConfirmedAt: u?.confirmed ?? new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function confirmEmail(app: FastifyInstance, token: string) {
  const userId = await consumeToken(app.db, token, 'confirm');
  await app.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId));
}

export async function activateAccount(app: FastifyInstance, token: string, password: string, meta: RequestMeta) {
  assertPasswordAcceptable(password);
  const userId = await consumeToken(app.db, token, 'activate');
  await setPasswordAndActivate(app.db, userId, password);
  return signIn(app, await loadUserFacts(app.db, userId), meta);
}

export async function oneTimeLogin(app: FastifyInstance, token: string, meta: RequestMeta) {
  const userId = await consumeToken(app.db, token, 'otl');
  await app.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  return signIn(app, await loadUserFacts(app.db, userId), meta);
}
