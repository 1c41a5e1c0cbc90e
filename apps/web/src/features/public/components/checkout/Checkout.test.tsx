/**
 * The checkout's details step as a donor uses it (issue 12), rendered with React DOM in
 * happy-dom (Testing Library is not installed): the amount typed in the interface language, the
 * ambiguous amount refused with its message, the exact extra of "cover the fee", the minimum.
 */
import type { CheckoutContext } from '@fc/contracts';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../../lib/auth/AuthProvider';
import i18n from '../../../../lib/i18n';
import { PreferencesProvider } from '../../../../lib/prefs/PreferencesProvider';
import { Checkout } from './Checkout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | null = null;
let host: HTMLElement;

async function render(ui: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <MemoryRouter initialEntries={['/campaigns/rockets-spring-drive/donate']}>
        <PreferencesProvider>
          <AuthProvider>{ui}</AuthProvider>
        </PreferencesProvider>
      </MemoryRouter>,
    );
  });
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) => {
  const el = host.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no [data-testid="${id}"]`);
  return el;
};
const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

/** Types into a controlled input the way a browser does (React listens to the input event). */
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (el: HTMLElement) =>
  act(async () => {
    el.click();
  });
const submit = () => click(byTestId('donate-submit'));
const amountHelper = () => host.querySelector('#donate-amount-helper')?.textContent ?? '';

async function fillDonor() {
  await type(host.querySelector<HTMLInputElement>('#donate-first-name')!, 'Lucía');
  await type(host.querySelector<HTMLInputElement>('#donate-last-name')!, 'Pérez');
  await type(host.querySelector<HTMLInputElement>('#donate-email')!, 'lucia@example.test');
}

describe('the checkout, as a donor types', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('es');
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    host.remove();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('reads "25,50" in Spanish as $25.50 and adds the exact extra of the fee when asked', async () => {
    await render(<Checkout context={CONTEXT} />);
    await type(byTestId<HTMLInputElement>('donate-amount'), '25,50');
    expect(text('donate-total')).toBe('25,50\u00a0US$');
    // DECISIONS §5, 2.9% + 30 cents: (25.50 + 0.30) / (1 - 0.029) = 26.5705… rounded up to 26.58.
    expect(text('donate-fee-extra')).toBe('(+1,08\u00a0US$)');
    await click(byTestId('donate-cover-fee'));
    expect(text('donate-total')).toBe('26,58\u00a0US$');

    // The request carries the cents read, and the fee choice (the server computes the fee again).
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Promise<Response>(() => undefined);
      }),
    );
    await fillDonor();
    await submit();
    expect(sent).toEqual([expect.objectContaining({ amountCents: 2550, coverFee: true, language: 'es' })]);
  });

  it('refuses an ambiguous amount with the message that says why, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await render(<Checkout context={CONTEXT} />);
    await type(byTestId<HTMLInputElement>('donate-amount'), '25,500');
    expect(host.querySelector('[data-testid="donate-total"]')).toBeNull();
    await fillDonor();
    await submit();
    expect(amountHelper()).toBe(
      'Este monto se lee de dos maneras: centavos tras una coma (25,50), miles tras un punto (25.500) o sin nada (25500).',
    );
    expect(document.activeElement?.id).toBe('donate-amount');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses less than the $5 minimum, in English too', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await render(<Checkout context={CONTEXT} />);
    await type(byTestId<HTMLInputElement>('donate-amount'), '4.99');
    await fillDonor();
    await submit();
    expect(amountHelper()).toBe('Give at least $5.');
    expect(fetch).not.toHaveBeenCalled();
    // A preset fills the field in the language's own way and clears the problem.
    await click(byTestId('donate-preset-2500'));
    expect(byTestId<HTMLInputElement>('donate-amount').value).toBe('25');
    expect(text('donate-total')).toBe('$25');
    expect(amountHelper()).not.toBe('Give at least $5.');
  });
});
