/**
 * What each public page URL answers: its status and its <head>. Campaign and player pages ask
 * the same services as the JSON endpoints (`/api/v1/public/campaigns/:slug`,
 * `/api/v1/public/fundraisers/:slug`), so "public" means here exactly what it means there: an
 * unknown or draft campaign is a 404. The page body is still the SPA's (issue 14, first slice).
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

/** A campaign or player page, its donate page, or its thank-you page. */
export type Variant = 'page' | 'donate' | 'thank-you';

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

function variantHead(
  ctx: PageContext,
  v: Variant,
  name: string,
  base: Omit<PageHead, 'title' | 'noindex'> & { noindex: boolean },
): PageHead {
  const m = messages[ctx.lang];
  if (v === 'page') return { ...base, title: name };
  if (v === 'donate') return { ...base, title: m.donate(name) };
  // A thank-you page is a moment, not content: never in search results, but it shares its campaign.
  return { ...base, title: m.thankYou(name), noindex: true };
}

export async function campaignPage(ctx: PageContext, slug: string, v: Variant): Promise<SitePage> {
  const c = await orNotFound(publicCampaign(ctx.app.db, slug));
  if (!c) return notFoundPage(ctx);
  const description = clip(c.shortDescription?.trim() || messages[ctx.lang].campaign(c.title, c.organizationName));
  const image = c.logoImage ?? c.organizationLogo ?? DEFAULT_CARD;
  const preview = {
    canonicalUrl: `${baseUrl(ctx.app)}/campaigns/${encodeURIComponent(c.slug)}`,
    image: absoluteUrl(ctx.app, image),
  };
  return { status: 200, head: variantHead(ctx, v, c.title, { description, noindex: false, preview }) };
}

/**
 * Player pages are about minors: never indexed (`noindex`, and not in the sitemap), and the
 * description is our own sentence, not the family's text, so a preview repeats no more than the
 * name the page already shows (first name and last initial unless a parent chose otherwise).
 */
export async function playerPage(ctx: PageContext, slug: string, v: Variant): Promise<SitePage> {
  const f = await orNotFound(publicFundraiser(ctx.app.db, slug));
  if (!f) return notFoundPage(ctx);
  const image = f.avatarUrl ?? f.campaign.logoImage ?? f.campaign.organizationLogo ?? DEFAULT_CARD;
  const preview = {
    canonicalUrl: `${baseUrl(ctx.app)}/fundraisers/${encodeURIComponent(f.slug)}`,
    image: absoluteUrl(ctx.app, image),
  };
  const head = variantHead(ctx, v, f.name, {
    description: clip(messages[ctx.lang].player(f.name, f.campaign.title)),
    noindex: true,
    preview,
  });
  // The SPA's player title names the campaign too ("Ella B. · Spring Drive").
  return { status: 200, head: v === 'page' ? { ...head, title: `${f.name} · ${f.campaign.title}` } : head };
}
