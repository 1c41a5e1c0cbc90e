import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToInput, formatMoney, formatPercent, moneyLanguage, percentOfGoal } from './money.js';
import { type MoneyParseError, parseMoney } from './money-parse.js';
import { slugify } from './slug.js';

/**
 * Every expected value below is written by hand from the rules in money.ts's header (decision
 * 013), not computed by the code under test. A number is cents; a string is the refusal code.
 */
const PARSE: [text: string, language: 'en' | 'es', expected: number | MoneyParseError][] = [
  // Whole dollars, either language.
  ['25', 'en', 2500],
  ['25', 'es', 2500],
  ['0', 'en', 0],
  ['007', 'en', 700],
  ['1000000', 'en', 100_000_000],
  ['  40  ', 'es', 4000],
  // Cents after the language's decimal separator.
  ['25.50', 'en', 2550],
  ['25,50', 'es', 2550],
  ['25.5', 'en', 2550],
  ['25,5', 'es', 2550],
  ['0.07', 'en', 7],
  ['0,07', 'es', 7],
  ['19.99', 'en', 1999],
  // Read as digits, never through floating point (1.15 * 100 is 114.99999999999999).
  ['1.15', 'en', 115],
  ['4.35', 'en', 435],
  ['4,35', 'es', 435],
  ['1.005,10', 'es', 100_510],
  ['.50', 'en', 50],
  [',5', 'es', 50],
  // A lone separator with one or two digits after it can only be cents, in either language.
  ['25,50', 'en', 2550],
  ['25.50', 'es', 2550],
  ['1.5', 'es', 150],
  ['1,5', 'en', 150],
  ['400.00', 'es', 40000],
  // Three digits after a lone separator: the language's group separator groups thousands…
  ['25,500', 'en', 2_550_000],
  ['1,250', 'en', 125_000],
  ['25.500', 'es', 2_550_000],
  ['1.250', 'es', 125_000],
  // … the other one is ambiguous (25.5 with a stray digit, or 25,500 written the other way).
  ['25.500', 'en', 'ambiguous'],
  ['1.250', 'en', 'ambiguous'],
  ['25,500', 'es', 'ambiguous'],
  ['1,250', 'es', 'ambiguous'],
  ['$1.000', 'en', 'ambiguous'],
  ['999,999', 'es', 'ambiguous'],
  ['25.505', 'es', 2_550_500],
  // A separator used twice groups thousands, whatever the language.
  ['1,000,000', 'en', 100_000_000],
  ['1.000.000', 'es', 100_000_000],
  ['1.000.000', 'en', 100_000_000],
  ['1,000,000', 'es', 100_000_000],
  // Both separators: the last one is the decimal separator.
  ['1,234.50', 'en', 123_450],
  ['1.234,50', 'es', 123_450],
  ['1.234,50', 'en', 123_450],
  ['1,234.50', 'es', 123_450],
  ['1,000,000.00', 'en', 100_000_000],
  ['123.456,78', 'es', 12_345_678],
  ['12,345.6', 'en', 1_234_560],
  // The currency around the number.
  ['$25', 'en', 2500],
  ['$ 25.50', 'en', 2550],
  ['$1,250.00', 'en', 125_000],
  ['US$ 40', 'es', 4000],
  ['40 US$', 'es', 4000],
  ['400,00\u00a0US$', 'es', 40_000],
  ['1.234,50 US$', 'es', 123_450],
  ['25 USD', 'en', 2500],
  ['usd 25', 'en', 2500],
  ['25$', 'es', 2500],
  // Nothing typed.
  ['', 'en', 'empty'],
  ['   ', 'es', 'empty'],
  ['$', 'en', 'empty'],
  ['US$', 'es', 'empty'],
  // Not an amount.
  ['abc', 'en', 'invalid'],
  ['25 dollars', 'en', 'invalid'],
  ['2 5', 'en', 'invalid'],
  ['1 234,50', 'es', 'invalid'],
  ['25.', 'en', 'invalid'],
  ['25,', 'es', 'invalid'],
  ['.', 'en', 'invalid'],
  [',,', 'es', 'invalid'],
  ['1,23,456', 'en', 'invalid'],
  ['12,34,567', 'es', 'invalid'],
  ['1,2345,678', 'en', 'invalid'],
  ['1.234.56', 'es', 'invalid'],
  ['1,234.5.0', 'en', 'invalid'],
  ['1.2,50', 'es', 'invalid'],
  ['1234,567.50', 'en', 'invalid'],
  ['0,500,000', 'en', 'invalid'],
  ['$$25', 'en', 'invalid'],
  ['25e2', 'en', 'invalid'],
  ['0x19', 'en', 'invalid'],
  ['+25', 'en', 'invalid'],
  ['٢٥', 'en', 'invalid'],
  // Below a cent.
  ['25.505', 'en', 'ambiguous'],
  ['25,5050', 'en', 'tooPrecise'],
  ['0.505', 'en', 'tooPrecise'],
  ['0,125', 'es', 'tooPrecise'],
  ['1,234.567', 'en', 'tooPrecise'],
  ['1.234,567', 'es', 'tooPrecise'],
  ['1234,567', 'en', 'tooPrecise'],
  // Negative amounts.
  ['-5', 'en', 'negative'],
  ['-5,00', 'es', 'negative'],
  ['$-5', 'en', 'negative'],
  ['(5.00)', 'en', 'negative'],
  ['−5', 'es', 'negative'],
  // Above the largest amount (MAX_AMOUNT_CENTS: one million dollars).
  ['1000000.01', 'en', 'tooLarge'],
  ['1.000.000,01', 'es', 'tooLarge'],
  ['2,000,000', 'en', 'tooLarge'],
  ['99999999999999999999', 'en', 'tooLarge'],
];

const FORMAT: [cents: number, language: string, whole: boolean, expected: string][] = [
  [0, 'en', false, '$0.00'],
  [1, 'en', false, '$0.01'],
  [99, 'en', false, '$0.99'],
  [100, 'en', false, '$1.00'],
  [2550, 'en', false, '$25.50'],
  [40_000, 'en', false, '$400.00'],
  [99_999, 'en', false, '$999.99'],
  [100_000, 'en', false, '$1,000.00'],
  [123_450, 'en', false, '$1,234.50'],
  [1_234_550, 'en', false, '$12,345.50'],
  [123_456_789, 'en', false, '$1,234,567.89'],
  [-500, 'en', false, '-$5.00'],
  [-123_450, 'en', false, '-$1,234.50'],
  [0, 'es', false, '0,00\u00a0US$'],
  [1, 'es', false, '0,01\u00a0US$'],
  [2550, 'es', false, '25,50\u00a0US$'],
  [40_000, 'es', false, '400,00\u00a0US$'],
  [100_000, 'es', false, '1000,00\u00a0US$'],
  [123_450, 'es', false, '1234,50\u00a0US$'],
  [999_999, 'es', false, '9999,99\u00a0US$'],
  [1_000_000, 'es', false, '10.000,00\u00a0US$'],
  [1_234_550, 'es', false, '12.345,50\u00a0US$'],
  [123_456_789, 'es', false, '1.234.567,89\u00a0US$'],
  [-500, 'es', false, '-5,00\u00a0US$'],
  [-1_234_550, 'es', false, '-12.345,50\u00a0US$'],
  [40_000, 'en', true, '$400'],
  [40_050, 'en', true, '$400.50'],
  [500_000, 'en', true, '$5,000'],
  [0, 'en', true, '$0'],
  [40_000, 'es', true, '400\u00a0US$'],
  [40_050, 'es', true, '400,50\u00a0US$'],
  [500_000, 'es', true, '5000\u00a0US$'],
  [5_000_000, 'es', true, '50.000\u00a0US$'],
  [2550, 'es-US', false, '25,50\u00a0US$'],
  [2550, 'es-MX', false, '25,50\u00a0US$'],
  [2550, 'en-GB', false, '$25.50'],
  [2550, 'fr', false, '$25.50'],
];

const INPUT: [cents: number | null, language: string, expected: string][] = [
  [null, 'en', ''],
  [0, 'en', '0'],
  [2500, 'en', '25'],
  [2550, 'en', '25.50'],
  [2550, 'es', '25,50'],
  [7, 'es', '0,07'],
  [125_000, 'en', '1250'],
  [125_050, 'es', '1250,50'],
  [100_000_000, 'es', '1000000'],
];

const DECIMAL: [cents: number, expected: string][] = [
  [0, '0.00'],
  [5, '0.05'],
  [2550, '25.50'],
  [123_456, '1234.56'],
  [-5, '-0.05'],
  [-123_400, '-1234.00'],
];

const PERCENT: [raised: number, goal: number, clamp: boolean, expected: number][] = [
  [0, 10_000, false, 0],
  [2_500, 10_000, false, 25],
  [3_500, 5_000, false, 70],
  [1, 10_000, false, 0],
  [99, 10_000, false, 0],
  [100, 10_000, false, 1],
  [9_999, 10_000, false, 99],
  [9_960, 10_000, false, 99],
  [10_000, 10_000, false, 100],
  [15_000, 10_000, false, 150],
  [15_000, 10_000, true, 100],
  [9_999, 10_000, true, 99],
  [1, 3, false, 33],
  [2, 3, false, 66],
  [500, 0, false, 0],
  [0, 0, false, 0],
  [500, -100, false, 0],
  [-500, 10_000, false, 0],
  [100_000_000_000, 1, false, 10_000_000_000_000],
];

const PERCENT_TEXT: [value: number, language: string, expected: string][] = [
  [12, 'en', '12%'],
  [0, 'en', '0%'],
  [100, 'en', '100%'],
  [1235, 'en', '1,235%'],
  [12, 'es', '12\u00a0%'],
  [0, 'es', '0\u00a0%'],
  [150, 'es', '150\u00a0%'],
  [1235, 'es', '1235\u00a0%'],
  [12_345, 'es', '12.345\u00a0%'],
  [12, 'es-MX', '12\u00a0%'],
  [12.4, 'es', '12\u00a0%'],
  [12.6, 'en', '13%'],
  [12, 'fr', '12%'],
];

const SLUGS: [text: string, max: number | undefined, expected: string][] = [
  ['Spring Fundraiser 2026!', undefined, 'spring-fundraiser-2026'],
  ['  Año Nuevo — Equipo  ', undefined, 'ano-nuevo-equipo'],
  ['Riverside Rockets U12', undefined, 'riverside-rockets-u12'],
  ['  Águilas de Peñalolén!! ', undefined, 'aguilas-de-penalolen'],
  ['Ñandú Kids U12', undefined, 'nandu-kids-u12'],
  ['Straße', undefined, 'strasse'],
  ['Ærø Øster', undefined, 'aero-oster'],
  ['Łódź Lions', undefined, 'lodz-lions'],
  ['ﬁnal ①', undefined, 'final-1'],
  ['---', undefined, ''],
  ['', undefined, ''],
  ['🏀 Hoops', undefined, 'hoops'],
  ['a--b__c', undefined, 'a-b-c'],
  ['x'.repeat(80), undefined, 'x'.repeat(60)],
  [`${'a'.repeat(59)} b`, undefined, 'a'.repeat(59)],
  ['Jane-Doe', 100, 'jane-doe'],
  ['Jane Doe', 4, 'jane'],
  ['Jane Doe', 5, 'jane'],
  ['Doe', 1, 'd'],
  ['Jane', 0, ''],
];

export const MONEY_TABLE_SIZE =
  PARSE.length + FORMAT.length + INPUT.length + DECIMAL.length + PERCENT.length + PERCENT_TEXT.length + SLUGS.length;

describe(`money and slugs (${MONEY_TABLE_SIZE} cases written by hand)`, () => {
  it.each(PARSE)('parses %j in %s as %j', (text, language, expected) => {
    expect(parseMoney(text, language)).toEqual(
      typeof expected === 'number' ? { ok: true, cents: expected } : { ok: false, error: expected },
    );
  });

  it.each(FORMAT)('formats %d cents in %s (whole: %s) as %j', (cents, language, whole, expected) => {
    expect(formatMoney(cents, language, { whole })).toBe(expected);
  });

  it.each(INPUT)('writes %j cents in an %s field as %j', (cents, language, expected) => {
    expect(centsToInput(cents, language)).toBe(expected);
  });

  it.each(DECIMAL)('writes %d cents for a file as %j', (cents, expected) => {
    expect(centsToDecimal(cents)).toBe(expected);
  });

  it.each(PERCENT)('%d of a %d goal is %d%% (clamp: %s)', (raised, goal, clamp, expected) => {
    expect(percentOfGoal(raised, goal, { clamp })).toBe(expected);
  });

  it.each(PERCENT_TEXT)('writes %d percent in %s as %j', (value, language, expected) => {
    expect(formatPercent(value, language)).toBe(expected);
  });

  it.each(SLUGS)('slugifies %j (max %s) as %j', (text, max, expected) => {
    expect(slugify(text, max)).toBe(expected);
  });
});

describe('money agrees with itself and with Intl', () => {
  it('reads back what it writes, in both languages', () => {
    for (const cents of [0, 1, 7, 99, 100, 2550, 99_999, 125_050, 100_000_000]) {
      for (const lang of ['en', 'es']) {
        expect(parseMoney(centsToInput(cents, lang), lang)).toEqual({ ok: true, cents });
        expect(parseMoney(formatMoney(cents, lang), lang)).toEqual({ ok: true, cents });
      }
    }
  });

  it('writes USD as Intl does for en-US and es (the public pages cannot afford Intl)', () => {
    const intl = {
      en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
      es: new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }),
    };
    for (let cents = -2_000_000; cents <= 200_000_000; cents += 7_777) {
      for (const lang of ['en', 'es'] as const) {
        expect(formatMoney(cents, lang), `${cents} ${lang}`).toBe(intl[lang].format(cents / 100));
      }
    }
  });

  it('writes percents as Intl does for en-US and es', () => {
    const intl = {
      en: new Intl.NumberFormat('en-US', { style: 'percent' }),
      es: new Intl.NumberFormat('es', { style: 'percent' }),
    };
    for (let pct = 0; pct <= 250_000; pct += 37) {
      for (const lang of ['en', 'es'] as const) {
        expect(formatPercent(pct, lang), `${pct} ${lang}`).toBe(intl[lang].format(pct / 100));
      }
    }
  });

  it('maps interface languages to the two money styles', () => {
    expect(moneyLanguage('es-419')).toBe('es');
    expect(moneyLanguage('ES')).toBe('es');
    expect(moneyLanguage(undefined)).toBe('en');
  });
});
