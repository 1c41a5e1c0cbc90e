/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Sponsorships (issue 17): the node's page `/{slug}/sponsorships` (the theme switch its only
 * island) and one opportunity's `/sponsorships/{slug}` (the Buy island with the checkout's card
 * step: the `sponsorship` entry). Both indexable, with canonical and preview tags.
 */
import { formatMoney } from '@fc/contracts/money';
import type { BuySponsorshipProps } from '../islands/sponsorship/BuySponsorship';
import { tFor } from '../lib/strings';
import { paymentStrings } from '../pages/checkout/strings';
import { OpportunityPage } from '../pages/sponsorship/OpportunityPage';
import { SponsorshipPage } from '../pages/sponsorship/SponsorshipPage';
import { buyStrings } from '../pages/sponsorship/strings';
import type { OpportunityData, SponsorshipPageData } from '../pages/sponsorship/types';
import { clip, type Kit, type SiteRequest } from './kit';

export function sponsorshipPages(kit: Kit) {
  return {
    sponsorships(req: SiteRequest, data: SponsorshipPageData): string {
      const t = tFor(req.lang);
      const path = `/${encodeURIComponent(data.node.slug)}/sponsorships`;
      return kit.page(req, {
        head: kit.head(
          req,
          path,
          t('site.sponsorship.title', { name: data.node.name }),
          clip(t('site.sponsorship.description', { name: data.node.name })),
          data.node.logoUrl,
        ),
        entry: 'marketing',
        path,
        children: <SponsorshipPage lang={req.lang} data={data} />,
      });
    },
    opportunity(req: SiteRequest, o: OpportunityData): string {
      const t = tFor(req.lang);
      const path = `/sponsorships/${encodeURIComponent(o.slug)}`;
      const price = formatMoney(o.priceCents, req.lang);
      const buy: BuySponsorshipProps | null = o.soldOut
        ? null
        : {
            lang: req.lang,
            opportunity: { slug: o.slug, name: o.name, priceCents: o.priceCents },
            strings: buyStrings(req.lang),
            codes: paymentStrings(req.lang).codes,
          };
      return kit.page(req, {
        head: kit.head(
          req,
          path,
          t('site.sponsorship.opportunityTitle', { name: o.name, seller: o.seller.name }),
          clip(
            o.description?.trim() ||
              t('site.sponsorship.opportunityDescription', { name: o.name, price, seller: o.seller.name }),
          ),
          o.imageUrl,
        ),
        entry: buy ? 'sponsorship' : 'marketing',
        path,
        children: <OpportunityPage lang={req.lang} o={o} buy={buy} />,
      });
    },
  };
}
