/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The affiliate activation page (issue 16) with fixture data of the contract's shape, its form
 * hydrated in place: the terms in the HTML, the password rule and the terms checkbox checked
 * before any call, the call's body, the session stored as the console stores it and the move to
 * the affiliate dashboard, and the server's refusal next to the password.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { ActivatePage, type ActivationData } from '../pages/affiliate/ActivatePage';
import { ActivateForm, AFFILIATE_HOME } from './ActivateForm';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const data = (existingAccount: boolean): ActivationData => ({
  firstName: 'Ava',
  lastName: 'Abbott',
  email: 'ava@example.test',
  existingAccount,
  offer: {
    offerId: 3,
    program: {
      name: 'Founders',
      description: null,
      giftShareBps: 1250,
      teamFlatCents: 5_000,
      teamQualifyCents: 100_000,
      windowDays: 60,
      minPayoutCents: 2_500,
      dueDays: 30,
      termsVersion: 2,
      terms: 'Rule one.\nRule two.',
    },
  },
});

let calls: { url: string; body: Record<string, unknown> }[];
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
function server(status: number, json: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(json), { status });
    }),
  );
}
beforeEach(() => {
  calls = [];
  localStorage.clear();
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => vi.unstubAllGlobals());

async function mount(existing = false, lang: 'en' | 'es' = 'en') {
  document.body.innerHTML = renderToString(
    <ActivatePage lang={lang} state={{ kind: 'ok', token: TOKEN, data: data(existing) }} />,
  );
  await act(() => hydrateIslands({ activate: ActivateForm }));
}
const el = <E extends HTMLElement = HTMLInputElement>(id: string) =>
  document.querySelector<E>(`[data-testid="${id}"]`)!;
const type = (value: string) =>
  act(() => {
    el('activate-password').value = value;
    el('activate-password').dispatchEvent(new Event('input', { bubbles: true }));
  });
const check = () => act(() => el('activate-accept').click());
const submit = async () => {
  await act(() => el<HTMLButtonElement>('activate-submit').click());
  await act(() => new Promise((r) => setTimeout(r, 0)));
};
const problem = (id: string) => document.getElementById(el(id).getAttribute('aria-describedby') ?? '')?.textContent;

describe('affiliate activation page', () => {
  it('shows the greeting and the terms in the HTML, in both languages', async () => {
    await mount();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Welcome, Ava!');
    expect(text).toContain('12.5 %');
    expect(text).toContain('$50.00 once the team has raised $1,000.00');
    expect(text).toContain('60 days');
    expect(text).toContain('$25.00');
    expect(el('activate-terms-text').textContent).toBe('Rule one.\nRule two.');
    expect(el('activate-terms-text').getAttribute('tabindex')).toBe('0');
    expect(document.querySelector('label[for="activate-password"]')?.textContent).toBe('Choose a password');
    await mount(true, 'es');
    expect(document.body.textContent).toContain('¡Bienvenido, Ava!');
    expect(document.querySelector('label[for="activate-password"]')?.textContent).toBe('Tu contraseña actual');
  });

  it('checks the password rule and the terms box before calling', async () => {
    server(200, {});
    await mount();
    await submit();
    expect(problem('activate-password')).toBe('This field is required');
    expect(problem('activate-accept')).toBe('Please accept the terms to continue.');
    await type('short');
    await submit();
    expect(problem('activate-password')).toMatch(/at least \d+ characters/);
    expect(calls).toHaveLength(0);
  });

  it('activates, keeps the session as the console does and opens the affiliate dashboard', async () => {
    const session = {
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      userData: { firstName: 'Ava', lastName: 'Abbott', email: 'ava@example.test', language: 'es' },
    };
    server(200, session);
    await mount();
    await type('correct-horse-battery-9');
    await check();
    await submit();
    expect(calls).toEqual([
      {
        url: '/api/v1/affiliate/activation',
        body: { token: TOKEN, password: 'correct-horse-battery-9', acceptTerms: true, termsVersion: 2 },
      },
    ]);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ email: 'ava@example.test' });
    expect(replace).toHaveBeenCalledWith(AFFILIATE_HOME);
  });

  it('puts a refused password next to the field and stays', async () => {
    server(401, { hasError: true, code: 'INVALID_CREDENTIALS', message: 'The password is not correct.' });
    await mount(true);
    await type('wrong-password-123');
    await check();
    await submit();
    expect(problem('activate-password')).toBe('The password is not correct.');
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("says the server's refusal in Spanish from its code", async () => {
    server(409, { hasError: true, code: 'AFFILIATE_TERMS_CHANGED', message: "The program's terms changed." });
    await mount(false, 'es');
    await type('correct-horse-battery-9');
    await check();
    await submit();
    expect(el('activate-failure').textContent).toBe(
      'Los términos del programa cambiaron desde que abriste esta página. Recarga la página y vuelve a leerlos.',
    );
  });
});
