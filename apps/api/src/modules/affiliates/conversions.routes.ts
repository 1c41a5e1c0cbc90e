/**
 * Conversions, the affiliate dashboard, payout requests and commission payments (issue 16,
 * decision 018). Affiliates themselves: affiliates.routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const conversionsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default conversionsRoutes;
