/**
 * The pages the server renders itself (decision 017; issue 14): the home page, the marketing
 * pages and Contact-Us, from `@fc/site`. The service reads the data (the live total) and hands the site what the
 * request asked for (language, theme); the site owns the markup.
 */
import { createSite, type LiveTotal, type MarketingSlug, type Theme } from '@fc/site';
import type { FastifyInstance } from 'fastify';
import type { Language } from './site.messages.js';
import { activeCampaignsTotal } from './site.repository.js';
import { baseUrl, DEFAULT_CARD } from './site.service.js';

export interface RenderContext {
  app: FastifyInstance;
  lang: Language;
  theme: Theme | null;
}

export function renderedPages(siteDist: string) {
  const site = createSite({ distDir: siteDist, defaultCard: DEFAULT_CARD });
  const request = (ctx: RenderContext) => ({ lang: ctx.lang, theme: ctx.theme, baseUrl: baseUrl(ctx.app) });
  return {
    async home(ctx: RenderContext): Promise<string> {
      const total: LiveTotal = await activeCampaignsTotal(ctx.app.db);
      return site.home(request(ctx), total);
    },
    marketing(ctx: RenderContext, slug: MarketingSlug): string {
      return site.marketing(request(ctx), slug);
    },
    /** Contact-Us: the form posts to `POST /api/v1/public/contact` (modules/contact). */
    contact(ctx: RenderContext): string {
      return site.contact(request(ctx));
    },
  };
}
