import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { STORAGE_KEYS } from '../../../lib/auth/storage';
import { exportDonations } from './export-donations';

const CSV = 'receipt,message\r\nFC-1,"two\r\nlines"\r\nFC-2,\'=1+1\r\n';

/** A body that arrives in small pieces, as a streamed download does. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.slice(i, i + 7));
      c.close();
    },
  });
}

describe('exportDonations', () => {
  let saved: { name: string; blob: Blob } | null = null;
  beforeEach(() => {
    saved = null;
    localStorage.setItem(STORAGE_KEYS.access, 'the-access-token');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0] as Blob;
      saved = { name: this.download, blob };
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('fetches the streamed CSV with the Bearer token (none in the URL), saves it whole and counts its records', async () => {
    const fetchFn = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(streamed(CSV), {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="donations-2026-11-01.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const result = await exportDonations({ from: '2026-11-01', status: 1 });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/admin/donation/export?from=2026-11-01&status=1');
    expect(String(url)).not.toContain('the-access-token');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-access-token');
    expect(result).toEqual({ filename: 'donations-2026-11-01.csv', rows: 2 });
    expect(saved?.name).toBe('donations-2026-11-01.csv');
    expect(await saved?.blob.text()).toBe(CSV);
  });

  it('throws the API error of a refused export and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ hasError: true, message: 'Forbidden', code: 'FORBIDDEN' }), { status: 403 }),
      ),
    );
    await expect(exportDonations({})).rejects.toBeInstanceOf(ApiError);
    expect(saved).toBeNull();
  });
});
