/**
 * Affiliates, programs, offers, invitations and activation, organizations (issue 16, decision 018).
 * Conversions, the dashboard and payments: conversions.routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const affiliatesRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default affiliatesRoutes;
