import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsSchema, dollarsToCents } from './money-input';

describe('dollar amounts typed by a family', () => {
  it('become integer cents', () => {
    expect(dollarsToCents('250')).toBe(25_000);
    expect(dollarsToCents('250.5')).toBe(25_050);
    expect(dollarsToCents('250.05')).toBe(25_005);
    expect(dollarsToCents('$1,250.99')).toBe(125_099);
    expect(dollarsToCents(' 0 ')).toBe(0);
    // 19.99 * 100 is 1998.9999… in floating point: the digits are read, not multiplied.
    expect(dollarsToCents('19.99')).toBe(1999);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '.5', '12.']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('round-trips through the field text', () => {
    for (const cents of [0, 100, 25_000, 25_050, 1999]) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });

  it('caps the goal at the largest amount the API accepts', () => {
    expect(dollarsSchema.safeParse('1000000').success).toBe(true);
    expect(dollarsSchema.safeParse('1000000.01').success).toBe(false);
    expect(dollarsSchema.safeParse('').success).toBe(true);
  });
});
