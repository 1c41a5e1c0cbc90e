import { formatCount } from '@fc/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money is integer cents (DECISIONS §5), shown in USD in the UI language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
    const round = new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    // Round dollar amounts without ".00"; anything with cents keeps them.
    return (cents: number) => (cents % 100 === 0 ? round : whole).format(cents / 100);
  }, [i18n.language]);
}

/** Counts over 999 as "1.2k" (spec §9). */
export const count = formatCount;

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');

/** Share of the goal reached in percent (0 when there is no goal; may pass 100). */
export function percentOf(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return 0;
  return Math.round((raisedCents / goalCents) * 100);
}

/** The player's public page, absolute (for sharing). */
export function publicPageUrl(slug: string): string {
  return `${window.location.origin}/fundraisers/${slug}`;
}
