/**
 * Shared pieces of the public pages layer: the console shell's heads (plain and not-found), the
 * base and absolute URLs, and the donate pages' heads (rendered.checkout.ts), read with the same
 * services as the JSON endpoints (`/api/v1/public/campaigns/:slug`, `/fundraisers/:slug`), so an
 * unknown or draft campaign is a 404 here too.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { publicCampaign, publicFundraiser } from '../public/pages.service.js';
import type { PageHead, SitePage } from './shell.js';
import { type Language, messages } from './site.messages.js';

export interface PageContext {
  app: FastifyInstance;
  lang: Language;
}

/** The default card (apps/web/public/og-card.png, 1200×630) when the data has no picture. */
export const DEFAULT_CARD = '/og-card.png';
const DESCRIPTION_MAX = 200;

export const baseUrl = (app: FastifyInstance) => app.env.PUBLIC_URL.replace(/\/+$/, '');

/** An address as a crawler needs it: absolute, on PUBLIC_URL unless it already names a host. */
export const absoluteUrl = (app: FastifyInstance, src: string) =>
  /^https?:\/\//i.test(src) ? src : `${baseUrl(app)}${src.startsWith('/') ? '' : '/'}${src}`;

const clip = (s: string) => {
  const text = s.replace(/\s+/g, ' ').trim();
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};

/** The service's answer, or null when it says 404 (unknown or not public); other errors propagate. */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

export const plainPage = ({ lang }: PageContext, noindex = false): SitePage => ({
  status: 200,
  head: { title: null, description: messages[lang].description, noindex, preview: null },
});

export const notFoundPage = ({ lang }: PageContext): SitePage => ({
  status: 404,
  head: { title: messages[lang].notFound, description: messages[lang].description, noindex: true, preview: null },
});

/** A donate page's head: "Donate to X", sharing its campaign or player page's preview. */
function donateHead(ctx: PageContext, name: string, base: Omit<PageHead, 'title'>): PageHead {
  return { ...base, title: messages[ctx.lang].donate(name) };
}

export async function campaignPage(ctx: PageContext, slug: string): Promise<SitePage> {
  const c = await orNotFound(publicCampaign(ctx.app.db, slug));
  if (!c) return notFoundPage(ctx);
  const description = clip(c.shortDescription?.trim() || messages[ctx.lang].campaign(c.title, c.organizationName));
  const image = c.logoImage ?? c.organizationLogo ?? DEFAULT_CARD;
  const preview = {
    canonicalUrl: `${baseUrl(ctx.app)}/campaigns/${encodeURIComponent(c.slug)}`,
    image: absoluteUrl(ctx.app, image),
  };
  return { status: 200, head: donateHead(ctx, c.title, { description, noindex: false, preview }) };
}

/**
 * Player pages are about minors: never indexed (`noindex`, and not in the sitemap), and the
 * description is our own sentence, not the family's text, so a preview repeats no more than the
 * name the page already shows (first name and last initial unless a parent chose otherwise).
 */
export async function playerPage(ctx: PageContext, slug: string): Promise<SitePage> {
  const f = await orNotFound(publicFundraiser(ctx.app.db, slug));
  if (!f) return notFoundPage(ctx);
  const image = f.avatarUrl ?? f.campaign.logoImage ?? f.campaign.organizationLogo ?? DEFAULT_CARD;
  const preview = {
    canonicalUrl: `${baseUrl(ctx.app)}/fundraisers/${encodeURIComponent(f.slug)}`,
    image: absoluteUrl(ctx.app, image),
  };
  const head = donateHead(ctx, f.name, {
    description: clip(messages[ctx.lang].player(f.name, f.campaign.title)),
    noindex: true,
    preview,
  });
  return { status: 200, head };
}
