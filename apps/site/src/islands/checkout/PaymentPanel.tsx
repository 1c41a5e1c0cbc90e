/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The card step shared by the checkout and the cart: the sandbox card form, or Stripe's Payment
 * Element (its module and Stripe.js load only when the provider is Stripe), and the message
 * area. Succeeded or processing opens /donations/{id}/thank-you; a decline keeps the form for
 * another card on the same donation.
 */
import { type ComponentType, h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isApiFailure } from './api';
import { failureMessage, type PaymentMessage, resultMessage, thankYouPath } from './logic';
import { SandboxCardForm } from './SandboxCardForm';
import { PaymentMessageArea } from './Summary';
import type { Say, Strings } from './strings';
import type { DonationCheckout, FieldError, PaymentProviderKind } from './types';

/** How long "Payment succeeded!" stays on screen before the thank-you page opens. */
export const THANK_YOU_DELAY_MS = 700;

export interface PaymentFormProps {
  say: Say;
  lang: string;
  donationId: string;
  totalCents: number;
  clientSecret: string | null;
  publishableKey: string | null;
  prepare?: (() => Promise<DonationCheckout>) | undefined;
  canPay?: (() => boolean) | undefined;
  onAttempt: () => void;
  onResult: (result: { result: string; message: string | null }, donationId: string) => void;
  onFailure: (error: unknown) => FieldError[];
  onMessage: (message: PaymentMessage) => void;
  /** Paid (or processing): the form stays, disabled, until the thank-you page opens. */
  done: boolean;
}

export interface PaymentPanelProps {
  say: Say;
  lang: string;
  codes: Strings;
  provider: PaymentProviderKind;
  donationId: string;
  totalCents: number;
  clientSecret: string | null;
  publishableKey: string | null;
  prepare?: () => Promise<DonationCheckout>;
  canPay?: () => boolean;
}

/** Where the browser goes after a payment (tests replace it). */
export const navigation = { go: (href: string) => window.location.assign(href) };

export function PaymentPanel(p: PaymentPanelProps) {
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  const [done, setDone] = useState(false);
  const [Stripe, setStripe] = useState<ComponentType<PaymentFormProps> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (p.provider !== 'stripe') return;
    let live = true;
    void import('./StripeForm').then((m) => {
      if (live) setStripe(() => m.StripeForm);
    });
    return () => {
      live = false;
    };
  }, [p.provider]);

  const props: PaymentFormProps = {
    say: p.say,
    lang: p.lang,
    donationId: p.donationId,
    totalCents: p.totalCents,
    clientSecret: p.clientSecret,
    publishableKey: p.publishableKey,
    prepare: p.prepare,
    canPay: p.canPay,
    done,
    onAttempt: () => setMessage(null),
    onMessage: setMessage,
    onResult: (res, id) => {
      setMessage(resultMessage(p.say, res.result, res.message));
      if (res.result === 'succeeded' || res.result === 'processing') {
        setDone(true);
        timer.current = setTimeout(() => navigation.go(`${thankYouPath(id)}?lang=${p.lang}`), THANK_YOU_DELAY_MS);
      }
    },
    onFailure: (error) => {
      setMessage(failureMessage(p.say, p.codes, p.lang, error));
      return isApiFailure(error) ? error.fieldErrors : [];
    },
  };

  return (
    <div class="pay-stack">
      {p.provider === 'stripe' ? (
        Stripe ? (
          h(Stripe, props)
        ) : (
          <div class="pay-loading" aria-busy="true">
            {p.say('checkout.form.loading')}
          </div>
        )
      ) : (
        <SandboxCardForm {...props} />
      )}
      <PaymentMessageArea message={message} />
    </div>
  );
}
