/**
 * The payment pages rendered by the server (issue 14 port, decision 017): the donate pages of a
 * campaign and of a player, a fee request's page and the abandoned cart. The data comes from the
 * same services as the JSON endpoints (`GET /public/checkout`, `GET /abandoned_cart/{id}`), so
 * "public" and 404 mean the same here; the status and head rules are site.service.ts's (campaignPage,
 * playerPage and donationPage; the fee page's id rule moved here from its feePage). A signed-in
 * family's players are the island's to ask for.
 */
import type { AbandonedCart } from '@fc/contracts';
import type { PaymentHead } from '@fc/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { abandonedCart } from '../donations/cart.service.js';
import { checkoutContext } from '../donations/checkout.service.js';
import { RENDERED_CACHE } from './rendered.routes.js';
import type { RenderContext } from './rendered.service.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { messages } from './site.messages.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme, SITE_PAGE } from './site.request.js';
import { baseUrl, campaignPage, playerPage } from './site.service.js';

export type CheckoutAnswer = { status: 200 | 404; html: string } | { status: 303; location: string };

/** A donor's own pages (fee, cart): never kept by a shared cache. */
export const PRIVATE_CACHE = 'private, no-store';
const VARY = 'Accept-Language, Cookie';
const PAGE = SITE_PAGE;

/** The service's answer, or null on its 404; a 410 is `gone`; other errors propagate. */
async function load<T>(p: Promise<T>): Promise<T | null | 'gone'> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    if (err instanceof AppError && err.status === 410) return 'gone';
    throw err;
  }
}

const DONATION_ID = /^[A-Za-z0-9_-]{16,40}$/;
const FEE_ID = /^[1-9]\d{0,9}$/;

export function checkoutPages(siteDist: string) {
  const site = siteFor(siteDist);
  const request = (ctx: RenderContext) => ({
    lang: ctx.lang,
    theme: ctx.theme,
    baseUrl: baseUrl(ctx.app),
    referral: ctx.referral ?? null,
  });
  const missing = (ctx: RenderContext, path: string) => ({
    status: 404 as const,
    html: site.notFoundPage(request(ctx), path),
  });

  return {
    /** `/campaigns/{slug}/donate` or `/fundraisers/{slug}/donate`: the head site.service.ts gives (`Donate to X`). */
    async donate(ctx: RenderContext, kind: 'campaign' | 'fundraiser', slug: string): Promise<CheckoutAnswer> {
      const base = kind === 'campaign' ? 'campaigns' : 'fundraisers';
      const path = `/${base}/${encodeURIComponent(slug)}/donate`;
      const shell = await (kind === 'campaign' ? campaignPage : playerPage)(ctx, slug);
      if (shell.status !== 200) return missing(ctx, path);
      const context = await load(checkoutContext(ctx.app, { [kind]: slug }, null));
      if (!context || context === 'gone') return missing(ctx, path);
      const h = shell.head;
      const head: PaymentHead = {
        title: h.title,
        description: h.description,
        url: h.preview?.canonicalUrl ?? `${baseUrl(ctx.app)}${path}`,
        image: h.preview?.image ?? null,
        noindex: h.noindex,
      };
      return { status: 200, html: site.checkout(request(ctx), path, context, head) };
    },

    /** `/campaigns/pay_fees/{feeId}`: a fee request a family pays; never indexed. */
    async fee(ctx: RenderContext, feeId: string): Promise<CheckoutAnswer> {
      const path = `/campaigns/pay_fees/${encodeURIComponent(feeId)}`;
      if (!FEE_ID.test(feeId) || Number(feeId) > 2_147_483_647) return missing(ctx, path);
      const context = await load(checkoutContext(ctx.app, { feeRequest: Number(feeId) }, null));
      if (!context || context === 'gone') return missing(ctx, path);
      const head: PaymentHead = {
        title: null,
        description: messages[ctx.lang].description,
        url: `${baseUrl(ctx.app)}${path}`,
        image: null,
        noindex: true,
      };
      return { status: 200, html: site.checkout(request(ctx), path, context, head) };
    },

    /**
     * `/donations/{publicId}/cart`: read with the abandoned-cart service (no side effects). An
     * unfinished attempt removed after the retention period (410) goes to /cart/notfound, which
     * says so (`?expired=1`), as the SPA's cart did.
     */
    async cart(ctx: RenderContext, publicId: string): Promise<CheckoutAnswer> {
      const path = `/donations/${encodeURIComponent(publicId)}/cart`;
      if (!DONATION_ID.test(publicId)) return missing(ctx, path);
      const cart: AbandonedCart | null | 'gone' = await load(abandonedCart(ctx.app, publicId));
      if (cart === 'gone') return { status: 303, location: `/cart/notfound?expired=1&lang=${ctx.lang}` };
      if (!cart) return missing(ctx, path);
      return { status: 200, html: site.cart(request(ctx), path, cart, messages[ctx.lang].description) };
    },
  };
}

/** GET and HEAD (Fastify's own) of the four payment addresses, whatever the Accept header. */
export function registerCheckoutPages(app: FastifyInstance, siteDist: string) {
  const pages = checkoutPages(siteDist);
  const context = (req: FastifyRequest): RenderContext => ({
    app,
    lang: requestLanguage(req),
    theme: requestTheme(req),
    referral: requestReferral(req),
  });
  const send = (req: FastifyRequest, reply: FastifyReply, answer: CheckoutAnswer, cache: string) => {
    rememberLanguage(req, reply);
    if (answer.status === 303)
      return reply.code(303).header('cache-control', PRIVATE_CACHE).header('location', answer.location).send();
    return sendHtml(req, reply, answer.html, answer.status, {
      cacheControl: answer.status === 200 ? cache : 'no-cache',
      vary: VARY,
    });
  };
  const param = (req: FastifyRequest, name: string) => (req.params as Record<string, string>)[name] ?? '';
  app.get('/campaigns/:slug/donate', PAGE, async (req, reply) =>
    send(req, reply, await pages.donate(context(req), 'campaign', param(req, 'slug')), RENDERED_CACHE),
  );
  app.get('/fundraisers/:slug/donate', PAGE, async (req, reply) =>
    send(req, reply, await pages.donate(context(req), 'fundraiser', param(req, 'slug')), RENDERED_CACHE),
  );
  app.get('/campaigns/pay_fees/:feeId', PAGE, async (req, reply) =>
    send(req, reply, await pages.fee(context(req), param(req, 'feeId')), PRIVATE_CACHE),
  );
  app.get('/donations/:publicId/cart', PAGE, async (req, reply) =>
    send(req, reply, await pages.cart(context(req), param(req, 'publicId')), PRIVATE_CACHE),
  );
}
