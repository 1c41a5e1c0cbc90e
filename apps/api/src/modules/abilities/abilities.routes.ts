import { envelope, ROLE_HOME, ROLES, roleMatrixSchema } from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_MATRIX } from './matrix.js';

const aclRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/acl/matrix',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['acl'], summary: 'The role and ability matrix', response: { 200: envelope(roleMatrixSchema) } },
    },
    async () => ({
      hasError: false as const,
      data: ROLES.map((role) => ({ role, home: ROLE_HOME[role], rules: ROLE_MATRIX[role] })),
    }),
  );
};

export default aclRoutes;
