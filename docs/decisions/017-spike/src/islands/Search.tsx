/** Player search over the campaign (the public search endpoint), debounced, results announced. */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../packages/contracts/src/money';
import { makeT, type Messages } from '../lib/t';

interface Hit { name: string; slug: string; raisedCents: number }
export function Search({ slug, m, lng }: { slug: string; m: Messages; lng: string }) {
  const t = makeT(m, lng);
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const q = text.trim();
    if (!q) { setHits(null); return; }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      fetch(`/api/v1/public/campaigns/${slug}/players?q=${encodeURIComponent(q)}`, { signal: ctl.signal })
        .then((r) => r.json() as Promise<{ data: Hit[] }>)
        .then((b) => setHits(b.data)).catch(() => {}).finally(() => setBusy(false));
    }, 300);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [text, slug]);
  return (
    <div className="search">
      <label htmlFor="player-search">{t('public.leaderboard.search')}</label>
      <input id="player-search" type="search" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <p aria-live="polite" className="muted small">{busy ? t('common.loading') : hits ? t('public.leaderboard.found', { count: hits.length }) : ''}</p>
      {hits && hits.length ? (
        <ul className="list">{hits.map((h) => <li key={h.slug} className="item"><a href={`/fundraisers/${h.slug}`}>{h.name}</a><span>{formatMoney(h.raisedCents, lng, { whole: true })}</span></li>)}</ul>
      ) : null}
    </div>
  );
}
