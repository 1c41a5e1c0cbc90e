/**
 * Conversions, the affiliate dashboard, payout requests and commission payments (issue 16,
 * decision 018). Affiliates themselves: affiliates.routes.ts. Every call decides access with
 * affiliates.access.ts: an affiliate the caller may not see is a 404.
 */
import {
  affiliateDashboardQuerySchema,
  affiliateDashboardResponseSchema,
  affiliateIdParamsSchema,
  conversionListQuerySchema,
  conversionListResponseSchema,
  declinePayoutBodySchema,
  payCommissionsBodySchema,
  payCommissionsResponseSchema,
  payoutRequestBodySchema,
  payoutRequestResponseSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { ok, sendCsv } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import { readableAffiliate } from './conversions.access.js';
import { CONVERSION_CSV_COLUMNS, listConversions } from './conversions.repository.js';
import { affiliateDashboard } from './dashboard.service.js';
import { declinePayout, payCommissions, requestPayout } from './payouts.service.js';

const READ = { action: 'read', subject: 'affiliates' } as const;
const UPDATE = { action: 'update', subject: 'affiliates' } as const;
const tags = ['affiliates'];
/** CSV downloads stop here (a year of a busy affiliate's conversions fits). */
const CSV_MAX = 50_000;

const conversionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/affiliate/:id/conversions',
    {
      config: { policy: READ },
      schema: {
        tags,
        params: affiliateIdParamsSchema,
        querystring: conversionListQuerySchema,
        response: { 200: conversionListResponseSchema },
        produces: ['application/json', 'text/csv'],
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const id = req.params.id;
      const scope = await readableAffiliate(app, p, id);
      const q = req.query;
      if (q.from && q.to && q.from > q.to)
        throw badRequest('VALIDATION', 'The start date is after the end date.', [
          { path: 'querystring.from', message: 'After the end date' },
        ]);
      const orgs = scope.kind === 'organizations' ? scope.organizationIds : null;
      if (q.format === 'csv') {
        const all = await listConversions(app.db, id, { ...q, page: 1, perPage: CSV_MAX }, orgs);
        return sendCsv(reply, `affiliate-${id}-conversions.csv`, toCsv(CONVERSION_CSV_COLUMNS, all.data));
      }
      const { data, total } = await listConversions(app.db, id, q, orgs);
      return { hasError: false as const, data, total };
    },
  );

  app.get(
    '/affiliate/:id/dashboard',
    {
      config: { policy: READ },
      schema: {
        tags,
        params: affiliateIdParamsSchema,
        querystring: affiliateDashboardQuerySchema,
        response: { 200: affiliateDashboardResponseSchema },
      },
    },
    async (req) => ok(await affiliateDashboard(app, principalOf(req), req.params.id, req.query)),
  );

  app.post(
    '/affiliate/:id/payout-request',
    {
      config: { policy: UPDATE },
      schema: {
        tags,
        params: affiliateIdParamsSchema,
        body: payoutRequestBodySchema,
        response: { 200: payoutRequestResponseSchema },
      },
    },
    async (req) => ok(await requestPayout(app, principalOf(req), req.params.id, req.body)),
  );

  app.post(
    '/affiliate/:id/payout-request/decline',
    {
      config: { policy: UPDATE },
      schema: {
        tags,
        params: affiliateIdParamsSchema,
        body: declinePayoutBodySchema,
        response: { 200: payoutRequestResponseSchema },
      },
    },
    async (req) => ok(await declinePayout(app, principalOf(req), req.params.id, req.body.reason)),
  );

  app.post(
    '/affiliate/:id/commissions/pay',
    {
      config: { policy: UPDATE },
      schema: {
        tags,
        params: affiliateIdParamsSchema,
        body: payCommissionsBodySchema,
        response: { 200: payCommissionsResponseSchema },
      },
    },
    async (req) => ok(await payCommissions(app, principalOf(req), req.params.id, req.body)),
  );
};

export default conversionsRoutes;
