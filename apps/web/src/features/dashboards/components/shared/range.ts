/** The date ranges of the dashboards' shared control, in UTC days as the API counts them. */

export const RANGE_PRESETS = ['last30', 'last90', 'thisYear', 'last12Months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Today's UTC date, `YYYY-MM-DD`. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The inclusive range of a preset ending today. */
export function presetRange(preset: RangePreset, today: string = todayUtc()): { from: string; to: string } {
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last12Months': {
      const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
      // 29 February a year earlier does not exist: start on 1 March.
      const start = yearAgo.endsWith('-02-29') ? `${yearAgo.slice(0, 5)}03-01` : addDays(yearAgo, 1);
      return { from: start, to: today };
    }
  }
}

/** The preset a range is, or null for a custom one. No dates at all is the API's default (90 days). */
export function presetOf(from: string, to: string, today: string = todayUtc()): RangePreset | null {
  if (!from && !to) return 'last90';
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === from && r.to === to;
    }) ?? null
  );
}

export const isIsoDate = (v: string | null | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
