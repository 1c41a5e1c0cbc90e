/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/sponsorships/{slug}` (issue 17): one opportunity (image, name, tier, price, benefits, units
 * left, the deductible part) and the Buy island (buyer's details, the hold, then the checkout's
 * card step), or a "Sold out" state without a form.
 */
import { BuySponsorship, type BuySponsorshipProps } from '../../islands/sponsorship/BuySponsorship';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { OpportunityFacts } from './parts';
import type { OpportunityData } from './types';

export function OpportunityPage({
  lang,
  o,
  buy,
}: {
  lang: Language;
  o: OpportunityData;
  /** The island's props (strings resolved on the server); null when sold out. */
  buy: BuySponsorshipProps | null;
}) {
  const t = tFor(lang);
  return (
    <article class="sp-page sp-opportunity" data-testid="opportunity-page">
      <div class="sp-columns">
        <section class="card sp-card" aria-labelledby="sp-title">
          {o.imageUrl && <img class="sp-image" src={o.imageUrl} alt="" width={640} height={360} />}
          <p class="sp-kicker">
            <a href={withLang(`/${encodeURIComponent(o.seller.slug)}/sponsorships`, lang)}>
              {t('site.sponsorship.allOpportunities', { name: o.seller.name })}
            </a>
          </p>
          <h1 id="sp-title" data-testid="sp-name">
            {o.name}
          </h1>
          <p class="sp-muted">
            {o.campaign
              ? t('site.sponsorship.forCampaign', { title: o.campaign.title })
              : t('site.sponsorship.soldBy', { name: o.seller.name })}
          </p>
          {o.description && <p>{o.description}</p>}
          <OpportunityFacts lang={lang} o={o} />
        </section>
        <section class="card" aria-label={t('site.sponsorship.buy')}>
          {buy ? (
            <Island name="buy" component={BuySponsorship} props={buy} />
          ) : (
            <div data-testid="sp-sold-out-state">
              <h2>{t('site.sponsorship.soldOut')}</h2>
              <p>{t('site.sponsorship.soldOutText')}</p>
            </div>
          )}
        </section>
      </div>
    </article>
  );
}
