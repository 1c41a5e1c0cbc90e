/**
 * Fetch wrapper for /api/v1 (spec §7, DECISIONS §4). Sends the Bearer token and the constant
 * client tag header; on a 401 refreshes the token pair once, queues concurrent requests while
 * the refresh runs and replays them; a refused refresh ends the session (spec §4). A refresh
 * that got no answer (network down, or the call cut by a reload) does not: the request fails,
 * and the next refresh retries with the same retry key, which the server answers again.
 */
import {
  clearRefreshRetry,
  clearSession,
  getAccessToken,
  getRefreshToken,
  refreshRetryKey,
  setTokens,
} from '../auth/storage';
import { ApiError } from './errors';

export const API_BASE = '/api/v1';
export const CLIENT_HEADER = { name: 'X-FC-Client', value: 'console-web' } as const;

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Login, register and refresh calls: a 401 is an answer, not an expired session. */
  skipRefresh?: boolean;
}

let sessionExpiredHandler = (): void => {
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?returnTo=${encodeURIComponent(here)}`);
};

/** Lets the app decide what "go to /login" means (tests replace it). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

let refreshing: Promise<string | 'refused' | 'unanswered'> | null = null;

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function buildInit(opts: RequestOptions, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json', [CLIENT_HEADER.name]: CLIENT_HEADER.value });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  return { method: opts.method ?? 'GET', headers, body, signal: opts.signal };
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toError(status: number, json: Record<string, unknown>): ApiError {
  const message = typeof json.message === 'string' && json.message ? json.message : `Request failed (${status})`;
  const errors = Array.isArray(json.errors) ? (json.errors as { path: string; message: string }[]) : [];
  const code = typeof json.code === 'string' ? json.code : undefined;
  return new ApiError(status, message, { code, fieldErrors: errors, data: json.data });
}

/** The new access token; `refused` when the server ended the session; `unanswered` when no answer came. */
async function refreshTokens(): Promise<string | 'refused' | 'unanswered'> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return 'refused';
  const retryKey = refreshRetryKey(refreshToken);
  try {
    const res = await fetch(
      buildUrl('/jwt/refresh-token'),
      buildInit({ method: 'POST', body: { refreshToken, retryKey } }, null),
    );
    // A 5xx may come after the server rotated the pair: like no answer, it keeps the retry key.
    if (res.status >= 500) return 'unanswered';
    if (!res.ok) return 'refused';
    const json: Record<string, unknown> = JSON.parse(await res.text());
    if (typeof json.accessToken !== 'string' || typeof json.refreshToken !== 'string') return 'unanswered';
    setTokens(json.accessToken, json.refreshToken);
    clearRefreshRetry();
    return json.accessToken;
  } catch {
    // Network error, a body cut short, or the page unloading (a reload aborts the call).
    return 'unanswered';
  }
}

/** One refresh at a time: every caller that hits a 401 meanwhile waits for the same result. */
function sharedRefresh(): Promise<string | 'refused' | 'unanswered'> {
  if (!refreshing) {
    refreshing = refreshTokens().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * The access token to replay a request with after its 401. A refused refresh ends the session
 * (null); one that got no answer keeps it and fails the request as a network error would.
 */
async function replayToken(usedToken: string): Promise<string | null> {
  // Another request may already have rotated the pair: replay with the newer token.
  const current = getAccessToken();
  if (current && current !== usedToken) return current;
  const refreshed = await sharedRefresh();
  if (refreshed === 'unanswered') throw new ApiError(0, '');
  if (refreshed !== 'refused') return refreshed;
  clearSession();
  sessionExpiredHandler();
  return null;
}

/** The raw response of a request, after one token refresh on a 401 (a refused refresh ends the session). */
async function send(path: string, opts: RequestOptions): Promise<Response> {
  const url = buildUrl(path, opts.query);
  const usedToken = getAccessToken();
  let res = await fetch(url, buildInit(opts, usedToken));

  if (res.status === 401 && !opts.skipRefresh && usedToken) {
    const token = await replayToken(usedToken);
    if (!token) throw toError(401, await readJson(res));
    res = await fetch(url, buildInit(opts, token));
  }
  return res;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  const json = await readJson(res);
  if (!res.ok || json.hasError === true) throw toError(res.status, json);
  return json as T;
}

/**
 * A file the API answers as a body of its own (a streamed CSV): the response to read, sent with
 * the Bearer token like every request (never a token in the URL). An error answer is thrown as
 * an ApiError, as by `apiRequest`.
 */
export async function apiFile(path: string, query?: RequestOptions['query']): Promise<Response> {
  const res = await send(path, { query });
  if (!res.ok) throw toError(res.status, await readJson(res));
  return res;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

export interface UploadOptions {
  query?: Record<string, QueryValue>;
  /** Fraction sent, 0..1 (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  json: Record<string, unknown>;
}

function sendForm(url: string, form: FormData, token: string | null, opts: UploadOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CLIENT_HEADER.name, CLIENT_HEADER.value);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: Record<string, unknown> = {};
      try {
        const parsed: unknown = xhr.responseText ? JSON.parse(xhr.responseText) : {};
        if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
      } catch {
        // A non-JSON body becomes a generic error below.
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Multipart upload with upload progress (fetch cannot report it). Same headers, envelope and
 * single-flight token refresh as `apiRequest`.
 */
export async function apiUpload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const usedToken = getAccessToken();
  let res = await sendForm(url, form, usedToken, opts);
  if (res.status === 401 && usedToken) {
    const token = await replayToken(usedToken);
    if (!token) throw toError(401, res.json);
    res = await sendForm(url, form, token, opts);
  }
  if (res.status < 200 || res.status >= 300 || res.json.hasError === true) throw toError(res.status, res.json);
  return res.json as T;
}
