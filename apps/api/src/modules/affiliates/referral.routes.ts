/**
 * The referral notice's "Don't remember" (issue 16, decision 018 "Consent"):
 * `POST /public/referral/forget` deletes the visitor's `fc_ref` cookie and remembers the answer
 * (`fc_ref_consent=no`, one year), so no later visit through a link sets it again. 204; nothing
 * in the database changes (past clicks keep their id, but no cookie will ever present it again).
 */
import { REFERRAL_COOKIE } from '@fc/contracts/affiliate-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentCookie, referralCookie } from './clicks.service.js';

const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/referral/forget',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['public'],
        summary: `Forget the referral visit: delete the ${REFERRAL_COOKIE} cookie and refuse it from now on`,
        // Nothing to send: an empty object, or no body at all.
        body: z.strictObject({}).nullish(),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      reply.header('set-cookie', referralCookie(app, req, '', 0));
      reply.header('set-cookie', consentCookie(app, req, 'no'));
      reply.header('cache-control', 'no-store');
      return reply.code(204).send(null);
    },
  );
};

export default referralRoutes;
