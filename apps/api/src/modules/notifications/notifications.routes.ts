/**
 * Notification preferences (issue 18, decision 023): the signed-in user's choices, and a Super
 * Admin's product-news e-mail to everyone who wants it. The unsubscribe page is unsubscribe.routes.ts.
 */
import {
  envelope,
  notificationPreferencesSchema,
  productNewsBodySchema,
  productNewsResultSchema,
  updateNotificationsBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../types.js';
import { readPreferences, updatePreferences } from './preferences.service.js';
import { sendProductNews } from './product-news.js';

const tags = ['notifications'];

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/notifications',
    {
      config: { policy: 'authenticated' },
      schema: { tags, response: { 200: envelope(notificationPreferencesSchema) } },
    },
    async (req) => ({ hasError: false as const, data: await readPreferences(app, principalOf(req).user.id) }),
  );

  app.put(
    '/user/notifications',
    {
      config: { policy: 'authenticated' },
      schema: { tags, body: updateNotificationsBodySchema, response: { 200: envelope(notificationPreferencesSchema) } },
    },
    async (req) => ({
      hasError: false as const,
      data: await updatePreferences(app, principalOf(req).user.id, req.body),
      message: 'Saved.',
    }),
  );

  app.post(
    '/admin/notifications/product-news',
    {
      config: { policy: { action: 'create', subject: 'outbox' } },
      schema: { tags, body: productNewsBodySchema, response: { 200: envelope(productNewsResultSchema) } },
    },
    async (req) => {
      const recipients = await sendProductNews(app, principalOf(req), req.body);
      return { hasError: false as const, data: { recipients }, message: `Sent to ${recipients} people.` };
    },
  );
};

export default notificationsRoutes;
