/**
 * BAND team messaging (issue 18, decision 021): linking a user's BAND account, a team's band, and
 * posts to it. Who may do what is checked in the services (a team's band needs `update` on the
 * node); `POST /band/auth` is public: the signed state names the user (link.service.ts).
 */
import {
  bandAccountQuerySchema,
  bandAccountResponseSchema,
  bandAuthBodySchema,
  bandAuthResponseSchema,
  bandConnectQuerySchema,
  bandConnectUrlResponseSchema,
  bandListResponseSchema,
  bandPostBodySchema,
  bandPostResponseSchema,
  bandPostsQuerySchema,
  bandPostsResponseSchema,
  bandTeamLinkBodySchema,
  bandTeamStateResponseSchema,
  messageEnvelope,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnIdentity, idParams, ok } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import * as linking from './link.service.js';
import * as posts from './posts.service.js';
import * as team from './team.service.js';

const AUTH = { policy: 'authenticated' } as const;
const tags = ['band'];

const bandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/band/auth',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'The `/band/authorize` page posts the `code` BAND returned and our signed `state`. Answers `activationStatus`: `success`, `Existing` (already linked, or that BAND account is linked to someone else) or `error`.',
        body: bandAuthBodySchema,
        response: { 200: bandAuthResponseSchema },
      },
    },
    async (req) => ok({ activationStatus: await linking.activate(app, req.body.auth_code, req.body.state) }),
  );
  app.get(
    '/band/connect-url',
    {
      config: AUTH,
      schema: {
        tags,
        description: "BAND's authorize page (or the sandbox's consent page) for the caller, with a signed state.",
        querystring: bandConnectQuerySchema,
        response: { 200: bandConnectUrlResponseSchema },
      },
    },
    async (req) => ok(await linking.connectUrl(app, principalOf(req), req.query.organizationId)),
  );
  app.get(
    '/band/account',
    { config: AUTH, schema: { tags, response: { 200: bandAccountResponseSchema } } },
    async (req) => ok({ account: await linking.account(app, principalOf(req)) }),
  );
  app.delete(
    '/band/account',
    {
      config: AUTH,
      schema: {
        tags,
        description:
          "Unlinks the caller's BAND account; the teams it posted to lose their band, their queued posts are cancelled.",
        querystring: bandAccountQuerySchema,
        response: { 200: messageEnvelope },
      },
    },
    async (req) => {
      assertOwnIdentity(principalOf(req), req.query);
      const done = await linking.unlink(app, principalOf(req));
      return { hasError: false as const, message: done ? 'BAND account disconnected.' : 'No BAND account was linked.' };
    },
  );
  app.get('/band/bands', { config: AUTH, schema: { tags, response: { 200: bandListResponseSchema } } }, async (req) =>
    ok(await linking.myBands(app, principalOf(req))),
  );

  // A team's band ---------------------------------------------------------------------------------
  app.get(
    '/orgs/:id/band',
    { config: AUTH, schema: { tags, params: idParams, response: { 200: bandTeamStateResponseSchema } } },
    async (req) => ok(await team.state(app, principalOf(req), req.params.id)),
  );
  app.put(
    '/orgs/:id/band',
    {
      config: AUTH,
      schema: {
        tags,
        description: "Links the team to one of the caller's bands where they may post (relinks when linked).",
        params: idParams,
        body: bandTeamLinkBodySchema,
        response: { 200: bandTeamStateResponseSchema },
      },
    },
    async (req) => ok(await team.link(app, principalOf(req), req.params.id, req.body.bandKey), 'Band linked.'),
  );
  app.delete(
    '/orgs/:id/band',
    { config: AUTH, schema: { tags, params: idParams, response: { 200: messageEnvelope } } },
    async (req) => {
      const done = await team.unlink(app, principalOf(req), req.params.id);
      return { hasError: false as const, message: done ? 'Band unlinked.' : 'This team had no band.' };
    },
  );
  app.post(
    '/orgs/:id/band/posts',
    {
      config: AUTH,
      schema: {
        tags,
        description:
          "Queues a post about a campaign to the team's band. One post per event (kind + campaign): asking again answers the post already queued (200, `created: false`); a new one answers 201.",
        params: idParams,
        body: bandPostBodySchema,
        response: { 200: bandPostResponseSchema, 201: bandPostResponseSchema },
      },
    },
    async (req, reply) => {
      const post = await posts.queue(app, principalOf(req), req.params.id, req.body);
      return reply.status(post.created ? 201 : 200).send(ok(post, post.created ? 'Post queued.' : 'Already queued.'));
    },
  );
  app.get(
    '/orgs/:id/band/posts',
    {
      config: AUTH,
      schema: { tags, params: idParams, querystring: bandPostsQuerySchema, response: { 200: bandPostsResponseSchema } },
    },
    async (req) => {
      const page = await posts.list(app, principalOf(req), req.params.id, req.query.page, req.query.pageSize);
      return { hasError: false as const, ...page };
    },
  );
};

export default bandRoutes;
