/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The thank-you page of a sponsorship's payment (`/donations/{publicId}/thank-you`, kind
 * 'sponsor'; issue 17): "Thank you for sponsoring {team}", the deductible part of the receipt,
 * and the island where the sponsor gives their display name, website and logo.
 */
import { formatMoney } from '@fc/contracts/money';
import type { SponsorThanks } from '@fc/contracts/sponsorship-rules';
import { SponsorDetails } from '../../islands/sponsorship/SponsorDetails';
import { Island } from '../../lib/island';
import { type Language, tFor } from '../../lib/strings';
import { sponsorThanksStrings } from './strings';

/** The page's data: the API's shape (`@fc/contracts` sponsorship-rules); the campaign is not used here. */
export type SponsorThanksData = Omit<SponsorThanks, 'campaignSlug'>;

export function SponsorThanksPage({ lang, d }: { lang: Language; d: SponsorThanksData }) {
  const t = tFor(lang);
  const usd = (cents: number) => formatMoney(cents, lang);
  return (
    <article class="sp-page" data-testid="sponsor-thank-you">
      <section class="card pay-stack">
        <h1 data-testid="sponsor-thanks-title">{t('site.sponsorship.thanks.title', { team: d.sellerName })}</h1>
        <p>{d.opportunityName}</p>
        <p data-testid="sponsor-thanks-deductible">
          {t('site.sponsorship.thanks.deductible', { deductible: usd(d.deductibleCents), price: usd(d.priceCents) })}
        </p>
        {d.receiptNumber && <p class="sp-muted">{t('site.sponsorship.thanks.receipt', { number: d.receiptNumber })}</p>}
      </section>
      <section class="card">
        <Island
          name="sponsor"
          component={SponsorDetails}
          props={{
            publicId: d.publicId,
            paid: d.status === 'paid',
            displayName: d.displayName ?? d.businessName ?? '',
            website: d.website ?? '',
            logoUrl: d.logoUrl,
            logoStatus: d.logoStatus,
            logoRejectReason: d.logoRejectReason,
            strings: sponsorThanksStrings(lang),
          }}
        />
      </section>
    </article>
  );
}
