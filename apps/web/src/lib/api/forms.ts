import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './errors';

/**
 * The body field a server field error names: the API names request fields `body.<field>` (nested
 * ones `body.<field>.<key>`, DECISIONS §4), for its own checks as for request validation; the first
 * segment after `body.` is the field. A path without the prefix is read the same way.
 */
export function bodyField(path: string): string {
  return path.replace(/^body\./, '').split('.')[0] ?? '';
}

/**
 * Puts the server's `errors[].path` messages on the matching form fields. Returns true when at
 * least one field received an error (the caller then skips the generic toast). `aliases` maps a
 * body field to the form field that edits it (e.g. `parentId` → `parent`).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const fe of error.fieldErrors) {
    const raw = bodyField(fe.path);
    const name = aliases[raw] ?? raw;
    if (fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message: fe.message });
      applied = true;
    }
  }
  return applied;
}

/** `setValueAs` for an optional text field: blank (or only spaces) is sent as no value. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
