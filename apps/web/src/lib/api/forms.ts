import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import i18n from '../i18n';
import { translateFieldError } from '../i18n/validation';
import { type ApiError, isApiError } from './errors';

/**
 * The body field a server field error names: the API names request fields `body.<field>` (nested
 * ones `body.<field>.<key>`, DECISIONS §4), for its own checks as for request validation; the first
 * segment after `body.` is the field. A path without the prefix is read the same way.
 */
export function bodyField(path: string): string {
  return path.replace(/^body\./, '').split('.')[0] ?? '';
}

/** Codes about the request as a whole: their sentence does not describe one field. */
const GENERIC_CODES = new Set(['VALIDATION', 'VALIDATION_FAILED', 'BAD_REQUEST']);

/**
 * A server field error's message in the UI language. The server writes them in English: in
 * English they are shown as written; in another language a known contract message is translated,
 * else the error code's sentence (`errors.codes.<CODE>`) is shown, else "this value is not valid".
 */
export function fieldErrorMessage(error: ApiError, message: string): string {
  if (i18n.language.startsWith('en')) return message;
  if (message === 'Required') return i18n.t('validation.required');
  const known = translateFieldError(i18n.t, message);
  if (known && known !== message) return known;
  const key = `errors.codes.${error.code ?? ''}`;
  if (error.code && !GENERIC_CODES.has(error.code) && i18n.exists(key)) return i18n.t(key);
  return i18n.t('validation.invalid');
}

/**
 * Puts the server's `errors[].path` messages on the matching form fields. Returns true when at
 * least one field received an error (the caller then skips the generic toast); the messages are
 * in the UI language (fieldErrorMessage). `aliases` maps a body field to the form field that
 * edits it (e.g. `parentId` → `parent`).
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
      setError(name as Path<T>, { type: 'server', message: fieldErrorMessage(error, fe.message) });
      applied = true;
    }
  }
  return applied;
}

/** `setValueAs` for an optional text field: blank (or only spaces) is sent as no value. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
