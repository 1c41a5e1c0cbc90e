/**
 * SQL that changes donations from the staff screens: refunds reserved and settled, staff
 * cancellations claimed, offline entries voided and recorded. Only queries, run inside the use
 * cases' transactions (refund, status and offline .service.ts files) under their row locks.
 */
import { DONATION_STATUS, type offlineDonationBodySchema } from '@fc/contracts';
import { type Db, firstRow, type Queryable, rows, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { receiptNumberSql } from './state.js';

/** The refund already reserved under this request key, if any (a replayed request). */
export const refundByKey = (tx: Tx, requestKey: string) =>
  firstRow<{ id: number }>(tx, sql`select id from refunds where request_key = ${requestKey}`);

export const pendingRefundCents = async (tx: Tx, donationId: number) =>
  (
    await firstRow<{ n: number }>(
      tx,
      sql`select coalesce(sum(amount_cents), 0)::int as n from refunds
        where donation_id = ${donationId} and status = 'pending'`,
    )
  )?.n ?? 0;

export async function insertRefund(
  tx: Tx,
  r: { donationId: number; amountCents: number; requestKey: string; reason: string; userId: number | null },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into refunds (donation_id, amount_cents, request_key, reason, created_by_user_id)
      values (${r.donationId}, ${r.amountCents}, ${r.requestKey}, ${r.reason}, ${r.userId}) returning id`,
  );
  return row!.id;
}

export async function settleRefund(
  tx: Queryable,
  refundId: number,
  status: 'succeeded' | 'failed',
  providerId?: string,
) {
  await tx.execute(sql`update refunds set status = ${status},
    provider_refund_id = coalesce(${providerId ?? null}, provider_refund_id) where id = ${refundId}`);
}

/**
 * Gives the processor's cancellation entry (no actor yet) this staff request's reason and name.
 * True when there was one to claim.
 */
export async function claimCancellation(tx: Tx, donationId: number, message: string, userId: number) {
  const claimed = await rows(
    tx,
    sql`update donation_events set message = ${message}, actor_user_id = ${userId}
      where id = (select id from donation_events where donation_id = ${donationId} and kind = 'cancelled'
        and actor_user_id is null order by id desc limit 1)
      returning id`,
  );
  return claimed.length > 0;
}

export async function setStatus(tx: Tx, donationId: number, status: number) {
  await tx.execute(sql`update donations set status = ${status}, updated_at = now() where id = ${donationId}`);
}

export const campaignOwner = (db: Db, campaignId: number) =>
  firstRow<{ id: number; organization_id: number }>(
    db,
    sql`select id, organization_id from campaigns where id = ${campaignId}`,
  );

export const fundraiserDivision = (db: Db, campaignFundraiserId: number, campaignId: number) =>
  firstRow<{ division_id: number | null }>(
    db,
    sql`select division_id from campaign_fundraisers where id = ${campaignFundraiserId} and campaign_id = ${campaignId}`,
  );

/** The donor with this email (made on first sight). */
export async function upsertDonor(db: Db, d: { email: string; firstName: string; lastName: string }) {
  const [donor] = await rows<{ id: number }>(
    db,
    sql`insert into donors (email, first_name, last_name) values (${d.email}, ${d.firstName}, ${d.lastName})
      on conflict (email) do update set updated_at = now() returning id`,
  );
  return donor!.id;
}

/** A completed offline gift with its receipt number (claimed as sent when `sendReceipt`). */
export async function insertOffline(
  tx: Tx,
  b: z.output<typeof offlineDonationBodySchema>,
  at: { publicId: string; organizationId: number; divisionId: number | null; donorId: number; userId: number },
): Promise<number> {
  const received = b.receivedOn ? `${b.receivedOn}T12:00:00Z` : new Date().toISOString();
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into donations (public_id, kind, campaign_id, campaign_fundraiser_id,
        organization_id, division_id, donor_id, amount_cents, status, method, donor_first_name, donor_last_name,
        donor_email, anonymous, message, language, recorded_by_user_id, offline_reference, completed_at)
      values (${at.publicId}, 'gift', ${b.campaignId}, ${b.campaignFundraiserId ?? null},
        ${at.organizationId}, ${at.divisionId}, ${at.donorId}, ${b.amountCents}, ${DONATION_STATUS.completed}, 'offline',
        ${b.firstName}, ${b.lastName}, ${b.email}, ${b.anonymous}, ${b.message || null}, ${b.language}, ${at.userId},
        ${[b.offlineMethod, b.reference].filter(Boolean).join(' ')}, ${received}::timestamptz)
      returning id`,
  );
  const id = row!.id;
  await tx.execute(sql`update donations set receipt_number = ${receiptNumberSql('donations')},
    receipt_sent_at = ${b.sendReceipt ? sql`now()` : sql`null`} where id = ${id}`);
  return id;
}
