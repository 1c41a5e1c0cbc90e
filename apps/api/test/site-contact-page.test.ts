/**
 * `/contact-us`, rendered on the server (decision 017, issue 14) over plain HTTP: 200 HTML for
 * every kind of client and HEAD, in the language asked for, with its head tags (from the site's
 * strings, read here as the oracle), the whole form before any script (labels, fields, the spam
 * trap out of reach), and the endpoint the form's island posts to accepting what it sends.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { CLIENTS, canonicalOf, createSiteApp, langOf, metaContent, open, PUBLIC_URL, titleOf } from './site-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const strings = (lang: 'en' | 'es') =>
  JSON.parse(readFileSync(path.resolve(here, `../../web/src/locales/${lang}/site.json`), 'utf8')).site.contact
    .form as Record<string, string>;
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

let t: TestApp;
beforeAll(async () => {
  t = await createSiteApp();
});
afterAll(async () => t.close());

describe('GET /contact-us', () => {
  it('answers 200 HTML to GET with no Accept, */*, text/html, and to HEAD, with validators', async () => {
    for (const client of CLIENTS) {
      const res = await open(t, '/contact-us', { method: client.method, headers: client.headers });
      expect(res.statusCode, client.name).toBe(200);
      expect(res.headers['content-type'], client.name).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], client.name).toBe('public, max-age=0, s-maxage=30');
      expect(res.headers.etag, client.name).toMatch(/^W\/"/);
      if (client.method === 'HEAD') expect(res.body).toBe('');
      else expect(res.body).toMatch(/^<!doctype html>/);
    }
    // Not the SPA's shell any more.
    expect((await open(t, '/contact-us', { headers: { accept: 'text/html' } })).body).not.toContain('<div id="root">');
  });

  it('writes the page in the language asked for, with title, description, canonical and no noindex', async () => {
    const cases: [string, Record<string, string>, 'en' | 'es'][] = [
      ['/contact-us', {}, 'en'],
      ['/contact-us', { 'accept-language': 'es-MX,es;q=0.9' }, 'es'],
      ['/contact-us?lang=es', { 'accept-language': 'en' }, 'es'],
      ['/contact-us', { cookie: 'lang=es' }, 'es'],
      ['/contact-us?lang=en', { cookie: 'lang=es' }, 'en'],
    ];
    for (const [url, headers, lang] of cases) {
      const html = (await open(t, url, { headers })).body;
      const s = strings(lang);
      const label = `${url} ${JSON.stringify(headers)}`;
      expect(langOf(html), label).toBe(lang);
      expect(titleOf(html), label).toBe(escaped(`${s.title} · FUNDRAISER CONSOLE`));
      expect(metaContent(html, 'description'), label).toBe(escaped(String(s.description)));
      expect(canonicalOf(html), label).toBe(`${PUBLIC_URL}/contact-us${lang === 'es' ? '?lang=es' : ''}`);
      expect(metaContent(html, 'robots'), label).toBeNull();
      expect(html.match(/<h1>/g), label).toHaveLength(1);
      expect(html, label).toContain(`<h1>${escaped(String(s.title))}</h1>`);
    }
  });

  it('has the whole form before any script: labels, fields, the trap out of reach, the button, navbar and footer', async () => {
    const html = (await open(t, '/contact-us?lang=es')).body;
    const s = strings('es');
    for (const field of ['name', 'email', 'organization', 'message'])
      expect(html).toContain(`<label for="contact-${field}">${escaped(String(s[field]))}</label>`);
    expect(html).toMatch(/<input id="contact-email" name="email"[^>]*type="email"/);
    expect(html).toMatch(/<textarea id="contact-message" name="message"/);
    const trap = /<div class="visually-hidden" aria-hidden="true"><label>[^<]*<input ([^>]*)>/.exec(html)?.[1] ?? '';
    expect(trap).toContain('name="website"');
    expect(trap).toContain('tabindex="-1"');
    expect(trap).toContain('autocomplete="off"');
    expect(html).toContain(`data-testid="contact-submit">${escaped(String(s.send))}</button>`);
    expect(html).toContain('data-island="contact"');
    expect(html).toContain('href="/how-it-works?lang=es"');
    expect(html).toContain('© 2023 FUNDRAISER CONSOLE');
  });

  it('the endpoint the island posts to takes its JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: {
        name: 'Ana',
        email: `ana-${Date.now()}@example.org`,
        message: 'A message long enough to send.',
        language: 'es',
      },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasError: false });
  });
});
