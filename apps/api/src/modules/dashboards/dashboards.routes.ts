/**
 * Dashboards and analytics (issue 13; spec §2 "Dashboards", DECISIONS §1 and §3). Every route
 * needs `read dashboards`; who reads which node is settled in the services (scope.ts).
 */
import {
  ANALYTICS_TABLES,
  adminDashboardSchema,
  analyticsQuerySchema,
  analyticsSchema,
  DASHBOARD_INTERVALS,
  dashboardQuerySchema,
  dbIdTextSchema,
  envelope,
  fundraiserDashboardSchema,
  isoDateSchema,
  nodeDashboardSchema,
  nudgeBodySchema,
  nudgeResultSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import { adminDashboard } from './admin.service.js';
import { analytics, analyticsCsv } from './analytics.service.js';
import { fundraiserDashboard } from './fundraiser.service.js';
import { nodeDashboard } from './node.service.js';
import { nudge } from './nudge.service.js';

const READ = { policy: { action: 'read', subject: 'dashboards' } } as const;
const tags = ['dashboards'];

/** The analytics query plus the table to download. */
const analyticsCsvQuerySchema = z
  .object({
    organizationId: dbIdTextSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    interval: z.enum(DASHBOARD_INTERVALS).default('week'),
    table: z.enum(ANALYTICS_TABLES),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });

const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboards/admin',
    {
      config: READ,
      schema: { tags, querystring: dashboardQuerySchema, response: { 200: envelope(adminDashboardSchema) } },
    },
    async (req) => ok(await adminDashboard(app, principalOf(req), req.query)),
  );

  app.get(
    '/dashboards/node',
    {
      config: READ,
      schema: { tags, querystring: dashboardQuerySchema, response: { 200: envelope(nodeDashboardSchema) } },
    },
    async (req) => ok(await nodeDashboard(app, principalOf(req), req.query)),
  );

  app.post(
    '/dashboards/nudge',
    {
      config: READ,
      schema: { tags, body: nudgeBodySchema, response: { 200: envelope(z.array(nudgeResultSchema)) } },
    },
    async (req) => ok(await nudge(app, principalOf(req), req.body.campaignFundraiserIds)),
  );

  app.get(
    '/dashboards/analytics',
    {
      config: READ,
      schema: { tags, querystring: analyticsQuerySchema, response: { 200: envelope(analyticsSchema) } },
    },
    async (req) => ok(await analytics(app, principalOf(req), req.query)),
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/dashboards/fundraiser',
    { config: READ, schema: { tags, response: { 200: envelope(fundraiserDashboardSchema) } } },
    async (req) => ok(await fundraiserDashboard(app, principalOf(req))),
  );
};

export default dashboardsRoutes;
