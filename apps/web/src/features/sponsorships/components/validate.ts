import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodErrorMap } from '../../../lib/i18n/validation';

/**
 * The contract's own schema checks a body before it is sent: its refusals go on the form's fields
 * (the first segment of each issue's path, through `aliases`), as the server's would. Null when refused.
 */
export function checkBody<T, F extends FieldValues>(
  schema: ZodType<T>,
  body: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  aliases: Readonly<Record<string, string>> = {},
): T | null {
  const r = schema.safeParse(body, { error: zodErrorMap(t) });
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const raw = String(issue.path[0] ?? '');
    setError((aliases[raw] ?? raw) as Path<F>, { type: 'client', message: issue.message });
  }
  return null;
}

/** Blank or spaces → null (the contract's optional texts). */
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
/** Blank or spaces → undefined (left out of the body). */
export const orUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());
