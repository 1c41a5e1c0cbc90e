/**
 * Sponsorships, the buyer's side (issue 17, decision 019): buying a unit (a hold and a payment of
 * kind `sponsor`), then the sponsor's display name, website and logo. All public: the purchase is
 * throttled per network address like the gift checkout (card-testing defence), and the calls named
 * by a payment's public id like the cart's look-ups.
 */
import {
  buyerSponsorshipResponseSchema,
  buySponsorshipBodySchema,
  buySponsorshipResponseSchema,
  donationPublicIdParamsSchema,
  sponsorDetailsBodySchema,
} from '@fc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.js';
import { IMAGE_UPLOAD } from '../../lib/multipart.js';
import { consumeAllowance } from '../../lib/throttle.js';
import { getBuyerSponsorship, updateBuyerDetails, uploadBuyerLogo } from './buyer.service.js';
import { buySponsorship } from './purchase.service.js';

const PUBLIC = { policy: 'public' as const };
const tags = ['sponsorships'];
/** Look-ups and changes by a payment's public id, per network address and 15 minutes. */
export const BUYER_LOOKUPS_PER_IP = 60;

const allowPurchase = (app: FastifyInstance, req: FastifyRequest) =>
  consumeAllowance(
    app.db,
    `checkout:start:ip:${req.ip}`,
    app.env.CHECKOUT_LIMIT_PER_IP,
    'Too many payment attempts from this network. Please wait 15 minutes and try again.',
  );
const allowLookup = (app: FastifyInstance, req: FastifyRequest) =>
  consumeAllowance(
    app.db,
    `sponsorship:lookup:ip:${req.ip}`,
    BUYER_LOOKUPS_PER_IP,
    'Too many requests from this network. Please wait 15 minutes and try again.',
  );

const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/sponsorships',
    {
      config: PUBLIC,
      schema: { tags, body: buySponsorshipBodySchema, response: { 200: buySponsorshipResponseSchema } },
    },
    async (req) => {
      await allowPurchase(app, req);
      return ok(await buySponsorship(app, req.body));
    },
  );

  app.get(
    '/public/sponsorships/:id',
    {
      config: PUBLIC,
      schema: { tags, params: donationPublicIdParamsSchema, response: { 200: buyerSponsorshipResponseSchema } },
    },
    async (req) => {
      await allowLookup(app, req);
      return ok(await getBuyerSponsorship(app, req.params.id));
    },
  );

  app.put(
    '/public/sponsorships/:id',
    {
      config: PUBLIC,
      schema: {
        tags,
        params: donationPublicIdParamsSchema,
        body: sponsorDetailsBodySchema,
        response: { 200: buyerSponsorshipResponseSchema },
      },
    },
    async (req) => {
      await allowLookup(app, req);
      return ok(await updateBuyerDetails(app, req.params.id, req.body), 'Sponsor details saved.');
    },
  );

  app.post(
    '/public/sponsorships/:id/logo',
    {
      config: { ...PUBLIC, upload: IMAGE_UPLOAD },
      schema: { tags, params: donationPublicIdParamsSchema, response: { 200: buyerSponsorshipResponseSchema } },
    },
    async (req) => {
      await allowLookup(app, req);
      return ok(await uploadBuyerLogo(app, req, req.params.id), 'Logo received: it will be shown once approved.');
    },
  );
};

export default purchaseRoutes;
