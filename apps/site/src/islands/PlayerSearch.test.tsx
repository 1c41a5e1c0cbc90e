/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The campaign page's player search (issue 14) on the server's own markup, hydrated in place:
 * the top players first, then what the JSON endpoint answers for the typed text (one request per
 * pause, the count in the page language, unnumbered), back to the top players when cleared, and
 * a failed search said plainly.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import type { Language } from '../lib/strings';
import { playerSearchStrings } from '../pages/campaign/CampaignPage';
import type { PlayerEntry } from './PlayerList';
import { DEBOUNCE_MS, PlayerSearch, searchUrl } from './PlayerSearch';

const entry = (name: string, slug: string, raisedCents: number): PlayerEntry => ({
  name,
  slug,
  avatarUrl: null,
  raisedCents,
  goalCents: 25_000,
  donors: 2,
});
const TOP = [entry('Mateo A.', 'mateo', 12_000), entry('Ana L.', 'ana', 5_000)];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function mount(lang: Language = 'en') {
  document.body.innerHTML = renderToString(
    <Island
      name="players"
      component={PlayerSearch}
      props={{ slug: 'spring drive', lang, entries: TOP, strings: playerSearchStrings(lang) }}
    />,
  );
  const input = document.querySelector<HTMLInputElement>('[data-testid="player-search"]')!;
  await act(() => hydrateIslands({ players: PlayerSearch }));
  expect(document.querySelector('[data-testid="player-search"]')).toBe(input);
  return input;
}

async function type(input: HTMLInputElement, value: string) {
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 1);
  });
  // The response's body and the state update after it.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

const names = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"] [data-testid="player-entry"] a`)].map((a) => a.textContent);

describe('player search island', () => {
  it('searches the JSON endpoint after a pause and shows the answer, then the top players again', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error');
    const fetchMock = vi.fn(async (_url: string) => Response.json({ data: [entry('Mateo A.', 'mateo', 12_000)] }));
    vi.stubGlobal('fetch', fetchMock);
    const input = await mount();
    expect(names('leaderboard')).toEqual(['Mateo A.', 'Ana L.']);
    expect(document.querySelector('[data-testid="leaderboard"]')?.tagName).toBe('OL');

    await type(input, ' mat ');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(searchUrl('spring drive', 'mat'));
    expect(searchUrl('spring drive', 'mat')).toBe('/api/v1/public/campaigns/spring%20drive/players?q=mat');
    expect(document.querySelector('[data-testid="player-search-count"]')?.textContent).toBe('1 player found');
    expect(names('search-results')).toEqual(['Mateo A.']);
    expect(document.querySelector('[data-testid="search-results"]')?.tagName).toBe('UL');
    // Rendered in the browser too: the initial's size keeps its unit (Preact 11 adds none).
    expect(document.querySelector<HTMLElement>('[data-testid="search-results"] .avatar')?.style.width).toBe('36px');
    expect(document.querySelector('[data-testid="search-results"] a')?.getAttribute('href')).toBe(
      '/fundraisers/mateo?lang=en',
    );

    await type(input, '');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(names('leaderboard')).toEqual(['Mateo A.', 'Ana L.']);
    expect(document.querySelector('[data-testid="player-search-count"]')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('says how many in Spanish, and says so when the search fails', async () => {
    vi.useFakeTimers();
    let fail = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? new Response('{}', { status: 500 }) : Response.json({ data: [] }))),
    );
    const input = await mount('es');
    await type(input, 'zz');
    expect(document.querySelector('[data-testid="player-search-count"]')?.textContent).toBe('0 jugadores encontrados');
    expect(document.querySelector('[data-testid="leaderboard-empty"]')).toBeNull();
    fail = true;
    await type(input, 'zzz');
    expect(document.querySelector('.search-status')?.textContent).toBe(
      'La búsqueda no funcionó. Vuelve a intentarlo en un momento.',
    );
  });
});
