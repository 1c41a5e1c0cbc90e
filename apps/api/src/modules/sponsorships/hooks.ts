/**
 * What the payment engine calls of sponsorships (published in biome.json, decision 015), inside the
 * transaction that changed the payment (webhook, server-side retrieve, refund), with the donation
 * row already locked. Decision 019 "Inventory": the unit follows its payment.
 *
 * The hook reads the payment's state as committed so far and moves the sponsorship to match it, so
 * replayed or reordered events end in the same place. Lock order everywhere: the donation row (the
 * caller's), then the sponsorship row, then the opportunity row (only to take a unit); a purchase
 * locks only the opportunity and inserts new rows, so no two paths wait on each other in reverse.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderSoldOutRefund } from './emails.js';
import { hasFreeUnit, lockOpportunity } from './inventory.repository.js';

interface Row {
  id: number;
  opportunity_id: number;
  status: string;
  hold_live: boolean;
  d_status: number;
}

/**
 * Moves the sponsorship paid by `donationId` (if any) to match its payment; returns an e-mail stored
 * for after the commit. `completing`: the caller completed the payment and writes its status last.
 */
export async function syncSponsorship(
  app: FastifyInstance,
  tx: Tx,
  donationId: number,
  completing = false,
): Promise<number | null> {
  const s = await firstRow<Row>(
    tx,
    sql`select s.id, s.opportunity_id, s.status, (s.hold_expires_at > now()) as hold_live, d.status as d_status
      from sponsorships s join donations d on d.id = s.donation_id
      where s.donation_id = ${donationId} for update of s`,
  );
  if (!s) return null;
  if (completing) s.d_status = DONATION_STATUS.completed;
  const set = (status: string, extra = sql``) =>
    tx.execute(sql`update sponsorships set status = ${status}, updated_at = now() ${extra} where id = ${s.id}`);
  if (s.d_status === DONATION_STATUS.refunded) {
    // A full refund returns the unit (a partial one leaves the payment completed and the unit kept).
    if (s.status === 'refunded') return null;
    await set('refunded', sql`, hold_expires_at = null`);
    return s.status === 'refund_due' ? soldOutEmail(app, tx, donationId) : null;
  }
  if (s.d_status === DONATION_STATUS.completed) {
    if (s.status === 'held' && s.hold_live) {
      await set('paid', sql`, paid_at = now(), hold_expires_at = null`);
      return null;
    }
    if (s.status !== 'held' && s.status !== 'released') return null;
    // Paid after the hold expired or was released: a unit only if one is free now, under the lock.
    const o = await lockOpportunity(tx, s.opportunity_id);
    if (o && (await hasFreeUnit(tx, o, s.id))) await set('paid', sql`, paid_at = now(), hold_expires_at = null`);
    else await set('refund_due', sql`, hold_expires_at = null`);
    return null;
  }
  if ((s.d_status === DONATION_STATUS.failed || s.d_status === DONATION_STATUS.cancelled) && s.status === 'held')
    await set('released');
  return null;
}

async function soldOutEmail(app: FastifyInstance, tx: Tx, donationId: number) {
  const f = await firstRow<{
    donor_email: string;
    donor_first_name: string;
    language: string;
    amount_cents: number;
    name: string;
  }>(
    tx,
    sql`select d.donor_email, d.donor_first_name, d.language, d.amount_cents, o.name
      from sponsorships s join donations d on d.id = s.donation_id
      join sponsorship_opportunities o on o.id = s.opportunity_id where s.donation_id = ${donationId}`,
  );
  if (!f) return null;
  const mail = renderSoldOutRefund({
    language: f.language,
    firstName: f.donor_first_name,
    opportunityName: f.name,
    amountCents: f.amount_cents,
  });
  return app.mail.enqueue(tx, { to: f.donor_email, ...mail, template: 'sponsorship-sold-out', meta: { donationId } });
}
