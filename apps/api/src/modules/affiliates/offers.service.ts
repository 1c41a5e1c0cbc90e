/**
 * Offers (decision 018): Super Admin offers a program to an affiliate (one open offer per program);
 * the affiliate accepts their own offer under the terms version they read, which must still be the
 * program's current one (else 409: the terms changed since they read them).
 */
import type { Offer } from '@fc/contracts';
import { affiliateOffers, affiliatePrograms, affiliates, firstRow, type Tx } from '@fc/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { affiliateScope, assertManagesAffiliates } from './affiliates.access.js';
import { offerById } from './affiliates.repository.js';

const offerMissing = () => new AppError(404, 'AFFILIATE_OFFER_NOT_FOUND', 'This offer was not found.');
const offerOpen = () =>
  conflict('AFFILIATE_OFFER_EXISTS', 'This program is already offered to this affiliate.', [
    { path: 'body.programId', message: 'Already offered' },
  ]);

export async function offer(app: FastifyInstance, p: Principal, body: { affiliateId: number; programId: number }) {
  assertManagesAffiliates(p);
  const [a] = await app.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, body.affiliateId));
  if (!a)
    throw new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.', [
      { path: 'body.affiliateId', message: 'Not found' },
    ]);
  const prog = await firstRow<{ active: boolean }>(
    app.db,
    sql`select active from affiliate_programs where id = ${body.programId}`,
  );
  if (!prog)
    throw new AppError(404, 'AFFILIATE_PROGRAM_NOT_FOUND', 'This program was not found.', [
      { path: 'body.programId', message: 'Not found' },
    ]);
  if (!prog.active)
    throw conflict('AFFILIATE_PROGRAM_INACTIVE', 'This program is not active: make it active before offering it.', [
      { path: 'body.programId', message: 'Inactive program' },
    ]);
  const [open] = await app.db
    .select({ id: affiliateOffers.id })
    .from(affiliateOffers)
    .where(
      and(
        eq(affiliateOffers.affiliateId, body.affiliateId),
        eq(affiliateOffers.programId, body.programId),
        ne(affiliateOffers.status, 'withdrawn'),
      ),
    );
  if (open) throw offerOpen();
  let id: number;
  try {
    const [row] = await app.db
      .insert(affiliateOffers)
      .values({ ...body, offeredByUserId: p.user.id })
      .returning({ id: affiliateOffers.id });
    id = row!.id;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') throw offerOpen();
    throw err;
  }
  app.log.info({ offerId: id, by: p.user.id }, 'affiliate offer made');
  return (await offerById(app.db, id))!;
}

/**
 * Accepts `offerId` at the program's current terms version inside `tx` (locks the program row so a
 * terms change cannot slip in between); `termsVersion` given and not current → 409.
 */
export async function acceptInTx(tx: Tx, offerId: number, userId: number, termsVersion?: number) {
  const [o] = await tx.select().from(affiliateOffers).where(eq(affiliateOffers.id, offerId)).for('update');
  if (!o) throw offerMissing();
  const [prog] = await tx
    .select({ version: affiliatePrograms.termsVersion })
    .from(affiliatePrograms)
    .where(eq(affiliatePrograms.id, o.programId))
    .for('share');
  if (termsVersion !== undefined && termsVersion !== prog!.version)
    throw conflict(
      'AFFILIATE_TERMS_CHANGED',
      `The program's terms changed since you read them (now version ${prog!.version}). Please read them again before accepting.`,
      [{ path: 'body.termsVersion', message: `Current version is ${prog!.version}` }],
    );
  if (o.status === 'accepted') return;
  if (o.status !== 'offered') throw conflict('AFFILIATE_OFFER_WITHDRAWN', 'This offer was withdrawn.');
  await tx
    .update(affiliateOffers)
    .set({
      status: 'accepted',
      acceptedAt: new Date(),
      acceptedTermsVersion: prog!.version,
      acceptedByUserId: userId,
      updatedAt: new Date(),
    })
    .where(eq(affiliateOffers.id, offerId));
}

/** `POST /affiliate/offer/accept`: the affiliate, their own offer only. */
export async function accept(
  app: FastifyInstance,
  p: Principal,
  body: { offerId: number; termsVersion: number },
): Promise<Offer> {
  const scope = await affiliateScope(app, p);
  if (scope.kind !== 'own') throw new AppError(403, 'FORBIDDEN', 'Only the affiliate can accept their own offer.');
  const found = await offerById(app.db, body.offerId);
  // Someone else's offer is not found (its existence is not revealed).
  if (scope.affiliateId == null || found?.affiliateId !== scope.affiliateId) throw offerMissing();
  await app.db.transaction((tx) => acceptInTx(tx, body.offerId, p.user.id, body.termsVersion));
  app.log.info({ offerId: body.offerId, by: p.user.id }, 'affiliate offer accepted');
  return (await offerById(app.db, body.offerId))!;
}
