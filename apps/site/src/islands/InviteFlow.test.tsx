/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The invitation island (issue 14) on the server's own markup, hydrated in place: creating the
 * parent's account (the contract's rules by field, the server's 400 next to its fields), signing
 * in when the parent has an account, a signed-in visitor's choices (accept as themselves, or sign
 * in with another account when the invitation is someone else's), and the session stored as the
 * console stores it before the family home opens.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import type { Language } from '../lib/strings';
import { inviteStrings } from '../pages/family/strings';
import { InviteFlow } from './InviteFlow';

interface Call {
  url: string;
  auth: string | null;
  body: Record<string, unknown>;
}
type Answer = { status: number; json: unknown };
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const SESSION = {
  hasError: false,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: { firstName: 'Morgan', lastName: 'Baker', email: 'morgan@example.test', language: 'en' },
};

function server(answer: (c: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = {
        url,
        auth: new Headers(init.headers).get('authorization'),
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      };
      calls.push(call);
      const a = answer(call);
      return new Response(JSON.stringify(a.json), { status: a.status });
    }),
  );
  return calls;
}

const errors = vi.spyOn(console, 'error');
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

async function mount({ lang = 'en', hasAccount = false }: { lang?: Language; hasAccount?: boolean } = {}) {
  const props = {
    cfid: 42,
    token: TOKEN,
    hasAccount,
    parentFirstName: 'Morgan',
    parentLastName: '',
    strings: inviteStrings(lang, 'm***@example.test'),
  };
  document.body.innerHTML = renderToString(<Island name="invite" component={InviteFlow} props={props} />);
  await act(() => hydrateIslands({ invite: InviteFlow }));
  await act(() => new Promise((r) => setTimeout(r, 0)));
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
const click = (id: string) => act(() => el<HTMLButtonElement>(id).click());
const clickText = (text: string) =>
  act(() => [...document.querySelectorAll('button')].find((b) => b.textContent === text)?.click());
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

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

describe('InviteFlow island (/onboarding/campaign/accept-invite/{cfid})', () => {
  it('a new parent: names prefilled, checked by the contract, then the account is created with the token', async () => {
    const calls = server(() => ({ status: 200, json: SESSION }));
    await mount({ lang: 'es' });
    expect(el('invite-first-name').value).toBe('Morgan');
    await type('invite-password', 'short');
    await click('invite-create-submit');
    expect(calls).toEqual([]);
    expect(problemOf('invite-last-name')).toBe('Este campo es obligatorio');
    expect(problemOf('invite-password')).toBe('Usa al menos 8 caracteres');
    expect(problemOf('invite-confirm-password')).toBe('Las contraseñas no coinciden');
    expect(document.activeElement).toBe(el('invite-last-name'));

    await type('invite-last-name', ' Baker ');
    await type('invite-password', 'family-pass-2026');
    await type('invite-confirm-password', 'family-pass-2026');
    expect(problemOf('invite-confirm-password')).toBe('');
    await click('invite-create-submit');
    await settle();
    expect(calls).toEqual([
      {
        url: '/api/v1/onboarding/campaign/accept-invite/42',
        auth: null,
        body: { token: TOKEN, firstName: 'Morgan', lastName: 'Baker', password: 'family-pass-2026' },
      },
    ]);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toEqual(SESSION.userData);
    expect(replace).toHaveBeenCalledWith('/fundraisers/home');
  });

  it("puts the server's 400 next to its field and says what went wrong above", async () => {
    server(() => ({
      status: 400,
      json: {
        hasError: true,
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Choose a less predictable one.',
        errors: [{ path: 'body.password', message: 'This password is too common' }],
      },
    }));
    await mount({ lang: 'es' });
    await type('invite-last-name', 'Baker');
    await type('invite-password', 'password1');
    await type('invite-confirm-password', 'password1');
    await click('invite-create-submit');
    await settle();
    expect(problemOf('invite-password')).toBe('Esta contraseña es demasiado común. Elige una menos predecible.');
    expect(el<HTMLElement>('invite-error').textContent).toBe(
      'Esta contraseña es demasiado común. Elige una menos predecible.',
    );
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a parent with an account signs in (checked first), then the invitation is accepted with the new session', async () => {
    const calls = server((c) =>
      c.url.endsWith('/jwt/login')
        ? { status: 200, json: { ...SESSION, accessToken: 'login-access' } }
        : { status: 200, json: SESSION },
    );
    await mount({ hasAccount: true });
    expect(has('invite-create-submit')).toBe(false);
    await click('invite-login-submit');
    expect(problemOf('invite-login-email')).toBe('This field is required');
    expect(problemOf('invite-login-password')).toBe('This field is required');
    await type('invite-login-email', 'morgan@example.test');
    await type('invite-login-password', 'secret-pass');
    await click('invite-login-submit');
    await settle();
    await settle();
    expect(calls.map((c) => [c.url, c.auth, c.body])).toEqual([
      ['/api/v1/jwt/login', null, { email: 'morgan@example.test', password: 'secret-pass' }],
      ['/api/v1/onboarding/campaign/accept-invite/42', 'Bearer login-access', { token: TOKEN }],
    ]);
    expect(replace).toHaveBeenCalledWith('/fundraisers/home');
  });

  it('a refused sign-in is said above the sign-in form', async () => {
    server(() => ({
      status: 401,
      json: { hasError: true, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    }));
    await mount({ hasAccount: true, lang: 'es' });
    await type('invite-login-email', 'morgan@example.test');
    await type('invite-login-password', 'wrong');
    await click('invite-login-submit');
    await settle();
    expect(el<HTMLElement>('invite-login-error').textContent).toBe('Correo o contraseña incorrectos.');
  });

  it("a signed-in visitor accepts as themselves; when it is another account's invitation, the sign-in form shows", async () => {
    localStorage.setItem('accessToken', 'stored-access');
    localStorage.setItem(
      'userData',
      JSON.stringify({ firstName: 'Pat', lastName: 'Other', email: 'pat@example.test' }),
    );
    const calls = server(() => ({
      status: 403,
      json: {
        hasError: true,
        code: 'INVITE_OTHER_ACCOUNT',
        message: 'This invitation is for another account. Sign in with that account to accept it.',
      },
    }));
    await mount();
    expect(el<HTMLElement>('invite-signed-in-as').textContent).toBe(
      'You are signed in as Pat Other (pat@example.test).',
    );
    expect(has('invite-create-submit')).toBe(false);
    await click('invite-accept');
    await settle();
    expect(calls[0]).toMatchObject({ auth: 'Bearer stored-access', body: { token: TOKEN } });
    expect(el<HTMLElement>('invite-error').textContent).toContain('another account');
    expect(has('invite-login-email')).toBe(true);
    expect(has('invite-accept')).toBe(false);
  });

  it('a signed-in visitor may choose another account', async () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ firstName: 'Pat', lastName: 'Other', email: 'pat@example.test' }),
    );
    server(() => ({ status: 500, json: {} }));
    await mount();
    await clickText('Use another account');
    expect(has('invite-login-email')).toBe(true);
  });
});
