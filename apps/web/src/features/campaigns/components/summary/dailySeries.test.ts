import { describe, expect, it } from 'vitest';
import { dailySeries } from './dailySeries';

describe('dailySeries', () => {
  it('is empty without donations', () => {
    expect(dailySeries([])).toEqual([]);
  });

  it('fills the days between donations and keeps a running total', () => {
    const out = dailySeries([
      { date: '2026-03-01', raisedCents: 5000, donations: 2 },
      { date: '2026-03-04', raisedCents: 2500, donations: 1 },
    ]);
    expect(out.map((d) => d.date.toISOString().slice(0, 10))).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(out.map((d) => d.raisedCents)).toEqual([5000, 0, 0, 2500]);
    expect(out.map((d) => d.cumulativeCents)).toEqual([5000, 5000, 5000, 7500]);
    expect(out.reduce((s, d) => s + d.donations, 0)).toBe(3);
  });

  it('draws at most a year, counting earlier amounts in the running total', () => {
    const out = dailySeries([
      { date: '2024-01-01', raisedCents: 100, donations: 1 },
      { date: '2026-01-01', raisedCents: 200, donations: 1 },
    ]);
    expect(out).toHaveLength(366);
    expect(out.at(-1)?.cumulativeCents).toBe(300);
    expect(out[0]?.cumulativeCents).toBe(100);
  });
});
