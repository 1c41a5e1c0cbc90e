/**
 * Background work, run on every instance: the abandoned-cart reminder and the sandbox's
 * settlement of processing payments. Each donation is claimed with one atomic update
 * (`for update skip locked`) before anything is sent, so however many instances run the job a
 * reminder goes at most once (RELIABILITY row 8; issue 6 runs several instances).
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { minutes } from '../../lib/time.js';
import { isSandbox } from '../../providers/payments/index.js';
import { renderReminder } from './emails.js';
import { donationFacts, playerNameOf } from './receipts.js';
import { logEvent } from './state.js';

const BATCH = 50;

/**
 * Sends the one reminder to donors who started a card donation at least the configured delay ago
 * (within the last 7 days) and left without paying: never after a failure on the payment side,
 * never while the payment is processing, never when they have since given to the same campaign,
 * and only while the campaign is open.
 */
export async function sendCartReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - minutes(app.env.CART_REMINDER_DELAY_MINUTES));
  const after = new Date(now.getTime() - minutes(7 * 24 * 60));
  const claimed = (await app.db.execute(sql`with due as (
      select d.id from donations d join campaigns c on c.id = d.campaign_id
      where d.status in (${DONATION_STATUS.pending}, ${DONATION_STATUS.failed}) and d.method = 'card'
        and d.reminder_sent_at is null and d.created_at <= ${before} and d.created_at > ${after}
        and coalesce(d.failure_source, 'card') <> 'platform' and coalesce(d.intent_status, '') <> 'processing'
        and d.payment_intent_id is not null and c.status = 'active'
        and not exists (select 1 from donations x where x.donor_email = d.donor_email and x.campaign_id = d.campaign_id
          and x.status = ${DONATION_STATUS.completed} and x.id <> d.id)
      order by d.id limit ${BATCH} for update of d skip locked)
    update donations set reminder_sent_at = ${now} from due where donations.id = due.id
    returning donations.id`)) as unknown as { rows: { id: number }[] };
  let sent = 0;
  for (const { id } of claimed.rows) {
    const [f] = await donationFacts(app.db, sql`d.id = ${id}`);
    if (!f) continue;
    const mail = renderReminder({
      language: f.language,
      donorFirstName: f.donor_first_name,
      amountCents: f.amount_cents,
      campaignTitle: f.campaign_title,
      playerName: playerNameOf(f),
      link: `${app.env.PUBLIC_URL}/donations/${f.public_id}/cart`,
    });
    await app.mail.send({ to: f.donor_email, ...mail, template: 'cart-reminder', meta: { donationId: id } });
    await app.db.transaction((tx) => logEvent(tx, id, 'reminder_sent', 'Reminder emailed to finish the donation.'));
    sent += 1;
  }
  return sent;
}

export async function runJobs(app: FastifyInstance, now = new Date()) {
  const settled = isSandbox(app.payments) ? await app.payments.settleDue(now.getTime()) : 0;
  const reminders = await sendCartReminders(app, now);
  return { settled, reminders };
}

export function startJobs(app: FastifyInstance) {
  const every = app.env.JOBS_INTERVAL_SECONDS;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running || app.lifecycle.shuttingDown) return;
    running = true;
    try {
      const done = await runJobs(app);
      if (done.settled || done.reminders) app.log.info(done, 'payment jobs');
    } catch (err) {
      app.log.error({ err }, 'payment jobs failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
