/**
 * Privacy Policy, "How long we keep information": an unfinished donation's donor details are
 * deleted UNFINISHED_DONATION_RETENTION_DAYS (90) after the attempt if it was never paid. The
 * attempts are those never completed: pending (0) and failed (2), the statuses a donor can resume
 * (DECISIONS §5), and card attempts staff or the processor cancelled (4) before any payment
 * (`completed_at` null; a voided offline gift was received, so it is a payment record and stays).
 *
 * The row stays, with its amounts, campaign, page, status, dates, intent and timeline, so totals,
 * the ledger and every kept roll-up are untouched (none counts an unpaid row, and no changed
 * column is one they read). What goes: the donor's names and email (NOT NULL columns: the
 * placeholders below), the message, the links to the donor record and the donor's account; the
 * donor record itself when nothing else names it; the stored copies of emails about the attempt
 * (the reminder); and the processor's event payloads for it (they may hold billing details).
 * An attempt whose payment is still processing keeps its details until the processor answers.
 *
 * Batched: at most RETENTION_BATCH_SIZE attempts per run, claimed `for update skip locked` in short
 * transactions of at most 100, so instances running the job at once share the work and never wait.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { valueList } from '../../lib/id-array.js';
import { days } from '../../lib/time.js';
import { forgetStoredEmails, REMOVED_RECIPIENT } from '../../providers/mail/index.js';

/** What an attempt's NOT NULL donor columns hold once its details are removed. */
export const REMOVED_DONOR = { firstName: '(removed)', lastName: '(removed)', email: REMOVED_RECIPIENT } as const;

/** The attempt's donor details were removed: it can no longer be viewed, resumed or paid. */
export const isPurgedAttempt = (d: { status: number; donor_email: string }) =>
  d.donor_email === REMOVED_DONOR.email &&
  d.status !== DONATION_STATUS.completed &&
  d.status !== DONATION_STATUS.refunded;

/** Attempts purged per transaction: on the embedded database (one connection) 500 at once held it 0.4-0.7 s. */
const CHUNK = 100;

/** Removes the donor details of never-paid attempts older than the retention period; answers how many. */
export async function purgeUnfinishedDonations(app: FastifyInstance, now = new Date()): Promise<number> {
  let purged = 0;
  while (purged < app.env.RETENTION_BATCH_SIZE) {
    const limit = Math.min(CHUNK, app.env.RETENTION_BATCH_SIZE - purged);
    const n = await purgeChunk(app, now, limit);
    purged += n;
    if (n < limit) break;
  }
  return purged;
}

async function purgeChunk(app: FastifyInstance, now: Date, limit: number): Promise<number> {
  const before = new Date(now.getTime() - days(app.env.UNFINISHED_DONATION_RETENTION_DAYS)).toISOString();
  return app.db.transaction(async (tx) => {
    const purged = await rows<{ id: number; old_email: string; old_donor: number | null }>(
      tx,
      sql`with due as (
          select id, donor_email, donor_id from donations
          where status in (${DONATION_STATUS.pending}, ${DONATION_STATUS.failed}, ${DONATION_STATUS.cancelled})
            and completed_at is null and created_at <= ${before}::timestamptz
            and donor_email <> ${REMOVED_DONOR.email} and coalesce(intent_status, '') <> 'processing'
          order by id limit ${limit} for update skip locked)
        update donations d set donor_first_name = ${REMOVED_DONOR.firstName}, donor_last_name = ${REMOVED_DONOR.lastName},
          donor_email = ${REMOVED_DONOR.email}, message = null, donor_id = null, donor_user_id = null, updated_at = now()
        from due where d.id = due.id
        returning d.id, due.donor_email as old_email, due.donor_id as old_donor`,
    );
    if (!purged.length) return 0;
    const ids = purged.map((p) => p.id);
    // The reminder (and any other message about the attempt) sent to the old address.
    await forgetStoredEmails(
      tx,
      sql`"to" in (${valueList([...new Set(purged.map((p) => p.old_email))])})
        and meta->>'donationId' in (${valueList(ids.map(String))})`,
    );
    await tx.execute(sql`update provider_events
      set payload = jsonb_build_object('id', payload->'id', 'type', payload->'type', 'removed', true)
      where donation_id in (${valueList(ids)}) and payload->>'removed' is null`);
    // A donor record named by no donation any more goes too. One a checkout touched since the
    // cut-off is left alone: that checkout's donation names it (or is about to: deleting it now
    // would fail that insert), and the purge of that donation, in its turn, removes the record.
    const donors = [...new Set(purged.flatMap((p) => (p.old_donor === null ? [] : [p.old_donor])))];
    if (donors.length)
      await tx.execute(sql`delete from donors o where o.id in (${valueList(donors)}) and o.updated_at <= ${before}::timestamptz
        and not exists (select 1 from donations x where x.donor_id = o.id)`);
    return purged.length;
  });
}
