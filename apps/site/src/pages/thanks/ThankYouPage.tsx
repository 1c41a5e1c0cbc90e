/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The thank-you pages (spec §2): `/donations/{id}/thank-you`, and `/campaigns/{slug}/thank-you`,
 * `/fundraisers/{slug}/thank-you` with `?donation=ID` (the same page) or without (a message and the
 * way back to the page). The whole content is in the server's HTML; a donation still pending is
 * the ThankYouStatus island (it checks the payment and updates in place), a settled one is static
 * markup with the share card as its own island.
 */
import { formatMoney } from '@fc/contracts/money';
import {
  isSettling,
  ThankYouDetails,
  type ThankYouDonation,
  type ThankYouStrings,
} from '../../islands/ThankYouDetails';
import { ThankYouShare, type ThankYouShareProps } from '../../islands/ThankYouShare';
import { shownDonation, ThankYouStatus } from '../../islands/ThankYouStatus';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import type { Language } from '../../lib/strings';
import { tFor } from '../../lib/strings';

/** A donation as the server read it, with the names around it. */
export interface ThankYouData extends ThankYouDonation {
  donorFirstName: string;
  feeLabel: string | null;
  /** Null only for a node's sponsorship payment (kind `sponsor`: it names no campaign). */
  campaign: { slug: string; title: string } | null;
  fundraiser: { slug: string; name: string } | null;
  organization: { name: string };
}

/** The campaign or player page of a donation: the player's when there is one. */
export const donationPagePath = (d: Pick<ThankYouData, 'campaign' | 'fundraiser'>) =>
  d.fundraiser
    ? `/fundraisers/${encodeURIComponent(d.fundraiser.slug)}`
    : d.campaign
      ? `/campaigns/${encodeURIComponent(d.campaign.slug)}`
      : '/';

function strings(lang: Language, d: ThankYouData): ThankYouStrings {
  const t = tFor(lang);
  const name = d.fundraiser?.name ?? d.campaign?.title ?? d.organization.name;
  const organization = d.organization.name;
  return {
    completedTitle: t('public.thankYou.title', { name: d.donorFirstName }),
    completedBody:
      d.kind === 'fee'
        ? t('public.thankYou.feeBody', { label: d.feeLabel ?? '', campaign: d.campaign?.title ?? '' })
        : d.kind === 'sponsor'
          ? t('public.thankYou.sponsorBody', { organization })
          : t('public.thankYou.body', { name, organization }),
    processingTitle: t('public.payment.processing'),
    processingBody: t('public.thankYou.processingBody'),
    checking: t('public.thankYou.checking'),
    autoUpdate: t('public.thankYou.autoUpdate'),
    failedTitle: t('public.payment.failed'),
    unpaidTitle: t('public.thankYou.unpaidTitle'),
    unpaidBody: t('public.thankYou.unpaidBody'),
    tryAgain: t('public.thankYou.tryAgain'),
    refundedTitle: t('public.thankYou.refunded'),
    cancelledTitle: t('public.thankYou.cancelled'),
    closedBody: t('public.thankYou.closedBody', { organization }),
    details: t('public.thanksPage.details'),
    gift:
      d.kind === 'fee' && d.feeLabel
        ? d.feeLabel
        : d.kind === 'sponsor'
          ? t('public.thankYou.sponsorship')
          : t('public.checkout.gift'),
    processingFee: t('public.checkout.processingFee'),
    total: t('public.checkout.total'),
    organization: t('public.thanksPage.organization'),
    campaign: t('public.thankYou.campaign'),
    player: t('public.thankYou.player'),
    receipt: t('public.thankYou.receipt'),
    shown: t('public.thankYou.shown'),
    anonymous: t('public.supporters.anonymous'),
    receiptSent: t('public.thankYou.receiptSent', { total: formatMoney(d.totalCents, lang, { whole: true }) }),
    back: t('public.donate.back', { name }),
    sharePrompt: t('public.thankYou.sharePrompt', { name }),
  };
}

export function shareProps(lang: Language, url: string, name: string): ThankYouShareProps {
  const t = tFor(lang);
  return {
    url,
    name,
    strings: {
      title: t('public.share.title'),
      link: t('public.share.link'),
      copy: t('public.share.copy'),
      copied: t('public.share.copied'),
      copiedLong: t('public.share.copiedLong'),
      shareOn: t('public.thanksPage.shareOn'),
      email: t('public.thanksPage.email'),
      emailBody: t('public.thanksPage.emailBody', { name, url }),
    },
  };
}

export interface ThankYouPageProps {
  lang: Language;
  donation: ThankYouData;
  /** PUBLIC_URL: the share card's address is absolute. */
  baseUrl: string;
  /** The address asked for, with its query: where "reload" leads without JavaScript. */
  path: string;
}

export function ThankYouPage({ lang, donation: d, baseUrl, path }: ThankYouPageProps) {
  const t = tFor(lang);
  const page = donationPagePath(d);
  const name = d.fundraiser?.name ?? d.campaign?.title ?? d.organization.name;
  const share = shareProps(lang, `${baseUrl}${page}`, name);
  const donation = shownDonation(d);
  const props = {
    donation,
    strings: strings(lang, d),
    context: {
      lang,
      organization: d.organization.name,
      campaign: d.campaign?.title ?? null,
      player: d.fundraiser?.name ?? null,
      backHref: withLang(page, lang),
      cartHref: withLang(`/donations/${encodeURIComponent(d.donationId)}/cart`, lang),
    },
  };
  // A pending gift may still change: the island checks it; anything else is final.
  if (d.status === 0)
    return (
      <div class="thanks">
        <Island name="thankyou" component={ThankYouStatus} props={{ ...props, share }} />
        {isSettling(d) && (
          <noscript>
            <p class="thanks-noscript">
              {t('public.thanksPage.reload')} <a href={withLang(path, lang)}>{t('public.thanksPage.reloadLink')}</a>
            </p>
          </noscript>
        )}
      </div>
    );
  return (
    <div class="thanks">
      <ThankYouDetails {...props} share={<Island name="share" component={ThankYouShare} props={share} />} />
    </div>
  );
}

/** A message page: the campaign or player thank-you without a donation, a gone donation, a refused cart. */
export function ThanksMessage({
  title,
  body,
  action,
  testId,
}: {
  title: string;
  body: string;
  action: { href: string; label: string; testId?: string } | null;
  testId: string;
}) {
  return (
    <section class="thanks-message" data-testid={testId} aria-labelledby="thanks-message-title">
      <h1 id="thanks-message-title">{title}</h1>
      <p>{body}</p>
      {action && (
        <p>
          <a class="button primary" href={action.href} data-testid={action.testId}>
            {action.label}
          </a>
        </p>
      )}
    </section>
  );
}
