import { listQuerySchema, outboxItemSchema, pagedEnvelope } from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox } from './outbox.repository.js';

/**
 * The stored email outbox, readable by Super Admin (DECISIONS §6). Messages an SMTP server took
 * are stored without usable links and their text is purged after MAIL_RETENTION_DAYS
 * (providers/mail/retention.ts, decision 011).
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      config: { policy: { action: 'read', subject: 'outbox' } },
      schema: { tags: ['outbox'], querystring: listQuerySchema, response: { 200: pagedEnvelope(outboxItemSchema) } },
    },
    async (req) => {
      const { rows, total } = await listOutbox(app.db, req.query);
      return {
        hasError: false as const,
        data: rows.map((r) => ({
          ...r,
          transport: r.transport === 'smtp' ? ('smtp' as const) : ('outbox' as const),
          sentAt: r.sentAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  );
};

export default outboxRoutes;
