/**
 * `/`, the marketing pages (`/how-it-works`, `/our-story`, `/privacy-policy`,
 * `/terms-and-conditions`), `/contact-us`, and the campaign and player pages, rendered on the
 * server (decision 017) and answered to GET and HEAD
 * whatever the Accept header. Fixed routes: they win over the catch-all `/{slug}`, and their
 * words are reserved web addresses (orgs `validate-url`).
 *
 * Caching: browsers revalidate every visit (`max-age=0`, ETag → 304); a shared cache may keep a
 * page 30 s (`s-maxage=30`). The pages with live figures (home, campaign, player, organization)
 * are also kept by the instance that rendered them for PUBLIC_PAGE_CACHE_SECONDS (5), emptied by
 * any write it answers (lib/page-cache.ts): a figure is at most 5 s old from the server and 35 s
 * in a shared cache, a gift completed through this instance is on its next page, and a reload
 * (`Cache-Control: no-cache`) always reads the database. The body depends on the language and
 * theme cookies and Accept-Language, hence the Vary.
 */

import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { MARKETING_SLUGS } from '@fc/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RenderedHtml } from '../../lib/page-cache.js';
import { type RenderContext, type RenderedPage, renderedPages } from './rendered.service.js';
import { sendHtml } from './shell.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme, SITE_PAGE } from './site.request.js';

export const RENDERED_CACHE = 'public, max-age=0, s-maxage=30';
const VARY = 'Accept-Language, Cookie';
const PAGE = SITE_PAGE;

/** Where the site's island bundles are served (apps/site/vite.config.ts `base`). */
export const SITE_ASSETS_PREFIX = '/assets/site/';

export async function registerRenderedPages(app: FastifyInstance, siteDist: string) {
  if (existsSync(siteDist)) {
    await app.register(fastifyStatic, {
      root: siteDist,
      prefix: SITE_ASSETS_PREFIX,
      preCompressed: true,
      index: false,
      decorateReply: false,
      dotfiles: 'ignore',
      cacheControl: false,
      // Every file of the site's build has a content hash in its name.
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  const pages = renderedPages(siteDist);
  const context = (req: FastifyRequest): RenderContext => ({
    app,
    lang: requestLanguage(req),
    theme: requestTheme(req),
    referral: requestReferral(req),
  });
  const send = (req: FastifyRequest, reply: FastifyReply, html: string | RenderedHtml, status = 200) => {
    rememberLanguage(req, reply);
    return sendHtml(req, reply, html, status, {
      cacheControl: status === 200 ? RENDERED_CACHE : 'no-cache',
      vary: VARY,
    });
  };
  /**
   * A page with live figures (home, campaign, player, organization), kept a few seconds by this
   * instance (lib/page-cache.ts) under its path, language and theme; null key: never kept.
   */
  const cached = async (
    req: FastifyRequest,
    reply: FastifyReply,
    path: string | null,
    render: (ctx: RenderContext) => Promise<RenderedPage>,
  ) => {
    const ctx = context(req);
    // A referral visit (`?ref=`, or an unanswered referral cookie) is one visitor's page: never kept nor answered from the cache.
    const key = path === null || req.referral ? null : `${path}|${ctx.lang}|${ctx.theme ?? ''}`;
    const kept = key === null ? undefined : app.pageCache.get(req, key);
    if (kept) return send(req, reply, kept);
    const page = await render(ctx);
    if (page.status !== 200) return send(req, reply, page.html, page.status);
    const entry = new RenderedHtml(page.html);
    if (key !== null) app.pageCache.set(key, entry);
    return send(req, reply, entry);
  };
  app.get('/', PAGE, async (req, reply) =>
    cached(req, reply, '/', async (ctx) => ({ status: 200, html: await pages.home(ctx) })),
  );
  for (const slug of MARKETING_SLUGS)
    app.get(`/${slug}`, PAGE, async (req, reply) => send(req, reply, pages.marketing(context(req), slug)));
  app.get('/contact-us', PAGE, async (req, reply) => send(req, reply, pages.contact(context(req))));
  // The campaign and player pages (rendered.campaign.ts): 404 with the site's not-found page for an unknown or draft one.
  app.get('/campaigns/:slug', PAGE, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    return cached(req, reply, `/campaigns/${slug}`, (ctx) => pages.campaign(ctx, slug));
  });
  app.get('/fundraisers/:slug', PAGE, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    const { c } = req.query as { c?: unknown };
    // A link with a contact's tracking token (`?c=`) is one person's: never kept.
    return cached(req, reply, c === undefined ? `/fundraisers/${slug}` : null, (ctx) => pages.player(ctx, slug, c));
  });

  // Sponsorships (issue 17, rendered.sponsorship.ts): units left are live figures, kept like the organization page.
  app.get('/sponsorships/:slug', PAGE, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    return cached(req, reply, `/sponsorships/${slug}`, (ctx) => pages.opportunity(ctx, slug));
  });
  app.get('/:slug/sponsorships', PAGE, async (req, reply) => {
    const { slug } = req.params as { slug: string };
    return cached(req, reply, `/${slug}/sponsorships`, (ctx) => pages.sponsorships(ctx, slug));
  });

  /** `/{slug}` (an organization, league or team web address): site.routes.ts's catch-all calls this. */
  return async (req: FastifyRequest, reply: FastifyReply, slug: string) =>
    cached(req, reply, `/${slug}`, (ctx) => pages.organization(ctx, slug));
}
