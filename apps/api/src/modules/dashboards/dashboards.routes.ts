/**
 * Dashboards and analytics (issue 13; spec §2 "Dashboards", DECISIONS §1 and §3). Every route
 * needs `read dashboards`; who reads which node is settled in the services (scope.ts).
 */
import {
  ANALYTICS_TABLES,
  adminDashboardSchema,
  analyticsQuerySchema,
  analyticsSchema,
  dashboardQuerySchema,
  envelope,
  fundraiserDashboardSchema,
  nodeDashboardSchema,
  nudgeBodySchema,
  nudgeResultSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, sendCsv } from '../../lib/http.js';
import { callerCacheKey, reportCacheSeconds, responseCache, sendCached } from '../../lib/response-cache.js';
import { type Principal, principalOf } from '../../types.js';
import { adminDashboard } from './admin.service.js';
import { analytics, analyticsCsv } from './analytics.service.js';
import { fundraiserDashboard } from './fundraiser.service.js';
import { nodeDashboard } from './node.service.js';
import { nudge } from './nudge.service.js';

const READ = { policy: { action: 'read', subject: 'dashboards' } } as const;
const tags = ['dashboards'];

/** The analytics query (its range check included) plus the table to download. */
const analyticsCsvQuerySchema = analyticsQuerySchema.extend({ table: z.enum(ANALYTICS_TABLES) });

const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Dashboards are read far more than the money under them changes: an instance reuses an answer
  // for DASHBOARD_CACHE_SECONDS (decision 016). A nudge changes what the node dashboard shows.
  const cache = responseCache(reportCacheSeconds(app.env));
  /** Answers from the cache, or computes, serializes with the route's schema, and keeps the body. */
  const cached =
    <Q>(route: string, compute: (p: Principal, q: Q) => Promise<unknown>) =>
    async (req: { query: Q } & Parameters<typeof principalOf>[0], reply: import('fastify').FastifyReply) => {
      const p = principalOf(req);
      return sendCached(cache, callerCacheKey(route, p, req.query), reply, async () => ok(await compute(p, req.query)));
    };
  app.get(
    '/dashboards/admin',
    {
      config: READ,
      schema: { tags, querystring: dashboardQuerySchema, response: { 200: envelope(adminDashboardSchema) } },
    },
    cached('admin', (p, q: z.output<typeof dashboardQuerySchema>) => adminDashboard(app, p, q)),
  );

  app.get(
    '/dashboards/node',
    {
      config: READ,
      schema: { tags, querystring: dashboardQuerySchema, response: { 200: envelope(nodeDashboardSchema) } },
    },
    cached('node', (p, q: z.output<typeof dashboardQuerySchema>) => nodeDashboard(app, p, q)),
  );

  app.post(
    '/dashboards/nudge',
    {
      config: READ,
      schema: { tags, body: nudgeBodySchema, response: { 200: envelope(z.array(nudgeResultSchema)) } },
    },
    async (req) => {
      const results = await nudge(app, principalOf(req), req.body.campaignFundraiserIds);
      if (results.some((r) => r.outcome === 'sent')) cache.clear();
      return ok(results);
    },
  );

  app.get(
    '/dashboards/analytics',
    {
      config: READ,
      schema: { tags, querystring: analyticsQuerySchema, response: { 200: envelope(analyticsSchema) } },
    },
    cached('analytics', (p, q: z.output<typeof analyticsQuerySchema>) => analytics(app, p, q)),
  );

  app.get(
    '/dashboards/analytics.csv',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One analytics table (series, campaigns, children or methods) as CSV (formula cells escaped)',
        querystring: analyticsCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { table, ...q } = req.query;
      const file = await analyticsCsv(app, principalOf(req), q, table);
      return sendCsv(reply, file.filename, file.body);
    },
  );

  app.get(
    '/dashboards/fundraiser',
    { config: READ, schema: { tags, response: { 200: envelope(fundraiserDashboardSchema) } } },
    cached('fundraiser', (p) => fundraiserDashboard(app, p)),
  );
};

export default dashboardsRoutes;
