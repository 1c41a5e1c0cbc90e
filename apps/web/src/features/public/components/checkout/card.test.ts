import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, readCard } from './card';

describe('card form text', () => {
  it('groups the card number by four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('1234', '')).toBe('12/34');
    expect(formatExpiry('5', '')).toBe('05/');
    // Backspace over the slash removes the month's second digit too.
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('reads a valid card and reports each problem', () => {
    const now = new Date(2026, 4, 10);
    expect(readCard('4242 4242 4242 4242', '12/34', '123', now)).toEqual({
      ok: true,
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(readCard('4242', '13/30', '12', now)).toEqual({
      ok: false,
      problems: { number: 'number', expiry: 'expiry', cvc: 'cvc' },
    });
    expect(readCard('4242424242424242', '04/26', '123', now)).toEqual({ ok: false, problems: { expiry: 'expired' } });
    expect(readCard('4242424242424242', '05/26', '123', now).ok).toBe(true);
  });
});
