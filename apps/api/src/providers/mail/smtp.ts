/**
 * SMTP delivery from the outbox. Each attempt first takes a lease on the row (in `meta.delivery`:
 * attempt count and `retryAt`, the time before which no other instance may try it), so the
 * instance that stored a message and the background jobs of every instance never deliver it at
 * the same time. A refused delivery is retried with a doubling wait; an instance that stops in the
 * middle of one (killed, crashed) leaves a lease that runs out, and the next job delivers it.
 * Delivery is at least once: a stop after the server accepted a message but before it was marked
 * sent sends it again, under the same Message-ID (derived from the row) so receivers can tell.
 * No schema change was needed: the lease lives in the row's jsonb `meta`. Once delivered, the
 * stored copy loses its links' tokens (retention.ts).
 */
import { type Db, emails } from '@fc/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { days, hours } from '../../lib/time.js';
import type { MailProvider } from './mail.js';
import { storeMessage } from './outbox.js';
import { withoutLinks } from './retention.js';

/** After this many refused attempts a message stays in the outbox with its error. */
export const MAX_ATTEMPTS = 8;
/** Messages older than this are not retried any more (a 3-day-old reminder is no longer useful). */
const RETRY_WINDOW_MS = days(3);
/** Most messages one `deliver` call hands over (the job's next tick goes on). */
const PER_CALL = 500;

export interface SmtpOptions {
  url: string;
  from: string;
  /** Lease of one attempt and first wait after a refusal (MAIL_RETRY_SECONDS). */
  retrySeconds: number;
  /** Tests replace the transport (a server that never answers, a recorder). */
  transporter?: { sendMail(message: Record<string, unknown>): Promise<unknown> };
}

interface Claimed {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  /** An optional e-mail's one-click unsubscribe address (mail.ts), sent as headers. */
  listUnsubscribe: string | null;
  attempts: number;
}

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

export function smtpMail(db: Db, log: FastifyBaseLogger, opts: SmtpOptions): MailProvider {
  const leaseMs = opts.retrySeconds * 1000;
  // Every step of one attempt must end well within the lease, or a second instance could start.
  const stepMs = Math.max(2000, Math.floor(leaseMs / 4));
  const transporter =
    opts.transporter ??
    nodemailer.createTransport({
      url: opts.url,
      connectionTimeout: stepMs,
      greetingTimeout: stepMs,
      socketTimeout: stepMs,
    });
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'fundraiser-console.local';
  const at = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

  /**
   * Takes the lease on one message of `which` that nobody is delivering and that is due. One at a
   * time, just before it is sent: a lease taken for a batch could run out while the batch's last
   * messages are still waiting their turn, and another instance would send them too.
   */
  async function claim(which: SQL, now: Date): Promise<Claimed | undefined> {
    const res = (await db.execute(sql`update emails e
      set meta = coalesce(e.meta, '{}'::jsonb) || jsonb_build_object('delivery', jsonb_build_object(
        'attempts', coalesce((e.meta #>> '{delivery,attempts}')::int, 0) + 1,
        'retryAt', ${at(now, leaseMs)}::text))
      from (select id from emails
        where transport = 'smtp' and sent_at is null and ${which}
          and coalesce((meta #>> '{delivery,attempts}')::int, 0) < ${MAX_ATTEMPTS}
          and coalesce((meta #>> '{delivery,retryAt}')::timestamptz, '-infinity'::timestamptz) <= ${now.toISOString()}::timestamptz
        order by id limit 1 for update skip locked) due
      where e.id = due.id
      returning e.id, e."to", e.subject, e.text, e.html, e.reply_to as "replyTo",
        e.meta ->> 'listUnsubscribe' as "listUnsubscribe", (e.meta #>> '{delivery,attempts}')::int as attempts`)) as unknown as {
      rows: Claimed[];
    };
    return res.rows[0];
  }

  async function transmit(m: Omit<Claimed, 'attempts'>, attempts: number, now: Date): Promise<boolean> {
    try {
      await transporter.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        replyTo: m.replyTo ?? undefined,
        messageId: `<fc-email-${m.id}@${domain}>`,
        ...(m.listUnsubscribe
          ? {
              headers: {
                'List-Unsubscribe': `<${m.listUnsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      });
      // Delivered: the stored copy keeps no usable link (retention.ts, decision 011).
      await db
        .update(emails)
        .set({
          sentAt: new Date(),
          error: null,
          text: withoutLinks(m.text),
          html: m.html === null ? null : withoutLinks(m.html),
        })
        .where(eq(emails.id, m.id));
      // Nor its unsubscribe link (a token, like the body's links).
      if (m.listUnsubscribe)
        await db.execute(sql`update emails set meta = meta - 'listUnsubscribe' where id = ${m.id}`);
      return true;
    } catch (err) {
      // The message stays in the outbox with its error; whatever caused it still succeeds.
      const wait = Math.min(leaseMs * 2 ** (attempts - 1), hours(1));
      log.error({ err, emailId: m.id, attempts }, 'smtp delivery failed');
      await db.execute(sql`update emails set error = ${String((err as Error).message).slice(0, 500)},
        meta = jsonb_set(coalesce(meta, '{}'::jsonb), '{delivery,retryAt}', to_jsonb(${at(now, wait)}::text))
        where id = ${m.id}`);
      return false;
    }
  }

  return {
    kind: 'smtp',
    async send(m) {
      // Stored with the first attempt's lease already taken: no job retries it while it is sent now.
      const now = new Date();
      const delivery = { attempts: 1, retryAt: at(now, leaseMs) };
      const id = await storeMessage(db, m, 'smtp', { ...(m.meta ?? {}), delivery });
      await transmit(
        {
          id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          replyTo: m.replyTo ?? null,
          listUnsubscribe: m.listUnsubscribe ?? null,
        },
        1,
        now,
      );
    },
    enqueue: (tx, m) => storeMessage(tx, m, 'smtp'),
    async deliver(list, now = new Date()) {
      if (list && !list.length) return 0;
      const which = list ? sql`id in (${ids(list)})` : sql`created_at > ${at(now, -RETRY_WINDOW_MS)}::timestamptz`;
      // `now` may be a test's clock: each lease starts from it plus the time this call has taken.
      const startedAt = Date.now();
      const clock = () => new Date(now.getTime() + (Date.now() - startedAt));
      let delivered = 0;
      // A delivered or refused message is not due any more, so this ends when none is left.
      for (let n = 0; n < PER_CALL; n++) {
        const m = await claim(which, clock());
        if (!m) break;
        if (await transmit(m, m.attempts, clock())) delivered += 1;
      }
      return delivered;
    },
  };
}
