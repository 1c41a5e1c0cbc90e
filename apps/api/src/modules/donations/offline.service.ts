/** `POST /admin/donation_form` (spec §7 "Data entry"): a cash or check gift credited to a player (or the campaign). */
import { randomBytes } from 'node:crypto';
import { DONATION_STATUS, type offlineDonationBodySchema } from '@fc/contracts';
import { type Db, firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { enqueueGiftNotice } from '../notifications/hooks.js';
import { detail } from './detail.service.js';
import { canManageDonations } from './donations.access.js';
import { ACCOUNTS, book } from './ledger.js';
import { deliverReceipts, enqueueReceipt } from './receipts.js';
import { logEvent, receiptNumberSql } from './state.js';
import { campaignOwner, fundraiserDivision, insertOffline, upsertDonor } from './writes.repository.js';

export async function recordOffline(app: FastifyInstance, p: Principal, b: z.output<typeof offlineDonationBodySchema>) {
  if (!canManageDonations(p)) throw forbidden('Only platform staff can record offline donations.');
  const c = await campaignOwner(app.db, b.campaignId);
  if (!c)
    throw badRequest('VALIDATION', 'Choose a campaign.', [{ path: 'body.campaignId', message: 'No such campaign' }]);
  let division: number | null = null;
  if (b.campaignFundraiserId !== undefined) {
    const cf = await fundraiserDivision(app.db, b.campaignFundraiserId, c.id);
    if (!cf)
      throw badRequest('VALIDATION', 'Choose a player on this campaign.', [
        { path: 'body.campaignFundraiserId', message: 'Not a player on this campaign' },
      ]);
    division = cf.division_id;
  }
  const donorId = await upsertDonor(app.db, b);
  const created = await app.db.transaction(async (tx) => {
    const newId = await insertOffline(tx, b, {
      publicId: randomBytes(16).toString('base64url'),
      organizationId: c.organization_id,
      divisionId: division,
      donorId,
      userId: p.user.id,
    });
    await book(tx, {
      key: `donation:${newId}:offline`,
      kind: 'offline',
      donationId: newId,
      organizationId: c.organization_id,
      entries: [
        { account: ACCOUNTS.donorFunds, organizationId: c.organization_id, amountCents: -b.amountCents },
        { account: ACCOUNTS.orgOffline, organizationId: c.organization_id, amountCents: b.amountCents },
      ],
    });
    await logEvent(tx, newId, 'recorded', `Offline ${b.offlineMethod} gift recorded.`, b.amountCents, p.user.id);
    // The receipt claimed above commits with the gift (the outbox), then is delivered.
    const receipt = b.sendReceipt ? await enqueueReceipt(app, tx, newId, p.user.id) : null;
    // The family hears of the gift to their player (issue 18, when they want it).
    const notice = await enqueueGiftNotice(app, tx, newId);
    return { newId, receipt, notice };
  });
  await deliverReceipts(app, [created.receipt, created.notice]);
  return detail(app, p, created.newId);
}

/**
 * An offline payment of another kind than a gift (a sponsorship unit, decision 019), inside the
 * caller's transaction: the completed `donations` row with its receipt number, the same ledger
 * booking as an offline gift, and its receipt claimed in the outbox (deliver it after the commit
 * with `deliverReceipts`). The donor row is linked as for an offline gift.
 */
export async function insertOfflinePayment(
  app: FastifyInstance,
  tx: Tx,
  b: {
    kind: 'sponsor';
    /** Null only for a node's sponsorship (kind 'sponsor', decision 019). */
    campaignId: number | null;
    organizationId: number;
    amountCents: number;
    firstName: string;
    lastName: string;
    email: string;
    language: string;
    reference: string;
    receivedOn: string;
    userId: number;
  },
): Promise<{ donationId: number; receiptEmailId: number | null }> {
  const donorId = await upsertDonor(tx as unknown as Db, b);
  const row = await firstRow<{ id: number }>(
    tx,
    sql`insert into donations (public_id, kind, campaign_id, organization_id, donor_id, amount_cents, status, method,
        donor_first_name, donor_last_name, donor_email, language, recorded_by_user_id, offline_reference, completed_at)
      values (${randomBytes(16).toString('base64url')}, ${b.kind}, ${b.campaignId}, ${b.organizationId}, ${donorId},
        ${b.amountCents}, ${DONATION_STATUS.completed}, 'offline', ${b.firstName}, ${b.lastName}, ${b.email},
        ${b.language}, ${b.userId}, ${b.reference}, ${`${b.receivedOn}T12:00:00Z`}::timestamptz)
      returning id`,
  );
  const id = row!.id;
  await tx.execute(sql`update donations set receipt_number = ${receiptNumberSql('donations')}, receipt_sent_at = now()
    where id = ${id}`);
  await book(tx, {
    key: `donation:${id}:offline`,
    kind: 'offline',
    donationId: id,
    organizationId: b.organizationId,
    entries: [
      { account: ACCOUNTS.donorFunds, organizationId: b.organizationId, amountCents: -b.amountCents },
      { account: ACCOUNTS.orgOffline, organizationId: b.organizationId, amountCents: b.amountCents },
    ],
  });
  await logEvent(tx, id, 'recorded', `Offline ${b.kind} payment recorded.`, b.amountCents, b.userId);
  return { donationId: id, receiptEmailId: await enqueueReceipt(app, tx, id, b.userId) };
}

/** After the commit of `insertOfflinePayment`: delivers its receipt (a failure is retried by the outbox). */
export const deliverOfflineReceipt = (app: FastifyInstance, emailId: number | null) => deliverReceipts(app, [emailId]);
