import { isApiError } from '../../../lib/api/errors';

/** A 4xx (not found, invalid link) will not change by asking again; network and 5xx errors may. */
export const retryUnlessClientError = (count: number, error: unknown) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2;

export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** 410: an unpaid donation whose details were removed after the retention period (DONATION_EXPIRED). */
export const isGone = (error: unknown) => isApiError(error) && error.status === 410;
