import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export { fullName, useCalendarDate, useMoney } from '../../../../lib/format';

/** A moment (ISO timestamp) with date and time, in the UI language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (value: string | null | undefined) => (value ? f.format(new Date(value)) : '');
  }, [i18n.language]);
}

/** A record's age from its whole days ("today", "1 day", "3 days"). */
export function useAge() {
  const { t } = useTranslation();
  return (days: number) => (days <= 0 ? t('registrations.age.today') : t('registrations.age.days', { count: days }));
}
