/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The cart island (`/donations/{id}/cart`, a pending or failed donation): amount, fee choice and
 * the card, on the SAME payment intent (POST /abandoned_cart/{id} before each attempt). Paid,
 * refunded or cancelled meanwhile (409): the page is loaded again and shows the cart as it is.
 */
import {
  coverFeeCents,
  DEFAULT_CART_AMOUNT_CENTS,
  type FeeRule,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
} from '@fc/contracts/donation-rules';
import { centsToInput } from '@fc/contracts/money';
import { parseMoney } from '@fc/contracts/money-parse';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { AmountFields } from './AmountFields';
import { isApiFailure, resumeCart } from './api';
import { amountProblem, bodyField, contractFieldMessage, failureMessage } from './logic';
import { PaymentPanel } from './PaymentPanel';
import { ConsentText } from './Summary';
import { type Strings, sayFrom } from './strings';
import type { DonationCheckout, PaymentProviderKind } from './types';

export interface CartData {
  id: string;
  status: number;
  provider: PaymentProviderKind;
  publishableKey: string | null;
  fee: FeeRule;
  feeLabel: string | null;
  donationAmount: number;
  coverFeeAmount: number;
  organization: string;
  /** The payment intent's client secret the cart carries (Stripe), or null. */
  clientSecret: string | null;
}

export interface CartResumeProps {
  lang: 'en' | 'es';
  cart: CartData;
  strings: Strings;
  codes: Strings;
}

/** Reloads the page (tests replace it). */
export const reloadPage = { run: () => window.location.reload() };

export function CartResume({ lang, cart, strings, codes }: CartResumeProps) {
  const say = useMemo(() => sayFrom(strings), [strings]);
  const isFee = cart.feeLabel !== null;
  const [amountText, setAmountText] = useState(() =>
    centsToInput(cart.donationAmount > 0 ? cart.donationAmount : DEFAULT_CART_AMOUNT_CENTS, lang),
  );
  const [coverFee, setCoverFee] = useState(cart.coverFeeAmount > 0);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [secret, setSecret] = useState(cart.clientSecret);
  const [secretFailed, setSecretFailed] = useState<unknown>(null);
  const amount = parseMoney(amountText, lang);
  const amountCents = amount.ok ? amount.cents : null;
  const extra = amountCents !== null && amountCents > 0 && coverFee ? coverFeeCents(amountCents, cart.fee) : 0;
  const totalCents = (amountCents ?? 0) + extra;

  // Stripe's Payment Element needs the intent's client secret before it can show: resume once.
  const asked = useRef(false);
  useEffect(() => {
    if (cart.provider !== 'stripe' || secret || asked.current) return;
    asked.current = true;
    resumeCart(cart.id, {})
      .then((r) => setSecret(r.clientSecret))
      .catch((err: unknown) => setSecretFailed(err ?? new Error('resume')));
  }, [cart.provider, cart.id, secret]);

  const canPay = () => {
    const problem = isFee
      ? null
      : amountProblem(say, lang, amount, { minCents: MIN_DONATION_CENTS, maxCents: MAX_DONATION_CENTS });
    setAmountError(problem);
    if (problem) document.getElementById('donate-amount')?.focus();
    return problem === null;
  };

  const prepare = async (): Promise<DonationCheckout> => {
    try {
      // A fee's amount is the fee request's: only the fee choice can change.
      const res = await resumeCart(cart.id, isFee ? { coverFee } : { amountCents: amountCents ?? undefined, coverFee });
      if (res.clientSecret && res.clientSecret !== secret && cart.provider === 'stripe') setSecret(res.clientSecret);
      return res;
    } catch (err) {
      if (isApiFailure(err)) {
        const fe = err.fieldErrors.find((f) => bodyField(f.path) === 'amountCents');
        if (fe) setAmountError(contractFieldMessage(say, fe.message, lang));
        if (err.status === 409) reloadPage.run();
      }
      throw err;
    }
  };

  return (
    <div class="pay-stack">
      {cart.status === 2 ? (
        <p class="pay-notice pay-warning" data-testid="cart-failed-before">
          {say('cart.failedBefore')}
        </p>
      ) : null}
      <AmountFields
        say={say}
        lang={lang}
        amountText={amountText}
        onAmountText={(text) => {
          setAmountText(text);
          setAmountError(null);
        }}
        amountCents={amountCents}
        amountError={amountError}
        coverFee={coverFee}
        onCoverFee={setCoverFee}
        fee={cart.fee}
        organization={cart.organization}
        fixed={isFee}
        giftLabel={cart.feeLabel ?? undefined}
        label={isFee ? say('checkout.amountDue') : say('cart.amount')}
      />
      <h2>{say('checkout.payTitle')}</h2>
      {cart.provider === 'stripe' && !secret ? (
        secretFailed ? (
          <p class="pay-notice pay-error" role="alert">
            {failureMessage(say, codes, lang, secretFailed).text}
          </p>
        ) : (
          <div class="pay-loading" aria-busy="true">
            {say('checkout.form.loading')}
          </div>
        )
      ) : (
        <PaymentPanel
          say={say}
          lang={lang}
          codes={codes}
          provider={cart.provider}
          donationId={cart.id}
          totalCents={totalCents}
          clientSecret={secret}
          publishableKey={cart.publishableKey}
          prepare={prepare}
          canPay={canPay}
        />
      )}
      <ConsentText say={say} lang={lang} />
    </div>
  );
}
