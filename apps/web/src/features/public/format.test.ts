import { describe, expect, it } from 'vitest';
import { formatAgo, formatCount, formatDay, formatUsd, percentOf } from './format';

describe('public page formatting', () => {
  it('formats cents as USD, without cents for whole dollars', () => {
    expect(formatUsd(500_000, 'en')).toBe('$5,000');
    expect(formatUsd(123_456, 'en')).toBe('$1,234.56');
    expect(formatUsd(0, 'en')).toBe('$0');
    expect(formatUsd(123_456, 'es')).toMatch(/1,234\.56/);
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
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
});
