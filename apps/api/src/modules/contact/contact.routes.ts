import {
  contactBodySchema,
  contactMessageListQuerySchema,
  contactMessageSchema,
  envelope,
  messageEnvelope,
  pagedEnvelope,
  updateContactMessageBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ok } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import { listMessages, submitContact, updateMessage } from './contact.service.js';

/**
 * Contact-Us (issue 14): the public form's endpoint (validated, throttled per address and per
 * sender, with a spam trap) and Super Admin's list of the messages.
 */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/contact',
    {
      config: { policy: 'public' },
      schema: { tags: ['public'], body: contactBodySchema, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await submitContact(app, req.body, req.ip);
      return { hasError: false as const, message: 'Thank you: your message was sent. We will answer you by email.' };
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      config: { policy: { action: 'read', subject: 'contact-messages' } },
      schema: {
        tags: ['contact'],
        querystring: contactMessageListQuerySchema,
        response: { 200: pagedEnvelope(contactMessageSchema) },
      },
    },
    async (req) => {
      const { rows, total } = await listMessages(app, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.patch(
    '/admin/contact-messages/:id',
    {
      config: { policy: { action: 'update', subject: 'contact-messages' } },
      schema: {
        tags: ['contact'],
        params: idParams,
        body: updateContactMessageBodySchema,
        response: { 200: envelope(contactMessageSchema) },
      },
    },
    async (req) => {
      const message = await updateMessage(app, req.params.id, req.body.handled, principalOf(req).user.id);
      return ok(message, req.body.handled ? 'Marked handled.' : 'Opened again.');
    },
  );
};

export default contactRoutes;
