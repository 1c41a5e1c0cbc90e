/**
 * Contact-Us (issue 14): a visitor's message is stored and both of its emails are written to the
 * outbox in one transaction (they commit together or not at all), then delivered after the
 * answer. Super Admin lists the messages and marks them handled. Never logs a message's text or
 * its sender's address.
 */
import type { ContactMessageListQuery, contactBodySchema } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { renderConfirmation, renderSupportNotification } from './contact.emails.js';
import { findContactMessage, insertContactMessage, listContactMessages, setHandled } from './contact.repository.js';
import { consumeContactAllowance } from './contact.throttle.js';

type ContactBody = z.output<typeof contactBodySchema>;

/** Stores and sends a message; a filled spam trap gets the same answer with nothing stored or sent. */
export async function submitContact(app: FastifyInstance, body: ContactBody, ip: string): Promise<void> {
  await consumeContactAllowance(app.db, ip, body.email);
  if (body.website?.trim()) {
    app.log.info('contact: spam trap filled, nothing stored');
    return;
  }
  const facts = {
    name: body.name,
    email: body.email,
    organization: body.organization || null,
    message: body.message,
    language: body.language,
  };
  const emailIds = await app.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, facts);
    const meta = { contactMessageId: id };
    return [
      await app.mail.enqueue(tx, {
        to: app.env.SUPPORT_EMAIL,
        replyTo: facts.email,
        ...renderSupportNotification({ id, ...facts }),
        template: 'contact-notification',
        meta,
      }),
      await app.mail.enqueue(tx, {
        to: facts.email,
        ...renderConfirmation({ id, ...facts }),
        template: 'contact-confirmation',
        meta,
      }),
    ];
  });
  // Stored is sent as far as the visitor is concerned: SMTP retries from the outbox if this fails.
  app.background.run('contact-mail', () => app.mail.deliver(emailIds));
}

export const listMessages = (
  app: FastifyInstance,
  q: Required<Pick<ContactMessageListQuery, 'status'>> & {
    q?: string | undefined;
    page: number;
    perPage: number;
  },
) => listContactMessages(app.db, q);

/** Marks a message handled by `userId`, or opens it again; answers the message as it now is. */
export async function updateMessage(app: FastifyInstance, id: number, handled: boolean, userId: number) {
  if (!(await setHandled(app.db, id, handled, userId)))
    throw notFound('This message does not exist.', 'CONTACT_MESSAGE_NOT_FOUND');
  return (await findContactMessage(app.db, id))!;
}
