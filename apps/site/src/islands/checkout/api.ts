/// <reference lib="dom" />
/**
 * The checkout island's calls to `/api/v1` (the SPA's get-checkout-context, create-donation,
 * confirm-donation and abandoned-cart calls, same paths and bodies), without the console's
 * client: no token refresh on the public pages. A signed-in family's token is sent where it
 * changes the answer (a fee's players); a refused token is dropped and the call made anonymously.
 */
import type {
  CheckoutContext,
  ConfirmResult,
  CreateDonationBody,
  DonationCheckout,
  FieldError,
  SandboxConfirmBody,
} from './types';

export const API_BASE = '/api/v1';

/** A call that failed: HTTP status (0 without an answer), the error code, the server's sentence and field errors. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined = undefined,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export const isApiFailure = (e: unknown): e is ApiFailure => e instanceof ApiFailure;

/** The signed-in session's access token (the console's storage key), or null. */
export function storedToken(): string | null {
  try {
    return localStorage.getItem('accessToken');
  } catch {
    return null;
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-FC-Client': 'console-web' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiFailure(0, '');
  }
  if (res.status === 401 && token) return call<T>(method, path, body, null);
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || json.hasError === true) {
    const message = typeof json.message === 'string' ? json.message : '';
    const code = typeof json.code === 'string' ? json.code : undefined;
    const errors = Array.isArray(json.errors) ? (json.errors as FieldError[]) : [];
    throw new ApiFailure(res.status, message, code, errors);
  }
  return (json as { data: T }).data;
}

const id = (donationId: string) => encodeURIComponent(donationId);

/** GET /public/checkout?feeRequest= with the family's token: its players for a fee. */
export const getCheckoutContext = (query: string, token: string | null) =>
  call<CheckoutContext>('GET', `/public/checkout?${query}`, undefined, token);

/** POST /public/donations: starts a checkout; the server computes every amount. */
export const createDonation = (body: CreateDonationBody, token: string | null) =>
  call<DonationCheckout>('POST', '/public/donations', body, token);

/** POST /public/donations/{id}/confirm (sandbox only): a decline is a 200 with `requires_payment_method`. */
export const confirmDonation = (donationId: string, body: SandboxConfirmBody) =>
  call<ConfirmResult>('POST', `/public/donations/${id(donationId)}/confirm`, body);

/** POST /abandoned_cart/{id}: the same payment intent, maybe another amount or fee choice (409 once closed). */
export const resumeCart = (donationId: string, body: { amountCents?: number; coverFee?: boolean }) =>
  call<DonationCheckout>('POST', `/abandoned_cart/${id(donationId)}`, body);
