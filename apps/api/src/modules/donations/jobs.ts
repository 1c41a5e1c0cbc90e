/**
 * The donations module's background jobs (run by plugins/jobs.ts on every instance): the
 * abandoned-cart reminder, the sandbox's settlement of processing payments and the removal of
 * unpaid attempts' donor details after the retention period (retention.ts). A reminder is a
 * transactional outbox entry: one transaction claims the donation (`for update skip locked`,
 * `reminder_sent_at`) and stores its email, so however many instances run the job it goes at
 * most once, and an instance killed at any point loses none (before the commit nothing happened;
 * after it the message is stored, and SMTP delivery is retried by any instance). RELIABILITY row
 * 8; issue 6; SCALING.md.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { minutes } from '../../lib/time.js';
import type { Job } from '../../plugins/jobs.js';
import { isSandbox } from '../../providers/payments/index.js';
import { renderReminder } from './emails.js';
import { donationFacts, playerNameOf } from './receipts.js';
import { purgeUnfinishedDonations, REMOVED_DONOR } from './retention.js';
import { logEvent } from './state.js';

const BATCH = 50;

/**
 * Sends the one reminder to donors who started a card donation at least the configured delay ago
 * (within the last 7 days) and left without paying: never after a failure on the payment side,
 * never while the payment is processing, never when they have since given to the same campaign,
 * and only while the campaign is open.
 */
export async function sendCartReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  // `now` is a test's clock or the tick's start; delivery leases must start from the current moment.
  const skew = now.getTime() - Date.now();
  const before = new Date(now.getTime() - minutes(app.env.CART_REMINDER_DELAY_MINUTES));
  const after = new Date(now.getTime() - minutes(7 * 24 * 60));
  const stored = await app.db.transaction(async (tx) => {
    const claimed = await rows<{ id: number }>(
      tx,
      sql`with due as (
        select d.id from donations d join campaigns c on c.id = d.campaign_id
        where d.status in (${DONATION_STATUS.pending}, ${DONATION_STATUS.failed}) and d.method = 'card'
          and d.kind <> 'sponsor'
          and d.reminder_sent_at is null and d.created_at <= ${before} and d.created_at > ${after}
          and coalesce(d.failure_source, 'card') <> 'platform' and coalesce(d.intent_status, '') <> 'processing'
          and d.payment_intent_id is not null and c.status = 'active' and d.donor_email <> ${REMOVED_DONOR.email}
          and not exists (select 1 from donations x where x.donor_email = d.donor_email and x.campaign_id = d.campaign_id
            and x.status = ${DONATION_STATUS.completed} and x.id <> d.id)
        order by d.id limit ${BATCH} for update of d skip locked)
      update donations set reminder_sent_at = ${now} from due where donations.id = due.id
      returning donations.id`,
    );
    if (!claimed.length) return [];
    const ids = sql.join(
      claimed.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const emailIds: number[] = [];
    for (const f of await donationFacts(tx, sql`d.id in (${ids})`)) {
      const mail = renderReminder({
        language: f.language,
        donorFirstName: f.donor_first_name,
        amountCents: f.amount_cents,
        campaignTitle: f.campaign_title,
        playerName: playerNameOf(f),
        link: `${app.env.PUBLIC_URL}/donations/${f.public_id}/cart`,
      });
      const meta = { donationId: f.id };
      emailIds.push(await app.mail.enqueue(tx, { to: f.donor_email, ...mail, template: 'cart-reminder', meta }));
      await logEvent(tx, f.id, 'reminder_sent', 'Reminder emailed to finish the donation.');
    }
    return emailIds;
  });
  // After the commit: SMTP delivers now; if this instance stops first, any instance's job retries.
  await app.mail.deliver(stored, new Date(Date.now() + skew));
  return stored.length;
}

/** The sandbox's settlement of processing payments (none with a real processor). */
const settlePayments: Job = async (app, now) => (isSandbox(app.payments) ? app.payments.settleDue(now.getTime()) : 0);

/** The donations module's background jobs, in the order they run (plugins/jobs.ts runs them). */
export const donationJobs: Record<string, Job> = {
  settled: settlePayments,
  reminders: sendCartReminders,
  unfinishedDonationsPurged: purgeUnfinishedDonations,
};
