import type { Db } from '@fc/db';
import { emails } from '@fc/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail.js';

async function store(db: Db, m: MailMessage, transport: string) {
  const [row] = await db
    .insert(emails)
    .values({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      template: m.template,
      meta: m.meta ?? null,
      transport,
    })
    .returning({ id: emails.id });
  return row!.id;
}

/** The default: messages stay in the outbox and their subject is logged (never the link). */
export function outboxMail(db: Db, log: FastifyBaseLogger): MailProvider {
  return {
    kind: 'outbox',
    async send(m) {
      const id = await store(db, m, 'outbox');
      log.info({ emailId: id, to: m.to, template: m.template }, `outbox: "${m.subject}"`);
    },
  };
}

export function smtpMail(db: Db, log: FastifyBaseLogger, url: string, from: string): MailProvider {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      const id = await store(db, m, 'smtp');
      try {
        await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        await db.update(emails).set({ sentAt: new Date() }).where(eq(emails.id, id));
      } catch (err) {
        // The message stays in the outbox with its error; the request that caused it still succeeds.
        log.error({ err, emailId: id }, 'smtp delivery failed');
        await db
          .update(emails)
          .set({ error: String((err as Error).message).slice(0, 500) })
          .where(eq(emails.id, id));
      }
    },
  };
}
