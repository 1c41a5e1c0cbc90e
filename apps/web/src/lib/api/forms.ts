import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './errors';

/**
 * Puts the server's `errors[].path` messages on the matching form fields. Returns true when at
 * least one field received an error (the caller then skips the generic toast).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const fe of error.fieldErrors) {
    const name = fe.path.replace(/^body\./, '').split('.')[0] ?? '';
    if (fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message: fe.message });
      applied = true;
    }
  }
  return applied;
}
