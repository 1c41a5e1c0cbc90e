import { listQuerySchema, outboxItemSchema, pagedEnvelope } from '@fc/contracts';
import { emails } from '@fc/db';
import { desc, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
      const { q, page, perPage } = req.query;
      const term = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = term ? or(ilike(emails.to, term), ilike(emails.subject, term)) : undefined;
      const [rows, [count]] = await Promise.all([
        app.db
          .select({
            id: emails.id,
            to: emails.to,
            subject: emails.subject,
            text: emails.text,
            template: emails.template,
            transport: emails.transport,
            sentAt: emails.sentAt,
            createdAt: emails.createdAt,
          })
          .from(emails)
          .where(where)
          .orderBy(desc(emails.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ n: sql<number>`count(*)::int` }).from(emails).where(where),
      ]);
      return {
        hasError: false as const,
        data: rows.map((r) => ({
          ...r,
          transport: r.transport === 'smtp' ? ('smtp' as const) : ('outbox' as const),
          sentAt: r.sentAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total: Number(count?.n ?? 0),
      };
    },
  );
};

export default outboxRoutes;
