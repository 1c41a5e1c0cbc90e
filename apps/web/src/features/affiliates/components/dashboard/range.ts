/** The affiliate dashboard's ranges: inclusive UTC days, as the API counts them. */
export const PRESETS = [7, 30, 90] as const;

export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export function daysBack(days: number, today: string = todayUtc()): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return { from: d.toISOString().slice(0, 10), to: today };
}

export const isIsoDate = (v: string | null | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The preset a range is (7, 30 or 90 days ending today), or null for a custom one. */
export function presetOf(from: string, to: string, today: string = todayUtc()): number | null {
  return (
    PRESETS.find((n) => {
      const r = daysBack(n, today);
      return r.from === from && r.to === to;
    }) ?? null
  );
}
