import { describe, expect, it } from 'vitest';
import { rangeParts } from './money.repository.js';

/** Every day of [from, to] exactly once, from the parts (months expanded day by day): the oracle. */
function coveredDays(p: ReturnType<typeof rangeParts>): string[] {
  const out: string[] = [];
  const walk = (a: string, endExclusive: string) => {
    for (let t = Date.parse(`${a}T00:00:00Z`); t < Date.parse(`${endExclusive}T00:00:00Z`); t += 86_400_000)
      out.push(new Date(t).toISOString().slice(0, 10));
  };
  for (const [a, b] of p.days) walk(a, new Date(Date.parse(`${b}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  if (p.months) walk(p.months[0], p.months[1]);
  return out.sort();
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('rangeParts', () => {
  it('splits a range into whole months and the loose days around them', () => {
    expect(rangeParts({ from: '2026-08-29', to: '2026-11-26' })).toEqual({
      days: [
        ['2026-08-29', '2026-08-31'],
        ['2026-11-01', '2026-11-26'],
      ],
      months: ['2026-09-01', '2026-11-01'],
    });
    expect(rangeParts({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      days: [],
      months: ['2026-02-01', '2026-03-01'],
    });
    expect(rangeParts({ from: '2026-11-02', to: '2026-11-20' })).toEqual({
      days: [['2026-11-02', '2026-11-20']],
      months: null,
    });
    expect(rangeParts({ from: '2026-01-31', to: '2026-02-01' })).toEqual({
      days: [['2026-01-31', '2026-02-01']],
      months: null,
    });
  });

  it('covers every day of a range exactly once (1,000 random ranges over leap years and month ends)', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const base = Date.parse('2023-12-15T00:00:00Z');
    for (let i = 0; i < 1000; i++) {
      const from = day(base + Math.floor(rnd() * 900) * 86_400_000);
      const to = day(Date.parse(`${from}T00:00:00Z`) + Math.floor(rnd() * 400) * 86_400_000);
      const want: string[] = [];
      for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
        want.push(day(t));
      const parts = rangeParts({ from, to });
      expect(coveredDays(parts), `${from}..${to}`).toEqual(want);
      if (parts.months)
        expect(
          parts.months.every((m) => m.endsWith('-01')),
          `${from}..${to}`,
        ).toBe(true);
    }
  });
});
