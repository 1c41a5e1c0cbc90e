/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Payment Element path (provider `stripe`) with Stripe.js replaced: the island loads it only
 * for Stripe, mounts `elements.create('payment')` with the donation's client secret, checks the
 * element (`elements.submit()`), then `confirmPayment` with the thank-you page as `return_url`;
 * a card error comes back as Stripe's sentence in the message area.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentStrings } from '../../pages/checkout/strings';
import { PaymentPanel } from './PaymentPanel';
import { sayFrom } from './strings';

const stripe = vi.hoisted(() => {
  const element = { on: vi.fn((_e: string, f: () => void) => f()), mount: vi.fn(), destroy: vi.fn() };
  const elements = {
    create: vi.fn(() => element),
    submit: vi.fn(async () => ({})),
    fetchUpdates: vi.fn(async () => ({})),
  };
  const instance = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(async () => ({ error: { type: 'card_error', message: 'Your card was declined.' } })),
  };
  return { element, elements, instance, loadStripe: vi.fn(async () => instance) };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
/** Lets the lazy module load and Stripe's promises settle. */
async function until(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await settle();
}

afterEach(() => vi.clearAllMocks());

describe('the Payment Element', () => {
  it('mounts with the client secret and confirms with the thank-you page as return_url', async () => {
    const { strings, codes } = paymentStrings('es');
    document.body.innerHTML = '<div id="root"></div>';
    await act(() =>
      render(
        <PaymentPanel
          say={sayFrom(strings)}
          lang="es"
          codes={codes}
          provider="stripe"
          donationId="d0nat10n-public-id-1234"
          totalCents={2606}
          clientSecret="pi_123_secret_456"
          publishableKey="pk_test_123"
        />,
        document.getElementById('root') as HTMLElement,
      ),
    );
    await until(() => stripe.element.mount.mock.calls.length > 0);
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.instance.elements).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_123_secret_456', locale: 'es' }),
    );
    expect(stripe.elements.create).toHaveBeenCalledWith('payment', { layout: 'tabs' });
    expect(stripe.element.mount).toHaveBeenCalledTimes(1);
    const pay = document.querySelector<HTMLButtonElement>('[data-testid="card-submit"]');
    expect(pay?.textContent).toBe('Donar ahora · 26,06\u00a0US$');
    expect(pay?.disabled).toBe(false);
    await act(() => pay?.click());
    await settle();
    expect(stripe.elements.submit).toHaveBeenCalled();
    expect(stripe.instance.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}/donations/d0nat10n-public-id-1234/thank-you?lang=es` },
    });
    expect(document.querySelector('[data-testid="payment-message"]')?.textContent).toBe('Your card was declined.');
  });
});
