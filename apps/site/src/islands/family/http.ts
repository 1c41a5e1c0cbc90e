/// <reference lib="dom" />
/**
 * The few API calls of the invitation and registration islands (`/api/v1`), sent like the SPA's
 * client: JSON, the client tag, the Bearer token when asked; a 401 refreshes the token pair once
 * and replays. A refused refresh ends the stored session and the call answers its 401 (a public
 * page goes on for a visitor instead of sending them to /login, as the console would).
 */
import { accessToken, clearRefreshRetry, clearSession, refreshRetryKey, refreshToken, setTokens } from './session';

export interface FieldError {
  path: string;
  message: string;
}

/** An answer that is not a success: its status (0 when none came), code, sentence and field errors. */
export interface Failure {
  status: number;
  code: string | null;
  message: string;
  errors: FieldError[];
}

export type Result<T> = { ok: true; data: T } | { ok: false; failure: Failure };

const CLIENT = { 'X-FC-Client': 'console-web' };

type Method = 'GET' | 'POST' | 'PUT';

function init(method: Method, body: unknown, token: string | null, extra: Record<string, string> = {}): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...CLIENT, ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await res.text());
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A new access token, or null: refused (the session is cleared) or no answer. */
async function refresh(): Promise<string | null> {
  const token = refreshToken();
  if (!token) return null;
  try {
    const res = await fetch(
      '/api/v1/jwt/refresh-token',
      init('POST', { refreshToken: token, retryKey: refreshRetryKey(token) }, null),
    );
    if (res.status >= 500) return null;
    if (!res.ok) {
      clearSession();
      return null;
    }
    const json = await readJson(res);
    if (typeof json.accessToken !== 'string' || typeof json.refreshToken !== 'string') return null;
    setTokens(json.accessToken, json.refreshToken);
    clearRefreshRetry();
    return json.accessToken;
  } catch {
    return null;
  }
}

export interface CallOptions {
  method?: Method;
  body?: unknown;
  /** Headers of the call (the team registration's draft token). */
  headers?: Record<string, string>;
  /** Send the stored session's token (and refresh it once on a 401). */
  auth?: boolean;
}

export async function call<T>(
  path: string,
  { method = 'GET', body, auth = false, headers }: CallOptions = {},
): Promise<Result<T>> {
  const url = `/api/v1${path}`;
  try {
    const used = auth ? accessToken() : null;
    let res = await fetch(url, init(method, body, used, headers));
    if (res.status === 401 && used) {
      // A new pair replays the call; without one (refused: the stored session is cleared, or no
      // answer) the 401 is the answer, and the island goes on as for a visitor.
      const token = await refresh();
      if (token) res = await fetch(url, init(method, body, token, headers));
    }
    const json = await readJson(res);
    if (res.ok && json.hasError !== true) return { ok: true, data: json as T };
    return {
      ok: false,
      failure: {
        status: res.status,
        code: typeof json.code === 'string' ? json.code : null,
        message: typeof json.message === 'string' ? json.message : '',
        errors: Array.isArray(json.errors) ? (json.errors as FieldError[]) : [],
      },
    };
  } catch {
    return { ok: false, failure: { status: 0, code: null, message: '', errors: [] } };
  }
}

/** The strings the islands need to say what went wrong, resolved on the server in the page language. */
export interface FailureStrings {
  lang: 'en' | 'es';
  generic: string;
  invalid: string;
  required: string;
  /** `errors.codes.*` in the page language, for the codes these calls answer. */
  codes: Record<string, string>;
}

/** Codes about the request as a whole: their sentence does not describe one field. */
const GENERIC_CODES = new Set(['VALIDATION', 'VALIDATION_FAILED', 'BAD_REQUEST']);

/** A failure's sentence, as the SPA's errorMessage: the server's English, or the code's translation. */
export function failureMessage(f: Failure, s: FailureStrings): string {
  if (f.status === 0) return s.generic;
  if (s.lang !== 'en' && f.code && s.codes[f.code]) return s.codes[f.code]!;
  return f.message || s.generic;
}

/**
 * The server's field errors (`body.<field>`) on the form's fields, in the page language as the
 * SPA's applyFieldErrors: English as written, else a known code's sentence, else "not valid".
 */
export function fieldErrors<F extends string>(
  f: Failure,
  fields: readonly F[],
  s: FailureStrings,
  aliases: Partial<Record<string, F>> = {},
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const fe of f.errors) {
    const raw = (fe.path ?? '').replace(/^body\./, '').split('.')[0] ?? '';
    const field = (aliases[raw] ?? raw) as F;
    if (!fields.includes(field)) continue;
    out[field] =
      s.lang === 'en'
        ? fe.message
        : fe.message === 'Required'
          ? s.required
          : f.code && !GENERIC_CODES.has(f.code) && s.codes[f.code]
            ? s.codes[f.code]!
            : s.invalid;
  }
  return out;
}
