/**
 * The one error type (ENGINEERING habit 4). The global handler in plugins/errors.ts is the only
 * place that shapes error bodies.
 */
import type { FieldError } from '@fc/contracts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, errors);
export const unauthorized = (message = 'Please sign in again.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, message);
/** 410: the thing existed and was removed for good (e.g. after a retention period). */
export const gone = (code: string, message: string) => new AppError(410, code, message);
export const conflict = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(409, code, message, errors);
