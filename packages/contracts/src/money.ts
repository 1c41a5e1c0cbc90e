/**
 * Money, one way everywhere (decision 013): amounts are integer cents in USD (DECISIONS §5),
 * shown in the interface language; typed amounts are read by money-parse.ts. No zod and no Intl
 * here: the public pages load this on their first render, when the first Intl number formatter
 * would cost a phone tens of milliseconds (decision 010); `money.test.ts` checks the output
 * against Intl's. Reading lives in its own file so a page that only shows money does not load it.
 */

/** Largest single amount accepted anywhere: $1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;

export type MoneyLanguage = 'en' | 'es';

/** "es", "es-US", "es-MX" → es; anything else → en. */
export const moneyLanguage = (language: string | undefined | null): MoneyLanguage =>
  language?.toLowerCase().startsWith('es') ? 'es' : 'en';

export const MONEY_SEPARATORS = { en: { decimal: '.', group: ',' }, es: { decimal: ',', group: '.' } } as const;

/** Cents → what an amount field starts with: en "1250.50", es "1250,50"; "25" for whole dollars. */
export function centsToInput(cents: number | null | undefined, language: string): string {
  if (cents === null || cents === undefined) return '';
  const whole = String(Math.trunc(Math.abs(cents) / 100));
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? '-' : '';
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}${MONEY_SEPARATORS[moneyLanguage(language)].decimal}${String(rest).padStart(2, '0')}`;
}

/** Cents → a plain decimal for files and machines (CSV): "1234.50", "-0.05"; no symbol, no grouping. */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 && abs > 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const NBSP = '\u00a0';

function group(digits: string, sep: string, minDigits: number): string {
  if (digits.length < minDigits) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

export interface FormatMoneyOptions {
  /** Whole dollars without ",00"/".00" ("$400", "400 US$"); amounts with cents keep them. */
  whole?: boolean;
}

/**
 * Integer cents → USD as Intl writes it for `en-US` and for `es`: en "$1,234.50", "-$5.00";
 * es "1234,50 US$", "12.345,50 US$" (a no-break space before US$; Spanish groups thousands
 * from five digits on). `whole` drops the cents of round amounts, for goals, cards and axes.
 */
export function formatMoney(cents: number, language: string, opts: FormatMoneyOptions = {}): string {
  const lang = moneyLanguage(language);
  const value = Math.round(cents);
  const abs = Math.abs(value);
  const rest = abs % 100;
  const { decimal, group: sep } = MONEY_SEPARATORS[lang];
  const dollars = group(String(Math.floor(abs / 100)), sep, lang === 'es' ? 5 : 4);
  const number = opts.whole && rest === 0 ? dollars : `${dollars}${decimal}${String(rest).padStart(2, '0')}`;
  const sign = value < 0 ? '-' : '';
  return lang === 'es' ? `${sign}${number}${NBSP}US$` : `${sign}$${number}`;
}

/**
 * The share of the goal raised, in whole percent rounded down (a bar never shows 100% before
 * the goal is met); 0 when there is no goal (goal 0 or less) or nothing raised. `clamp` caps it at
 * 100 for a progress bar; labels may say more ("150%").
 */
export function percentOfGoal(raisedCents: number, goalCents: number, opts: { clamp?: boolean } = {}): number {
  if (!(goalCents > 0) || !(raisedCents > 0)) return 0;
  const pct = Math.floor((Math.round(raisedCents) * 100) / Math.round(goalCents));
  return opts.clamp ? Math.min(100, pct) : pct;
}

/**
 * A whole percent (percentOfGoal's, an upload's) as Intl writes it with `style: 'percent'` for
 * `en-US` and `es`: en "12%", "1,235%"; es "12 %" with a no-break space, "1235 %", "12.345 %".
 * Every percent label goes through here so Spanish never shows "12%" on one screen and "12 %"
 * on another; like formatMoney, no Intl (the public pages show it on their first render).
 * Percents here are never negative (a share raised, an upload's progress).
 */
export function formatPercent(value: number, language: string): string {
  const es = moneyLanguage(language) === 'es';
  const digits = group(String(Math.round(value)), es ? '.' : ',', es ? 5 : 4);
  return es ? `${digits}${NBSP}%` : `${digits}%`;
}
