/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The player registration island (issue 14) on the server's own markup, hydrated in place: the
 * contract's rules by field in the page language, the body it posts, the server's 400 placed next
 * to its fields and its 409 above the form with a way to sign in, the session stored as the
 * console stores it, and a signed-in parent's choices read with the stored token.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import type { Language } from '../lib/strings';
import { registerStrings } from '../pages/family/strings';
import { type Division, RegisterForm } from './RegisterForm';

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}
type Answer = { status: number; json: unknown };
const SESSION = {
  hasError: false,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: { firstName: 'Riley', lastName: 'Register', email: 'riley@example.test', language: 'es' },
  data: { playerId: 5, divisionId: 11 },
};

function server(answer: (c: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const call = {
        url,
        method: init.method ?? 'GET',
        auth: headers.get('authorization'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const a = answer(call);
      return new Response(JSON.stringify(a.json), { status: a.status });
    }),
  );
  return calls;
}

const DIVISIONS: Division[] = [
  { id: 11, name: 'Blue', teamName: 'Rockets' },
  { id: 12, name: 'Gold', teamName: null },
];
const errors = vi.spyOn(console, 'error');
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

async function mount(lang: Language = 'en', preselect: string | null = null) {
  const props = {
    organization: 'riverside',
    divisions: DIVISIONS,
    preselect,
    loginPath: '/login?returnTo=%2Fregister%2Friverside%2Fplayer',
    strings: registerStrings(lang),
  };
  document.body.innerHTML = renderToString(<Island name="register" component={RegisterForm} props={props} />);
  const form = document.querySelector('form');
  await act(() => hydrateIslands({ register: RegisterForm }));
  expect(document.querySelector('form')).toBe(form);
  await settle();
}

const el = <E extends HTMLElement = HTMLInputElement>(id: string) => {
  const found = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const has = (id: string) => document.querySelector(`[data-testid="${id}"]`) !== null;
const problemOf = (id: string) => {
  const describedBy = el(id).getAttribute('aria-describedby');
  return el(id).getAttribute('aria-invalid') === 'true' && describedBy
    ? (document.getElementById(describedBy)?.textContent ?? '')
    : '';
};
const type = (id: string, value: string) =>
  act(() => {
    const input = el(id);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const choose = (id: string, value: string) =>
  act(() => {
    const select = el<HTMLSelectElement>(id);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
const submit = () => act(() => el('reg-submit').click());
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

async function fillVisitor() {
  await choose('reg-division', '11');
  await type('reg-first-name', ' Robin ');
  await type('reg-last-name', 'Register');
  await type('reg-parent-first-name', 'Riley');
  await type('reg-parent-last-name', 'Register');
  await type('reg-email', 'riley@example.test');
  await type('reg-password', 'family-pass-2026');
  await type('reg-confirm-password', 'family-pass-2026');
}

beforeEach(() => {
  localStorage.clear();
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(errors).not.toHaveBeenCalled();
  errors.mockClear();
});

describe('RegisterForm island (/register/{organization}/player)', () => {
  it('checks every field by the contract before sending, in the page language, and focuses the first', async () => {
    const calls = server(() => ({ status: 500, json: {} }));
    await mount('es');
    await type('reg-email', 'not-an-email');
    await type('reg-password', 'short');
    await type('reg-phone', '1'.repeat(31));
    await submit();
    expect(calls).toEqual([]);
    expect(problemOf('reg-division')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-first-name')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-parent-last-name')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-email')).toBe('Introduce un correo electrónico válido');
    expect(problemOf('reg-phone')).toBe('Usa como máximo 30 caracteres');
    expect(problemOf('reg-password')).toBe('Usa al menos 8 caracteres');
    expect(problemOf('reg-confirm-password')).toBe('Las contraseñas no coinciden');
    expect(problemOf('reg-birth-date')).toBe('');
    expect(document.activeElement).toBe(el('reg-division'));
    // Errors follow the text once corrected.
    await type('reg-first-name', 'x'.repeat(81));
    expect(problemOf('reg-first-name')).toBe('Usa como máximo 80 caracteres');
    await type('reg-first-name', 'Robin');
    expect(problemOf('reg-first-name')).toBe('');
  });

  it('posts what a new family gives, stores the session as the console does and opens the family home', async () => {
    const calls = server(() => ({ status: 200, json: SESSION }));
    await mount();
    await fillVisitor();
    await submit();
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/v1/register/riverside/player', method: 'POST', auth: null });
    expect(calls[0]!.body).toEqual({
      divisionId: 11,
      firstName: 'Robin',
      lastName: 'Register',
      parentFirstName: 'Riley',
      parentLastName: 'Register',
      email: 'riley@example.test',
      password: 'family-pass-2026',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toEqual(SESSION.userData);
    expect(localStorage.getItem('language')).toBe('es');
    expect(replace).toHaveBeenCalledWith('/fundraisers/home');
  });

  it("puts the server's 400 next to its fields (English as written, Spanish translated)", async () => {
    const answer = {
      status: 400,
      json: {
        hasError: true,
        code: 'VALIDATION',
        message: 'Request validation failed',
        errors: [
          { path: 'body.email', message: 'Invalid email address' },
          { path: 'body.lastName', message: 'Required' },
        ],
      },
    };
    server(() => answer);
    await mount('en');
    await fillVisitor();
    await submit();
    await settle();
    expect(problemOf('reg-email')).toBe('Invalid email address');
    expect(problemOf('reg-last-name')).toBe('Required');
    expect(el('register-error').textContent).toContain('Request validation failed');
    expect(replace).not.toHaveBeenCalled();

    await mount('es');
    await fillVisitor();
    await submit();
    await settle();
    expect(problemOf('reg-email')).toBe('Este valor no es válido');
    expect(problemOf('reg-last-name')).toBe('Este campo es obligatorio');
    expect(el('register-error').textContent).toContain('Algunos datos necesitan tu atención.');
  });

  it('a 409 for an e-mail that has an account says so above the form, with the way to sign in', async () => {
    server(() => ({
      status: 409,
      json: {
        hasError: true,
        code: 'ACCOUNT_EXISTS',
        message: 'An account with this email already exists. Sign in first, then register your player.',
        errors: [{ path: 'body.email', message: 'Already registered: sign in first' }],
      },
    }));
    await mount();
    await fillVisitor();
    await submit();
    await settle();
    const alert = el<HTMLElement>('register-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Sign in first, then register your player.');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/login?returnTo=%2Fregister%2Friverside%2Fplayer');
    expect(problemOf('reg-email')).toBe('Already registered: sign in first');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("a signed-in parent: read with the stored token, adds one of their players without the parent's account", async () => {
    localStorage.setItem('accessToken', 'stored-access');
    localStorage.setItem(
      'userData',
      JSON.stringify({ firstName: 'Pat', lastName: 'Parent', email: 'pat@example.test' }),
    );
    const info = {
      organization: { id: 1, name: 'Riverside', slug: 'riverside', logoUrl: null },
      divisions: DIVISIONS,
      signedInAs: { firstName: 'Pat', lastName: 'Parent', email: 'pat@example.test' },
      myPlayers: [
        { id: 7, firstName: 'Sam', lastName: 'Parent', divisionIds: [11] },
        { id: 8, firstName: 'Alex', lastName: 'Parent', divisionIds: [] },
      ],
    };
    const calls = server((c) =>
      c.method === 'GET' ? { status: 200, json: { data: info } } : { status: 200, json: SESSION },
    );
    await mount('en', '8');
    expect(calls[0]).toMatchObject({
      url: '/api/v1/register/riverside/player',
      method: 'GET',
      auth: 'Bearer stored-access',
    });
    expect(el('register-signed-in-as').textContent).toBe('You are signed in as Pat Parent (pat@example.test).');
    expect(has('reg-parent-first-name')).toBe(false);
    expect(has('reg-first-name')).toBe(false);
    expect(el<HTMLSelectElement>('reg-player').value).toBe('8');
    await choose('reg-division', '11');
    const sam = el<HTMLSelectElement>('reg-player').querySelector<HTMLOptionElement>('option[value="7"]');
    expect(sam?.disabled).toBe(true);
    expect(sam?.textContent).toBe('Sam Parent (already in this division)');
    await submit();
    await settle();
    expect(calls[1]).toMatchObject({
      method: 'POST',
      auth: 'Bearer stored-access',
      body: { divisionId: 11, playerId: 8 },
    });
    expect(replace).toHaveBeenCalledWith('/fundraisers/home');
  });

  it('an expired stored token is refreshed once (the pair kept as the console keeps it); a refused refresh leaves a visitor', async () => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'refresh-old');
    localStorage.setItem(
      'userData',
      JSON.stringify({ firstName: 'Pat', lastName: 'Parent', email: 'pat@example.test' }),
    );
    const info = {
      organization: { id: 1, name: 'Riverside', slug: 'riverside', logoUrl: null },
      divisions: DIVISIONS,
      signedInAs: { firstName: 'Pat', lastName: 'Parent', email: 'pat@example.test' },
      myPlayers: [],
    };
    const calls = server((c) =>
      c.url.endsWith('/jwt/refresh-token')
        ? { status: 200, json: { accessToken: 'access-new', refreshToken: 'refresh-new' } }
        : c.auth === 'Bearer access-new'
          ? { status: 200, json: { data: info } }
          : { status: 401, json: { hasError: true, code: 'UNAUTHORIZED', message: 'Expired' } },
    );
    await mount();
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/v1/register/riverside/player', 'Bearer expired'],
      ['/api/v1/jwt/refresh-token', null],
      ['/api/v1/register/riverside/player', 'Bearer access-new'],
    ]);
    expect(calls[1]!.body).toMatchObject({ refreshToken: 'refresh-old', retryKey: expect.any(String) });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(localStorage.getItem('refreshRetry')).toBeNull();
    expect(el('register-signed-in-as').textContent).toContain('pat@example.test');
    // With no players of their own there is no player choice: the player's fields are asked.
    expect(has('reg-player')).toBe(false);
    expect(has('reg-first-name')).toBe(true);

    // Refused: the stored session ends and the form is a visitor's.
    localStorage.setItem('accessToken', 'expired');
    server((c) =>
      c.url.endsWith('/jwt/refresh-token')
        ? { status: 401, json: { hasError: true, code: 'UNAUTHORIZED', message: 'Refused' } }
        : { status: 401, json: { hasError: true, code: 'UNAUTHORIZED', message: 'Expired' } },
    );
    await mount();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(has('register-signed-in-as')).toBe(false);
    expect(has('reg-parent-first-name')).toBe(true);
    expect(el<HTMLButtonElement>('reg-submit').disabled).toBe(false);
  });
});
