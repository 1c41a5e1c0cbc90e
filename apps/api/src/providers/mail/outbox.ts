import { type Db, emails, type Tx } from '@fc/db';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailProvider } from './mail.js';

/** Stores one message (in the caller's transaction when given one) and returns its id. */
export async function storeMessage(
  db: Db | Tx,
  m: MailMessage,
  transport: MailProvider['kind'],
  meta: Record<string, unknown> | null = m.meta ?? null,
): Promise<number> {
  const [row] = await db
    .insert(emails)
    .values({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      replyTo: m.replyTo ?? null,
      template: m.template,
      meta: m.listUnsubscribe ? { ...(meta ?? {}), listUnsubscribe: m.listUnsubscribe } : meta,
      transport,
    })
    .returning({ id: emails.id });
  return row!.id;
}

/** `jane.doe@example.org` → `j***@example.org`: enough to tell messages apart in a log, not the address. */
export const maskAddress = (to: string) => to.replace(/^([^@])[^@]*@/, '$1***@');

/**
 * The default: messages stay in the outbox and their subject is logged (never the link, never
 * the whole recipient address: a visitor's email is personal data, and the outbox has it).
 */
export function outboxMail(db: Db, log: FastifyBaseLogger): MailProvider {
  const logged = (id: number, to: string, template: string, subject: string) =>
    log.info({ emailId: id, to: maskAddress(to), template }, `outbox: "${subject}"`);
  return {
    kind: 'outbox',
    async send(m) {
      logged(await storeMessage(db, m, 'outbox'), m.to, m.template, m.subject);
    },
    enqueue: (tx, m) => storeMessage(tx, m, 'outbox'),
    // Storing was the delivery: after the commit, only the log line the message would have had.
    async deliver(ids) {
      if (!ids?.length) return 0;
      const rows = await db
        .select({ id: emails.id, to: emails.to, template: emails.template, subject: emails.subject })
        .from(emails)
        .where(inArray(emails.id, [...ids]));
      for (const r of rows) logged(r.id, r.to, r.template, r.subject);
      return rows.length;
    },
  };
}
