/** Money and dates on the public pages (DECISIONS §5: integer cents, USD, Intl formatting). */
import { formatCount } from '@fc/contracts';

export { formatCount };

const localeOf = (language: string) => (language.startsWith('es') ? 'es-US' : 'en-US');

/** `123456` → "$1,234.56"; whole dollars without cents ("$5,000"). */
export function formatUsd(cents: number, language: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** Whole percent of the goal reached (0 when there is no goal), capped at 100 for the bar. */
export function percentOf(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return 0;
  return Math.floor((raisedCents / goalCents) * 100);
}

/** "3 days ago" / "hace 3 días". */
export function formatAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(0, 'minute');
}

/** A calendar date (`YYYY-MM-DD`) in the UI language, read as a date (no time zone shift). */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
