import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { formatCount, formatDay, formatUsd } from './format';

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

  it('writes calendar days in the UI language', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
});
