/**
 * The public checkout (spec §2 donate, thank-you and cart routes; DECISIONS §5): start a donation,
 * pay it with the sandbox's card form (Stripe's Payment Element confirms in the browser), show it
 * on the thank-you page, and resume an abandoned cart with the same payment intent.
 *
 * The server computes every amount (gift, covered fee, total) from the gift and the fee rule; a
 * client cannot send a fee, a total, a currency or a status (the body schema is strict).
 * Provider calls never run inside a database transaction: a row lock is held only around our own
 * reads and writes, and idempotency keys derived from the donation make retried calls harmless.
 */
import { randomBytes } from 'node:crypto';
import {
  type AbandonedCart,
  type CheckoutContext,
  type ConfirmResult,
  coverFeeCents,
  type createDonationBodySchema,
  DONATION_PRESETS_CENTS,
  DONATION_STATUS,
  type DonationCheckout,
  isResumableStatus,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  type PublicDonation,
  publicPlayerName,
  type sandboxConfirmBodySchema,
} from '@fc/contracts';
import type { Db } from '@fc/db';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { feeRuleOf, isSandbox } from '../../providers/payments/index.js';
import { type IntentInfo, ProviderError } from '../../providers/payments/payments.js';
import type { Principal } from '../../types.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { acceptsDonations } from '../public/pages.service.js';
import { donationFacts, playerNameOf } from './receipts.js';
import { chargeOf, lockDonation, logEvent } from './state.js';
import { syncIntent } from './webhooks.js';

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
const providerDown = () =>
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
    const res = (await tx.execute(sql`insert into donations (public_id, kind, campaign_id, campaign_fundraiser_id,
        organization_id, division_id, fee_request_id, contact_id, donor_id, amount_cents, cover_fee_cents, status,
        method, provider, donor_user_id, donor_first_name, donor_last_name, donor_email, anonymous, message, language)
      values (${publicId}, ${t.fee_id !== null ? 'fee' : 'gift'}, ${t.campaign_id}, ${cfId}, ${t.organization_id},
        ${divisionId}, ${t.fee_id}, ${contactId}, ${donorId}, ${body.amountCents}, ${cover}, ${DONATION_STATUS.pending},
        'card', ${app.payments.kind}, ${userId}, ${body.firstName}, ${body.lastName}, ${body.email}, ${body.anonymous},
        ${body.message || null}, ${body.language})
      returning id`)) as unknown as { rows: { id: number }[] };
    const newId = res.rows[0]!.id;
    await logEvent(tx, newId, 'created', 'Checkout started.', body.amountCents + cover);
    return newId;
  });
  return openIntent(app, id, publicId, body.amountCents, cover, targetDescription(t));
}

const targetDescription = (t: Pick<Target, 'campaign_title' | 'fee_label'> & { player?: string | null }) =>
  (t.fee_label ? `${t.fee_label} · ${t.campaign_title}` : t.campaign_title).slice(0, 200);

/** Creates (or finds again, by its idempotency key) the donation's intent and stores it. */
async function openIntent(
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
    const res =
      (await tx.execute(sql`update donations set payment_intent_id = ${pi.id}, client_secret = ${pi.clientSecret},
        intent_status = coalesce(intent_status, ${pi.status}), updated_at = now()
      where id = ${id} and (payment_intent_id is null or payment_intent_id = ${pi.id}) and client_secret is null
      returning id`)) as unknown as { rows: unknown[] };
    if (res.rows.length) await logEvent(tx, id, 'intent_created', `Payment intent ${pi.id} opened.`, pi.amountCents);
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

async function byPublicId(app: FastifyInstance, publicId: string) {
  const [f] = await donationFacts(app.db, sql`d.public_id = ${publicId}`);
  if (!f) throw notFound('This donation does not exist.', 'DONATION_NOT_FOUND');
  return f;
}

const notResumable = (status: number) =>
  conflict(
    'DONATION_NOT_RESUMABLE',
    status === DONATION_STATUS.completed
      ? 'This donation is already paid. Thank you!'
      : status === DONATION_STATUS.refunded
        ? 'This donation was refunded and cannot be paid again.'
        : 'This donation was cancelled and cannot be paid. Please start a new donation.',
  );

/** `POST /public/donations/{id}/confirm`: the sandbox's card form. */
export async function confirmWithCard(
  app: FastifyInstance,
  publicId: string,
  card: z.output<typeof sandboxConfirmBodySchema>,
): Promise<ConfirmResult> {
  const provider = app.payments;
  if (!isSandbox(provider))
    throw badRequest('NOT_SANDBOX', 'Card details are collected by Stripe on this installation, not by this form.');
  const f = await byPublicId(app, publicId);
  const answer = (result: ConfirmResult['result'], message: string | null, status: number): ConfirmResult => ({
    result,
    message,
    donationId: publicId,
    status: status as ConfirmResult['status'],
  });
  if (f.status === DONATION_STATUS.completed) return answer('succeeded', null, f.status);
  if (!isResumableStatus(f.status)) throw notResumable(f.status);
  if (!f.payment_intent_id) throw conflict('NO_PAYMENT_INTENT', 'Open the checkout again to pay this donation.');
  let pi: IntentInfo;
  try {
    pi = await provider.confirmWithCard(f.payment_intent_id, card);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.code !== 'payment_intent_unexpected_state') throw err;
    // Another confirmation got there first: report what the processor now says.
    await syncIntent(app, f.id);
    const now = await byPublicId(app, publicId);
    pi = await provider.retrieveIntent(f.payment_intent_id);
    if (pi.status === 'canceled') throw notResumable(DONATION_STATUS.cancelled);
    return answer(pi.status === 'succeeded' ? 'succeeded' : 'processing', null, now.status);
  }
  const now = await byPublicId(app, publicId);
  if (pi.status === 'succeeded') return answer('succeeded', null, now.status);
  if (pi.status === 'processing') return answer('processing', null, now.status);
  return answer('requires_payment_method', pi.lastError?.message ?? null, now.status);
}

/** `GET /public/donations/{id}`: the thank-you page. A pending card payment is checked with the processor first. */
export async function publicDonation(app: FastifyInstance, publicId: string): Promise<PublicDonation> {
  let f = await byPublicId(app, publicId);
  if (f.status === DONATION_STATUS.pending && f.payment_intent_id) {
    await syncIntent(app, f.id);
    f = await byPublicId(app, publicId);
  }
  return {
    donationId: f.public_id,
    kind: f.kind,
    status: f.status as PublicDonation['status'],
    intentStatus: f.intent_status,
    amountCents: f.amount_cents,
    coverFeeCents: f.cover_fee_cents,
    totalCents: f.amount_cents + f.cover_fee_cents,
    donorFirstName: f.donor_first_name,
    anonymous: f.anonymous,
    receiptNumber:
      f.status === DONATION_STATUS.completed || f.status === DONATION_STATUS.refunded ? f.receipt_number : null,
    completedAt: iso(f.completed_at),
    campaign: { slug: f.campaign_slug, title: f.campaign_title },
    fundraiser: f.cf_slug ? { slug: f.cf_slug, name: playerNameOf(f) ?? '' } : null,
    organization: { name: f.org_name, logoUrl: f.org_logo },
    feeLabel: f.kind === 'fee' ? f.fee_label : null,
  };
}

/** `GET /abandoned_cart/{id}` (spec §3 Abandoned-cart donation). */
export async function abandonedCart(app: FastifyInstance, publicId: string): Promise<AbandonedCart> {
  const f = await byPublicId(app, publicId);
  const payable = isResumableStatus(f.status) && f.client_secret !== null && f.intent_status !== 'processing';
  return {
    id: f.public_id,
    organization: { name: f.org_name, logoUrl: f.org_logo },
    fundraiser: f.cf_slug ? { slug: f.cf_slug, name: playerNameOf(f) ?? '' } : null,
    campaign: { slug: f.campaign_slug, title: f.campaign_title },
    feeLabel: f.kind === 'fee' ? f.fee_label : null,
    donationAmount: f.amount_cents,
    coverFeeAmount: f.cover_fee_cents,
    paymentStatus: payable ? JSON.stringify({ client_secret: f.client_secret }) : null,
    status: f.status as AbandonedCart['status'],
    provider: app.payments.kind,
    publishableKey: app.payments.publishableKey,
    fee: feeRuleOf(app.env),
    donorFirstName: f.donor_first_name,
  };
}

/**
 * `POST /abandoned_cart/{id}`: resumes a pending or failed donation with the SAME payment intent
 * (RELIABILITY row 12: one intent per donation, however many resumes). A new amount or fee choice
 * is applied to the intent under a key numbered by the change, so a repeat does not apply twice.
 */
export async function resumeCart(
  app: FastifyInstance,
  publicId: string,
  body: { amountCents?: number | undefined; coverFee?: boolean | undefined },
): Promise<DonationCheckout> {
  const plan = await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.public_id = ${publicId}`);
    if (!d) throw notFound('This donation does not exist.', 'DONATION_NOT_FOUND');
    if (!isResumableStatus(d.status)) throw notResumable(d.status);
    if (d.intent_status === 'processing')
      throw conflict('PAYMENT_PROCESSING', 'Your payment is processing. We will email your receipt when it completes.');
    const [camp] = (
      (await tx.execute(sql`select status, start_date::text as start_date, end_date::text as end_date, title
        from campaigns where id = ${d.campaign_id}`)) as unknown as {
        rows: { status: string; start_date: string | null; end_date: string | null; title: string }[];
      }
    ).rows;
    if (!camp || !acceptsDonations({ status: camp.status, startDate: camp.start_date, endDate: camp.end_date }))
      throw conflict('CAMPAIGN_NOT_ACCEPTING', 'This campaign is not accepting donations right now.');
    if (d.kind === 'fee' && body.amountCents !== undefined && body.amountCents !== d.amount_cents)
      throw badRequest('AMOUNT_MISMATCH', 'The amount of a fee is set by the fee request.', [
        { path: 'body.amountCents', message: 'A fee amount cannot change' },
      ]);
    const amount = body.amountCents ?? d.amount_cents;
    const wantsCover = body.coverFee ?? d.cover_fee_cents > 0;
    const cover = wantsCover ? coverFeeCents(amount, feeRuleOf(app.env)) : 0;
    const changed = amount !== d.amount_cents || cover !== d.cover_fee_cents;
    let version = 0;
    if (changed) {
      const [n] = (
        (await tx.execute(sql`select count(*)::int as n from donation_events
          where donation_id = ${d.id} and kind = 'amount_changed'`)) as unknown as { rows: { n: number }[] }
      ).rows;
      version = (n?.n ?? 0) + 1;
      await tx.execute(sql`update donations set amount_cents = ${amount}, cover_fee_cents = ${cover}, updated_at = now()
        where id = ${d.id}`);
      await logEvent(tx, d.id, 'amount_changed', 'The donor changed the amount when resuming.', amount + cover);
    }
    await logEvent(tx, d.id, 'resumed', 'The donor came back to finish.');
    return { d, amount, cover, changed, version, title: camp.title };
  });
  const { d, amount, cover } = plan;
  if (!d.payment_intent_id) return openIntent(app, d.id, publicId, amount, cover, plan.title);
  let secret = d.client_secret ?? '';
  if (plan.changed) {
    try {
      const pi = await app.payments.updateIntentAmount(
        d.payment_intent_id,
        chargeOf({ amount_cents: amount, cover_fee_cents: cover }),
        `donation-${publicId}-amount-v${plan.version}`,
      );
      secret = pi.clientSecret;
    } catch (err) {
      app.log.error({ err, donationId: d.id }, 'payment intent update failed');
      throw err instanceof ProviderError && err.status < 500 ? err : providerDown();
    }
  }
  return {
    donationId: publicId,
    status: d.status as DonationCheckout['status'],
    amountCents: amount,
    coverFeeCents: cover,
    totalCents: amount + cover,
    provider: app.payments.kind,
    clientSecret: secret,
    publishableKey: app.payments.publishableKey,
  };
}
