/** fundraisers routes: filled in by the campaigns issue. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const fundraisersRoutes: FastifyPluginAsyncZod = async () => {};
export default fundraisersRoutes;
