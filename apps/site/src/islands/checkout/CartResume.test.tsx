/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The cart's resume form (island `cart`) on the server's markup: the previous amount and fee
 * choice, each attempt resumes the SAME donation (POST /abandoned_cart/{id}) with the amount as
 * typed before the card is confirmed, and a cart paid or closed meanwhile (409) reloads the page.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../../entries/hydrate';
import { Island } from '../../lib/island';
import { paymentStrings } from '../../pages/checkout/strings';
import { type CartData, CartResume, reloadPage } from './CartResume';

const CART: CartData = {
  id: 'c4rt-public-id-123456',
  status: 2,
  provider: 'sandbox',
  publishableKey: null,
  fee: { percentBps: 290, fixedCents: 30 },
  feeLabel: null,
  donationAmount: 3000,
  coverFeeAmount: 0,
  organization: 'Riverside Rockets U12',
  clientSecret: null,
};

const errors = vi.spyOn(console, 'error');
const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => {
  const el = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const type = (id: string, value: string) =>
  act(() => {
    const el = byTestId<HTMLInputElement>(id);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

async function mount(cart: CartData = CART) {
  const { strings, codes } = paymentStrings('en');
  document.body.innerHTML = renderToString(
    <Island name="cart" component={CartResume} props={{ lang: 'en', cart, strings, codes }} />,
  );
  await act(() => hydrateIslands({ cart: CartResume }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  errors.mockClear();
});

describe('the cart island', () => {
  it('resumes the same donation with the amount typed, then confirms the card on it', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        const data = url.endsWith('/confirm')
          ? {
              result: 'requires_payment_method',
              message: 'Your card has insufficient funds.',
              donationId: CART.id,
              status: 2,
            }
          : {
              donationId: CART.id,
              status: 2,
              amountCents: 3500,
              coverFeeCents: 136,
              totalCents: 3636,
              provider: 'sandbox',
              clientSecret: 's',
              publishableKey: null,
            };
        return new Response(JSON.stringify({ data }), { status: 200 });
      }),
    );
    await mount();
    expect(byTestId<HTMLInputElement>('donate-amount').value).toBe('30');
    expect(byTestId('cart-failed-before').textContent).toContain('not successful');
    expect(byTestId('card-submit').textContent).toBe('Donate Now · $30');
    await type('donate-amount', '35');
    await act(() => byTestId('donate-cover-fee').click());
    expect(byTestId('card-submit').textContent).toBe('Donate Now · $36.36');
    await type('card-number', '4000000000009995');
    await type('card-expiry', '12/34');
    await type('card-cvc', '123');
    await act(() => byTestId('card-submit').click());
    await settle();
    expect(calls).toEqual([
      { url: `/api/v1/abandoned_cart/${CART.id}`, body: { amountCents: 3500, coverFee: true } },
      {
        url: `/api/v1/public/donations/${CART.id}/confirm`,
        body: { cardNumber: '4000000000009995', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    ]);
    expect(byTestId('payment-message').textContent).toContain('Your card has insufficient funds.');
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses an amount under the minimum before any call; a cart closed meanwhile (409) reloads the page', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            hasError: true,
            code: 'DONATION_NOT_RESUMABLE',
            message: 'This donation is already paid. Thank you!',
          }),
          {
            status: 409,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.spyOn(reloadPage, 'run').mockImplementation(() => undefined);
    await mount();
    await type('donate-amount', '2');
    await type('card-number', '4242424242424242');
    await type('card-expiry', '12/34');
    await type('card-cvc', '123');
    await act(() => byTestId('card-submit').click());
    expect(document.getElementById('donate-amount-helper')?.textContent).toBe('Give at least $5.');
    expect(fetchMock).not.toHaveBeenCalled();
    await type('donate-amount', '30');
    await act(() => byTestId('card-submit').click());
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(byTestId('payment-message').textContent).toBe('This donation is already paid. Thank you!');
  });
});
