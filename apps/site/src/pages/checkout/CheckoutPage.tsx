/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate` and `/campaigns/pay_fees/{id}` (spec §2
 * "Donation checkout"): who the money goes to (photo or logo, heading, campaign and organization),
 * the sandbox label, and the checkout island rendered whole (amount, fee cover, donor, consent).
 */
import type { CheckoutContext } from '@fc/contracts';
import { Checkout } from '../../islands/checkout/Checkout';
import { pagePath, usd } from '../../islands/checkout/logic';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { paymentStrings } from './strings';

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
function formatDay(day: string, lang: Language): string {
  let f = dayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'es' ? 'es' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(lang, f);
  }
  return f.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

export function Avatar({ src, name, round }: { src: string | null; name: string; round: boolean }) {
  return src ? (
    <img class={round ? 'pay-avatar pay-round' : 'pay-avatar'} src={src} alt="" width={56} height={56} />
  ) : (
    <span class={round ? 'pay-avatar pay-round' : 'pay-avatar'} aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

export function CheckoutPage({ lang, context, path }: { lang: Language; context: CheckoutContext; path: string }) {
  const t = tFor(lang);
  const isFee = context.kind === 'fee' && context.feeRequest !== null;
  const name = context.fundraiser?.name ?? context.campaign.title;
  const heading = isFee
    ? t('public.checkout.feeTitle', { label: context.feeRequest?.label ?? '' })
    : t('public.donate.title', { name });
  const due =
    isFee && context.feeRequest?.dueDate
      ? t('public.checkout.due', { date: formatDay(context.feeRequest.dueDate, lang) })
      : null;
  const { strings, codes } = paymentStrings(lang);
  return (
    <section class="pay-page">
      <div class="pay-card">
        <header class="pay-header">
          <Avatar
            src={context.fundraiser?.avatarUrl ?? context.organization.logoUrl}
            name={name}
            round={Boolean(context.fundraiser)}
          />
          <div class="pay-heading">
            <p class="pay-overline">{t('public.checkout.pageTitle')}</p>
            <h1 data-testid="page-title">{heading}</h1>
            <p class="pay-muted" data-testid="checkout-context">
              {isFee || context.fundraiser
                ? t('public.checkout.context', {
                    campaign: context.campaign.title,
                    organization: context.organization.name,
                  })
                : context.organization.name}
            </p>
            {isFee && context.feeRequest ? (
              <p class="pay-fee-amount" data-testid="fee-amount">
                {t('public.checkout.amountDue')}: <strong>{usd(context.feeRequest.amountCents, lang)}</strong>
              </p>
            ) : null}
          </div>
        </header>
        {context.provider === 'sandbox' ? (
          // Labelled from the first step, not only next to the card form (issue 5).
          <p class="pay-notice pay-warning" data-testid="donate-sandbox-label">
            {t('public.card.sandboxTitle')}
          </p>
        ) : null}
        {!context.acceptingDonations ? (
          <p class="pay-notice pay-info" data-testid="not-accepting">
            {t('public.donate.closed')}
          </p>
        ) : (
          <Island name="checkout" component={Checkout} props={{ lang, context, strings, codes, due, path }} />
        )}
      </div>
      <p>
        <a
          class="pay-back"
          href={withLang(pagePath(context.campaign.slug, context.fundraiser?.slug), lang)}
          data-testid="donate-back"
        >
          ← {t('public.donate.back', { name })}
        </a>
      </p>
    </section>
  );
}
