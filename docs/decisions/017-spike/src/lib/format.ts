/** formatAgo with the `t` passed in (the SPA's reads the global i18n instance). */
import type { TFunction } from 'i18next';
const UNITS: [string, number][] = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3_600], ['minute', 60]];
export function formatAgo(t: TFunction, iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  for (const [u, size] of UNITS) if (s >= size) return t(`public.supporters.ago.${u}`, { count: Math.round(s / size) });
  return t('public.supporters.ago.now');
}
