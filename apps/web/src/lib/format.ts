import { formatCount, MAX_AMOUNT_CENTS } from '@fc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formatting shared by the features (money, counts, dates, names). */

/** USD from integer cents (DECISIONS §5), in the UI language's number style. */
export function useMoney() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const full = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    /** `whole` drops the cents for figures on cards and axes ($1,250 rather than $1,250.00). */
    return (cents: number, opts: { whole?: boolean } = {}) =>
      opts.whole && cents % 100 === 0 ? whole.format(cents / 100) : full.format(cents / 100);
  }, [i18n.language]);
}

/** Counts: over 999 as "1.2k" (spec §9). */
export const count = formatCount;

/** Share of the goal reached, 0..100 for the bar (the label may say more than 100%). */
export function progressOf(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return raisedCents > 0 ? 100 : 0;
  return Math.round((raisedCents / goalCents) * 100);
}

/** A calendar date (`YYYY-MM-DD`) in the UI language, without time-zone drift. */
export function useCalendarDate() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    return (value: string | null | undefined) => (value ? f.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '');
  }, [i18n.language]);
}

/** Dollars typed by a person ("1,250" or "1250.5") → integer cents; null when not a valid amount. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[\s,$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', frac = ''] = clean.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Integer cents → the text a dollars field starts with ("1250" or "1250.50"). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');
