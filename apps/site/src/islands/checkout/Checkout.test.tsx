/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The checkout island as a donor uses it, on the server's own markup hydrated in place
 * (happy-dom): the amount typed in the page language and the exact extra of "cover the fee", the
 * amount and donor checks before anything is sent, the body of POST /public/donations, the card
 * step's results (a decline in Spanish, then 4242 and the thank-you page), and the fee's players.
 */
import type { CheckoutContext } from '@fc/contracts';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../../entries/hydrate';
import { Island } from '../../lib/island';
import type { Language } from '../../lib/strings';
import { paymentStrings } from '../../pages/checkout/strings';
import { Checkout } from './Checkout';
import { navigation, THANK_YOU_DELAY_MS } from './PaymentPanel';

const CONTEXT: CheckoutContext = {
  kind: 'campaign',
  campaign: { slug: 'rockets-spring-drive', title: 'Rockets Spring Drive', status: 'active' },
  fundraiser: null,
  organization: { name: 'Riverside Rockets U12', logoUrl: null },
  feeRequest: null,
  familyPlayers: [],
  acceptingDonations: true,
  provider: 'sandbox',
  publishableKey: null,
  fee: { percentBps: 290, fixedCents: 30 },
  presetsCents: [2000, 2500, 5000],
  minCents: 500,
  maxCents: 5_000_000,
};

type Handler = (body: unknown, init: RequestInit) => { status: number; json: unknown };
function server(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const route = `${init.method} ${url}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ route, body, auth: new Headers(init.headers).get('authorization') });
      const handler = routes[route];
      if (!handler) throw new Error(`unexpected ${route}`);
      const a = handler(body, init);
      return new Response(JSON.stringify(a.json), {
        status: a.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const errors = vi.spyOn(console, 'error');
const warnings = vi.spyOn(console, 'warn');

async function mount(lang: Language = 'en', context: CheckoutContext = CONTEXT) {
  const { strings, codes } = paymentStrings(lang);
  const props = { lang, context, strings, codes, due: null, path: '/campaigns/rockets-spring-drive/donate' };
  document.body.innerHTML = renderToString(<Island name="checkout" component={Checkout} props={props} />);
  const form = document.querySelector('form');
  await act(() => hydrateIslands({ checkout: Checkout }));
  // Hydrated in place: the server's form is the one in use.
  expect(document.querySelector('form')).toBe(form);
}

const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => {
  const el = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
const helper = (id: string) => document.getElementById(`${id}-helper`)?.textContent ?? '';
const type = (id: string, value: string) =>
  act(() => {
    const el = byTestId<HTMLInputElement>(id);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const click = (id: string) => act(() => byTestId(id).click());
/** Lets the fetches and their JSON settle, then Preact's updates. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

async function fillDonor() {
  await type('donate-first-name', 'Lucía');
  await type('donate-last-name', 'Pérez');
  await type('donate-email', 'lucia@example.test');
}

const CHECKOUT_DATA = {
  donationId: 'd0nat10n-public-id-1234',
  status: 0,
  amountCents: 2550,
  coverFeeCents: 108,
  totalCents: 2658,
  provider: 'sandbox',
  clientSecret: 'sandbox_secret',
  publishableKey: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  errors.mockClear();
  warnings.mockClear();
  localStorage.clear();
});

describe('the checkout island: amount and fee', () => {
  it('reads "25,50" in Spanish as $25.50 and adds the exact extra of the fee when asked', async () => {
    const calls = server({ 'POST /api/v1/public/donations': () => ({ status: 200, json: { data: CHECKOUT_DATA } }) });
    await mount('es');
    await type('donate-amount', '25,50');
    expect(text('donate-total')).toBe('25,50\u00a0US$');
    // 2.9% + 30 cents: (25.50 + 0.30) / (1 - 0.029) = 26.5705… rounded up to 26.58.
    expect(text('donate-fee-extra')).toBe('(+1,08\u00a0US$)');
    await click('donate-cover-fee');
    expect(text('donate-total')).toBe('26,58\u00a0US$');
    await fillDonor();
    await click('donate-submit');
    await settle();
    expect(calls.map((c) => c.route)).toEqual(['POST /api/v1/public/donations']);
    expect(calls[0]?.body).toEqual({
      campaign: 'rockets-spring-drive',
      amountCents: 2550,
      coverFee: true,
      firstName: 'Lucía',
      lastName: 'Pérez',
      email: 'lucia@example.test',
      anonymous: false,
      language: 'es',
    });
    // The card step, with the server's figures.
    expect(text('pay-total')).toBe('26,58\u00a0US$');
    expect(text('card-submit')).toBe('Donar ahora · 26,58\u00a0US$');
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('a preset fills the amount and is pressed', async () => {
    await mount('en');
    await click('donate-preset-2500');
    expect(byTestId<HTMLInputElement>('donate-amount').value).toBe('25');
    expect(byTestId('donate-preset-2500').getAttribute('aria-pressed')).toBe('true');
    expect(text('donate-total')).toBe('$25');
    expect(text('donate-fee-extra')).toBe('(+$1.06)');
  });

  it('refuses an ambiguous amount, one under the minimum, and missing details, and sends nothing', async () => {
    const calls = server({});
    await mount('es');
    await type('donate-amount', '25,500');
    await click('donate-submit');
    expect(helper('donate-amount')).toContain('se lee de dos maneras');
    expect(byTestId('donate-amount').getAttribute('aria-invalid')).toBe('true');
    expect(helper('donate-first-name')).toBe('Este campo es obligatorio');
    expect(document.activeElement).toBe(byTestId('donate-amount'));
    await type('donate-amount', '4');
    await fillDonor();
    await type('donate-email', 'lucia@');
    await click('donate-submit');
    expect(helper('donate-amount')).toBe('Dona al menos 5\u00a0US$.');
    expect(helper('donate-email')).toBe('Introduce un correo electrónico válido');
    expect(calls).toEqual([]);
  });

  it("shows the server's field errors next to their fields", async () => {
    server({
      'POST /api/v1/public/donations': () => ({
        status: 400,
        json: {
          hasError: true,
          code: 'VALIDATION',
          message: 'Bad',
          errors: [{ path: 'body.message', message: 'Keep the message under 500 characters' }],
        },
      }),
    });
    await mount('en');
    await type('donate-amount', '30');
    await fillDonor();
    await click('donate-submit');
    await settle();
    expect(helper('donate-message')).toBe('Keep the message under 500 characters.');
    expect(text('donate-error')).toBe('Bad');
  });
});

describe('the checkout island: the card step', () => {
  it('a declined card says so in Spanish and clears the number; 4242 succeeds and opens the thank-you page', async () => {
    let result = { result: 'requires_payment_method', message: 'Your card was declined.' };
    const calls = server({
      'POST /api/v1/public/donations': () => ({ status: 200, json: { data: CHECKOUT_DATA } }),
      [`POST /api/v1/public/donations/${CHECKOUT_DATA.donationId}/confirm`]: () => ({
        status: 200,
        json: { data: { ...result, donationId: CHECKOUT_DATA.donationId, status: 2 } },
      }),
    });
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    await mount('es');
    await type('donate-amount', '25,50');
    await fillDonor();
    await click('donate-submit');
    await settle();
    await click('card-submit');
    expect(helper('card-number')).toBe('Escribe el número de la tarjeta.');
    expect(byTestId('card-number').getAttribute('aria-invalid')).toBe('true');
    await type('card-number', '4000000000000002');
    expect(byTestId<HTMLInputElement>('card-number').value).toBe('4000 0000 0000 0002');
    await type('card-expiry', '12/34');
    await type('card-cvc', '123');
    await click('card-submit');
    await settle();
    expect(calls.at(-1)?.body).toEqual({ cardNumber: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' });
    expect(text('payment-message')).toContain('Tu pago no se realizó, inténtalo de nuevo.');
    expect(text('payment-message')).toContain('Tu tarjeta fue rechazada.');
    expect(byTestId<HTMLInputElement>('card-number').value).toBe('');
    result = { result: 'succeeded', message: null as unknown as string };
    await click('sandbox-card-success');
    expect(byTestId<HTMLInputElement>('card-number').value).toBe('4242 4242 4242 4242');
    await click('card-submit');
    await settle();
    expect(text('payment-message')).toBe('¡Pago realizado!');
    expect(byTestId<HTMLButtonElement>('card-submit').disabled).toBe(true);
    await act(() => new Promise((r) => setTimeout(r, THANK_YOU_DELAY_MS + 50)));
    expect(go).toHaveBeenCalledWith(`/donations/${CHECKOUT_DATA.donationId}/thank-you?lang=es`);
    expect(errors).not.toHaveBeenCalled();
  });

  it('too many attempts (429) and an outage say so; the form stays usable', async () => {
    let status = 429;
    server({
      'POST /api/v1/public/donations': () => ({ status: 200, json: { data: CHECKOUT_DATA } }),
      [`POST /api/v1/public/donations/${CHECKOUT_DATA.donationId}/confirm`]: () => ({
        status,
        json: { hasError: true, message: 'Slow down' },
      }),
    });
    await mount('en');
    await type('donate-amount', '25.50');
    await fillDonor();
    await click('donate-submit');
    await settle();
    await type('card-number', '4242424242424242');
    await type('card-expiry', '12/34');
    await type('card-cvc', '123');
    await click('card-submit');
    await settle();
    expect(text('payment-message')).toBe('Too many attempts. Please wait a few minutes and try again.');
    status = 503;
    await click('card-submit');
    await settle();
    expect(text('payment-message')).toBe('An unexpected error occured.');
    expect(byTestId<HTMLButtonElement>('card-submit').disabled).toBe(false);
  });
});

describe('the fee checkout', () => {
  const FEE: CheckoutContext = {
    ...CONTEXT,
    kind: 'fee',
    feeRequest: { id: 7, label: 'Uniform fee', amountCents: 4000, dueDate: null },
  };

  it('holds the fee read-only and asks a visitor to sign in for their player', async () => {
    await mount('en', FEE);
    const amount = byTestId<HTMLInputElement>('donate-amount');
    expect(amount.value).toBe('40');
    expect(amount.readOnly).toBe(true);
    expect(document.querySelector('[data-testid^="donate-preset-"]')).toBeNull();
    expect(text('donate-sign-in')).toContain('Sign in first');
  });

  it("a signed-in family's players come with its token, and one must be chosen", async () => {
    localStorage.setItem('accessToken', 'tok');
    const calls = server({
      'GET /api/v1/public/checkout?feeRequest=7': () => ({
        status: 200,
        json: {
          data: {
            ...FEE,
            familyPlayers: [
              { slug: 'ella', name: 'Ella B.' },
              { slug: 'max', name: 'Max B.' },
            ],
          },
        },
      }),
      'POST /api/v1/public/donations': () => ({ status: 200, json: { data: { ...CHECKOUT_DATA, amountCents: 4000 } } }),
    });
    await mount('en', FEE);
    await settle();
    expect(calls[0]?.auth).toBe('Bearer tok');
    expect(document.querySelector('[data-testid="donate-sign-in"]')).toBeNull();
    await fillDonor();
    await click('donate-submit');
    expect(helper('donate-player')).toBe('Choose the player this payment is for.');
    await click('donate-player-max');
    await click('donate-submit');
    await settle();
    expect(calls.at(-1)?.body).toMatchObject({ feeRequestId: 7, forPlayer: 'max', amountCents: 4000 });
  });
});
