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
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  publicPlayerName,
} from '@fc/contracts';
import type { Db } from '@fc/db';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { feeRuleOf } from '../../providers/payments/index.js';
import { type IntentInfo, ProviderError } from '../../providers/payments/payments.js';
import type { Principal } from '../../types.js';
import { acceptsDonations } from '../public/pages.service.js';
import { logEvent } from './state.js';

interface Target {
  campaign_id: number;
  campaign_slug: string;
  campaign_title: string;
  campaign_status: string;
  start_date: string | null;
  end_date: string | null;
  organization_id: number;
  org_name: string;
  org_logo: string | null;
  cf_id: number | null;
  cf_slug: string | null;
  division_id: number | null;
  player_first: string | null;
  player_last: string | null;
  player_full: boolean | null;
  player_avatar: string | null;
  fee_id: number | null;
  fee_label: string | null;
  fee_amount: number | null;
  fee_due: string | null;
}

const TARGET_SELECT = sql`select c.id as campaign_id, c.slug as campaign_slug, c.title as campaign_title,
    c.status as campaign_status, c.start_date::text as start_date, c.end_date::text as end_date,
    c.organization_id, o.name as org_name, o.logo_url as org_logo`;

/** The campaign, player page or fee request a checkout pays. Drafts are not public (404). */
async function resolveTarget(
  db: Db,
  t: { campaign?: string | undefined; fundraiser?: string | undefined; feeRequestId?: number | undefined },
): Promise<Target> {
  const none = sql`null::int as cf_id, null::text as cf_slug, null::int as division_id, null::text as player_first,
    null::text as player_last, null::boolean as player_full, null::text as player_avatar`;
  const noFee = sql`null::int as fee_id, null::text as fee_label, null::int as fee_amount, null::text as fee_due`;
  let found: Target[];
  if (t.fundraiser !== undefined) {
    found = await rows<Target>(
      db,
      sql`${TARGET_SELECT}, cf.id as cf_id, cf.slug as cf_slug, cf.division_id, pl.first_name as player_first,
          pl.last_name as player_last, pl.show_full_name as player_full, pl.avatar_url as player_avatar, ${noFee}
        from campaign_fundraisers cf join campaigns c on c.id = cf.campaign_id
        join organizations o on o.id = c.organization_id join players pl on pl.id = cf.player_id
        where cf.slug = ${t.fundraiser} and c.status <> 'draft'`,
    );
  } else if (t.feeRequestId !== undefined) {
    found = await rows<Target>(
      db,
      sql`${TARGET_SELECT}, ${none}, fr.id as fee_id, fr.label as fee_label, fr.amount_cents as fee_amount,
          fr.due_date::text as fee_due
        from fee_requests fr join campaigns c on c.id = fr.campaign_id join organizations o on o.id = c.organization_id
        where fr.id = ${t.feeRequestId} and c.status <> 'draft'`,
    );
  } else {
    found = await rows<Target>(
      db,
      sql`${TARGET_SELECT}, ${none}, ${noFee}
        from campaigns c join organizations o on o.id = c.organization_id
        where c.slug = ${t.campaign ?? ''} and c.status <> 'draft'`,
    );
  }
  const target = found[0];
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

/** The players of a signed-in family on the campaign (a fee payment names one of them). */
async function familyPlayers(db: Db, caller: Principal | null, campaignId: number) {
  if (!caller) return [];
  const found = await rows<{ slug: string; first_name: string; last_name: string }>(
    db,
    sql`select cf.slug, pl.first_name, pl.last_name from campaign_fundraisers cf join players pl on pl.id = cf.player_id
      where cf.campaign_id = ${campaignId} and pl.guardian_user_id = ${caller.user.id} order by pl.first_name, pl.id`,
  );
  return found.map((r) => ({ slug: r.slug, name: `${r.first_name} ${r.last_name}` }));
}

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
    familyPlayers: t.fee_id !== null ? await familyPlayers(app.db, caller, t.campaign_id) : [],
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

/** The donor record for an email (one per email); a signed-in donor giving with their own email is linked. */
async function donorIdFor(
  app: FastifyInstance,
  b: { email: string; firstName: string; lastName: string },
  userId: number | null,
) {
  const [row] = await rows<{ id: number }>(
    app.db,
    sql`insert into donors (email, first_name, last_name, user_id) values (${b.email}, ${b.firstName}, ${b.lastName}, ${userId})
      on conflict (email) do update set user_id = coalesce(donors.user_id, excluded.user_id), updated_at = now()
      returning id`,
  );
  return row!.id;
}

/** `POST /public/donations`: records the attempt (pending) and opens one payment intent for it. */
export async function createDonation(
  app: FastifyInstance,
  body: z.output<typeof createDonationBodySchema>,
  caller: Principal | null,
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
        { path: 'body.amountCents', message: `This fee is ${((t.fee_amount ?? 0) / 100).toFixed(2)} dollars` },
      ]);
    if (body.forPlayer !== undefined) {
      const [own] = await rows<{ id: number; division_id: number | null }>(
        app.db,
        sql`select cf.id, cf.division_id from campaign_fundraisers cf join players pl on pl.id = cf.player_id
          where cf.slug = ${body.forPlayer} and cf.campaign_id = ${t.campaign_id}
            and pl.guardian_user_id = ${caller?.user.id ?? -1}`,
      );
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
    const [c] = await rows<{ id: number }>(
      app.db,
      sql`select fc.id from fundraiser_contacts fc join campaign_fundraisers cf
          on cf.player_id = fc.player_id and cf.campaign_id = fc.campaign_id
        where fc.track_token = ${body.contact} and cf.id = ${cfId}`,
    );
    contactId = c?.id ?? null;
  }
  const userId = caller && caller.user.email.toLowerCase() === body.email ? caller.user.id : null;
  const donorId = await donorIdFor(app, body, userId);
  const publicId = publicIdOf();
  const id = await app.db.transaction(async (tx) => {
    const [created] = await rows<{ id: number }>(
      tx,
      sql`insert into donations (public_id, kind, campaign_id, campaign_fundraiser_id,
        organization_id, division_id, fee_request_id, contact_id, donor_id, amount_cents, cover_fee_cents, status,
        method, provider, donor_user_id, donor_first_name, donor_last_name, donor_email, anonymous, message, language)
      values (${publicId}, ${t.fee_id !== null ? 'fee' : 'gift'}, ${t.campaign_id}, ${cfId}, ${t.organization_id},
        ${divisionId}, ${t.fee_id}, ${contactId}, ${donorId}, ${body.amountCents}, ${cover}, ${DONATION_STATUS.pending},
        'card', ${app.payments.kind}, ${userId}, ${body.firstName}, ${body.lastName}, ${body.email}, ${body.anonymous},
        ${body.message || null}, ${body.language})
      returning id`,
    );
    const newId = created!.id;
    await logEvent(tx, newId, 'created', 'Checkout started.', body.amountCents + cover);
    return newId;
  });
  return openIntent(app, id, publicId, body.amountCents, cover, targetDescription(t));
}

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
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`update donations set status = ${DONATION_STATUS.failed}, failure_source = 'platform',
        failure_code = 'provider_unavailable', failure_message = ${(err as Error).message.slice(0, 300)}, updated_at = now()
        where id = ${id} and payment_intent_id is null and status = ${DONATION_STATUS.pending}`);
      await logEvent(tx, id, 'failed', 'The payment processor could not be reached.');
    });
    app.log.error({ err, donationId: id }, 'payment intent creation failed');
    throw err instanceof ProviderError && err.status < 500 ? err : providerDown();
  }
  await app.db.transaction(async (tx) => {
    const stored = await rows(
      tx,
      sql`update donations set payment_intent_id = ${pi.id}, client_secret = ${pi.clientSecret},
        intent_status = coalesce(intent_status, ${pi.status}), updated_at = now()
      where id = ${id} and (payment_intent_id is null or payment_intent_id = ${pi.id}) and client_secret is null
      returning id`,
    );
    if (stored.length) await logEvent(tx, id, 'intent_created', `Payment intent ${pi.id} opened.`, pi.amountCents);
  });
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
