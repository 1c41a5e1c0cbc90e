/**
 * Sponsorships, the buyer's side (issue 17, decision 019): buying a unit (a hold and a payment of
 * kind `sponsor`), then the sponsor's display name, website and logo.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const purchaseRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default purchaseRoutes;
