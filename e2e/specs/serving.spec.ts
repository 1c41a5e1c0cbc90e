/** The deployment shape (npm start): the API process serves the built SPA; deep links get index.html. */
import { describe, expect, it } from 'vitest';
import { baseURL } from '../support/env';

describe('serving the web app', () => {
  it('the API serves apps/web/dist, deep links included, and keeps JSON 404s for the API', async () => {
    const page = await fetch(`${baseURL()}/apps/user/list`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset, 'index.html references a bundled script').toBeTruthy();
    const js = await fetch(`${baseURL()}${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(js.status).toBe(200);
    const api404 = await fetch(`${baseURL()}/api/v1/no-such-route`, { headers: { Accept: 'text/html' } });
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toMatch(/application\/json/);
    console.log(
      `[serving] /apps/user/list → ${page.status} html; ${asset} → ${js.status} (${js.headers.get('content-encoding') ?? 'identity'}); /api/v1/no-such-route → ${api404.status} json`,
    );
  });
});
