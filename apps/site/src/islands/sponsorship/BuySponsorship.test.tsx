/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Buy island (issue 17) as a buyer uses it, on the server's markup hydrated in place
 * (happy-dom): the details checked before anything is sent, the body of POST /public/sponsorships
 * with the price shown, the hold's notice and the checkout's card step on the payment it created
 * (4242 opens the thank-you page), a sold-out 409, and a changed price with the way to continue.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../../entries/hydrate';
import { Island } from '../../lib/island';
import type { Language } from '../../lib/strings';
import { paymentStrings } from '../../pages/checkout/strings';
import { buyStrings } from '../../pages/sponsorship/strings';
import { navigation, THANK_YOU_DELAY_MS } from '../checkout/PaymentPanel';
import { BuySponsorship } from './BuySponsorship';

type Answer = { status: number; json?: unknown; text?: string };
function server(routes: Record<string, (body: unknown) => Answer>) {
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route, body });
      const handler = routes[route];
      if (!handler) throw new Error(`unexpected ${route}`);
      const a = handler(body);
      return new Response(a.text ?? JSON.stringify(a.json), { status: a.status });
    }),
  );
  return calls;
}

const errors = vi.spyOn(console, 'error');
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  errors.mockClear();
});

const OPPORTUNITY = { slug: 'gold-banner', name: 'Gold Banner', priceCents: 50_000 };

async function mount(lang: Language = 'en') {
  const props = { lang, opportunity: OPPORTUNITY, strings: buyStrings(lang), codes: paymentStrings(lang).codes };
  document.body.innerHTML = renderToString(<Island name="buy" component={BuySponsorship} props={props} />);
  const form = document.querySelector('form');
  await act(() => hydrateIslands({ buy: BuySponsorship }));
  expect(document.querySelector('form')).toBe(form);
}

const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => {
  const el = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
const type = (id: string, value: string) =>
  act(() => {
    const el = byTestId<HTMLInputElement>(id);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const click = (id: string) => act(() => byTestId(id).click());
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

async function fill() {
  await type('sp-first-name', 'Rosa');
  await type('sp-last-name', 'Rivera');
  await type('sp-email', 'rosa@example.test');
  await type('sp-business', 'Rivera Plumbing');
}

const BOUGHT = {
  donationId: 'sp0nsor-public-id-1234',
  status: 0,
  amountCents: 50_000,
  coverFeeCents: 0,
  totalCents: 50_000,
  provider: 'sandbox',
  clientSecret: 'sandbox_secret',
  publishableKey: null,
  holdExpiresAt: '2026-11-26T18:00:00.000Z',
  sponsorshipThankYou: '/donations/sp0nsor-public-id-1234/thank-you',
};

describe('the Buy island', () => {
  it('checks the details, holds a unit at the price shown, then pays with the checkout card step', async () => {
    const calls = server({
      'POST /api/v1/public/sponsorships': () => ({ status: 200, json: { data: BOUGHT } }),
      [`POST /api/v1/public/donations/${BOUGHT.donationId}/confirm`]: () => ({
        status: 200,
        json: { data: { result: 'succeeded', message: null, donationId: BOUGHT.donationId, status: 1 } },
      }),
    });
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    await mount();
    await click('sp-submit');
    expect(calls).toHaveLength(0);
    expect(byTestId('sp-first-name').getAttribute('aria-invalid')).toBe('true');
    await fill();
    await click('sp-submit');
    await settle();
    expect(calls[0]).toEqual({
      route: 'POST /api/v1/public/sponsorships',
      body: {
        opportunity: 'gold-banner',
        priceCents: 50_000,
        firstName: 'Rosa',
        lastName: 'Rivera',
        email: 'rosa@example.test',
        businessName: 'Rivera Plumbing',
        language: 'en',
      },
    });
    expect(text('sp-held')).toContain('This unit is held for you for 15 minutes');
    expect(text('pay-total')).toBe('$500.00');
    await click('sandbox-card-success');
    await type('card-expiry', '12/34');
    await type('card-cvc', '123');
    await click('card-submit');
    await settle();
    expect(calls.at(-1)?.body).toEqual({ cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
    await act(() => new Promise((r) => setTimeout(r, THANK_YOU_DELAY_MS + 50)));
    expect(go).toHaveBeenCalledWith(`/donations/${BOUGHT.donationId}/thank-you?lang=en`);
    expect(errors).not.toHaveBeenCalled();
  });

  it('says sold out plainly (409), in Spanish', async () => {
    server({
      'POST /api/v1/public/sponsorships': () => ({
        status: 409,
        json: { hasError: true, code: 'SPONSORSHIP_SOLD_OUT', message: 'Sold out.' },
      }),
    });
    await mount('es');
    await fill();
    await click('sp-submit');
    await settle();
    expect(text('sp-error')).toBe('Lo sentimos, este patrocinio se acaba de agotar.');
    expect(document.querySelector('[data-testid="card-submit"]')).toBeNull();
  });

  it('a changed price shows the new one and continues at it when asked', async () => {
    let price = 50_000;
    const calls = server({
      'POST /api/v1/public/sponsorships': (body) =>
        (body as { priceCents: number }).priceCents === price
          ? { status: 200, json: { data: { ...BOUGHT, amountCents: price, totalCents: price } } }
          : { status: 409, json: { hasError: true, code: 'SPONSORSHIP_PRICE_CHANGED', message: 'Price changed.' } },
      'GET /sponsorships/gold-banner': () => ({ status: 200, text: '<form data-sp-price="60000"></form>' }),
    });
    await mount();
    price = 60_000;
    await fill();
    await click('sp-submit');
    await settle();
    await settle();
    expect(text('sp-price-changed')).toContain('The price changed to $600.00');
    await click('sp-continue-price');
    await settle();
    expect(calls.at(-1)?.body).toMatchObject({ priceCents: 60_000 });
    expect(text('pay-total')).toBe('$600.00');
  });
});
