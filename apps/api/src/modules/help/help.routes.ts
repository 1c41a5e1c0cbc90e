/**
 * The help university (`/help/university`, issue 18; decision 022): the module tree, one module,
 * one article (HTML rendered on the server) and a typo-tolerant search, in English or Spanish.
 * The content files are read, checked and indexed once, when the routes are registered.
 */
import {
  envelope,
  helpArticleParamsSchema,
  helpArticleSchema,
  helpLangQuerySchema,
  helpModuleParamsSchema,
  helpModuleSchema,
  helpSearchQuerySchema,
  helpSearchSchema,
  helpUniversitySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.js';
import { loadUniversity } from './help.content.js';
import * as service from './help.service.js';

const tags = ['help'];
const policy = { action: 'read', subject: 'faq' } as const;

const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = service.createCatalog(loadUniversity());

  app.get(
    '/help/university',
    {
      config: { policy },
      schema: { tags, querystring: helpLangQuerySchema, response: { 200: envelope(helpUniversitySchema) } },
    },
    async (req) => ok(service.listModules(catalog, req.query.lang)),
  );

  app.get(
    '/help/university/search',
    {
      config: { policy },
      schema: { tags, querystring: helpSearchQuerySchema, response: { 200: envelope(helpSearchSchema) } },
    },
    async (req) => ok(service.search(catalog, req.query)),
  );

  app.get(
    '/help/university/:module',
    {
      config: { policy },
      schema: {
        tags,
        params: helpModuleParamsSchema,
        querystring: helpLangQuerySchema,
        response: { 200: envelope(helpModuleSchema) },
      },
    },
    async (req) => ok(service.getModule(catalog, req.params.module, req.query.lang)),
  );

  app.get(
    '/help/university/:module/:category/:article',
    {
      config: { policy },
      schema: {
        tags,
        params: helpArticleParamsSchema,
        querystring: helpLangQuerySchema,
        response: { 200: envelope(helpArticleSchema) },
      },
    },
    async (req) => {
      const { module, category, article } = req.params;
      return ok(service.getArticle(catalog, `${module}/${category}/${article}`, req.query.lang));
    },
  );
};

export default helpRoutes;
