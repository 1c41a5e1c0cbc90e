/** Money and dates on the public pages (DECISIONS §5: integer cents, USD). */
import { formatCount, formatMoney, formatPercent, percentOfGoal } from '@fc/contracts';

export { formatCount };

const localeOf = (language: string) => (language.startsWith('es') ? 'es-US' : 'en-US');

/**
 * Money on the public pages (decision 013, `@fc/contracts` money.ts, written out without Intl:
 * decision 010): round amounts without cents ("$5,000", "5000 US$"), others with them.
 */
export const formatUsd = (cents: number, language: string): string => formatMoney(cents, language, { whole: true });

/** A whole percent: "12%", Spanish "12 %" (formatPercent, no Intl either). */
export { formatPercent, percentOfGoal };

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
