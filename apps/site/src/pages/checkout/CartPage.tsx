/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/donations/{id}/cart`, the abandoned cart (spec §2): a completed donation thanks the donor; a
 * pending or failed one can be paid, on the same payment intent (the cart island); a refunded or
 * cancelled one shows its state, never a payment form.
 */
import type { AbandonedCart } from '@fc/contracts';
import { isResumableStatus } from '@fc/contracts/donation-rules';
import { CartResume } from '../../islands/checkout/CartResume';
import { donatePath, pagePath, usd } from '../../islands/checkout/logic';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { Avatar } from './CheckoutPage';
import { paymentStrings } from './strings';

/** The client secret the cart carries (`paymentStatus` is a JSON string holding `client_secret`). */
export function secretOf(paymentStatus: string | null): string | null {
  if (!paymentStatus) return null;
  try {
    const secret = (JSON.parse(paymentStatus) as { client_secret?: unknown } | null)?.client_secret;
    return typeof secret === 'string' && secret ? secret : null;
  } catch {
    return null;
  }
}

export function CartPage({ lang, cart }: { lang: Language; cart: AbandonedCart }) {
  const t = tFor(lang);
  const name = cart.fundraiser?.name ?? cart.campaign.title;
  const resumable = isResumableStatus(cart.status);
  const total = cart.donationAmount + cart.coverFeeAmount;
  let title: string;
  let intro: string;
  if (cart.status === 1) {
    title = t('public.cart.thanksTitle');
    intro = t('public.cart.thanksBody', { name });
  } else if (resumable) {
    title = t('public.cart.continueTitle');
    intro = t('public.cart.continueBody', { firstName: cart.donorFirstName, name });
  } else {
    title = cart.status === 3 ? t('public.thankYou.refunded') : t('public.thankYou.cancelled');
    intro = t('public.thankYou.closedBody', { organization: cart.organization.name });
  }
  const { strings, codes } = paymentStrings(lang);
  return (
    <section class="pay-page">
      <div class="pay-card">
        <header class="pay-header">
          <Avatar src={cart.organization.logoUrl} name={cart.organization.name} round={false} />
          <div class="pay-heading">
            <h1 data-testid="cart-title">{title}</h1>
            <p class="pay-muted">{intro}</p>
          </div>
        </header>
        <dl class="pay-facts" data-testid="cart-context">
          <dt>{t('public.thankYou.campaign')}</dt>
          <dd>{cart.campaign.title}</dd>
          <dt>{t('public.checkout.form.organization')}</dt>
          <dd>{cart.organization.name}</dd>
          {cart.fundraiser ? (
            <>
              <dt>{t('public.thankYou.player')}</dt>
              <dd>{cart.fundraiser.name}</dd>
            </>
          ) : null}
          {cart.feeLabel ? (
            <>
              <dt>{t('public.cart.fee')}</dt>
              <dd>{cart.feeLabel}</dd>
            </>
          ) : null}
          {!resumable || cart.donationAmount > 0 ? (
            <>
              <dt>{resumable ? t('public.cart.previousAmount') : t('public.checkout.gift')}</dt>
              <dd>
                <span data-testid="cart-amount">{usd(cart.donationAmount, lang)}</span>
                {cart.coverFeeAmount > 0 && !resumable
                  ? ` ${t('public.cart.plusFee', { fee: usd(cart.coverFeeAmount, lang), total: usd(total, lang) })}`
                  : ''}
              </dd>
            </>
          ) : null}
        </dl>
        {cart.status === 1 ? (
          <div class="pay-stack">
            <p class="pay-notice pay-success">{t('public.cart.thanksNote')}</p>
            <p>
              <a
                class="button primary"
                href={withLang(donatePath(cart.campaign.slug, cart.fundraiser?.slug), lang)}
                data-testid="cart-donate-again"
              >
                {t('public.checkout.submit')}
              </a>
            </p>
          </div>
        ) : resumable ? (
          <Island
            name="cart"
            component={CartResume}
            props={{
              lang,
              strings,
              codes,
              cart: {
                id: cart.id,
                status: cart.status,
                provider: cart.provider,
                publishableKey: cart.publishableKey,
                fee: cart.fee,
                feeLabel: cart.feeLabel,
                donationAmount: cart.donationAmount,
                coverFeeAmount: cart.coverFeeAmount,
                organization: cart.organization.name,
                clientSecret: secretOf(cart.paymentStatus),
              },
            }}
          />
        ) : null}
      </div>
      <p>
        <a
          class="pay-back"
          href={withLang(pagePath(cart.campaign.slug, cart.fundraiser?.slug), lang)}
          data-testid="cart-back"
        >
          ← {t('public.donate.back', { name })}
        </a>
      </p>
    </section>
  );
}
