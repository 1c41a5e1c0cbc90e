/**
 * `POST /admin/sponsorship/offline` (decision 019): a unit paid outside the card flow. In one
 * transaction, under the opportunity's lock: refuse when it is not active or no unit is free,
 * record the payment (an offline `donations` row of kind `sponsor`, booked and receipted like an
 * offline gift), and the `paid` sponsorship with the price and fair-market value copied.
 */
import type { offlineSponsorshipBodySchema } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { conflict } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { deliverOfflineReceipt, insertOfflinePayment } from '../donations/offline.service.js';
import { enqueueReceipt } from '../donations/payments.js';
import { hasFreeUnit, lockOpportunity } from './inventory.repository.js';
import { sponsorById } from './sponsors.repository.js';
import { assertOnOpportunity } from './sponsorships.access.js';

export async function recordOfflineSponsorship(
  app: FastifyInstance,
  p: Principal,
  b: z.output<typeof offlineSponsorshipBodySchema>,
) {
  await assertOnOpportunity(app, p, b.opportunityId, 'manage');
  const done = await app.db.transaction(async (tx) => {
    const o = (await lockOpportunity(tx, b.opportunityId))!;
    if (o.status !== 'active')
      throw conflict('SPONSORSHIP_NOT_ACTIVE', 'This sponsorship is not active: activate it before recording a unit.', [
        { path: 'body.opportunityId', message: 'Not active' },
      ]);
    if (!(await hasFreeUnit(tx, o)))
      throw conflict('SPONSORSHIP_SOLD_OUT', 'Every unit of this sponsorship is sold or held.', [
        { path: 'body.opportunityId', message: 'Sold out' },
      ]);
    // A campaign's unit is paid on that campaign; a node's names none (decision 019).
    const pay = await insertOfflinePayment(app, tx, {
      kind: 'sponsor',
      campaignId: o.campaign_id,
      organizationId: o.organization_id,
      amountCents: o.price_cents,
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      language: b.language,
      reference: b.reference,
      receivedOn: b.receivedOn,
      userId: p.user.id,
    });
    const s = await firstRow<{ id: number }>(
      tx,
      sql`insert into sponsorships (opportunity_id, donation_id, status, price_cents, fair_market_value_cents,
          business_name, display_name, website, paid_at)
        values (${o.id}, ${pay.donationId}, 'paid', ${o.price_cents}, ${o.fair_market_value_cents},
          ${b.businessName ?? null}, ${b.displayName ?? b.businessName ?? null}, ${b.website ?? null},
          ${`${b.receivedOn}T12:00:00Z`}::timestamptz)
        returning id`,
    );
    // The sponsorship receipt names the unit, so it is stored once the sponsorship row exists
    // (the payment's own call found none yet and stored nothing).
    return { id: s!.id, receipt: pay.receiptEmailId ?? (await enqueueReceipt(app, tx, pay.donationId, p.user.id)) };
  });
  await deliverOfflineReceipt(app, done.receipt);
  return (await sponsorById(app.db, done.id))!;
}
