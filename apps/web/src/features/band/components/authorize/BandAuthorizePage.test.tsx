/**
 * /band/authorize: the code (and state) posted once to POST /band/auth, the spec's message (§8)
 * for each outcome in English and Spanish, the exact document title, and no post at all when the
 * code is missing or BAND answered with an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, waitFor } from '../../../../test/render';
import { BAND_AUTHORIZE_TITLE, BandAuthorizePage } from './BandAuthorizePage';

const MESSAGES = {
  error: 'There was an error linking your account. Please close this window and try again.',
  Existing:
    'You have already linked your account. If you are trying to link a new account, please discconect your previous BAND connection and try again.',
  success:
    'Thanks for connecting your BAND account. Look for the band logo throughout our site to push messages to your team.',
};

function bandAuth(activationStatus: string, status = 200) {
  return fakeApi({
    'POST /band/auth': () =>
      status === 200
        ? { json: { hasError: false, data: { activationStatus } } }
        : { status, json: { hasError: true, message: 'Invalid state', code: 'VALIDATION' } },
  });
}

const show = (path: string, language: 'en' | 'es' = 'en') => render(<BandAuthorizePage />, { path, language });
const message = () => waitFor(() => getByTestId('band-authorize-message'));

afterEach(() => vi.restoreAllMocks());

describe('BandAuthorizePage', { timeout: 20_000 }, () => {
  it.each([
    ['success', 'c-success'],
    ['Existing', 'c-existing'],
    ['error', 'c-error'],
  ] as const)('posts the code once and shows the %s message verbatim', async (outcome, code) => {
    const api = bandAuth(outcome);
    await show(`/band/authorize?code=${code}&state=s.${code}`);
    const el = await message();
    expect(textOf(el)).toBe(MESSAGES[outcome]);
    expect(el.getAttribute('data-outcome')).toBe(outcome);
    expect(document.title).toBe(BAND_AUTHORIZE_TITLE);
    expect(document.title).toBe('FYS Registration - Band Ingtegration');
    const posts = api.calls.filter((c) => c.path === '/band/auth');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ auth_code: code, state: `s.${code}` });
  });

  it('shows a progress state while the link is posted, then the outcome', async () => {
    let answer: (v: unknown) => void = () => {};
    fakeApi({
      'POST /band/auth': () =>
        new Promise((resolve) => {
          answer = () => resolve({ json: { hasError: false, data: { activationStatus: 'success' } } });
        }),
    });
    await show('/band/authorize?code=c-slow&state=s');
    await waitFor(() => getByTestId('band-authorize-pending'));
    expect(getByTestId<HTMLButtonElement>('band-close-window').disabled).toBe(true);
    answer(null);
    expect(textOf(await message())).toBe(MESSAGES.success);
    expect(queryByTestId('band-authorize-pending')).toBeNull();
  });

  it('answers a refused call (bad or expired state) with the error message', async () => {
    bandAuth('', 400);
    await show('/band/authorize?code=c-refused&state=bad');
    expect(textOf(await message())).toBe(MESSAGES.error);
  });

  it.each([
    ['no code', '/band/authorize'],
    ['no state', '/band/authorize?code=c-nostate'],
    ['BAND refused', '/band/authorize?error=access_denied&state=s'],
  ])('shows the error message without posting when there is %s', async (_, path) => {
    const api = bandAuth('success');
    await show(path);
    expect(textOf(await message())).toBe(MESSAGES.error);
    expect(api.calls).toHaveLength(0);
  });

  it('speaks Spanish', async () => {
    bandAuth('success');
    await show('/band/authorize?code=c-es&state=s', 'es');
    expect(textOf(await message())).toBe(
      'Gracias por conectar tu cuenta de BAND. Busca el logotipo de BAND en nuestro sitio para enviar mensajes a tu equipo.',
    );
    expect(textOf(getByTestId('band-close-window'))).toBe('Cerrar ventana');
  });

  it('closes the window, or offers the way back to the console when it cannot', async () => {
    bandAuth('Existing');
    const closeSpy = vi.spyOn(window, 'close').mockImplementation(() => {});
    await show('/band/authorize?code=c-close&state=s');
    await message();
    await click(getByTestId('band-close-window'));
    expect(closeSpy).toHaveBeenCalledTimes(1);
    await waitFor(() => getByTestId('band-cannot-close'));
    expect(getByTestId('band-back-to-console').getAttribute('href')).toBe('/');
  });
});
