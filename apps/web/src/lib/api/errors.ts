import type { FieldError } from '@fc/contracts';
import i18n from '../i18n';

/** Every failed call surfaces as an ApiError: HTTP status, server message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly data: unknown;

  constructor(
    status: number,
    message: string,
    opts: { code?: string; fieldErrors?: FieldError[]; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = opts.code;
    this.fieldErrors = opts.fieldErrors ?? [];
    this.data = opts.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The message to show for any thrown value; `fallback` when the server gave none. The server
 * writes its messages in English (with names and figures in them); in another language the
 * error's code picks a translated sentence (`errors.codes.<CODE>`) when there is one.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const key = `errors.codes.${error.code ?? ''}`;
  if (error.code && !i18n.language.startsWith('en') && i18n.exists(key)) return i18n.t(key);
  return error.message || fallback;
}
