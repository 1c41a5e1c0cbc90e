import { describe, expect, it } from 'vitest';
import { centsToField, parseDollars } from './money';

describe('parseDollars', () => {
  it('reads whole and decimal dollars into integer cents', () => {
    expect(parseDollars('25')).toBe(2500);
    expect(parseDollars('25.5')).toBe(2550);
    expect(parseDollars('25.50')).toBe(2550);
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('.5')).toBe(50);
    expect(parseDollars('19.99')).toBe(1999);
    // The classic float trap: 1.15 * 100 is 114.99999999999999.
    expect(parseDollars('1.15')).toBe(115);
    expect(parseDollars('4.35')).toBe(435);
  });

  it('accepts a dollar sign, spaces, thousands commas and a decimal comma', () => {
    expect(parseDollars(' $1,250.00 ')).toBe(125000);
    expect(parseDollars('1,250')).toBe(125000);
    expect(parseDollars('25,50')).toBe(2550);
    expect(parseDollars('$ 30')).toBe(3000);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', 'abc', '25.505', '-5', '1e3', '25..0', '12,34,56', '.']) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });
});

describe('centsToField', () => {
  it('writes cents back as the field shows them', () => {
    expect(centsToField(2500)).toBe('25');
    expect(centsToField(2550)).toBe('25.50');
    expect(centsToField(2505)).toBe('25.05');
    expect(centsToField(99)).toBe('0.99');
    expect(parseDollars(centsToField(123456))).toBe(123456);
  });
});
