/**
 * The pages the server renders itself (decision 017; issue 14): the home page, the marketing
 * pages and Contact-Us, from `@fc/site`. The service reads the data (the live total) and hands the site what the
 * request asked for (language, theme); the site owns the markup.
 */
import type { CampaignList, LiveTotal, MarketingSlug, OrganizationType, ReferralNoticeData, Theme } from '@fc/site';
import type { FastifyInstance } from 'fastify';
import { campaignPages } from './rendered.campaign.js';
import { sponsorshipPages } from './rendered.sponsorship.js';
import { siteFor } from './site.instance.js';
import type { Language } from './site.messages.js';
import {
  activeCampaignsTotal,
  findPublicOrganization,
  type OrganizationCampaignRow,
  organizationCampaigns,
} from './site.repository.js';
import { absoluteUrl, baseUrl } from './site.service.js';

/** How many campaigns an organization page lists in each of its two lists; it says how many more. */
export const ORGANIZATION_CAMPAIGNS_MAX = 24;

function campaignList(rows: OrganizationCampaignRow[]): CampaignList {
  return {
    total: rows[0]?.total ?? 0,
    campaigns: rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      organizationName: r.organization_name,
      goalCents: Number(r.goal_cents),
      raisedCents: Number(r.raised_cents),
      daysLeft: r.days_left === null ? null : Number(r.days_left),
    })),
  };
}

export interface RenderedPage {
  status: number;
  html: string;
}

export interface RenderContext {
  app: FastifyInstance;
  lang: Language;
  theme: Theme | null;
  /** The referral notice to show (issue 16), or null. */
  referral?: ReferralNoticeData | null;
}

export function renderedPages(siteDist: string) {
  const site = siteFor(siteDist);
  const request = (ctx: RenderContext) => ({
    lang: ctx.lang,
    theme: ctx.theme,
    baseUrl: baseUrl(ctx.app),
    referral: ctx.referral ?? null,
  });
  return {
    // `/campaigns/{slug}` and `/fundraisers/{slug}` (rendered.campaign.ts).
    ...campaignPages(site, request),
    // `/{slug}/sponsorships` and `/sponsorships/{slug}` (rendered.sponsorship.ts).
    ...sponsorshipPages(site, request),
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
    /** `/{slug}`: an active organization, league or team's page, or the site's not-found page (404). */
    async organization(ctx: RenderContext, slug: string): Promise<RenderedPage> {
      const o = await findPublicOrganization(ctx.app.db, slug);
      if (!o) return { status: 404, html: site.notFoundPage(request(ctx), `/${encodeURIComponent(slug)}`) };
      const type = o.type_id as OrganizationType;
      const [own, below] = await Promise.all([
        organizationCampaigns(ctx.app.db, o.id, true, ORGANIZATION_CAMPAIGNS_MAX),
        type === 3 ? null : organizationCampaigns(ctx.app.db, o.id, false, ORGANIZATION_CAMPAIGNS_MAX),
      ]);
      const html = site.organization(request(ctx), {
        slug: o.slug,
        name: o.name,
        type,
        logoUrl: o.logo_url ? absoluteUrl(ctx.app, o.logo_url) : null,
        description: o.description,
        city: o.city,
        region: o.region,
        own: campaignList(own),
        below: below ? campaignList(below) : null,
      });
      return { status: 200, html };
    },
  };
}
