import { MAX_AMOUNT_CENTS } from '@fc/contracts';
import { z } from 'zod';

/**
 * A dollar amount typed by a person ("250", "1,250.50", "$40") as integer cents
 * (DECISIONS §5: the API takes cents only).
 */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ''] = clean.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as the text of a dollar field: "250" or "250.50". */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The goal field: empty, or whole dollars and cents up to the largest amount the API accepts. */
export const dollarsSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || dollarsToCents(v) !== null, { message: 'fundraisers.page.goalFormat' })
  .refine((v) => v === '' || (dollarsToCents(v) ?? 0) <= MAX_AMOUNT_CENTS, {
    message: 'fundraisers.page.goalTooLarge',
  });
