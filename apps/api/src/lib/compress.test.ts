import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressBody } from './compress.js';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip;q=0, br;q=0', null],
  ] as const)('%s → %s', (header, want) => {
    expect(chooseEncoding(header)).toBe(want);
  });
});

describe('compressBody', () => {
  const page = `<!doctype html><html>${'<p>Raised so far</p>'.repeat(200)}</html>`;
  it('decodes to the same text, smaller', () => {
    const br = compressBody(page, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    const gz = compressBody(page, 'gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(page);
    expect((br.body as Buffer).length).toBeLessThan(page.length / 4);
  });
  it('sends small bodies and refused encodings as they are', () => {
    expect(compressBody('<p>hi</p>', 'br')).toEqual({ body: '<p>hi</p>', encoding: null });
    expect(compressBody(page, null)).toEqual({ body: page, encoding: null });
  });
});
