/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The sponsorship pages' pieces (issue 17, decision 019 "Logos and display"): one opportunity's
 * card (image, name, tier, price, benefits, units left, the deductible part, the Buy link), and
 * the shown sponsors grouped by tier (presenting first, larger logos first; the name when there
 * is no logo). All server markup, no script: the sponsors band goes on campaign, player and
 * thank-you pages too.
 */
import { formatMoney } from '@fc/contracts/money';
import { SPONSOR_TIERS } from '@fc/contracts/sponsorship-rules';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import type { OpportunityData, SponsorEntry } from './types';

const usd = (cents: number, lang: Language) => formatMoney(cents, lang);

/** Only http(s) addresses become links (a sponsor's website is their own text). */
const safeWebsite = (url: string | null) => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : null);

export const opportunityPath = (slug: string) => `/sponsorships/${encodeURIComponent(slug)}`;

/** "2 of 5 left", "Sold out", or nothing when the quantity is unlimited. */
export function Availability({ lang, o }: { lang: Language; o: OpportunityData }) {
  const t = tFor(lang);
  if (o.soldOut)
    return (
      <p class="sp-left sp-sold-out" data-testid="sp-sold-out">
        {t('site.sponsorship.soldOut')}
      </p>
    );
  if (o.quantity === null || o.left === null) return null;
  return (
    <p class="sp-left" data-testid="sp-left">
      {t('site.sponsorship.left', { left: o.left, quantity: o.quantity })}
    </p>
  );
}

/** Price, tier, units left, benefits and the deductible note: the card's and the opportunity page's body. */
export function OpportunityFacts({ lang, o }: { lang: Language; o: OpportunityData }) {
  const t = tFor(lang);
  return (
    <>
      <p class="sp-price">
        <strong data-testid="sp-price">{usd(o.priceCents, lang)}</strong>{' '}
        <span class={`sp-tier sp-tier-${o.tier}`}>{t(`site.sponsorship.tier.${o.tier}`)}</span>
      </p>
      <Availability lang={lang} o={o} />
      {o.benefits.length > 0 && (
        <>
          <h3 class="sp-benefits-title">{t('site.sponsorship.benefits')}</h3>
          <ul class="sp-benefits">
            {o.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </>
      )}
      <p class="sp-muted" data-testid="sp-deductible">
        {t('site.sponsorship.deductible', {
          deductible: usd(o.deductibleCents, lang),
          price: usd(o.priceCents, lang),
        })}
      </p>
    </>
  );
}

export function OpportunityCard({ lang, o }: { lang: Language; o: OpportunityData }) {
  const t = tFor(lang);
  return (
    <li class="card sp-card" data-testid="sp-card" data-slug={o.slug}>
      {o.imageUrl && <img class="sp-image" src={o.imageUrl} alt="" width={320} height={180} loading="lazy" />}
      <h3 class="sp-name">{o.name}</h3>
      {o.campaign && <p class="sp-muted">{t('site.sponsorship.forCampaign', { title: o.campaign.title })}</p>}
      {o.description && <p>{o.description}</p>}
      <OpportunityFacts lang={lang} o={o} />
      {!o.soldOut && (
        <a
          class="button primary"
          href={withLang(opportunityPath(o.slug), lang)}
          aria-label={t('site.sponsorship.buyLong', { name: o.name })}
          data-testid="sp-buy-link"
        >
          {t('site.sponsorship.buy')}
        </a>
      )}
    </li>
  );
}

/** Logo box per tier, biggest first (CSS `sp-logo-{tier}` sets the size). */
const LOGO_HEIGHT: Record<string, number> = { presenting: 120, gold: 90, silver: 64, bronze: 48, community: 36 };

function Sponsor({ lang, s }: { lang: Language; s: SponsorEntry }) {
  const t = tFor(lang);
  const website = safeWebsite(s.website);
  const body = s.logoUrl ? (
    <img
      class={`sp-logo sp-logo-${s.tier}`}
      src={s.logoUrl}
      alt={t('site.sponsorship.logoAlt', { name: s.displayName })}
      height={LOGO_HEIGHT[s.tier]}
      loading="lazy"
    />
  ) : (
    <span class={`sp-sponsor-name sp-name-${s.tier}`}>{s.displayName}</span>
  );
  return (
    <li class="sp-sponsor" data-testid="sp-sponsor">
      {website ? (
        <a href={website} rel="noopener nofollow sponsored" target="_blank">
          {body}
        </a>
      ) : (
        body
      )}
    </li>
  );
}

/** The sponsors grouped by tier, in SPONSOR_TIERS order (the list comes ordered within a tier). */
export function SponsorGroups({ lang, sponsors, level }: { lang: Language; sponsors: SponsorEntry[]; level: 2 | 3 }) {
  const t = tFor(lang);
  const Heading = level === 2 ? 'h3' : 'h4';
  return (
    <>
      {SPONSOR_TIERS.map((tier) => {
        const group = sponsors.filter((s) => s.tier === tier);
        if (group.length === 0) return null;
        return (
          <div key={tier} class={`sp-tier-group sp-group-${tier}`} data-testid={`sp-tier-${tier}`}>
            <Heading class="sp-tier-title">{t(`site.sponsorship.tiers.${tier}`)}</Heading>
            <ul class="sp-sponsors">
              {group.map((s, i) => (
                <Sponsor key={`${s.displayName}-${i}`} lang={lang} s={s} />
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

/** The small band on campaign, player and thank-you pages: only when there are sponsors. */
export function SponsorsBand({ lang, sponsors }: { lang: Language; sponsors: SponsorEntry[] | undefined }) {
  if (!sponsors || sponsors.length === 0) return null;
  const t = tFor(lang);
  return (
    <section class="card sp-band" aria-labelledby="sponsors-band-title" data-testid="sponsors-band">
      <h2 id="sponsors-band-title">{t('site.sponsorship.bandTitle')}</h2>
      <SponsorGroups lang={lang} sponsors={sponsors} level={3} />
    </section>
  );
}
