/**
 * Public pages, invitation acceptance and family registration (spec §2 public routes, DECISIONS
 * §7). Every route is `public`; the calls that may act for a signed-in family read the token
 * themselves (session.ts), and the ones that create accounts are throttled per IP.
 */
import {
  acceptInviteBodySchema,
  acceptInviteResponseSchema,
  contactOpenedBodySchema,
  dbIdTextSchema,
  envelope,
  inviteInfoSchema,
  inviteTokenQuerySchema,
  leaderboardEntrySchema,
  publicCampaignSchema,
  publicFundraiserSchema,
  publicPlayerSearchQuerySchema,
  registerPlayerBodySchema,
  registerPlayerResponseSchema,
  registrationInfoSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.js';
import { sendPublicData } from '../../lib/page-cache.js';
import { acceptInvite, inviteInfo } from './invitations.service.js';
import { markContactOpened, publicCampaign, publicFundraiser, searchPlayers } from './pages.service.js';
import { registerPlayer, registrationInfo } from './registration.service.js';
import { optionalPrincipal, requestMeta } from './session.js';
import { consumePublicAllowance } from './throttle.js';

const PUBLIC = { policy: 'public' as const };
const slugParams = z.object({ slug: z.string().trim().min(1).max(120) });
const cfidParams = z.object({ cfid: dbIdTextSchema });
const orgParams = z.object({ organization: z.string().trim().min(1).max(120) });

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/campaigns/:slug',
    {
      config: PUBLIC,
      schema: { tags: ['public'], params: slugParams, response: { 200: envelope(publicCampaignSchema) } },
    },
    async (req, reply) =>
      sendPublicData(req, reply, `campaign:${req.params.slug}`, async () =>
        ok(await publicCampaign(app.db, req.params.slug)),
      ),
  );

  app.get(
    '/public/campaigns/:slug/players',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        params: slugParams,
        querystring: publicPlayerSearchQuerySchema,
        response: { 200: envelope(z.array(leaderboardEntrySchema)) },
      },
    },
    async (req) => ok(await searchPlayers(app.db, req.params.slug, req.query.q)),
  );

  app.get(
    '/public/fundraisers/:slug',
    {
      config: PUBLIC,
      schema: { tags: ['public'], params: slugParams, response: { 200: envelope(publicFundraiserSchema) } },
    },
    async (req, reply) =>
      sendPublicData(req, reply, `fundraiser:${req.params.slug}`, async () =>
        ok(await publicFundraiser(app.db, req.params.slug)),
      ),
  );

  app.post(
    '/public/fundraisers/:slug/opened',
    {
      config: PUBLIC,
      schema: { tags: ['public'], params: slugParams, body: contactOpenedBodySchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await markContactOpened(app.db, req.params.slug, req.body.c);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/onboarding/campaign/invite/:cfid',
    {
      config: PUBLIC,
      schema: {
        tags: ['onboarding'],
        params: cfidParams,
        querystring: inviteTokenQuerySchema,
        response: { 200: envelope(inviteInfoSchema) },
      },
    },
    async (req) => {
      await consumePublicAllowance(app.db, 'inviteLookup', req.ip);
      return ok(await inviteInfo(app, req.params.cfid, req.query.token));
    },
  );

  app.post(
    '/onboarding/campaign/accept-invite/:cfid',
    {
      config: PUBLIC,
      schema: {
        tags: ['onboarding'],
        params: cfidParams,
        body: acceptInviteBodySchema,
        response: { 200: acceptInviteResponseSchema },
      },
    },
    async (req) => {
      await consumePublicAllowance(app.db, 'accept', req.ip);
      const caller = await optionalPrincipal(app, req);
      return acceptInvite(app, req.params.cfid, req.body, caller, requestMeta(req));
    },
  );

  app.get(
    '/register/:organization/player',
    {
      config: PUBLIC,
      schema: { tags: ['onboarding'], params: orgParams, response: { 200: envelope(registrationInfoSchema) } },
    },
    async (req) => ok(await registrationInfo(app, req.params.organization, await optionalPrincipal(app, req))),
  );

  app.post(
    '/register/:organization/player',
    {
      config: PUBLIC,
      schema: {
        tags: ['onboarding'],
        params: orgParams,
        body: registerPlayerBodySchema,
        response: { 200: registerPlayerResponseSchema },
      },
    },
    async (req) => {
      await consumePublicAllowance(app.db, 'register', req.ip);
      const caller = await optionalPrincipal(app, req);
      return registerPlayer(app, req.params.organization, req.body, caller, requestMeta(req));
    },
  );
};

export default publicRoutes;
