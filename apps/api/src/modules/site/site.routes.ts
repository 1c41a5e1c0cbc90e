/**
 * The public pages layer (issue 14, first slice): every page address of the SPA's public routes
 * answers GET and HEAD with the SPA shell whatever the Accept header (link-preview crawlers and
 * monitors send `*\/*` or none, and often HEAD first), with the page's real status and its own
 * <head>. The body is still rendered by the SPA, except for `/`, the marketing pages and `/{slug}`,
 * which the server renders (rendered.routes.ts, decision 017).
 * API routes (/api/…) and files (/files/…) never get the shell.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { referralPreHandler } from '../affiliates/clicks.service.js';
import { sitemapSponsorships } from '../sponsorships/public.service.js';
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './crawl.js';
import { registerActivationPage } from './rendered.activation.js';
import { registerAffiliatePages } from './rendered.affiliate.js';
import { registerCheckoutPages } from './rendered.checkout.js';
import { registerFamilyPages } from './rendered.family.js';
import { registerRegistrationPages } from './rendered.registration.js';
import { registerRenderedPages } from './rendered.routes.js';
import { registerThankYouPages } from './rendered.thanks.js';
import { renderShell, type SitePage, sendHtml, shellTemplate } from './shell.js';
import { sitemapCampaigns, sitemapOrganizations } from './site.repository.js';
import { requestLanguage, SITE_PAGE } from './site.request.js';
import * as pages from './site.service.js';

const PAGE = { config: { policy: 'public' as const }, schema: { hide: true } };

/**
 * SPA pages (apps/web/src/app/routes/routes.tsx) whose address the data routes below would
 * otherwise take (`/campaigns/list` looks like a campaign, `/login` like a web address): plain
 * shells, 200. test/site-routes.test.ts checks every static SPA path against the server.
 */
const SHELL_PATHS = [
  '/campaigns/list',
  '/campaigns/view',
  '/fundraisers/list',
  '/fundraisers/home',
  '/fundraisers/view',
  '/login',
  '/loginlink',
  '/forgot-password',
  '/email-confirm',
  '/activate-account',
  '/otl',
  '/register',
  '/reset-password',
  '/dashboard',
  '/access-control',
  // The SPA's HomeRedirect: where the home page sends a signed-in visitor (their role's home).
  '/home',
];

/** Single path segments that are never a web address: their own handlers answer (JSON 404 for the API). */
const NOT_ADDRESSES = new Set(['api', 'files', 'assets']);

type Params = Record<string, string>;
type Resolve = (ctx: pages.PageContext, params: Params) => SitePage | Promise<SitePage>;

/**
 * Registers the pages, robots.txt and sitemap.xml, and returns the answer for other addresses a
 * browser opens (console routes): the shell, 200, for a GET or HEAD that asks for HTML.
 */
export async function registerSite(app: FastifyInstance, webDist: string, siteDist: string) {
  const template = shellTemplate(path.join(webDist, 'index.html'));
  const context = (req: FastifyRequest): pages.PageContext => ({
    app,
    lang: requestLanguage(req),
  });
  const answer = async (req: FastifyRequest, reply: FastifyReply, page: SitePage) => {
    const ctx = context(req);
    return sendHtml(req, reply, renderShell(await template(), page.head, ctx.lang), page.status);
  };
  const page = (url: string, resolve: Resolve) =>
    app.get(url, PAGE, async (req, reply) => answer(req, reply, await resolve(context(req), req.params as Params)));

  // A `?ref=` visit to any rendered page records the affiliate's click; an unanswered referral cookie brings the notice back (issue 16).
  app.addHook('preHandler', (req, reply) => referralPreHandler(app, req, reply));

  // `/` and the marketing pages are rendered by the server (decision 017).
  const organizationPage = await registerRenderedPages(app, siteDist);
  for (const url of SHELL_PATHS) page(url, (ctx) => pages.plainPage(ctx));
  // Invitations and player registration, rendered by the server (rendered.family.ts).
  registerFamilyPages(app, siteDist);
  // Team registration (issue 15), rendered by the server (rendered.registration.ts).
  registerRegistrationPages(app, siteDist);
  // The affiliates' public pages (issue 16), rendered by the server (rendered.affiliate.ts).
  registerAffiliatePages(app, siteDist);
  registerActivationPage(app, siteDist);

  // Rendered by the server: the campaign and player pages (rendered.routes.ts), their donate pages,
  // the fee and cart pages (rendered.checkout.ts), and the thank-you pages and /cart/notfound (rendered.thanks.ts).
  registerCheckoutPages(app, siteDist);
  registerThankYouPages(app, siteDist);

  // The catch-all `/{slug}` (spec §2), rendered by the server (decision 017). A name with a dot is a file of the build (the static
  // handler's), not a web address: the pattern leaves it to the wildcard route.
  app.get('/:slug(^[A-Za-z0-9_-]+$)', SITE_PAGE, async (req, reply) => {
    const { slug = '' } = req.params as Params;
    if (NOT_ADDRESSES.has(slug)) return reply.callNotFound();
    return organizationPage(req, reply, slug);
  });

  app.get('/robots.txt', PAGE, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsTxt(pages.baseUrl(app))),
  );
  app.get('/sitemap.xml', PAGE, async (_req, reply) => {
    const base = pages.baseUrl(app);
    const campaigns = await sitemapCampaigns(app.db, SITEMAP_MAX_URLS);
    // Organization, league and team pages fill what the campaigns leave of the protocol's limit.
    const orgs = await sitemapOrganizations(app.db, SITEMAP_MAX_URLS - campaigns.length);
    // Then the sponsorship pages (issue 17) in what is left.
    const sponsorships = await sitemapSponsorships(app.db, SITEMAP_MAX_URLS - campaigns.length - orgs.length);
    const xml = sitemapXml([
      ...campaigns.map((c) => ({ loc: `${base}/campaigns/${encodeURIComponent(c.slug)}`, lastmod: c.updated })),
      ...orgs.map((o) => ({ loc: `${base}/${encodeURIComponent(o.slug)}`, lastmod: o.updated })),
      ...sponsorships.map((s) => ({ loc: `${base}${s.path}`, lastmod: s.updated })),
    ]);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  return (req: FastifyRequest, reply: FastifyReply) => answer(req, reply, pages.plainPage(context(req)));
}
