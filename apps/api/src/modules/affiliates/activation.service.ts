/**
 * Activating an affiliate through the invitation link `/affiliate/activate/{token}` (decision 018).
 * The page shows `activationView`; `activate` takes a new password (no account with the e-mail
 * yet: one is made, its e-mail confirmed by the link) or the existing account's password, then in
 * ONE transaction uses the invitation (single-use: a concurrent second use finds it used), links
 * the account, makes the affiliate active, adds the affiliate profile and accepts the invitation's
 * offer at the current terms version. Answers the sign-in shape on the affiliate profile.
 * Throttled per network address and per token; wrong passwords count.
 */
import type { AffiliateActivateBody, AffiliateActivation, LoginResponse } from '@fc/contracts';
import { affiliateInvitations, affiliates, firstRow, userProfiles, users } from '@fc/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { reserve } from '../../lib/throttle.js';
import { hours } from '../../lib/time.js';
import { tokenSettings } from '../auth/auth.service.js';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../auth/passwords.js';
import { startSession } from '../auth/sessions.js';
import { buildStoredUser, loadUserFacts } from '../auth/stored-user.js';
import { acceptInTx } from './offers.service.js';
import { programById } from './programs.service.js';

export const ACTIVATION_THROTTLE = { perIp: 20, perToken: 5, windowMs: hours(1) } as const;

const missing = () =>
  new AppError(
    404,
    'AFFILIATE_INVITATION_NOT_FOUND',
    'This invitation link is not valid: it was already used or replaced by a newer one. Ask for a new invitation.',
  );
const expired = () =>
  new AppError(410, 'AFFILIATE_INVITATION_EXPIRED', 'This invitation link has expired. Ask for a new invitation.');

async function invitationOf(app: FastifyInstance, token: string) {
  const r = await firstRow<Record<string, unknown>>(
    app.db,
    sql`select i.id, i.affiliate_id, i.offer_id, i.expires_at, i.used_at, i.replaced_at,
        a.first_name, a.last_name, a.email, a.language, a.status
      from affiliate_invitations i join affiliates a on a.id = i.affiliate_id
      where i.token_hash = ${sha256(token)}`,
  );
  if (!r || r.used_at != null || r.replaced_at != null || r.status === 'disabled') throw missing();
  if (new Date(String(r.expires_at instanceof Date ? r.expires_at.toISOString() : r.expires_at)) <= new Date())
    throw expired();
  return r;
}

async function liveUser(app: FastifyInstance, email: string) {
  const [u] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return u ?? null;
}

/** `GET /affiliate/activation/{token}` and the server-rendered activation page. */
export async function activationView(app: FastifyInstance, token: string): Promise<AffiliateActivation> {
  const r = await invitationOf(app, token);
  const user = await liveUser(app, String(r.email));
  let offer: AffiliateActivation['offer'] = null;
  if (r.offer_id != null) {
    const {
      offerCount: _c,
      createdAt: _a,
      updatedAt: _u,
      active: _x,
      ...program
    } = await programById(app.db, await programOfOffer(app, Number(r.offer_id)));
    offer = { offerId: Number(r.offer_id), program };
  }
  return {
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: String(r.email),
    existingAccount: Boolean(user?.passwordHash),
    offer,
    language: r.language === 'es' ? 'es' : 'en',
  };
}

async function programOfOffer(app: FastifyInstance, offerId: number) {
  const r = await firstRow<{ program_id: number }>(
    app.db,
    sql`select program_id from affiliate_offers where id = ${offerId}`,
  );
  return Number(r!.program_id);
}

const throttled = () =>
  new AppError(
    429,
    'AFFILIATE_ACTIVATION_THROTTLED',
    'Too many attempts. Please wait a while and try again.',
    undefined,
    {
      'retry-after': String(ACTIVATION_THROTTLE.windowMs / 1000),
    },
  );

/** Counts one look-up or attempt from `ip` on `token` (the keys hold hashes, never the token). */
export async function consumeActivationAllowance(app: FastifyInstance, token: string, ip: string) {
  const T = ACTIVATION_THROTTLE;
  const ok = await reserve(
    app.db,
    [
      [`affiliate-activation:ip:${sha256(ip).slice(0, 22)}`, T.perIp],
      [`affiliate-activation:token:${sha256(`t:${token}`).slice(0, 22)}`, T.perToken],
    ],
    T.windowMs,
  );
  if (!ok) throw throttled();
}

export async function activate(
  app: FastifyInstance,
  body: AffiliateActivateBody,
  ip: string,
  userAgent?: string,
): Promise<LoginResponse> {
  await consumeActivationAllowance(app, body.token, ip);
  const inv = await invitationOf(app, body.token);
  const email = String(inv.email);
  const existing = await liveUser(app, email);
  if (existing?.passwordHash) {
    if (!(await verifyPassword(existing.passwordHash, body.password)))
      throw new AppError(
        401,
        'AFFILIATE_ACTIVATION_PASSWORD',
        'An account with this e-mail already exists: enter its password to add the affiliate profile to it.',
        [{ path: 'body.password', message: 'Not the password of this account' }],
      );
  } else assertPasswordAcceptable(body.password);
  if (existing?.status === 'disabled')
    throw forbidden('This account is disabled. Contact your administrator.', 'ACCOUNT_DISABLED');
  const newHash = existing?.passwordHash ? null : await hashPassword(body.password);
  const invitationId = Number(inv.id);
  const affiliateId = Number(inv.affiliate_id);
  const userId = await app.db.transaction(async (tx) => {
    const now = new Date();
    const used = await tx
      .update(affiliateInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(affiliateInvitations.id, invitationId),
          isNull(affiliateInvitations.usedAt),
          isNull(affiliateInvitations.replacedAt),
          gt(affiliateInvitations.expiresAt, now),
        ),
      )
      .returning({ id: affiliateInvitations.id });
    if (used.length === 0) throw missing();
    let uid: number;
    if (existing) {
      uid = existing.id;
      // The link proved the e-mail; an account without a password (invited elsewhere) gets this one.
      if (newHash)
        await tx
          .update(users)
          .set({ passwordHash: newHash, emailConfirmedAt: existing.emailConfirmedAt ?? now, status: 'active' })
          .where(eq(users.id, uid));
      else if (!existing.emailConfirmedAt)
        await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, uid));
    } else {
      const [a] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId));
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: newHash,
          firstName: a!.firstName,
          lastName: a!.lastName,
          language: a!.language,
          emailConfirmedAt: now,
        })
        .returning({ id: users.id });
      uid = u!.id;
    }
    const [other] = await tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(and(eq(affiliates.userId, uid), sql`${affiliates.id} <> ${affiliateId}`));
    if (other) throw new AppError(409, 'AFFILIATE_ACCOUNT_TAKEN', 'This account already belongs to another affiliate.');
    await tx
      .update(affiliates)
      .set({
        userId: uid,
        status: sql`case when ${affiliates.status} = 'invited' then 'active' else ${affiliates.status} end`,
        updatedAt: now,
      })
      .where(eq(affiliates.id, affiliateId));
    await tx.insert(userProfiles).values({ userId: uid, type: 'affiliate' }).onConflictDoNothing();
    if (inv.offer_id != null) await acceptInTx(tx, Number(inv.offer_id), uid, body.termsVersion);
    return uid;
  });
  app.log.info({ affiliateId, userId }, 'affiliate activated');
  const facts = await loadUserFacts(app.db, userId);
  const profile = { role: 'affiliate' as const, organizationId: null };
  const tokens = await startSession(app.db, tokenSettings(app), userId, profile, { ip, userAgent });
  const userData = await buildStoredUser(app.db, facts, profile);
  return { hasError: false, userData, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** The activation page's look-ups from one network address (the page itself reads the link). */
export async function consumeActivationViewAllowance(app: FastifyInstance, ip: string) {
  const ok = await reserve(
    app.db,
    [[`affiliate-activation:view:${sha256(ip).slice(0, 22)}`, 60]],
    ACTIVATION_THROTTLE.windowMs,
  );
  if (!ok) throw throttled();
}
