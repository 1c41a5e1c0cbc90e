/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Players of a campaign with what each raised, linking to their pages (issue 14): the
 * leaderboard (`ranked`, numbered) and the search results. Rendered by the server inside the
 * search island and again by the island for each search, so both write the same markup.
 */
import { formatMoney, formatPercent, percentOfGoal } from '@fc/contracts/money';
import { formatCount } from '@fc/contracts/public-rules';
import { withLang } from '../lib/links';
import type { T } from '../lib/t';

/** One player as `/api/v1/public/campaigns/{slug}/players` and the page's leaderboard give it. */
export interface PlayerEntry {
  name: string;
  slug: string;
  avatarUrl: string | null;
  raisedCents: number;
  goalCents: number;
  donors: number;
}

export interface PlayerListProps {
  entries: PlayerEntry[];
  ranked: boolean;
  testId: string;
  lang: 'en' | 'es';
  t: T;
}

export function Avatar({
  src,
  name,
  size,
  round,
}: {
  src: string | null;
  name: string;
  size: number;
  round?: boolean;
}) {
  return src ? (
    <img class={round ? 'avatar round' : 'avatar'} src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      class={round ? 'avatar round initial' : 'avatar initial'}
      style={{ width: `${size}px`, height: `${size}px` }}
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

export function PlayerList({ entries, ranked, testId, lang, t }: PlayerListProps) {
  const Tag = ranked ? 'ol' : 'ul';
  return (
    <Tag class="player-list" data-testid={testId}>
      {entries.map((e, i) => (
        <li key={e.slug} data-testid="player-entry">
          {ranked && (
            <span class="rank" aria-hidden="true">
              {i + 1}
            </span>
          )}
          <Avatar src={e.avatarUrl} name={e.name} size={36} round />
          <span class="who">
            <a href={withLang(`/fundraisers/${encodeURIComponent(e.slug)}`, lang)}>{e.name}</a>
            {e.goalCents > 0 && (
              <span class="muted small">
                {t('public.leaderboard.towardGoal', {
                  pct: formatPercent(percentOfGoal(e.raisedCents, e.goalCents), lang),
                  goal: formatMoney(e.goalCents, lang, { whole: true }),
                })}
              </span>
            )}
          </span>
          <span class="amount">
            <strong>{formatMoney(e.raisedCents, lang, { whole: true })}</strong>
            <span class="muted small">
              {t('public.progress.donors', { count: e.donors, formatted: formatCount(e.donors) })}
            </span>
          </span>
        </li>
      ))}
    </Tag>
  );
}
