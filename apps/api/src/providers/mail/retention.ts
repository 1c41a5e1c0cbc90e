/**
 * What the outbox keeps of a message a real transport delivered (issue 12 item 2, decision 011).
 * The stored copy of a reset, sign-in or invitation email held a working link: anyone who could
 * read the table or the outbox screen could use it, which undid the hashing of those tokens. So:
 * - on delivery by SMTP, every link's token (query values and token-shaped path segments, the
 *   rules of lib/redact.ts) is replaced by a marker in the stored text and HTML;
 * - after MAIL_RETENTION_DAYS the delivered body itself is replaced by a note (subject, recipient
 *   and dates stay for the record), by the background job of every instance.
 * The embedded outbox (no SMTP_URL) is the install's mailbox: its messages keep their links.
 */
import { type Db, type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { redactText } from '../../lib/redact.js';
import { days } from '../../lib/time.js';

export const DELIVERED_MARKER = '[removed-after-delivery]';
export const PURGED_TEXT = '[The text of this delivered message was removed after the retention period.]';

/** The stored copy of a delivered message: the same text with no usable link. */
export const withoutLinks = (text: string) => redactText(text, DELIVERED_MARKER);

/** Replaces the bodies of messages delivered more than `retentionDays` ago; returns how many. */
export async function purgeDeliveredBodies(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days(retentionDays)).toISOString();
  const res = (await db.execute(sql`update emails set text = ${PURGED_TEXT}, html = null
    where transport = 'smtp' and sent_at is not null and sent_at <= ${before}::timestamptz
      and text <> ${PURGED_TEXT}
    returning id`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/** The recipient of a stored copy whose person's details were removed (`.invalid` never routes). */
export const REMOVED_RECIPIENT = 'removed@removed.invalid';

/**
 * The retention jobs' (Privacy Policy) removal of stored copies about a person whose details go:
 * the messages matching `where` (over `emails`) keep their subject, template and dates, lose their
 * recipient and body. `where` should name the recipient (`emails_to_idx`). Returns how many.
 */
export async function forgetStoredEmails(db: Queryable, where: SQL): Promise<number> {
  const done = await rows(
    db,
    sql`update emails set "to" = ${REMOVED_RECIPIENT}, text = ${PURGED_TEXT}, html = null
      where ${where} returning id`,
  );
  return done.length;
}
