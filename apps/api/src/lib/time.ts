export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;
export const fromNow = (ms: number) => new Date(Date.now() + ms);

/**
 * `n` calendar months before `now` (UTC). A day the earlier month lacks rolls forward (Mar 31 less
 * one month is Mar 3), so the moment is never more than `n` months back.
 */
export function monthsBefore(now: Date, n: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
}
