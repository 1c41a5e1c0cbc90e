import { envelope, isStaffRole } from '@fc/contracts';
import { organizations } from '@fc/db';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../types.js';

const optionSchema = z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() });

const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Nodes the caller may attach people to: every node for staff, the caller's subtree otherwise. */
  app.get(
    '/admin/organization/options',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['organizations'], response: { 200: envelope(z.array(optionSchema)) } },
    },
    async (req) => {
      const p = principalOf(req);
      const columns = { id: organizations.id, name: organizations.name, typeId: organizations.typeId };
      const order = [asc(organizations.typeId), asc(organizations.name)] as const;
      const data = isStaffRole(p.role)
        ? await app.db
            .select(columns)
            .from(organizations)
            .orderBy(...order)
            .limit(1000)
        : p.scopeIds.length === 0
          ? []
          : await app.db
              .select(columns)
              .from(organizations)
              .where(inArray(organizations.id, p.scopeIds))
              .orderBy(...order);
      return { hasError: false as const, data };
    },
  );
};

export default orgRoutes;
