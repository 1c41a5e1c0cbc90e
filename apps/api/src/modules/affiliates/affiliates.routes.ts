/**
 * Affiliates, programs, offers, invitations and activation, organizations (issue 16, decision 018).
 * Conversions, the dashboard and payments: conversions.routes.ts. Who may do what:
 * affiliates.access.ts (the policy here only keeps out roles that never see affiliates).
 */
import { Readable } from 'node:stream';
import {
  acceptOfferBodySchema,
  affiliateActivateBodySchema,
  affiliateActivationResponseSchema,
  affiliateDetailResponseSchema,
  affiliateListQuerySchema,
  affiliateListResponseSchema,
  bulkAddBodySchema,
  bulkAddResponseSchema,
  createAffiliateBodySchema,
  dbIdTextSchema,
  envelope,
  inviteBodySchema,
  loginResponseSchema,
  messageEnvelope,
  offerBodySchema,
  offerResponseSchema,
  playerAvatarResultSchema,
  programBodySchema,
  programListResponseSchema,
  programResponseSchema,
  programUpdateBodySchema,
  updateAffiliateBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ok, sendCsv } from '../../lib/http.js';
import { storeUploadedImage } from '../../lib/images.js';
import { IMAGE_UPLOAD } from '../../lib/multipart.js';
import { principalOf } from '../../types.js';
import { activate, activationView, consumeActivationViewAllowance } from './activation.service.js';
import * as service from './affiliates.service.js';
import { invite } from './invitations.service.js';
import { accept, offer } from './offers.service.js';
import { bulkAdd, detach } from './organizations.service.js';
import { createProgram, listPrograms, updateProgram } from './programs.service.js';

const READ = { policy: { action: 'read', subject: 'affiliates' } } as const;
const WRITE = { policy: { action: 'update', subject: 'affiliates' } } as const;
const PUBLIC = { policy: 'public' } as const;
const tags = ['affiliates'];
const tokenParams = z.object({ token: z.string().min(20).max(200) });
const orgParams = z.object({ organizationId: dbIdTextSchema });

const affiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Programs ------------------------------------------------------------------------------------
  app.get(
    '/affiliate/program',
    { config: READ, schema: { tags, response: { 200: programListResponseSchema } } },
    async (req) => ok(await listPrograms(app, principalOf(req))),
  );
  app.post(
    '/affiliate/program',
    { config: WRITE, schema: { tags, body: programBodySchema, response: { 200: programResponseSchema } } },
    async (req) => ok(await createProgram(app, principalOf(req), req.body), 'Program created.'),
  );
  app.put(
    '/affiliate/program/:id',
    {
      config: WRITE,
      schema: { tags, params: idParams, body: programUpdateBodySchema, response: { 200: programResponseSchema } },
    },
    async (req) => ok(await updateProgram(app, principalOf(req), req.params.id, req.body), 'Program saved.'),
  );

  // Affiliates ----------------------------------------------------------------------------------
  app.get(
    '/affiliate/',
    {
      config: READ,
      schema: {
        tags,
        description:
          'The list; `format=csv` answers every matching row as a CSV file (text/csv, formula cells escaped).',
        querystring: affiliateListQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: affiliateListResponseSchema },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      if (req.query.format === 'csv') {
        return sendCsv(
          reply,
          'affiliates.csv',
          Readable.from(service.csvChunks(app, p, req.query), { objectMode: false }),
        );
      }
      const { rows, total } = await service.list(app, p, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );
  app.get(
    '/affiliate/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: affiliateDetailResponseSchema } } },
    async (req) => ok(await service.detail(app, principalOf(req), req.params.id)),
  );
  app.post(
    '/affiliate',
    {
      config: WRITE,
      schema: { tags, body: createAffiliateBodySchema, response: { 200: affiliateDetailResponseSchema } },
    },
    async (req) => ok(await service.create(app, principalOf(req), req.body), 'Affiliate created.'),
  );
  app.put(
    '/affiliate/',
    {
      config: WRITE,
      schema: { tags, body: updateAffiliateBodySchema, response: { 200: affiliateDetailResponseSchema } },
    },
    async (req) => ok(await service.update(app, principalOf(req), req.body), 'Saved.'),
  );
  app.post(
    '/affiliate/:id/avatar',
    {
      config: { ...WRITE, upload: IMAGE_UPLOAD },
      schema: { tags, params: idParams, response: { 200: envelope(playerAvatarResultSchema) } },
    },
    async (req) => {
      const id = req.params.id;
      const avatarUrl = await service.setAvatar(app, principalOf(req), id, () =>
        storeUploadedImage(req, app.files, 'avatars', `a${id}`),
      );
      return ok({ avatarUrl }, 'Photo updated.');
    },
  );

  // Offers and invitations ----------------------------------------------------------------------
  app.post(
    '/affiliate/offer',
    { config: WRITE, schema: { tags, body: offerBodySchema, response: { 200: offerResponseSchema } } },
    async (req) => ok(await offer(app, principalOf(req), req.body), 'Offer made.'),
  );
  app.post(
    '/affiliate/offer/accept',
    { config: WRITE, schema: { tags, body: acceptOfferBodySchema, response: { 200: offerResponseSchema } } },
    async (req) => ok(await accept(app, principalOf(req), req.body), 'Offer accepted.'),
  );
  app.post(
    '/affiliate/invite',
    { config: WRITE, schema: { tags, body: inviteBodySchema, response: { 200: messageEnvelope } } },
    async (req) => ({ hasError: false as const, message: await invite(app, principalOf(req), req.body.affiliateId) }),
  );

  // Activation (public: the link's token is the credential; redacted from logs) -----------------
  app.get(
    '/affiliate/activation/:token',
    { config: PUBLIC, schema: { tags, params: tokenParams, response: { 200: affiliateActivationResponseSchema } } },
    async (req) => {
      await consumeActivationViewAllowance(app, req.ip);
      return ok(await activationView(app, req.params.token));
    },
  );
  app.post(
    '/affiliate/activation',
    { config: PUBLIC, schema: { tags, body: affiliateActivateBodySchema, response: { 200: loginResponseSchema } } },
    async (req) => activate(app, req.body, req.ip, req.headers['user-agent']),
  );

  // Organizations -------------------------------------------------------------------------------
  app.post(
    '/organization_affiliate/bulkadd',
    { config: WRITE, schema: { tags, body: bulkAddBodySchema, response: { 200: bulkAddResponseSchema } } },
    async (req) => ok(await bulkAdd(app, principalOf(req), req.body), 'Organizations attached.'),
  );
  app.delete(
    '/organization_affiliate/:organizationId',
    { config: WRITE, schema: { tags, params: orgParams, response: { 200: messageEnvelope } } },
    async (req) => ({
      hasError: false as const,
      message: await detach(app, principalOf(req), req.params.organizationId),
    }),
  );
};

export default affiliatesRoutes;
