import { z } from 'zod';
import { parseAmount } from '../../../../lib/money';

/**
 * The goal field: empty, or an amount in dollars typed in the interface language (decision 013),
 * up to the largest amount the API accepts. A refusal carries an i18n key: the field's own for
 * text that is not an amount or too large, the money module's (`money.errors.*`) for the rest.
 */
export const dollarsSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const r = parseAmount(v);
    if (r.ok) return;
    const message =
      r.error === 'tooLarge'
        ? 'fundraisers.page.goalTooLarge'
        : r.error === 'invalid' || r.error === 'empty'
          ? 'fundraisers.page.goalFormat'
          : `money.errors.${r.error}`;
    ctx.addIssue({ code: 'custom', message });
  });
