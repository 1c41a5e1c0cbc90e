/** Money and dates on the public pages (DECISIONS §5: integer cents, USD). */
import { formatCount, formatMoney, formatPercent, percentOfGoal } from '@fc/contracts';
import i18n from '../../lib/i18n';

export { formatCount };

const localeOf = (language: string) => (language.startsWith('es') ? 'es-US' : 'en-US');

/**
 * Money on the public pages (decision 013, `@fc/contracts` money.ts, written out without Intl:
 * decision 010): round amounts without cents ("$5,000", "5000 US$"), others with them.
 */
export const formatUsd = (cents: number, language: string): string => formatMoney(cents, language, { whole: true });

/** A whole percent: "12%", Spanish "12 %" (formatPercent, no Intl either). */
export { formatPercent, percentOfGoal };

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
