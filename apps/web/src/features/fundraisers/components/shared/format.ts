import { formatCount } from '@fc/contracts';
import { useCallback } from 'react';
import { useMoney as useLibMoney } from '../../../../lib/money';

/**
 * Money is integer cents (decision 013: lib/money), shown in USD in the UI language; the family
 * screens show round amounts without cents ("$400"), anything with cents keeps them.
 */
export function useMoney() {
  const money = useLibMoney();
  return useCallback((cents: number) => money(cents, { whole: true }), [money]);
}

/** Counts over 999 as "1.2k" (spec §9). */
export const count = formatCount;

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');

/** The player's public page, absolute (for sharing). */
export function publicPageUrl(slug: string): string {
  return `${window.location.origin}/fundraisers/${slug}`;
}
