/** public routes: filled in by the campaigns issue. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const publicRoutes: FastifyPluginAsyncZod = async () => {};
export default publicRoutes;
