/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The campaign and player pages (`/campaigns/{slug}`, `/fundraisers/{slug}`). */
import { CampaignPage } from '../pages/campaign/CampaignPage';
import { PlayerPage } from '../pages/campaign/PlayerPage';
import type { CampaignPageData, PlayerPageData } from '../pages/campaign/types';
import { clip, type Kit, type SiteRequest } from './kit';

/** The head's description and preview image, as the API decides them (rendered.campaign.ts). */
export interface PageMeta {
  description: string;
  image: string | null;
}

export function campaignPages(kit: Kit) {
  return {
    /**
     * `/campaigns/{slug}`: indexable; the preview image is the campaign's logo, else the
     * organization's, else the default card; the description is the short description or a
     * sentence of ours.
     */
    campaign(req: SiteRequest, c: CampaignPageData, meta: PageMeta): string {
      const path = `/campaigns/${encodeURIComponent(c.slug)}`;
      return kit.page(req, {
        head: kit.head(req, path, c.title, clip(meta.description), meta.image),
        entry: 'campaign',
        path,
        children: <CampaignPage lang={req.lang} c={c} url={`${req.baseUrl}${path}`} />,
      });
    },
    /** `/fundraisers/{slug}`: about a minor, so never indexed; titled "Ella B. · Spring Drive" as the SPA was. */
    player(req: SiteRequest, f: PlayerPageData, meta: PageMeta): string {
      const path = `/fundraisers/${encodeURIComponent(f.slug)}`;
      return kit.page(req, {
        head: {
          ...kit.head(req, path, `${f.name} · ${f.campaign.title}`, clip(meta.description), meta.image),
          noindex: true,
        },
        entry: 'player',
        path,
        children: <PlayerPage lang={req.lang} f={f} url={`${req.baseUrl}${path}`} />,
      });
    },
  };
}
