/** campaigns routes: filled in by the campaigns issue. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const campaignsRoutes: FastifyPluginAsyncZod = async () => {};
export default campaignsRoutes;
