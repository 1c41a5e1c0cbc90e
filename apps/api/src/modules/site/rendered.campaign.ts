/**
 * The campaign and player pages rendered on the server (issue 14, decision 017):
 * `/campaigns/{slug}` and `/fundraisers/{slug}`. The data comes from the same services as the
 * JSON endpoints (`/api/v1/public/campaigns/{slug}`, `/api/v1/public/fundraisers/{slug}`), so
 * "public", 404, the figures, the leaderboard's privacy rules and the supporters' anonymity are
 * theirs; the head keeps what site.service.ts gave the SPA shell (title, description, preview
 * image, player pages noindex).
 */
import type { PublicCampaign, PublicFundraiser } from '@fc/contracts';
import type { CampaignPageData, PlayerPageData, Site, SiteRequest, Supporter } from '@fc/site';
import { publicCampaign, publicFundraiser } from '../public/pages.service.js';
import { shownSponsors } from '../sponsorships/public.service.js';
import type { RenderContext, RenderedPage } from './rendered.service.js';
import { sponsorEntries } from './rendered.sponsorship.js';
import { messages } from './site.messages.js';
import { orNotFound } from './site.service.js';

const DAY_MS = 86_400_000;

/** Days from today (UTC, the calendar campaign dates use) to `end`; null without an end date. */
export function daysLeft(end: string | null, now = new Date()): number | null {
  if (!end) return null;
  const today = Date.parse(now.toISOString().slice(0, 10));
  return Math.round((Date.parse(end) - today) / DAY_MS);
}

const supporters = (list: PublicCampaign['recentSupporters']): Supporter[] =>
  list.map((s) => ({ name: s.name, amountCents: s.amountCents, message: s.message, at: s.at }));

/** The tracking token of an invitation link (`?c=`), as the contacts module issues it. */
const TRACK_TOKEN = /^[A-Za-z0-9_-]{8,32}$/;

export function campaignPages(site: Site, request: (ctx: RenderContext) => SiteRequest) {
  const missingPage = (ctx: RenderContext, path: string): RenderedPage => ({
    status: 404,
    html: site.notFoundPage(request(ctx), path),
  });
  return {
    async campaign(ctx: RenderContext, slug: string): Promise<RenderedPage> {
      const c: PublicCampaign | null = await orNotFound(publicCampaign(ctx.app.db, slug));
      if (!c) return missingPage(ctx, `/campaigns/${encodeURIComponent(slug)}`);
      const data: CampaignPageData = {
        slug: c.slug,
        title: c.title,
        organizationName: c.organizationName,
        imageUrl: c.logoImage ?? c.organizationLogo,
        shortDescription: c.shortDescription,
        story: c.story,
        startDate: c.startDate,
        endDate: c.endDate,
        raisedCents: c.raisedCents,
        goalCents: c.goalCents,
        donors: c.donors,
        acceptingDonations: c.acceptingDonations,
        daysLeft: daysLeft(c.endDate),
        leaderboard: c.leaderboard,
        supporters: supporters(c.recentSupporters),
        sponsors: sponsorEntries(ctx.app, await shownSponsors(ctx.app.db, { campaignSlug: c.slug })),
      };
      const description = c.shortDescription?.trim() || messages[ctx.lang].campaign(c.title, c.organizationName);
      return {
        status: 200,
        html: site.campaign(request(ctx), data, { description, image: c.logoImage ?? c.organizationLogo }),
      };
    },
    /**
     * A player's page. Its description is our own sentence, not the family's text (site.service.ts
     * playerPage): a preview repeats no more than the name the page shows.
     */
    async player(ctx: RenderContext, slug: string, contactToken: unknown): Promise<RenderedPage> {
      const f: PublicFundraiser | null = await orNotFound(publicFundraiser(ctx.app.db, slug));
      if (!f) return missingPage(ctx, `/fundraisers/${encodeURIComponent(slug)}`);
      const data: PlayerPageData = {
        slug: f.slug,
        name: f.name,
        avatarUrl: f.avatarUrl,
        reason: f.fundraisingReason ?? f.campaign.shortDescription,
        teamName: f.teamName,
        campaign: { slug: f.campaign.slug, title: f.campaign.title, organizationName: f.campaign.organizationName },
        raisedCents: f.raisedCents,
        goalCents: f.goalCents,
        donors: f.donors,
        acceptingDonations: f.acceptingDonations,
        daysLeft: daysLeft(f.campaign.endDate),
        supporters: supporters(f.recentSupporters),
        sponsors: sponsorEntries(ctx.app, await shownSponsors(ctx.app.db, { campaignSlug: f.campaign.slug })),
        contactToken: typeof contactToken === 'string' && TRACK_TOKEN.test(contactToken) ? contactToken : null,
      };
      const image = f.avatarUrl ?? f.campaign.logoImage ?? f.campaign.organizationLogo;
      return {
        status: 200,
        html: site.player(request(ctx), data, {
          description: messages[ctx.lang].player(f.name, f.campaign.title),
          image,
        }),
      };
    },
  };
}
