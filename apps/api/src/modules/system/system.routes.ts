import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const health = z.object({ status: z.string() });

/** Liveness and readiness; readiness turns 503 as soon as shutdown starts or the database is gone. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: { policy: 'public' }, schema: { tags: ['system'], response: { 200: health } } },
    async () => ({
      status: 'ok',
    }),
  );

  app.get(
    '/readyz',
    { config: { policy: 'public' }, schema: { tags: ['system'], response: { 200: health, 503: health } } },
    async (_req, reply) => {
      if (app.lifecycle.shuttingDown) return reply.status(503).send({ status: 'shutting-down' });
      try {
        await app.database.ping();
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database-unavailable' });
      }
    },
  );
};

export default systemRoutes;
