/**
 * Privacy Policy, "How long we keep information": a message sent through the Contact-Us page is
 * deleted CONTACT_MESSAGE_RETENTION_MONTHS (24) after it was sent, with the stored copies of the
 * two emails it caused (the support notification and the sender's confirmation; their bodies are
 * already purged MAIL_RETENTION_DAYS after delivery). Batched like the other retention jobs: at
 * most RETENTION_BATCH_SIZE messages per run, claimed `for update skip locked`.
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forgetStoredEmails } from '../../providers/mail/index.js';

/** Deletes the messages older than the retention period; answers how many. */
export async function purgeOldContactMessages(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - app.env.CONTACT_MESSAGE_RETENTION_MONTHS);
  return app.db.transaction(async (tx) => {
    const gone = await rows<{ id: number; email: string }>(
      tx,
      sql`with due as (select id from contact_messages where created_at <= ${before.toISOString()}::timestamptz
          order by id limit ${app.env.RETENTION_BATCH_SIZE} for update skip locked)
        delete from contact_messages m using due where m.id = due.id returning m.id, m.email`,
    );
    if (!gone.length) return 0;
    // The two emails each message caused name it in their meta; the recipients narrow the search.
    const recipients = [...new Set([app.env.SUPPORT_EMAIL, ...gone.map((m) => m.email)])];
    const ids = gone.map((m) => String(m.id));
    await forgetStoredEmails(
      tx,
      sql`"to" in (${sql.join(
        recipients.map((r) => sql`${r}`),
        sql`, `,
      )}) and meta->>'contactMessageId' in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    return gone.length;
  });
}
