import { type DashboardInterval, formatCount, formatMoney, formatPercent } from '@fc/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * USD from cents in the UI language (the money module's formatMoney, as lib/money's useMoney);
 * round amounts without cents ("$1,200"), others with them.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((cents: number) => formatMoney(cents, language, { whole: true }), [language]);
}

/** A whole percent in the UI language ("12%", Spanish "12 %"). */
export function usePercent() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatPercent(value, language), [language]);
}

/** Counts in full with the language's grouping ("1,234"; the tables and cards have room). */
export function useCount() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.NumberFormat(i18n.language);
    return (n: number) => f.format(n);
  }, [i18n.language]);
}

export const compact = formatCount;

/** A calendar date (`YYYY-MM-DD`) in the UI language. */
export function useDay() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    return (iso: string) => f.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  }, [i18n.language]);
}

/** A period's label: its first day ("Nov 3, 2026"), or its month ("November 2026") by month. */
export function usePeriod(interval: DashboardInterval) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(
      i18n.language,
      interval === 'month'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
    );
    return (iso: string) => f.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  }, [i18n.language, interval]);
}

/** Raised as a percent of the goal, or null without a goal. */
export const percentOf = (raised: number, goal: number) => (goal > 0 ? Math.round((raised / goal) * 100) : null);
