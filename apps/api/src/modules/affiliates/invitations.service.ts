/**
 * Affiliate invitations (decision 018): a single-use link `/affiliate/activate/{token}` that works
 * AFFILIATE_LIMITS.invitationDays days. Only the token's sha256 is stored; a new invitation makes
 * the earlier ones unusable (`replaced_at`). The e-mail goes through the outbox in the same
 * transaction; sends are throttled per affiliate and per sender.
 */
import { AFFILIATE_LIMITS } from '@fc/contracts';
import { affiliateInvitations, affiliateOffers, affiliatePrograms, affiliates, type Tx } from '@fc/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, conflict } from '../../lib/errors.js';
import { consumeAllowance } from '../../lib/throttle.js';
import { days } from '../../lib/time.js';
import type { Principal } from '../../types.js';
import { assertManagesAffiliates } from './affiliates.access.js';
import { renderInvitation } from './affiliates.emails.js';

export const INVITE_THROTTLE = { perAffiliate: 5, perSender: 50 } as const;

export const activationLink = (app: FastifyInstance, token: string) =>
  `${app.env.PUBLIC_URL}/affiliate/activate/${token}`;

/**
 * Replaces the affiliate's earlier invitations with a new one and stores its e-mail in the outbox;
 * returns the e-mail's id (deliver it after the commit). `offerId` null: the latest open offer.
 */
export async function issueInvitation(
  app: FastifyInstance,
  tx: Tx,
  affiliateId: number,
  offerId: number | null,
  sentByUserId: number,
): Promise<number> {
  const [a] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
  if (!a) throw new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');
  const [offer] = await tx
    .select({ id: affiliateOffers.id, programName: affiliatePrograms.name })
    .from(affiliateOffers)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateOffers.programId))
    .where(
      and(
        eq(affiliateOffers.affiliateId, affiliateId),
        eq(affiliateOffers.status, 'offered'),
        ...(offerId != null ? [eq(affiliateOffers.id, offerId)] : []),
      ),
    )
    .orderBy(desc(affiliateOffers.createdAt), desc(affiliateOffers.id))
    .limit(1);
  const now = new Date();
  await tx
    .update(affiliateInvitations)
    .set({ replacedAt: now })
    .where(
      and(
        eq(affiliateInvitations.affiliateId, affiliateId),
        isNull(affiliateInvitations.usedAt),
        isNull(affiliateInvitations.replacedAt),
      ),
    );
  const token = randomToken();
  await tx.insert(affiliateInvitations).values({
    affiliateId,
    offerId: offer?.id ?? null,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + days(AFFILIATE_LIMITS.invitationDays)),
    sentByUserId,
  });
  const mail = renderInvitation(
    a.language === 'es' ? 'es' : 'en',
    a.firstName,
    offer?.programName ?? null,
    activationLink(app, token),
    AFFILIATE_LIMITS.invitationDays,
  );
  return app.mail.enqueue(tx, { to: a.email, ...mail, template: 'affiliate-invitation', meta: { affiliateId } });
}

/** `POST /affiliate/invite` (Super Admin): an invited affiliate, or an active one without an account yet. */
export async function invite(app: FastifyInstance, p: Principal, affiliateId: number) {
  assertManagesAffiliates(p);
  const [a] = await app.db.select().from(affiliates).where(eq(affiliates.id, affiliateId));
  if (!a) throw new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');
  if (a.userId != null || (a.status !== 'invited' && a.status !== 'active'))
    throw conflict(
      'AFFILIATE_NOT_INVITABLE',
      a.userId != null
        ? 'This affiliate has already activated their account.'
        : 'A paused or disabled affiliate cannot be invited.',
      [{ path: 'body.affiliateId', message: 'Not invitable' }],
    );
  const message = 'Too many invitations for this affiliate. Please wait 15 minutes and try again.';
  await consumeAllowance(app.db, `affiliate-invite:aff:${affiliateId}`, INVITE_THROTTLE.perAffiliate, message);
  await consumeAllowance(app.db, `affiliate-invite:by:${p.user.id}`, INVITE_THROTTLE.perSender, message);
  const id = await app.db.transaction((tx) => issueInvitation(app, tx, affiliateId, null, p.user.id));
  app.background.run('affiliate-invitation', () => app.mail.deliver([id]));
  app.log.info({ affiliateId, by: p.user.id }, 'affiliate invitation sent');
  return `Invitation sent to ${a.email}.`;
}
