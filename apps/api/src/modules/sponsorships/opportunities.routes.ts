/**
 * Sponsorship opportunities and sponsors, the staff's side (issue 17, decision 019): opportunities
 * of a node or campaign, their image, sponsors, logo decisions, offline units. Who may do what:
 * sponsorships.access.ts (the node's abilities; the policy here only requires a signed-in caller).
 */
import {
  envelope,
  messageEnvelope,
  offlineSponsorshipBodySchema,
  opportunityBodySchema,
  opportunityListQuerySchema,
  opportunityListResponseSchema,
  opportunityResponseSchema,
  opportunityUpdateBodySchema,
  rejectLogoBodySchema,
  sponsorListQuerySchema,
  sponsorListResponseSchema,
  sponsorResponseSchema,
  validateUrlQuerySchema,
  validateUrlResultSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ok, sendCsv } from '../../lib/http.js';
import { WHOLE_IMAGE_UPLOAD } from '../../lib/multipart.js';
import { principalOf } from '../../types.js';
import { recordOfflineSponsorship } from './offline.service.js';
import * as opportunities from './opportunities.service.js';
import * as sponsors from './sponsors.service.js';
import { validateSponsorshipUrl } from './validate-url.service.js';

const AUTH = { policy: 'authenticated' } as const;
const tags = ['sponsorships'];

const opportunitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Opportunities ---------------------------------------------------------------------------------
  app.get(
    '/admin/sponsorship_opportunity',
    {
      config: AUTH,
      schema: { tags, querystring: opportunityListQuerySchema, response: { 200: opportunityListResponseSchema } },
    },
    async (req) => ok(await opportunities.list(app, principalOf(req), req.query)),
  );
  app.post(
    '/admin/sponsorship_opportunity',
    { config: AUTH, schema: { tags, body: opportunityBodySchema, response: { 200: opportunityResponseSchema } } },
    async (req) => ok(await opportunities.create(app, principalOf(req), req.body), 'Sponsorship created.'),
  );
  app.get(
    '/admin/sponsorship_opportunity/:id',
    { config: AUTH, schema: { tags, params: idParams, response: { 200: opportunityResponseSchema } } },
    async (req) => ok(await opportunities.get(app, principalOf(req), req.params.id)),
  );
  app.put(
    '/admin/sponsorship_opportunity/:id',
    {
      config: AUTH,
      schema: {
        tags,
        params: idParams,
        body: opportunityUpdateBodySchema,
        response: { 200: opportunityResponseSchema },
      },
    },
    async (req) => ok(await opportunities.update(app, principalOf(req), req.params.id, req.body), 'Sponsorship saved.'),
  );
  app.delete(
    '/admin/sponsorship_opportunity/:id',
    {
      config: AUTH,
      schema: {
        tags,
        description: 'Only while no unit was ever bought or held; otherwise 409 (archive it instead).',
        params: idParams,
        response: { 200: messageEnvelope },
      },
    },
    async (req) => {
      await opportunities.remove(app, principalOf(req), req.params.id);
      return { hasError: false as const, message: 'Sponsorship deleted.' };
    },
  );
  // The spec's spelling (§7), kept as the address the spec names.
  app.post(
    '/admin/sponsopship_opportunity/:id/image',
    {
      config: { ...AUTH, upload: WHOLE_IMAGE_UPLOAD },
      schema: { tags, params: idParams, response: { 200: opportunityResponseSchema } },
    },
    async (req) => ok(await opportunities.setImage(app, principalOf(req), req.params.id, req), 'Image updated.'),
  );
  app.get(
    '/sponsorship_opportunity/validate-url/:url',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description: 'Is this sponsorship address (`/sponsorships/{slug}`) free? `exclude` = the one being edited.',
        params: z.object({ url: z.string().max(200) }),
        querystring: validateUrlQuerySchema,
        response: { 200: envelope(validateUrlResultSchema) },
      },
    },
    async (req) => ok(await validateSponsorshipUrl(app, req.params.url, req.query.exclude)),
  );

  // Sponsors ------------------------------------------------------------------------------------
  app.get(
    '/admin/sponsorship',
    {
      config: AUTH,
      schema: { tags, querystring: sponsorListQuerySchema, response: { 200: sponsorListResponseSchema } },
    },
    async (req) => sponsors.list(app, principalOf(req), req.query),
  );
  app.get(
    '/admin/sponsorship.csv',
    {
      config: AUTH,
      schema: {
        tags,
        description: 'The sponsors matching the list filters, as CSV (text/csv, formula cells escaped).',
        querystring: sponsorListQuerySchema,
      },
    },
    async (req, reply) => {
      const out = await sponsors.csv(app, principalOf(req), req.query);
      return sendCsv(reply, 'sponsors.csv', out.csv);
    },
  );
  app.post(
    '/admin/sponsorship/offline',
    {
      config: AUTH,
      schema: { tags, body: offlineSponsorshipBodySchema, response: { 200: sponsorResponseSchema } },
    },
    async (req) => ok(await recordOfflineSponsorship(app, principalOf(req), req.body), 'Sponsorship recorded.'),
  );
  app.get(
    '/admin/sponsorship/:id',
    { config: AUTH, schema: { tags, params: idParams, response: { 200: sponsorResponseSchema } } },
    async (req) => ok(await sponsors.get(app, principalOf(req), req.params.id)),
  );
  app.post(
    '/admin/sponsorship/:id/logo/approve',
    { config: AUTH, schema: { tags, params: idParams, response: { 200: sponsorResponseSchema } } },
    async (req) => ok(await sponsors.approve(app, principalOf(req), req.params.id), 'Logo approved.'),
  );
  app.post(
    '/admin/sponsorship/:id/logo/reject',
    {
      config: AUTH,
      schema: { tags, params: idParams, body: rejectLogoBodySchema, response: { 200: sponsorResponseSchema } },
    },
    async (req) => ok(await sponsors.reject(app, principalOf(req), req.params.id, req.body), 'Logo rejected.'),
  );
};

export default opportunitiesRoutes;
