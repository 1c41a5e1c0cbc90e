/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Sponsorships (issue 17): the node's page `/{slug}/sponsorships` (the theme switch its only
 * island) and one opportunity's `/sponsorships/{slug}` (the Buy island with the checkout's card
 * step: the `sponsorship` entry). Both indexable, with canonical and preview tags.
 */
import { formatMoney } from '@fc/contracts/money';
import type { BuySponsorshipProps } from '../islands/sponsorship/BuySponsorship';
import { type Language, STRINGS, tFor } from '../lib/strings';
import { flatten, type Tree } from '../lib/t';
import { paymentStrings } from '../pages/checkout/strings';
import { OpportunityPage } from '../pages/sponsorship/OpportunityPage';
import { SponsorshipPage } from '../pages/sponsorship/SponsorshipPage';
import type { OpportunityData, SponsorshipPageData } from '../pages/sponsorship/types';
import { clip, type Kit, type SiteRequest } from './kit';

const buyStrings = new Map<Language, BuySponsorshipProps['strings']>();

/** The checkout's strings plus `site.sponsorship.form.*` as `sp.form.*`, made once per language. */
function islandStrings(lang: Language): BuySponsorshipProps['strings'] {
  let made = buyStrings.get(lang);
  if (!made) {
    const form = ((STRINGS[lang].site as Tree).sponsorship as Tree).form as Tree;
    made = { ...paymentStrings(lang).strings };
    for (const [k, v] of flatten(form, 'sp.form.')) made[k] = v;
    buyStrings.set(lang, made);
  }
  return made;
}

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
            strings: islandStrings(req.lang),
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
