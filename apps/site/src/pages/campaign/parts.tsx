/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The pieces the campaign and player pages share (issue 14, the SPA's shared/ components): the
 * heading, the progress card with the Donate link, the supporters, the share card and the
 * two-column frame. Server markup only; the share card is an island.
 */
import { formatMoney, formatPercent, percentOfGoal } from '@fc/contracts/money';
import { formatCount } from '@fc/contracts/public-rules';
import type { ComponentChildren } from 'preact';
import { Avatar } from '../../islands/PlayerList';
import { ShareCard } from '../../islands/ShareCard';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import type { T } from '../../lib/t';
import type { Progress, Supporter } from './types';

/** The page's picture, title (its only h1) and a line of context under it. */
export function Heading(props: {
  imageUrl: string | null;
  title: string;
  round?: boolean;
  children?: ComponentChildren;
}) {
  return (
    <header class="public-heading">
      <Avatar src={props.imageUrl} name={props.title} size={80} round={props.round} />
      <div class="public-title">
        <h1 data-testid="page-title">{props.title}</h1>
        {props.children}
      </div>
    </header>
  );
}

function daysLeftText(t: T, days: number | null): string | null {
  if (days === null) return null;
  if (days < 0) return t('site.org.ended');
  if (days === 0) return t('site.org.lastDay');
  return t('site.org.daysLeft', { count: days });
}

/** Amount raised, the goal, an accessible progress bar, donors, days left and the Donate link. */
export function DonateCard({ lang, p, donatePath }: { lang: Language; p: Progress; donatePath: string }) {
  const t = tFor(lang);
  const pct = percentOfGoal(p.raisedCents, p.goalCents);
  const raised = formatMoney(p.raisedCents, lang, { whole: true });
  const goal = formatMoney(p.goalCents, lang, { whole: true });
  const percent = formatPercent(pct, lang);
  const days = daysLeftText(t, p.daysLeft);
  return (
    <section class="card donate-card" aria-label={t('public.progress.section')} data-testid="progress-summary">
      <p class="raised" data-testid="raised-amount">
        {raised}
      </p>
      <p class="muted" data-testid="goal-amount">
        {p.goalCents > 0 ? t('public.progress.ofGoal', { goal }) : t('public.progress.raised')}
      </p>
      {p.goalCents > 0 && (
        <>
          <p id="progress-label" class="progress-label">
            {t('public.progress.label')}
          </p>
          <div
            class="progress"
            role="progressbar"
            aria-labelledby="progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, pct)}
            aria-valuetext={t('public.progress.valueText', { raised, goal, pct: percent })}
            data-testid="goal-progress"
          >
            <span style={{ width: `${Math.min(100, pct)}%` }} />
          </div>
        </>
      )}
      <p class="meta">
        {p.goalCents > 0 && <span data-testid="goal-percent">{t('public.progress.percent', { pct: percent })}</span>}
        <span data-testid="donor-count">
          {t('public.progress.donors', { count: p.donors, formatted: formatCount(p.donors) })}
        </span>
        {days && <span data-testid="days-left">{days}</span>}
      </p>
      {p.acceptingDonations ? (
        <a class="button primary donate" href={withLang(donatePath, lang)} data-testid="donate-button">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="m12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z"
            />
          </svg>
          {t('public.donate.button')}
        </a>
      ) : (
        <p class="note" data-testid="not-accepting">
          {t('public.donate.closed')}
        </p>
      )}
    </section>
  );
}

const AGO: [unit: string, seconds: number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 days ago" / "hace 3 días", as the SPA's formatAgo (the same strings). */
export function formatAgo(t: T, iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of AGO) {
    if (seconds >= size) return t(`public.supporters.ago.${unit}`, { count: Math.round(seconds / size) });
  }
  return t('public.supporters.ago.now');
}

/** The latest gifts; a donor who gave anonymously shows as "Anonymous" (the service sends no name). */
export function Supporters({ lang, supporters }: { lang: Language; supporters: Supporter[] }) {
  const t = tFor(lang);
  return (
    <section class="card" aria-labelledby="supporters-title">
      <h2 id="supporters-title">{t('public.supporters.title')}</h2>
      {supporters.length === 0 ? (
        <p class="muted" data-testid="supporters-empty">
          {t('public.supporters.empty')}
        </p>
      ) : (
        <ul class="supporters" data-testid="supporters">
          {supporters.map((s) => (
            <li key={`${s.at}|${s.name ?? ''}|${s.amountCents ?? ''}`}>
              <span class="who">
                <strong>{s.name ?? t('public.supporters.anonymous')}</strong>
                <span class="muted small">{formatAgo(t, s.at)}</span>
                {s.message && <q class="message">{s.message}</q>}
              </span>
              {s.amountCents !== null && (
                <strong class="amount">{formatMoney(s.amountCents, lang, { whole: true })}</strong>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The share card: the address in the HTML, Copy, the device's share sheet and the QR code (island). */
export function Share({ lang, url, title }: { lang: Language; url: string; title: string }) {
  const t = tFor(lang);
  const strings = {
    link: t('public.share.link'),
    copy: t('public.share.copy'),
    copied: t('public.share.copied'),
    copiedLong: t('public.share.copiedLong'),
    share: t('public.share.native'),
    qrAlt: t('public.share.qrAlt', { title }),
    qrHint: t('public.share.qrHint'),
  };
  return (
    <section class="card" aria-labelledby="share-title">
      <h2 id="share-title">{t('public.share.title')}</h2>
      <Island name="share" component={ShareCard} props={{ url, title, strings }} />
    </section>
  );
}

/** Two columns from 900 px (content | progress and share); on phones progress first, sharing last. */
export function PublicColumns(props: { main: ComponentChildren; donate: ComponentChildren; share: ComponentChildren }) {
  return (
    <div class="public-columns">
      <div class="public-main">{props.main}</div>
      <div class="public-donate">{props.donate}</div>
      <div class="public-share">{props.share}</div>
    </div>
  );
}
