import { formatCount } from '@fc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formatting shared by the features (money, counts, dates, names). */

/** USD from integer cents (decision 013: lib/money), in the UI language's style. */
export { useMoney, usePercent } from './money';

/** Counts: over 999 as "1.2k" (spec §9). */
export const count = formatCount;

/** A calendar date (`YYYY-MM-DD`) in the UI language, without time-zone drift. */
export function useCalendarDate() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    return (value: string | null | undefined) => (value ? f.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '');
  }, [i18n.language]);
}

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');
