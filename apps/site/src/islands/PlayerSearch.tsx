/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The campaign's top players and a search over every player who may be listed (issue 14), as
 * the SPA's Leaderboard: the server renders the top ten; typing asks the same JSON endpoint the
 * SPA asked (`GET /api/v1/public/campaigns/{slug}/players?q=`), which leaves out minors whose
 * parents did not allow it and matches only the names it shows. Strings come resolved from the
 * server as a small tree for the site's `t` (plurals in the page language).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createT, type Tree } from '../lib/t';
import { type PlayerEntry, PlayerList } from './PlayerList';

export interface PlayerSearchProps {
  slug: string;
  lang: 'en' | 'es';
  entries: PlayerEntry[];
  /** `public.leaderboard.*` and `public.progress.donors_*`, in the page language. */
  strings: Tree;
}

export const DEBOUNCE_MS = 300;
export const searchUrl = (slug: string, q: string) =>
  `/api/v1/public/campaigns/${encodeURIComponent(slug)}/players?q=${encodeURIComponent(q)}`;

type Search = { q: string; results: PlayerEntry[] | null; failed: boolean };

export function PlayerSearch({ slug, lang, entries, strings }: PlayerSearchProps) {
  const t = useMemo(() => createT(strings, lang), [strings, lang]);
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ q: '', results: null, failed: false });
  const live = useRef<AbortController | null>(null);
  const q = text.trim();

  useEffect(() => {
    live.current?.abort();
    if (!q) return;
    const controller = new AbortController();
    live.current = controller;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(searchUrl(slug, q), {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { data: PlayerEntry[] };
        setSearch({ q, results: body.data, failed: false });
      } catch {
        if (!controller.signal.aborted) setSearch({ q, results: null, failed: true });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, q]);

  const searching = q.length > 0;
  const answered = searching && search.q === q;
  // Until the first answer the top players stay; then the last answer stays until the next one.
  const showSearch = searching && search.q !== '';
  const results = showSearch ? (search.results ?? []) : entries;
  return (
    <>
      <div class="field search">
        <label for="player-search">{t('public.leaderboard.search')}</label>
        <input
          id="player-search"
          type="search"
          autocomplete="off"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          data-testid="player-search"
        />
      </div>
      <p class="muted small search-status" aria-live="polite">
        {answered && !search.failed && (
          <span data-testid="player-search-count">{t('public.leaderboard.found', { count: results.length })}</span>
        )}
        {answered && search.failed && <span class="form-failure">{t('public.leaderboard.failed')}</span>}
      </p>
      {results.length > 0 ? (
        <PlayerList
          entries={results}
          ranked={!showSearch}
          testId={showSearch ? 'search-results' : 'leaderboard'}
          lang={lang}
          t={t}
        />
      ) : !showSearch ? (
        <p class="muted" data-testid="leaderboard-empty">
          {t('public.leaderboard.empty')}
        </p>
      ) : null}
      <p class="muted small">{t('public.leaderboard.privacy')}</p>
    </>
  );
}
