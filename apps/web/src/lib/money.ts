/**
 * The web app's door to the money module (`@fc/contracts` money.ts, decision 013): amounts are
 * typed, read back and shown in the interface language, and a refused amount says why in it.
 */
import {
  centsToInput,
  type FormatMoneyOptions,
  formatMoney,
  formatPercent,
  type MoneyParseResult,
  parseMoney,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './i18n';

/** Dollars typed in the current interface language → integer cents, or the refusal code. */
export const parseAmount = (text: string, opts?: { max?: number }): MoneyParseResult =>
  parseMoney(text, i18n.language, opts);

/** parseAmount's cents, or null when the text is refused. */
export function amountToCents(text: string, opts?: { max?: number }): number | null {
  const r = parseMoney(text, i18n.language, opts);
  return r.ok ? r.cents : null;
}

/** What an amount field starts with, in the current language ("25,50" in Spanish). */
export const amountInput = (cents: number | null | undefined): string => centsToInput(cents, i18n.language);

/**
 * The sentence for a refused amount, or null when it was read: `money.errors.*`, except that a
 * screen may keep its own hint (`fallback`, with its examples) for nothing or not an amount.
 */
export function amountError(t: TFunction, r: MoneyParseResult, fallback?: string): string | null {
  if (r.ok) return null;
  if (fallback && (r.error === 'empty' || r.error === 'invalid')) return fallback;
  return t(`money.errors.${r.error}`);
}

/** A whole percent in the UI language: "12%", Spanish "12 %" (formatPercent). */
export function usePercent() {
  const { i18n: current } = useTranslation();
  const language = current.language;
  return useCallback((value: number) => formatPercent(value, language), [language]);
}

/** USD from integer cents in the UI language; `whole` drops the cents of round amounts. */
export function useMoney() {
  const { i18n: current } = useTranslation();
  const language = current.language;
  return useCallback((cents: number, opts?: FormatMoneyOptions) => formatMoney(cents, language, opts), [language]);
}

export { formatMoney, formatPercent, percentOfGoal } from '@fc/contracts';
