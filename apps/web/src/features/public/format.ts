/** Money and dates on the public pages (DECISIONS §5: integer cents, USD). */
import { formatCount } from '@fc/contracts';
import i18n from '../../lib/i18n';

export { formatCount };

const localeOf = (language: string) => (language.startsWith('es') ? 'es-US' : 'en-US');

/**
 * `123456` → "$1,234.56"; whole dollars without cents ("$5,000"). en-US and es-US write USD the
 * same way (format.test.ts checks it against Intl). Written out rather than with
 * Intl.NumberFormat: the browser's first Intl number formatter costs ~20 ms of a phone's main
 * thread (and ~30 ms for the first relative-time one) while a public page renders.
 */
export function formatUsd(cents: number, _language: string): string {
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** Whole percent of the goal reached (0 when there is no goal), capped at 100 for the bar. */
export function percentOf(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return 0;
  return Math.floor((raisedCents / goalCents) * 100);
}

const AGO_UNITS: [unit: 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute', seconds: number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 days ago" / "hace 3 días", "yesterday" / "ayer" (the UI strings, not Intl: see formatUsd). */
export function formatAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of AGO_UNITS) {
    if (seconds >= size) {
      return i18n.t(`public.supporters.ago.${unit}`, { count: Math.round(seconds / size), lng: language });
    }
  }
  return i18n.t('public.supporters.ago.now', { lng: language });
}

/** A calendar date (`YYYY-MM-DD`) in the UI language, read as a date (no time zone shift). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const locale = localeOf(language);
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}
