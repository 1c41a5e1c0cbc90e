import type { CampaignReport } from '@fc/contracts';

export interface DayPoint {
  /** Midnight UTC of the day. */
  date: Date;
  raisedCents: number;
  donations: number;
  /** Raised up to and including this day. */
  cumulativeCents: number;
}

const DAY_MS = 86_400_000;
/** Longest span drawn day by day (a longer campaign still shows, from its last year). */
const MAX_DAYS = 366;

/**
 * The report's days with donations, with the days between them filled with zeros, so the axis
 * is true time and the cumulative line is flat where nothing came in.
 */
export function dailySeries(daily: CampaignReport['daily']): DayPoint[] {
  if (daily.length === 0) return [];
  const byDay = new Map(daily.map((d) => [d.date.slice(0, 10), d]));
  const first = Date.parse(`${daily[0]?.date.slice(0, 10)}T00:00:00Z`);
  const last = Date.parse(`${daily[daily.length - 1]?.date.slice(0, 10)}T00:00:00Z`);
  const start = Math.max(first, last - (MAX_DAYS - 1) * DAY_MS);
  // Amounts before the drawn window still count toward the running total.
  let cumulative = daily
    .filter((d) => Date.parse(`${d.date.slice(0, 10)}T00:00:00Z`) < start)
    .reduce((s, d) => s + d.raisedCents, 0);
  const out: DayPoint[] = [];
  for (let t = start; t <= last; t += DAY_MS) {
    const key = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(key);
    cumulative += d?.raisedCents ?? 0;
    out.push({
      date: new Date(t),
      raisedCents: d?.raisedCents ?? 0,
      donations: d?.donations ?? 0,
      cumulativeCents: cumulative,
    });
  }
  return out;
}
