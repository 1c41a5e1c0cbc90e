/**
 * `/user/api-keys`: the caller's personal API keys (decision 020). Session-only: a key cannot
 * list, create or revoke keys (403 API_KEY_NOT_ALLOWED from plugins/policy.ts).
 */
import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema, envelope, idParamSchema } from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../types.js';
import * as service from './api-keys.service.js';

const tags = ['api-keys'];
const config = { policy: 'authenticated' as const, sessionOnly: true };

const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/api-keys',
    { config, schema: { tags, response: { 200: envelope(z.array(apiKeySchema)) } } },
    async (req) => ({ hasError: false as const, data: await service.list(app, principalOf(req)) }),
  );

  app.post(
    '/user/api-keys',
    { config, schema: { tags, body: createApiKeyBodySchema, response: { 200: envelope(createdApiKeySchema) } } },
    async (req) => ({
      hasError: false as const,
      data: await service.create(app, principalOf(req), req.body),
      message: 'API key created. Copy it now: it will not be shown again.',
    }),
  );

  app.delete(
    '/user/api-keys/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: envelope(apiKeySchema) } } },
    async (req) => ({
      hasError: false as const,
      data: await service.revoke(app, principalOf(req), req.params.id),
      message: 'API key revoked.',
    }),
  );
};

export default apiKeysRoutes;
