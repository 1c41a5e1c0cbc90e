/**
 * The sponsorship pages rendered on the server (issue 17, decision 019): `/{slug}/sponsorships`
 * (the node's opportunities on sale and its shown sponsors) and `/sponsorships/{slug}` (one
 * opportunity and its Buy island). The data is sponsorships/public.service.ts's; images become
 * absolute addresses. Unknown nodes and opportunities not on sale get the site's not-found page.
 */
import type { PublicOpportunity, PublicSponsor } from '@fc/contracts';
import type { OpportunityData, Site, SiteRequest, SponsorEntry } from '@fc/site';
import type { FastifyInstance } from 'fastify';
import { publicOpportunity, publicSponsorshipPage } from '../sponsorships/public.service.js';
import type { RenderContext, RenderedPage } from './rendered.service.js';
import { absoluteUrl } from './site.service.js';

const SLUG = /^[A-Za-z0-9_-]{1,120}$/;

const image = (app: FastifyInstance, url: string | null) => (url ? absoluteUrl(app, url) : null);

export const sponsorEntries = (app: FastifyInstance, list: PublicSponsor[]): SponsorEntry[] =>
  list.map((s) => ({ ...s, logoUrl: image(app, s.logoUrl) }));

const opportunityData = (app: FastifyInstance, o: PublicOpportunity): OpportunityData => ({
  ...o,
  imageUrl: image(app, o.imageUrl),
});

export function sponsorshipPages(site: Site, request: (ctx: RenderContext) => SiteRequest) {
  const missing = (ctx: RenderContext, path: string): RenderedPage => ({
    status: 404,
    html: site.notFoundPage(request(ctx), path),
  });
  return {
    async sponsorships(ctx: RenderContext, slug: string): Promise<RenderedPage> {
      const data = SLUG.test(slug) ? await publicSponsorshipPage(ctx.app, slug) : null;
      if (!data) return missing(ctx, `/${encodeURIComponent(slug)}/sponsorships`);
      const html = site.sponsorships(request(ctx), {
        node: { ...data.node, logoUrl: image(ctx.app, data.node.logoUrl) },
        opportunities: data.opportunities.map((o) => opportunityData(ctx.app, o)),
        sponsors: sponsorEntries(ctx.app, data.sponsors),
      });
      return { status: 200, html };
    },
    async opportunity(ctx: RenderContext, slug: string): Promise<RenderedPage> {
      const o = SLUG.test(slug) ? await publicOpportunity(ctx.app, slug) : null;
      if (!o) return missing(ctx, `/sponsorships/${encodeURIComponent(slug)}`);
      return { status: 200, html: site.opportunity(request(ctx), opportunityData(ctx.app, o)) };
    },
  };
}
