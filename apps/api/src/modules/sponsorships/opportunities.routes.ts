/**
 * Sponsorship opportunities and sponsors, the staff's side (issue 17, decision 019): opportunities
 * of a node or campaign, their image, sponsors, logo decisions, offline units.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const opportunitiesRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default opportunitiesRoutes;
