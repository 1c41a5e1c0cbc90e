/**
 * Donation, checkout, webhook and payout routes (spec §7 "Payments" and "Donations", §2 public
 * donate, thank-you and cart routes). Public routes are throttled per network address where they
 * start payments; staff routes are gated by the `donations` ability and scoped in the services.
 */
import {
  abandonedCartSchema,
  checkoutContextSchema,
  checkoutTargetQuerySchema,
  completeSetupBodySchema,
  confirmResultSchema,
  createDonationBodySchema,
  donationCheckoutSchema,
  donationDetailSchema,
  donationListQuerySchema,
  donationListResponseSchema,
  donationStatusBodySchema,
  donationStatusParamsSchema,
  donorProfileSchema,
  envelope,
  formatMoney,
  messageEnvelope,
  offlineDonationBodySchema,
  payoutAccountSchema,
  payoutBodySchema,
  payoutOverviewSchema,
  payoutParamsSchema,
  processTransfersBodySchema,
  publicDonationSchema,
  refundBodySchema,
  resendReceiptQuerySchema,
  resumeCartBodySchema,
  sandboxConfirmBodySchema,
} from '@fc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { idParams, ok, sendCsv } from '../../lib/http.js';
import { consumeAllowance } from '../../lib/throttle.js';
import { principalOf } from '../../types.js';
import { visitorIdOf } from '../affiliates/hooks.js';
import { optionalPrincipal } from '../public/session.js';
import * as cart from './cart.service.js';
import * as checkout from './checkout.service.js';
import * as detail from './detail.service.js';
import { exportCsv } from './export.service.js';
import { list } from './list.service.js';
import { recordOffline } from './offline.service.js';
import * as payouts from './payouts.service.js';
import { refund } from './refund.service.js';
import { changeStatus } from './status.service.js';
import { handleWebhook } from './webhooks.js';

const PUBLIC = { policy: 'public' as const };
const READ = { policy: { action: 'read', subject: 'donations' } } as const;
const UPDATE = { policy: { action: 'update', subject: 'donations' } } as const;
const CREATE = { policy: { action: 'create', subject: 'donations' } } as const;
const publicTags = ['checkout'];
const tags = ['donations'];
const payoutTags = ['payouts'];

/** A donation's public id (unguessable, base64url). */
const donationParams = z.object({
  donationId: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, 'Not a donation id'),
});

/** Card-testing defence: checkouts started and cards tried per network address. */
const allowCheckout = (app: FastifyInstance, req: FastifyRequest, what: 'start' | 'card') =>
  consumeAllowance(
    app.db,
    `checkout:${what}:ip:${req.ip}`,
    app.env.CHECKOUT_LIMIT_PER_IP,
    'Too many payment attempts from this network. Please wait 15 minutes and try again.',
  );

const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- public
  app.get(
    '/public/checkout',
    {
      config: PUBLIC,
      schema: {
        tags: publicTags,
        querystring: checkoutTargetQuerySchema,
        response: { 200: envelope(checkoutContextSchema) },
      },
    },
    async (req) => ok(await checkout.checkoutContext(app, req.query, await optionalPrincipal(app, req))),
  );

  app.post(
    '/public/donations',
    {
      config: PUBLIC,
      schema: { tags: publicTags, body: createDonationBodySchema, response: { 200: envelope(donationCheckoutSchema) } },
    },
    async (req) => {
      await allowCheckout(app, req, 'start');
      // The affiliate cookie (issue 16) names the link the donor came through.
      return ok(await checkout.createDonation(app, req.body, await optionalPrincipal(app, req), visitorIdOf(req)));
    },
  );

  app.post(
    '/public/donations/:donationId/confirm',
    {
      config: PUBLIC,
      schema: {
        tags: publicTags,
        params: donationParams,
        body: sandboxConfirmBodySchema,
        response: { 200: envelope(confirmResultSchema) },
      },
    },
    async (req) => {
      await allowCheckout(app, req, 'card');
      return ok(await cart.confirmWithCard(app, req.params.donationId, req.body));
    },
  );

  app.get(
    '/public/donations/:donationId',
    {
      config: PUBLIC,
      schema: { tags: publicTags, params: donationParams, response: { 200: envelope(publicDonationSchema) } },
    },
    async (req) => ok(await cart.publicDonation(app, req.params.donationId)),
  );

  app.get(
    '/abandoned_cart/:donationId',
    {
      config: PUBLIC,
      schema: { tags: publicTags, params: donationParams, response: { 200: envelope(abandonedCartSchema) } },
    },
    async (req) => ok(await cart.abandonedCart(app, req.params.donationId)),
  );

  app.post(
    '/abandoned_cart/:donationId',
    {
      config: PUBLIC,
      schema: {
        tags: publicTags,
        params: donationParams,
        body: resumeCartBodySchema,
        response: { 200: envelope(donationCheckoutSchema) },
      },
    },
    async (req) => {
      await allowCheckout(app, req, 'start');
      return ok(await cart.resumeCart(app, req.params.donationId, req.body));
    },
  );

  // The webhook reads its body as the exact bytes that were signed.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/stripe/webhook',
      {
        config: PUBLIC,
        schema: {
          tags: ['webhooks'],
          summary: 'Payment provider events (Stripe-signed; the sandbox signs its own the same way)',
          headers: z.object({ 'stripe-signature': z.string().min(1).max(2000) }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw badRequest('BODY_MISSING', 'A signed event body is required.');
        const applied = await handleWebhook(app, req.body, String(req.headers['stripe-signature']));
        return { received: true as const, outcome: applied.outcome };
      },
    );
  });

  // ---------------------------------------------------------------- staff
  app.get(
    '/admin/donation/list',
    {
      config: READ,
      schema: { tags, querystring: donationListQuerySchema, response: { 200: donationListResponseSchema } },
    },
    async (req) => list(app, principalOf(req), req.query),
  );

  app.get(
    '/admin/donation/export',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The filtered donations as a CSV file, streamed (text/csv; formula cells escaped)',
        querystring: donationListQuerySchema,
        // A stream, not a serialized body: no response schema (the summary and `produces` document it).
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const file = exportCsv(app, principalOf(req), req.query);
      return sendCsv(reply, file.filename, file.stream);
    },
  );

  app.get(
    '/donation/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: envelope(donationDetailSchema) } } },
    async (req) => ok(await detail.detail(app, principalOf(req), req.params.id)),
  );

  app.put(
    '/donation/:id/status/:status',
    {
      config: UPDATE,
      schema: {
        tags,
        params: donationStatusParamsSchema,
        body: donationStatusBodySchema,
        response: { 200: envelope(donationDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await changeStatus(app, principalOf(req), req.params.id, req.params.status, req.body.reason),
        'Status changed.',
      ),
  );

  app.post(
    '/donation/:id/refund',
    {
      config: UPDATE,
      schema: { tags, params: idParams, body: refundBodySchema, response: { 200: envelope(donationDetailSchema) } },
    },
    async (req) => ok(await refund(app, principalOf(req), req.params.id, req.body), 'Refund issued.'),
  );

  app.get(
    '/stripe/resendReceipt',
    { config: READ, schema: { tags, querystring: resendReceiptQuerySchema, response: { 200: messageEnvelope } } },
    async (req) => ({
      hasError: false as const,
      message: await detail.resendReceipt(app, principalOf(req), req.query.donation),
    }),
  );

  app.get(
    '/donor/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: envelope(donorProfileSchema) } } },
    async (req) => ok(await detail.donorProfile(app, principalOf(req), req.params.id)),
  );

  app.post(
    '/admin/donation_form',
    {
      config: CREATE,
      schema: { tags, body: offlineDonationBodySchema, response: { 200: envelope(donationDetailSchema) } },
    },
    async (req) => ok(await recordOffline(app, principalOf(req), req.body), 'Offline donation recorded.'),
  );

  // ---------------------------------------------------------------- payouts
  app.get(
    '/admin/organization/:id/payouts',
    { config: READ, schema: { tags: payoutTags, params: idParams, response: { 200: envelope(payoutOverviewSchema) } } },
    async (req) => ok(await payouts.overview(app, principalOf(req), req.params.id)),
  );

  app.post(
    '/admin/stripe/complete-setup',
    {
      config: READ,
      schema: { tags: payoutTags, body: completeSetupBodySchema, response: { 200: envelope(payoutAccountSchema) } },
    },
    async (req) => ok(await payouts.completeSetup(app, principalOf(req), req.body.organizationId)),
  );

  app.post(
    '/stripe/processTransfers',
    {
      config: READ,
      schema: { tags: payoutTags, body: processTransfersBodySchema, response: { 200: envelope(payoutOverviewSchema) } },
    },
    async (req) => {
      const r = await payouts.processTransfers(app, principalOf(req), req.body.account);
      return ok(r.data, `Transferred ${formatMoney(r.moved, 'en')} to the payout account.`);
    },
  );

  app.post(
    '/stripe/:stripeAccount/payout',
    {
      config: READ,
      schema: {
        tags: payoutTags,
        params: payoutParamsSchema,
        body: payoutBodySchema,
        response: { 200: envelope(payoutOverviewSchema) },
      },
    },
    async (req) => {
      const r = await payouts.payout(app, principalOf(req), req.params.stripeAccount, req.body.amountCents);
      return ok(r.data, `Paid out ${formatMoney(r.moved, 'en')}.`);
    },
  );
};

export default donationsRoutes;
