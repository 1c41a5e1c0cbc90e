import { z } from 'zod';
import { parseAmount } from '../../../../lib/money';

/**
 * The goal field: empty, or an amount in dollars typed in the interface language (decision 013),
 * up to the largest amount the API accepts; a refusal carries its `money.errors.*` key.
 */
export const dollarsSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const r = parseAmount(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: `money.errors.${r.error}` });
  });
