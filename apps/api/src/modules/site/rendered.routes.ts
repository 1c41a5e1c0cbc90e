/**
 * `/`, the marketing pages (`/how-it-works`, `/our-story`, `/privacy-policy`,
 * `/terms-and-conditions`), `/contact-us`, and the campaign and player pages, rendered on the
 * server (decision 017) and answered to GET and HEAD
 * whatever the Accept header. Fixed routes: they win over the catch-all `/{slug}`, and their
 * words are reserved web addresses (orgs `validate-url`).
 *
 * Caching: browsers revalidate every visit (`max-age=0`, ETag → 304); a shared cache may keep a
 * page 30 s (`s-maxage=30`), so the home page's live total is at most 30 s old there. The body
 * depends on the language and theme cookies and Accept-Language, hence the Vary.
 */

import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { MARKETING_SLUGS } from '@fc/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type RenderContext, renderedPages } from './rendered.service.js';
import { sendHtml } from './shell.js';
import { rememberLanguage, requestLanguage, requestTheme } from './site.request.js';

export const RENDERED_CACHE = 'public, max-age=0, s-maxage=30';
const VARY = 'Accept-Language, Cookie';
const PAGE = { config: { policy: 'public' as const }, schema: { hide: true } };

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
  });
  const send = (req: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
    rememberLanguage(req, reply);
    return sendHtml(req, reply, html, status, {
      cacheControl: status === 200 ? RENDERED_CACHE : 'no-cache',
      vary: VARY,
    });
  };
  app.get('/', PAGE, async (req, reply) => send(req, reply, await pages.home(context(req))));
  for (const slug of MARKETING_SLUGS)
    app.get(`/${slug}`, PAGE, async (req, reply) => send(req, reply, pages.marketing(context(req), slug)));
  app.get('/contact-us', PAGE, async (req, reply) => send(req, reply, pages.contact(context(req))));
  // The campaign and player pages (rendered.campaign.ts): 404 with the site's not-found page for an unknown or draft one.
  app.get('/campaigns/:slug', PAGE, async (req, reply) => {
    const page = await pages.campaign(context(req), (req.params as { slug: string }).slug);
    return send(req, reply, page.html, page.status);
  });
  app.get('/fundraisers/:slug', PAGE, async (req, reply) => {
    const { c } = req.query as { c?: unknown };
    const page = await pages.player(context(req), (req.params as { slug: string }).slug, c);
    return send(req, reply, page.html, page.status);
  });

  /** `/{slug}` (an organization, league or team web address): site.routes.ts's catch-all calls this. */
  return async (req: FastifyRequest, reply: FastifyReply, slug: string) => {
    const page = await pages.organization(context(req), slug);
    return send(req, reply, page.html, page.status);
  };
}
