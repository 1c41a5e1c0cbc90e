import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, progressOf, slugify } from './format';

describe('campaign money and slugs', () => {
  it('reads dollars as integer cents', () => {
    expect(dollarsToCents('1250')).toBe(125_000);
    expect(dollarsToCents('1,250.5')).toBe(125_050);
    expect(dollarsToCents('$0.07')).toBe(7);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('1000000.01')).toBeNull();
  });

  it('writes cents back as dollars a field can hold', () => {
    expect(centsToDollars(125_000)).toBe('1250');
    expect(centsToDollars(1999)).toBe('19.99');
    expect(centsToDollars(null)).toBe('');
    for (const c of [0, 1, 99, 100, 1999, 125_050]) expect(dollarsToCents(centsToDollars(c))).toBe(c);
  });

  it('measures progress to the goal', () => {
    expect(progressOf(0, 0)).toBe(0);
    expect(progressOf(500, 0)).toBe(100);
    expect(progressOf(2500, 10_000)).toBe(25);
    expect(progressOf(15_000, 10_000)).toBe(150);
  });

  it('proposes a web address from a title', () => {
    expect(slugify('Spring Fundraiser 2026!')).toBe('spring-fundraiser-2026');
    expect(slugify('  Año Nuevo — Equipo  ')).toBe('ano-nuevo-equipo');
    expect(slugify('x'.repeat(80))).toHaveLength(60);
  });
});
