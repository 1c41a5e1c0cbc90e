import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { formatAgo, formatCount, formatDay, formatUsd, percentOf } from './format';

beforeAll(async () => {
  await i18n.loadLanguages('es');
});

describe('public page formatting', () => {
  it('formats cents as USD, without cents for whole dollars', () => {
    expect(formatUsd(500_000, 'en')).toBe('$5,000');
    expect(formatUsd(123_456, 'en')).toBe('$1,234.56');
    expect(formatUsd(0, 'en')).toBe('$0');
    expect(formatUsd(123_456, 'es')).toMatch(/1,234\.56/);
  });

  it('writes USD as Intl does in en-US and es-US', () => {
    const cents = [0, 1, 5, 99, 100, 105, 2_000, 99_999, 100_000, 123_456, 1_000_000_00, 123_456_789_01, -1_230, -500];
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['es', 'es-US'],
    ] as const) {
      for (const c of cents) {
        const digits = c % 100 === 0 ? 0 : 2;
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatUsd(c, language), `${c} in ${locale}`).toBe(intl.format(c / 100));
      }
    }
  });

  it('shows counts over 999 with k', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_250)).toBe('1.3k');
    expect(formatCount(12_000)).toBe('12k');
  });

  it('computes the percent of the goal', () => {
    expect(percentOf(3_500, 5_000)).toBe(70);
    expect(percentOf(7_000, 5_000)).toBe(140);
    expect(percentOf(100, 0)).toBe(0);
  });

  it('writes relative times and calendar days in the UI language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(formatAgo('2026-05-07T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAgo('2026-05-07T12:00:00Z', 'es', now)).toBe('hace 3 días');
    expect(formatAgo('2026-05-10T11:59:50Z', 'en', now)).toBe('this minute');
    expect(formatAgo('2026-05-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatAgo('2026-05-09T12:00:00Z', 'es', now)).toBe('ayer');
    expect(formatAgo('2026-05-10T10:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatAgo('2026-05-10T11:59:00Z', 'es', now)).toBe('hace 1 minuto');
    expect(formatAgo('2026-04-26T12:00:00Z', 'en', now)).toBe('2 weeks ago');
    expect(formatAgo('2025-05-10T12:00:00Z', 'es', now)).toBe('el año pasado');
    // A server clock slightly ahead is not "in 2 minutes".
    expect(formatAgo('2026-05-10T12:02:00Z', 'en', now)).toBe('this minute');
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
});
