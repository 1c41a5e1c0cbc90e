/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/{slug}/sponsorships` (issue 17): the node's header, its opportunities on sale now as cards,
 * and "Our sponsors" grouped by tier. All server markup (the page's only island is the theme switch).
 */
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { OpportunityCard, SponsorGroups } from './parts';
import type { SponsorshipPageData } from './types';

export function SponsorshipPage({ lang, data }: { lang: Language; data: SponsorshipPageData }) {
  const t = tFor(lang);
  const { node } = data;
  return (
    <article class="sp-page" data-testid="sponsorship-page">
      <header class="sp-hero">
        {node.logoUrl && <img src={node.logoUrl} alt="" width={72} height={72} />}
        <div>
          <p class="sp-kicker">{t('site.sponsorship.kicker')}</p>
          <h1 data-testid="sp-node-name">
            <a href={withLang(`/${encodeURIComponent(node.slug)}`, lang)}>{node.name}</a>
          </h1>
        </div>
      </header>
      <section aria-labelledby="sp-opportunities">
        <h2 id="sp-opportunities">{t('site.sponsorship.opportunitiesTitle')}</h2>
        {data.opportunities.length > 0 ? (
          <ul class="sp-cards">
            {data.opportunities.map((o) => (
              <OpportunityCard key={o.slug} lang={lang} o={o} />
            ))}
          </ul>
        ) : (
          <p data-testid="sp-none">{t('site.sponsorship.none', { name: node.name })}</p>
        )}
      </section>
      {data.sponsors.length > 0 && (
        <section aria-labelledby="sp-sponsors" class="sp-sponsors-section" data-testid="sp-sponsors">
          <h2 id="sp-sponsors">{t('site.sponsorship.sponsorsTitle')}</h2>
          <SponsorGroups lang={lang} sponsors={data.sponsors} level={2} />
        </section>
      )}
    </article>
  );
}
