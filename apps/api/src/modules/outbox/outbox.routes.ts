import { listQuerySchema, outboxItemSchema, pagedEnvelope } from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox } from './outbox.repository.js';

/** The stored email outbox, readable by Super Admin (DECISIONS §6). */
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
        data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
      };
    },
  );
};

export default outboxRoutes;
