/**
 * Money typed by a person, read in the interface language (decision 013); money.ts writes and
 * shows it. No zod and no Intl: the checkout reads amounts on its first render (decision 010).
 *
 * Typing (parseMoney), for the language's decimal separator D (en ".", es ",") and its group
 * separator G (en ",", es "."):
 * - "$", "US$" or "USD" before or after the number is ignored; so are spaces around it.
 * - Digits alone are whole dollars: "25" → 2500.
 * - A separator followed by one or two digits at the end is the decimal separator, whichever it
 *   is: "25.5", "25,50" → 2550 in both languages (no other reading exists).
 * - A separator followed by exactly three digits is read by the language: G groups thousands
 *   (en "25,500", es "25.500" → 2550000); D there is refused as ambiguous (en "25.500",
 *   es "25,500": 25.5 dollars with a stray digit, or 25,500 dollars written the other way).
 * - A separator that appears twice groups thousands ("1,234,567", "1.234.567"); when both
 *   appear, the last one is the decimal separator ("1,234.50" and "1.234,50" → 123450).
 * - Groups after the first have exactly three digits; cents have at most two; no sign, no
 *   letters, no spaces inside the number; at most `max` cents (MAX_AMOUNT_CENTS by default).
 */
import { MAX_AMOUNT_CENTS, MONEY_SEPARATORS, type MoneyLanguage, moneyLanguage } from './money.js';

/** Why a typed amount was refused; the web app shows `money.errors.{code}` in either language. */
export type MoneyParseError = 'empty' | 'invalid' | 'negative' | 'ambiguous' | 'tooPrecise' | 'tooLarge';

export type MoneyParseResult = { ok: true; cents: number } | { ok: false; error: MoneyParseError };

const CURRENCY_AROUND = /^(?:US\$|USD|\$)?\s*(.*?)\s*(?:US\$|USD|\$)?$/i;
const fail = (error: MoneyParseError): MoneyParseResult => ({ ok: false, error });

type Parts = { dollars: string; cents: string };
/** A first group of thousands: 1-3 digits, not starting with 0. */
const FIRST_GROUP = /^[1-9]\d{0,2}$/;

/** Whole dollars grouped by `sep`: a first group of 1-3 digits not starting with 0, then groups of 3. */
function grouped(whole: string, sep: string): string | null {
  const groups = whole.split(sep);
  if (!FIRST_GROUP.test(groups[0] ?? '')) return null;
  return groups.slice(1).every((g) => /^\d{3}$/.test(g)) ? groups.join('') : null;
}

/** Cents after a decimal separator: one or two digits (more is below a cent). */
function decimalTail(whole: string, tail: string, wholeSep: string | null): Parts | MoneyParseError {
  if (!/^\d+$/.test(tail)) return 'invalid';
  if (tail.length > 2) return 'tooPrecise';
  const dollars = wholeSep ? grouped(whole, wholeSep) : /^\d*$/.test(whole) ? whole : null;
  return dollars === null ? 'invalid' : { dollars, cents: tail };
}

/** Splits "1,234.50" into dollars and cents by the rules above, or says why it cannot. */
function read(number: string, lang: MoneyLanguage): Parts | MoneyParseError {
  if (!/^[\d.,]+$/.test(number)) return 'invalid';
  const seps = number.replace(/\d/g, '');
  if (seps === '') return { dollars: number, cents: '' };
  const last = seps.charAt(seps.length - 1);
  const other = last === '.' ? ',' : '.';
  const at = number.lastIndexOf(last);
  const head = number.slice(0, at);
  const tail = number.slice(at + 1);
  const count = seps.split(last).length - 1;
  if (seps.includes(other)) return count === 1 ? decimalTail(head, tail, other) : 'invalid';
  if (count > 1) {
    const dollars = grouped(number, last);
    return dollars === null ? 'invalid' : { dollars, cents: '' };
  }
  // One separator: three digits after it may group thousands, anything else is cents.
  if (tail.length !== 3 || !FIRST_GROUP.test(head)) return decimalTail(head, tail, null);
  if (last !== MONEY_SEPARATORS[lang].group) return 'ambiguous';
  return { dollars: head + tail, cents: '' };
}

/** Dollars as a person types them in `language` → integer cents, or the reason it is refused. */
export function parseMoney(text: string, language: string, opts: { max?: number } = {}): MoneyParseResult {
  const lang = moneyLanguage(language);
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty');
  if (/^[-−(]/.test(trimmed) || /^(?:US\$|USD|\$)\s*[-−]/i.test(trimmed)) return fail('negative');
  const number = CURRENCY_AROUND.exec(trimmed)?.[1] ?? '';
  if (number === '') return fail(/\d/.test(trimmed) ? 'invalid' : 'empty');
  const parts = read(number, lang);
  if (typeof parts === 'string') return fail(parts);
  const dollars = parts.dollars.replace(/^0+(?=\d)/, '');
  if (dollars.length > 13) return fail('tooLarge');
  const cents = Number(dollars || '0') * 100 + Number(parts.cents.padEnd(2, '0'));
  if (cents > (opts.max ?? MAX_AMOUNT_CENTS)) return fail('tooLarge');
  return { ok: true, cents };
}
