/**
 * The sponsorships' background jobs (decision 019 "Inventory"), run by plugins/jobs.ts on every
 * instance, safe with any number of them:
 * - `sponsorshipHoldsReleased`: holds past their end become `released` (one statement per batch,
 *   rows claimed `for update skip locked`, so two instances never release the same hold twice and
 *   never wait on each other), then each released payment's intent is cancelled at the provider,
 *   best effort (a payment that still lands is handled by the hook: a free unit, or a refund);
 * - `sponsorshipRefundsDue`: a payment that landed with no unit left is refunded in full through
 *   the provider (the donations' own refund path, reserved under a key derived from the
 *   sponsorship, so two instances ask once), and its hook makes it `refunded` and stores the
 *   buyer's "sold out, refunded" e-mail in their language when the refund lands.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Job } from '../../plugins/jobs.js';
import { refundInFull } from '../donations/payments.js';

const BATCH = 50;

export const releaseExpiredHolds: Job = async (app: FastifyInstance, now: Date) => {
  const released = await rows<{ id: number; intent: string | null }>(
    app.db,
    sql`with due as (
        select s.id from sponsorships s where s.status = 'held' and s.hold_expires_at <= ${now}
        order by s.hold_expires_at limit ${BATCH} for update skip locked)
      update sponsorships s set status = 'released', updated_at = now() from due, donations d
      where s.id = due.id and d.id = s.donation_id
      returning s.id, case when d.status = ${DONATION_STATUS.pending} then d.payment_intent_id end as intent`,
  );
  for (const r of released) {
    if (!r.intent) continue;
    try {
      await app.payments.cancelIntent(r.intent, `sponsorship-${r.id}-hold-released`);
    } catch (err) {
      // Best effort: already paid, processing or cancelled; a late success is refunded or kept by the hook.
      app.log.warn({ err, sponsorshipId: r.id }, 'could not cancel a released hold’s payment intent');
    }
  }
  return released.length;
};

export const refundSoldOutPayments: Job = async (app: FastifyInstance) => {
  const due = await rows<{ id: number; donation_id: number }>(
    app.db,
    sql`select id, donation_id from sponsorships where status = 'refund_due' order by id limit ${BATCH}`,
  );
  let n = 0;
  for (const s of due) {
    try {
      if (
        await refundInFull(
          app,
          s.donation_id,
          `sponsorship-${s.id}-sold-out`,
          'Sponsorship sold out before the payment landed: refunded in full automatically.',
        )
      )
        n += 1;
    } catch (err) {
      app.log.error({ err, sponsorshipId: s.id }, 'sold-out sponsorship refund failed; the next run retries it');
    }
  }
  return n;
};

/** In the order they run (plugins/jobs.ts). */
export const sponsorshipJobs: Record<string, Job> = {
  sponsorshipHoldsReleased: releaseExpiredHolds,
  sponsorshipRefundsDue: refundSoldOutPayments,
};
