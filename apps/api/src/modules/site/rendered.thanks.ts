/**
 * The thank-you pages and `/cart/notfound`, rendered on the server (issue 14 port, decision 017),
 * answering GET and HEAD whatever the Accept header:
 * - `/donations/{publicId}/thank-you`: a donor's own page (`private, no-store`); the donation is
 *   read from the database as `GET /api/v1/public/donations/{id}` shapes it, without asking the
 *   payment processor (a page load has no side effects: the page's island asks that endpoint).
 *   A malformed or unknown id is the site's not-found page (404); a gift whose unpaid details
 *   were removed says so (410, as the endpoint).
 * - `/campaigns/{slug}/thank-you`, `/fundraisers/{slug}/thank-you`: 404 for a campaign or player
 *   page that is not public (the JSON endpoints' services decide); with `?donation=ID` the
 *   donation's page (private), without it a message and the way back (shared cache like the other
 *   rendered pages). Their head shares the campaign or player page, as the shell's did.
 * - `/cart/notfound[?expired=1]`: where a refused abandoned-cart link leads.
 * Every one is `noindex`.
 */
import type { ThankYouData } from '@fc/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { storedPublicDonation } from '../donations/cart.service.js';
import { publicCampaign, publicFundraiser } from '../public/pages.service.js';
import { shownSponsors, sponsorThanks } from '../sponsorships/public.service.js';
import { RENDERED_CACHE } from './rendered.routes.js';
import { sponsorEntries } from './rendered.sponsorship.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { messages } from './site.messages.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme, SITE_PAGE } from './site.request.js';
import { absoluteUrl, baseUrl, DEFAULT_CARD } from './site.service.js';

const PAGE = SITE_PAGE;
const VARY = 'Accept-Language, Cookie';
/** A donor's own page: never kept by a shared cache or the browser. */
export const PRIVATE_CACHE = 'private, no-store';
/** The JSON endpoints' rule for a donation id (donations.routes.ts). */
const DONATION_ID = /^[A-Za-z0-9_-]{16,40}$/;

type Loaded<T> = { found: T } | { status: 404 | 410 };

/** The service's answer, or the 404/410 it said; other errors propagate. */
async function load<T>(p: Promise<T>): Promise<Loaded<T>> {
  try {
    return { found: await p };
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 410)) return { status: err.status };
    throw err;
  }
}

async function donationOf(app: FastifyInstance, id: string): Promise<Loaded<ThankYouData>> {
  if (!DONATION_ID.test(id)) return { status: 404 };
  return load(storedPublicDonation(app, id));
}

export function registerThankYouPages(app: FastifyInstance, siteDist: string) {
  const site = siteFor(siteDist);
  const request = (req: FastifyRequest) => ({
    lang: requestLanguage(req),
    theme: requestTheme(req),
    baseUrl: baseUrl(app),
    referral: requestReferral(req),
  });
  const send = (req: FastifyRequest, reply: FastifyReply, html: string, status: number, cacheControl: string) => {
    rememberLanguage(req, reply);
    return sendHtml(req, reply, html, status, { cacheControl, vary: VARY });
  };
  const missingPage = (req: FastifyRequest, reply: FastifyReply, path: string, cacheControl = 'no-cache') =>
    send(req, reply, site.notFoundPage(request(req), path), 404, cacheControl);
  const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
  /** The campaign's shown sponsors (issue 17), for the band under a gift's thank-you page. */
  const sponsorsOf = async (campaignSlug: string) => sponsorEntries(app, await shownSponsors(app.db, { campaignSlug }));

  app.get('/donations/:publicId/thank-you', PAGE, async (req, reply) => {
    const { publicId = '' } = req.params as Record<string, string>;
    const path = `/donations/${encodeURIComponent(publicId)}/thank-you`;
    // A sponsorship's payment (issue 17): the sponsor's page with their name, website and logo form.
    const sponsor = DONATION_ID.test(publicId) ? await sponsorThanks(app.db, publicId) : null;
    if (sponsor) {
      const logoUrl = sponsor.logoUrl ? absoluteUrl(app, sponsor.logoUrl) : null;
      return send(req, reply, site.sponsorThankYou(request(req), path, { ...sponsor, logoUrl }), 200, PRIVATE_CACHE);
    }
    const d = await donationOf(app, publicId);
    if ('status' in d && d.status === 404) return missingPage(req, reply, path, PRIVATE_CACHE);
    const html = site.thankYou(request(req), {
      path,
      shares: null,
      donation: 'found' in d ? d.found : null,
      expired: !('found' in d),
      sponsors: 'found' in d && d.found.campaign ? await sponsorsOf(d.found.campaign.slug) : [],
    });
    return send(req, reply, html, 'found' in d ? 200 : d.status, PRIVATE_CACHE);
  });

  for (const kind of ['campaigns', 'fundraisers'] as const) {
    app.get(`/${kind}/:slug/thank-you`, PAGE, async (req, reply) => {
      const { slug = '' } = req.params as Record<string, string>;
      const lang = requestLanguage(req);
      const m = messages[lang];
      const base = `/${kind}/${encodeURIComponent(slug)}`;
      let shares: NonNullable<Parameters<typeof site.thankYou>[1]['shares']>;
      let campaignSlug: string;
      if (kind === 'campaigns') {
        const c = await load(publicCampaign(app.db, slug));
        if (!('found' in c)) return missingPage(req, reply, `${base}/thank-you`);
        const { found } = c;
        campaignSlug = found.slug;
        shares = {
          name: found.title,
          title: m.thankYou(found.title),
          description: found.shortDescription?.trim() || m.campaign(found.title, found.organizationName),
          path: `/campaigns/${encodeURIComponent(found.slug)}`,
          image: absoluteUrl(app, found.logoImage ?? found.organizationLogo ?? DEFAULT_CARD),
        };
      } else {
        const f = await load(publicFundraiser(app.db, slug));
        if (!('found' in f)) return missingPage(req, reply, `${base}/thank-you`);
        const { found } = f;
        campaignSlug = found.campaign.slug;
        shares = {
          name: found.name,
          title: m.thankYou(found.name),
          description: m.player(found.name, found.campaign.title),
          path: `/fundraisers/${encodeURIComponent(found.slug)}`,
          image: absoluteUrl(
            app,
            found.avatarUrl ?? found.campaign.logoImage ?? found.campaign.organizationLogo ?? DEFAULT_CARD,
          ),
        };
      }
      const donationId = query(req).donation;
      if (typeof donationId !== 'string' || donationId === '') {
        const sponsors = await sponsorsOf(campaignSlug);
        const html = site.thankYou(request(req), { path: `${base}/thank-you`, shares, donation: null, sponsors });
        return send(req, reply, html, 200, RENDERED_CACHE);
      }
      const path = `${base}/thank-you?donation=${encodeURIComponent(donationId)}`;
      const d = await donationOf(app, donationId);
      if ('status' in d && d.status === 404) return missingPage(req, reply, path, PRIVATE_CACHE);
      const html = site.thankYou(request(req), {
        path,
        shares,
        donation: 'found' in d ? d.found : null,
        expired: !('found' in d),
        sponsors: await sponsorsOf(campaignSlug),
      });
      return send(req, reply, html, 'found' in d ? 200 : d.status, PRIVATE_CACHE);
    });
  }

  app.get('/cart/notfound', PAGE, async (req, reply) => {
    const expired = query(req).expired === '1';
    return send(req, reply, site.cartNotFound(request(req), expired), 200, RENDERED_CACHE);
  });
}
