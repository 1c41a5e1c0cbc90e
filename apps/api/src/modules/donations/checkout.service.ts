/**
 * The public checkout (spec §2 donate route; DECISIONS §5): what a checkout pays, start a donation
 * and open its one payment intent. Paying it with the sandbox's card form, the thank-you page and
 * the abandoned cart are in cart.service.ts.
 *
 * The server computes every amount (gift, covered fee, total) from the gift and the fee rule; a
 * client cannot send a fee, a total, a currency or a status (the body schema is strict).
 * Provider calls never run inside a database transaction: a row lock is held only around our own
 * reads and writes, and idempotency keys derived from the donation make retried calls harmless.
 */
import { randomBytes } from 'node:crypto';
import {
  type CheckoutContext,
  coverFeeCents,
  type createDonationBodySchema,
  DONATION_PRESETS_CENTS,
  DONATION_STATUS,
  type DonationCheckout,
  formatMoney,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  publicPlayerName,
} from '@fc/contracts';
import { type Db, isConnectionLost, type Tx, transactionRetried } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { feeRuleOf } from '../../providers/payments/index.js';
import { type IntentInfo, ProviderError } from '../../providers/payments/payments.js';
import type { Principal } from '../../types.js';
import { winningClick } from '../affiliates/hooks.js';
import { acceptsDonations } from '../public/pages.service.js';
import type { Target, TargetQuery } from './checkout.repository.js';
import * as repo from './checkout.repository.js';
import { logEvent } from './state.js';

/** The campaign, player page or fee request a checkout pays. Drafts are not public (404). */
async function resolveTarget(db: Db, t: TargetQuery): Promise<Target> {
  const target = await repo.findTarget(db, t);
  if (!target)
    throw notFound(
      t.fundraiser !== undefined
        ? 'This player page does not exist.'
        : t.feeRequestId !== undefined
          ? 'This fee request does not exist.'
          : 'This campaign does not exist.',
    );
  return target;
}

const isOpen = (t: Target) =>
  acceptsDonations({ status: t.campaign_status, startDate: t.start_date, endDate: t.end_date });
const targetPlayerName = (t: Target) =>
  t.player_first === null
    ? null
    : publicPlayerName({
        firstName: t.player_first,
        lastName: t.player_last ?? '',
        showFullName: t.player_full === true,
      });

export async function checkoutContext(
  app: FastifyInstance,
  q: { campaign?: string | undefined; fundraiser?: string | undefined; feeRequest?: number | undefined },
  caller: Principal | null,
): Promise<CheckoutContext> {
  const t = await resolveTarget(app.db, { campaign: q.campaign, fundraiser: q.fundraiser, feeRequestId: q.feeRequest });
  return {
    kind: t.fee_id !== null ? 'fee' : t.cf_id !== null ? 'fundraiser' : 'campaign',
    campaign: { slug: t.campaign_slug, title: t.campaign_title, status: t.campaign_status },
    fundraiser:
      t.cf_slug !== null ? { slug: t.cf_slug, name: targetPlayerName(t) ?? '', avatarUrl: t.player_avatar } : null,
    organization: { name: t.org_name, logoUrl: t.org_logo },
    feeRequest:
      t.fee_id !== null
        ? { id: t.fee_id, label: t.fee_label ?? '', amountCents: t.fee_amount ?? 0, dueDate: t.fee_due }
        : null,
    familyPlayers: t.fee_id !== null && caller ? await repo.familyPlayers(app.db, caller.user.id, t.campaign_id) : [],
    acceptingDonations: isOpen(t),
    provider: app.payments.kind,
    publishableKey: app.payments.publishableKey,
    fee: feeRuleOf(app.env),
    presetsCents: [...DONATION_PRESETS_CENTS],
    minCents: MIN_DONATION_CENTS,
    maxCents: MAX_DONATION_CENTS,
  };
}

const publicIdOf = () => randomBytes(16).toString('base64url');
const intentKey = (publicId: string, total: number) => `donation-${publicId}-intent-${total}`;

/** A provider that could not be reached: nothing was charged, and the donor is told what to do. */
export const providerDown = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'We could not reach the payment processor. Nothing was charged; please try again in a minute.',
  );

/** `POST /public/donations`: records the attempt (pending) and opens one payment intent for it. */
export async function createDonation(
  app: FastifyInstance,
  body: z.output<typeof createDonationBodySchema>,
  caller: Principal | null,
  visitorId: string | null = null,
): Promise<DonationCheckout> {
  const t = await resolveTarget(app.db, {
    campaign: body.campaign,
    fundraiser: body.fundraiser,
    feeRequestId: body.feeRequestId,
  });
  if (!isOpen(t)) throw conflict('CAMPAIGN_NOT_ACCEPTING', 'This campaign is not accepting donations right now.');
  let cfId = t.cf_id;
  let divisionId = t.division_id;
  if (t.fee_id !== null) {
    if (body.amountCents !== t.fee_amount)
      throw badRequest('AMOUNT_MISMATCH', 'The amount of a fee is set by the fee request.', [
        { path: 'body.amountCents', message: `This fee is ${formatMoney(t.fee_amount ?? 0, 'en')}` },
      ]);
    if (body.forPlayer !== undefined) {
      const own = await repo.familyPage(app.db, body.forPlayer, t.campaign_id, caller?.user.id ?? -1);
      if (!own)
        throw badRequest('VALIDATION', 'Choose one of your players.', [
          { path: 'body.forPlayer', message: 'Not one of your players on this campaign' },
        ]);
      cfId = own.id;
      divisionId = own.division_id;
    }
  } else if (body.forPlayer !== undefined) {
    throw badRequest('VALIDATION', 'forPlayer is for fee payments.', [
      { path: 'body.forPlayer', message: 'Only for fee payments' },
    ]);
  }
  const cover = body.coverFee ? coverFeeCents(body.amountCents, feeRuleOf(app.env)) : 0;
  let contactId: number | null = null;
  if (body.contact && cfId !== null) {
    contactId = await repo.contactOf(app.db, body.contact, cfId);
  }
  const userId = caller && caller.user.email.toLowerCase() === body.email ? caller.user.id : null;
  const donorId = await repo.donorIdFor(app.db, body, userId);
  const publicId = publicIdOf();
  // Affiliates (issue 16, decision 018): the link the donor came through, fixed at checkout start.
  const click = await winningClick(app.db, visitorId, new Date());
  // Database-only, with its public id fixed above: run again if its connection is lost before the
  // commit (retry.ts), the first attempt having left nothing; lost with the commit in flight, the
  // donation of that public id (unique) says whether it committed.
  const id = await transactionRetried(
    app.db,
    async (tx) => {
      const newId = await insertPendingPayment(tx, body, {
        publicId,
        kind: t.fee_id !== null ? 'fee' : 'gift',
        campaignId: t.campaign_id,
        campaignFundraiserId: cfId,
        organizationId: t.organization_id,
        divisionId,
        feeRequestId: t.fee_id,
        contactId,
        donorId,
        coverFeeCents: cover,
        provider: app.payments.kind,
        userId,
      });
      if (click) await tx.execute(sql`update donations set affiliate_click_id = ${click.clickId} where id = ${newId}`);
      return newId;
    },
    { ifCommitUnknown: () => repo.donationIdOf(app.db, publicId) },
  );
  return openIntent(app, id, publicId, body.amountCents, cover, targetDescription(t));
}

/**
 * The first half of every card checkout (gifts here, sponsorships in modules/sponsorships): the
 * pending payment and its `created` event, inside the caller's transaction. The second half,
 * `openIntent`, runs after the commit (no provider call inside a transaction).
 */
export async function insertPendingPayment(tx: Tx, body: repo.PendingBody, d: repo.PendingFields): Promise<number> {
  const id = await repo.insertPending(tx, body, d);
  await logEvent(tx, id, 'created', 'Checkout started.', body.amountCents + d.coverFeeCents);
  return id;
}

/** A new payment's unguessable public id (thank-you, cart and sponsorship pages are named by it). */
export const newPublicId = () => publicIdOf();

const targetDescription = (t: Pick<Target, 'campaign_title' | 'fee_label'> & { player?: string | null }) =>
  (t.fee_label ? `${t.fee_label} · ${t.campaign_title}` : t.campaign_title).slice(0, 200);

/** Creates (or finds again, by its idempotency key) the donation's intent and stores it. */
export async function openIntent(
  app: FastifyInstance,
  id: number,
  publicId: string,
  amount: number,
  cover: number,
  description: string,
): Promise<DonationCheckout> {
  let pi: IntentInfo;
  try {
    pi = await app.payments.createIntent(
      { amountCents: amount + cover, donationPublicId: publicId, description },
      intentKey(publicId, amount + cover),
    );
  } catch (err) {
    await transactionRetried(app.db, async (tx) => {
      await repo.failIntentOpening(tx, id, (err as Error).message);
      await logEvent(tx, id, 'failed', 'The payment processor could not be reached.');
    });
    app.log.error({ err, donationId: id }, 'payment intent creation failed');
    // The sandbox keeps its intents in our database: a lost connection there is ours, not the
    // processor's (503 DATABASE_UNAVAILABLE, not "could not reach the payment processor").
    if (isConnectionLost(err)) throw err;
    throw err instanceof ProviderError && err.status < 500 ? err : providerDown();
  }
  // After the provider call, database-only, and storing the same intent again stores nothing (nor
  // logs its event twice): run again even when the commit's outcome is unknown.
  await transactionRetried(
    app.db,
    async (tx) => {
      const stored = await repo.storeIntent(tx, id, pi);
      if (stored) await logEvent(tx, id, 'intent_created', `Payment intent ${pi.id} opened.`, pi.amountCents);
    },
    { ifCommitUnknown: 'rerun' },
  );
  return {
    donationId: publicId,
    status: DONATION_STATUS.pending,
    amountCents: amount,
    coverFeeCents: cover,
    totalCents: amount + cover,
    provider: app.payments.kind,
    clientSecret: pi.clientSecret,
    publishableKey: app.payments.publishableKey,
  };
}
