/**
 * The affiliate's public page `/affiliate/{slug}` (issue 16, decision 018), rendered on the server
 * (decision 017): active and paused affiliates; invited, disabled and unknown ones get the site's
 * not-found page (404). Every GET records a click (clicks.service.ts) and may set the `fc_ref`
 * cookie, so the page is `private, no-store` and never in the per-instance page cache.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordClick } from '../affiliates/clicks.service.js';
import { publicAffiliate } from '../affiliates/public.service.js';
import { FAMILY_CACHE } from './rendered.family.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme } from './site.request.js';
import { absoluteUrl, baseUrl } from './site.service.js';

/** Not `sitePage`: the page records its own click (a `?ref=` on it is the same visit). */
const PAGE = { config: { policy: 'public' as const }, schema: { hide: true } };
const SLUG = /^[A-Za-z0-9_-]{1,120}$/;

export function registerAffiliatePages(app: FastifyInstance, siteDist: string) {
  const site = siteFor(siteDist);
  const request = (req: FastifyRequest) => ({
    lang: requestLanguage(req),
    theme: requestTheme(req),
    baseUrl: baseUrl(app),
    referral: requestReferral(req),
  });
  const send = (req: FastifyRequest, reply: FastifyReply, html: string, status: number) => {
    rememberLanguage(req, reply);
    return sendHtml(req, reply, html, status, { cacheControl: FAMILY_CACHE, vary: 'Accept-Language, Cookie' });
  };

  app.get('/affiliate/:slug', PAGE, async (req, reply) => {
    const { slug = '' } = req.params as { slug?: string };
    const path = `/affiliate/${encodeURIComponent(slug)}`;
    const data = SLUG.test(slug) ? await publicAffiliate(app, slug) : null;
    if (!data) return send(req, reply, site.notFoundPage(request(req), path), 404);
    // HEAD (a link preview's first look) shows the page without counting a visit.
    if (req.method === 'GET') req.referral = (await recordClick(app, req, reply, slug, path)) ?? { notice: null };
    const html = site.affiliate(request(req), {
      ...data,
      avatarUrl: data.avatarUrl ? absoluteUrl(app, data.avatarUrl) : null,
    });
    return send(req, reply, html, 200);
  });
}
