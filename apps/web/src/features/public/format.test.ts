import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { formatAgo, formatCount, formatDay, formatUsd } from './format';

beforeAll(async () => {
  await i18n.loadLanguages('es');
});

describe('public page formatting', () => {
  it('shows round amounts without cents, in the interface language (decision 013)', () => {
    expect(formatUsd(500_000, 'en')).toBe('$5,000');
    expect(formatUsd(123_456, 'en')).toBe('$1,234.56');
    expect(formatUsd(0, 'en')).toBe('$0');
    expect(formatUsd(123_456, 'es')).toBe('1234,56\u00a0US$');
    expect(formatUsd(2_500_000, 'es')).toBe('25.000\u00a0US$');
  });

  it('shows counts over 999 with k', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_250)).toBe('1.3k');
    expect(formatCount(12_000)).toBe('12k');
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
