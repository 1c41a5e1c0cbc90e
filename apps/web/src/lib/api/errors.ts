import type { FieldError } from '@fc/contracts';

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

/** The message to show for any thrown value; `fallback` when the server gave none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
