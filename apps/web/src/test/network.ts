/**
 * The network boundary of component tests: `fetch` and `XMLHttpRequest` (uploads) answered by
 * handlers keyed by `METHOD /path` (the path under /api/v1, without its query). Nothing of the
 * app is mocked: its API client, query cache and components run as they do in the browser.
 * A request no handler answers fails the test.
 */
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, a FormData (uploads) or undefined. */
  body: unknown;
}
export interface FakeResponse {
  status?: number;
  json: unknown;
}
export type Handler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

const API = '/api/v1';

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const unhandled: string[] = [];

  async function answer(req: FakeRequest): Promise<{ status: number; text: string }> {
    calls.push(req);
    const handler = handlers[`${req.method} ${req.path}`];
    if (!handler) {
      unhandled.push(`${req.method} ${req.path}`);
      return {
        status: 599,
        text: JSON.stringify({ hasError: true, message: `No fake for ${req.method} ${req.path}` }),
      };
    }
    const res = await handler(req);
    return { status: res.status ?? 200, text: JSON.stringify(res.json) };
  }

  function parse(method: string, url: string, headers: Headers, body: unknown): FakeRequest {
    const u = new URL(url, 'http://localhost');
    const path = u.pathname.startsWith(API) ? u.pathname.slice(API.length) : u.pathname;
    const parsed = typeof body === 'string' ? JSON.parse(body) : body;
    return { method: method.toUpperCase(), path, query: u.searchParams, headers, body: parsed };
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await answer(parse(init.method ?? 'GET', url, new Headers(init.headers), init.body ?? undefined));
    return new Response(res.text, { status: res.status, headers: { 'content-type': 'application/json' } });
  });

  /** Just what `apiUpload` uses: open, headers, upload progress, load, abort. */
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        const res = await answer(parse(this.method, this.url, this.headers, body));
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 });
        this.status = res.status;
        this.responseText = res.text;
        this.onload?.();
      })();
    }
  }

  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    calls,
    unhandled,
    /** The requests made to `METHOD /path`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    restore: () => vi.unstubAllGlobals(),
  };
}
