import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../auth/storage';
import { apiRequest, onSessionExpired } from './client';
import { ApiError } from './errors';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const auth = (init: RequestInit) => new Headers(init.headers).get('Authorization');

describe('api client', () => {
  const expired = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.access, 'old-access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'old-refresh');
    localStorage.setItem(STORAGE_KEYS.user, '{}');
    expired.mockReset();
    onSessionExpired(expired);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and the client tag header', async () => {
    const fetchFn = mockFetch(() => json(200, { hasError: false, data: 1 }));
    await apiRequest('/user/me', { query: { q: 'a b', page: 2, empty: '' } });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/user/me?q=a+b&page=2');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer old-access');
    expect(headers.get('X-FC-Client')).toBe('console-web');
  });

  it('refreshes once for concurrent 401s and replays every request', async () => {
    let refreshCalls = 0;
    const fetchFn = mockFetch(async (url, init) => {
      if (url.endsWith('/jwt/refresh-token')) {
        refreshCalls++;
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'old-refresh', retryKey: expect.any(String) });
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { hasError: false, accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return auth(init) === 'Bearer new-access'
        ? json(200, { hasError: false, data: url })
        : json(401, { hasError: true, message: 'expired' });
    });
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(refreshCalls).toBe(1);
    expect(results).toEqual([
      { hasError: false, data: '/api/v1/a' },
      { hasError: false, data: '/api/v1/b' },
      { hasError: false, data: '/api/v1/c' },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('new-refresh');
    expect(fetchFn).toHaveBeenCalledTimes(7);
  });

  it('ends the session when the refresh fails', async () => {
    mockFetch((url) =>
      url.endsWith('/jwt/refresh-token')
        ? json(401, { hasError: true, message: 'revoked' })
        : json(401, { hasError: true, message: 'expired' }),
    );
    await expect(apiRequest('/a')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshRetry)).toBeNull();
  });

  it('keeps the session when the refresh gets no answer, and retries it with the same key', async () => {
    const keys: string[] = [];
    let answer = false;
    mockFetch((url, init) => {
      if (url.endsWith('/jwt/refresh-token')) {
        const body = JSON.parse(String(init.body)) as { refreshToken: string; retryKey: string };
        keys.push(`${body.refreshToken} ${body.retryKey}`);
        // First the call is cut (a reload aborts it); the retry gets the answer.
        if (!answer) return Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
        return json(200, { hasError: false, accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return auth(init) === 'Bearer new-access'
        ? json(200, { hasError: false, data: 1 })
        : json(401, { hasError: true, message: 'expired' });
    });
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 0 });
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('old-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe('{}');

    answer = true;
    await expect(apiRequest('/a')).resolves.toEqual({ hasError: false, data: 1 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^old-refresh [\w-]{16,}$/);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('new-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.refreshRetry)).toBeNull();
  });

  it('keeps the session on a server error during the refresh', async () => {
    mockFetch((url) =>
      url.endsWith('/jwt/refresh-token')
        ? json(503, { hasError: true, message: 'unavailable' })
        : json(401, { hasError: true, message: 'expired' }),
    );
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 0 });
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.access)).toBe('old-access');
  });

  it('does not refresh for login-type calls', async () => {
    const fetchFn = mockFetch(() => json(401, { hasError: true, message: 'Invalid email or password' }));
    await expect(apiRequest('/jwt/login', { method: 'POST', body: {}, skipRefresh: true })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(expired).not.toHaveBeenCalled();
  });

  it('carries status, code and field errors', async () => {
    mockFetch(() =>
      json(400, {
        hasError: true,
        message: 'Invalid body',
        code: 'VALIDATION',
        errors: [{ path: 'email', message: 'taken' }],
      }),
    );
    const error = await apiRequest('/admin/user/create', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fieldErrors: [{ path: 'email', message: 'taken' }],
    });
  });
});
