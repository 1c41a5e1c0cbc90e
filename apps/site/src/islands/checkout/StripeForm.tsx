/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Stripe's Payment Element (provider `stripe`), with `@stripe/stripe-js` directly (decision 017:
 * no react-stripe-js): `loadStripe`, `elements({ clientSecret })`, `create('payment')` mounted
 * in an effect, `elements.submit()` then `confirmPayment`, which leaves for the thank-you page
 * (`return_url`) on success. This module and Stripe.js load only when the provider is Stripe.
 */
import { loadStripe, type Stripe, type StripeElementLocale, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { thankYouPath, usd } from './logic';
import type { PaymentFormProps } from './PaymentPanel';

/** One Stripe.js per publishable key for the visit. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let s = stripes.get(key);
  if (!s) {
    s = loadStripe(key);
    stripes.set(key, s);
  }
  return s;
}

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function StripeForm(p: PaymentFormProps) {
  const { say, lang, publishableKey, clientSecret } = p;
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  // A new client secret (another donation) needs new Elements.
  useEffect(() => {
    if (!publishableKey || !clientSecret || !host.current) return;
    let live = true;
    let unmount: (() => void) | null = null;
    setReady(false);
    stripeFor(publishableKey)
      .then((s) => {
        if (!live || !s || !host.current) {
          if (live && !s) setFailed(true);
          return;
        }
        const dark = document.documentElement.dataset.theme === 'dark';
        const els = s.elements({
          clientSecret,
          locale: (lang === 'es' ? 'es' : 'en') as StripeElementLocale,
          appearance: {
            theme: dark ? 'night' : 'stripe',
            variables: { colorPrimary: cssVar('--primary', '#3949ab'), borderRadius: '8px' },
          },
        });
        const element = els.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.mount(host.current);
        unmount = () => element.destroy();
        setStripe(s);
        setElements(els);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      unmount?.();
    };
  }, [publishableKey, clientSecret, lang]);

  if (!publishableKey || !clientSecret || failed)
    return (
      <p class="pay-notice pay-error" role="alert">
        {say('payment.unexpected')}
      </p>
    );

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!stripe || !elements || pending || p.done) return;
    if (p.canPay && !p.canPay()) return;
    setPending(true);
    p.onAttempt();
    try {
      // Stripe checks its own fields first (and shows their problems in the element).
      const checked = await elements.submit();
      if (checked.error) return;
      let id = p.donationId;
      if (p.prepare) {
        // The cart resumes the same payment intent (maybe with a new amount): Elements re-reads it.
        id = (await p.prepare()).donationId;
        await elements.fetchUpdates();
      }
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${thankYouPath(id)}?lang=${lang}` },
      });
      // confirmPayment only comes back on an error; success leaves for the return_url.
      const known = error.type === 'card_error' || error.type === 'validation_error';
      p.onMessage({
        tone: 'error',
        text: (known && error.message) || say('payment.unexpected'),
        detail: null,
      });
    } catch (err) {
      p.onFailure(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form class="pay-stack" noValidate onSubmit={submit} aria-label={say('card.form')}>
      <div ref={host} class="pay-stripe" />
      <button
        type="submit"
        class="button primary pay-wide"
        disabled={!stripe || !elements || !ready || pending || p.done}
        data-testid="card-submit"
      >
        {pending ? say('card.paying') : say('card.submit', { total: usd(p.totalCents, lang) })}
      </button>
    </form>
  );
}
