import type { DonationStatus } from '@fc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money is integer cents in USD (decision 013): lib/money formats and reads it. */
export { count, fullName, useCalendarDate, useMoney } from '../../../../lib/format';

/** The i18n name of a donation status (DECISIONS §5: 0 pending … 4 cancelled). */
export const STATUS_NAMES = ['pending', 'completed', 'failed', 'refunded', 'cancelled'] as const;
export type StatusName = (typeof STATUS_NAMES)[number] | 'partlyRefunded';

/** A completed gift with part of it returned reads "partly refunded". */
export function statusName(status: DonationStatus, refundedCents = 0): StatusName {
  if (status === 1 && refundedCents > 0) return 'partlyRefunded';
  return STATUS_NAMES[status];
}

/** A moment (ISO timestamp) with date and time, in the UI language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (value: string | null | undefined) => (value ? f.format(new Date(value)) : '');
  }, [i18n.language]);
}

/** Today in the browser's time zone, `YYYY-MM-DD` (the date fields' value format). */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
