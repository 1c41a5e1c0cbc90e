/**
 * `POST /public/sponsorships` (decision 019 "Payment" and "Inventory"): buying one unit is a hold
 * and a pending payment of kind `sponsor`, made in ONE transaction under the opportunity's row
 * lock, so two buyers of the last unit cannot both hold it and the one refused is told before
 * paying. The payment intent is opened after the commit (no provider call inside a transaction),
 * exactly as a gift's checkout opens it (the donations module's `insertPendingPayment` and
 * `openIntent`).
 */
import { type buySponsorshipBodySchema, formatMoney, SPONSORSHIP_LIMITS } from '@fc/contracts';
import type { Tx } from '@fc/db';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.js';
import { minutes } from '../../lib/time.js';
import { donorIdFor, insertPendingPayment, newPublicId, openIntent } from '../donations/payments.js';
import { acceptsDonations } from '../public/pages.service.js';
import { hasFreeUnit, type LockedOpportunity, lockOpportunity } from './inventory.repository.js';
import * as repo from './purchase.repository.js';

type Body = z.output<typeof buySponsorshipBodySchema>;

const unknownOpportunity = () => notFound('This sponsorship does not exist.', 'SPONSORSHIP_NOT_FOUND');

/** Refuses an opportunity that is not on sale today (archived, or outside its dates). */
function assertOnSale(o: LockedOpportunity) {
  if (o.status === 'draft') throw unknownOpportunity();
  if (!acceptsDonations({ status: o.status, startDate: o.starts_on, endDate: o.ends_on }))
    throw conflict(
      'SPONSORSHIP_NOT_AVAILABLE',
      o.status === 'archived'
        ? 'This sponsorship is no longer offered.'
        : o.starts_on && o.starts_on > new Date().toISOString().slice(0, 10)
          ? `This sponsorship goes on sale on ${o.starts_on}.`
          : 'This sponsorship is no longer on sale.',
    );
}

export async function buySponsorship(app: FastifyInstance, body: Body) {
  const found = await repo.opportunityBySlug(app.db, body.opportunity);
  if (!found || found.campaign_status === 'draft') throw unknownOpportunity();
  // A campaign's opportunity is paid on that campaign; a node's names none (decision 019: donations
  // and the list's kept totals take a null campaign for kind 'sponsor', migration 0017).
  const campaignId = found.campaign_id;
  const donorId = await donorIdFor(app.db, body, null);
  const publicId = newPublicId();
  const held = await app.db.transaction(async (tx: Tx) => {
    const o = await lockOpportunity(tx, found.id);
    if (!o) throw unknownOpportunity();
    assertOnSale(o);
    if (body.priceCents !== o.price_cents)
      throw conflict(
        'SPONSORSHIP_PRICE_CHANGED',
        `The price of this sponsorship is now ${formatMoney(o.price_cents, body.language)}. Check it and try again.`,
        [{ path: 'body.priceCents', message: `The current price is ${o.price_cents} cents` }],
      );
    if (!(await hasFreeUnit(tx, o)))
      throw conflict('SPONSORSHIP_SOLD_OUT', 'This sponsorship is sold out.', [
        { path: 'body.opportunity', message: 'No unit is left' },
      ]);
    const donationId = await insertPendingPayment(
      tx,
      { ...body, amountCents: o.price_cents, anonymous: false, message: undefined },
      {
        publicId,
        kind: 'sponsor',
        campaignId,
        campaignFundraiserId: null,
        organizationId: o.organization_id,
        divisionId: null,
        feeRequestId: null,
        contactId: null,
        donorId,
        // No cover-the-fee option: the price is the price (decision 019).
        coverFeeCents: 0,
        provider: app.payments.kind,
        userId: null,
      },
    );
    const holdExpiresAt = new Date(Date.now() + minutes(SPONSORSHIP_LIMITS.holdMinutes));
    await repo.insertHeld(tx, {
      opportunityId: o.id,
      donationId,
      holdExpiresAt,
      priceCents: o.price_cents,
      fairMarketValueCents: o.fair_market_value_cents,
      businessName: body.businessName ?? null,
    });
    return { donationId, holdExpiresAt, o };
  });
  let checkout: Awaited<ReturnType<typeof openIntent>>;
  try {
    checkout = await openIntent(app, held.donationId, publicId, held.o.price_cents, 0, `Sponsorship: ${held.o.name}`);
  } catch (err) {
    // No intent, nothing to pay: the unit goes back at once rather than at the hold's end.
    await repo.releaseHold(app.db, held.donationId);
    throw err;
  }
  return {
    ...checkout,
    holdExpiresAt: held.holdExpiresAt.toISOString(),
    sponsorshipThankYou: `/donations/${publicId}/thank-you`,
  };
}
