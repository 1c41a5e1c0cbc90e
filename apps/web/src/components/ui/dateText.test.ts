import { describe, expect, it } from 'vitest';
import { datePattern, isoToText, textToIso } from './dateText';

describe('dates typed in the interface language', () => {
  it.each([
    ['05/31/2026', 'en', '2026-05-31'],
    ['31/05/2026', 'es', '2026-05-31'],
    ['1/2/2026', 'en', '2026-01-02'],
    ['1/2/2026', 'es', '2026-02-01'],
    ['31.05.2026', 'es', '2026-05-31'],
    ['2026-05-31', 'es', '2026-05-31'],
    ['31/05/2026', 'en', null],
    ['02/29/2027', 'en', null],
    ['29/02/2028', 'es', '2028-02-29'],
    ['2026-02-30', 'en', null],
    ['05/31', 'en', null],
    ['', 'en', null],
  ])('reads %j in %s as %j', (text, language, iso) => {
    expect(textToIso(text, language)).toBe(iso);
  });

  it('writes a date back in the language, and says the order in its letters', () => {
    expect(isoToText('2026-05-31', 'en')).toBe('05/31/2026');
    expect(isoToText('2026-05-31', 'es')).toBe('31/05/2026');
    expect(isoToText('31/5', 'es')).toBe('31/5');
    expect(datePattern('es')).toBe('dd/mm/aaaa');
    expect(datePattern('en')).toBe('mm/dd/yyyy');
  });
});
