/**
 * The team registration pages rendered on the server (issue 15; rendered.registration.ts) over
 * plain HTTP: `/onboarding/team`, `/pages/register-multi-steps` and `/onboarding/team/{teamId}`
 * answer every kind of client and HEAD with the page (the wizard's first step before any script),
 * in the language asked for, never indexed, never stored by a cache; a resume link's token is
 * never written into the page nor the server log.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, type TestApp } from './helpers.js';
import { CLIENTS, fakeDist, langOf, metaContent, open, PUBLIC_URL, titleOf } from './site-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
type Tree = { [k: string]: string | Tree };
const strings = (lang: 'en' | 'es') =>
  (
    (JSON.parse(readFileSync(path.resolve(here, `../../web/src/locales/${lang}/public.json`), 'utf8')) as Tree)
      .public as Tree
  ).teamRegistration as Record<string, string & Record<string, string>>;
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const { lines, stream } = logCapture();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/`, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { serveWeb: true, logStream: stream },
  );
});
afterAll(async () => t.close());

const PATHS = ['/onboarding/team', '/pages/register-multi-steps', '/onboarding/team/42'];

describe('team registration pages', () => {
  it('answer 200 to a browser, a crawler (*/*), a client without Accept and HEAD: private, not stored, never indexed', async () => {
    const s = strings('en');
    for (const url of PATHS) {
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        const label = `${url} ${client.name}`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], label).toBe('private, no-store');
        expect(res.headers['referrer-policy'], label).toBe('no-referrer');
        if (client.method === 'HEAD') {
          expect(res.body, label).toBe('');
          continue;
        }
        const html = res.body;
        expect(langOf(html), label).toBe('en');
        const title = url.startsWith('/onboarding/team/') ? s.titleSeason : s.title;
        expect(titleOf(html), label).toBe(escaped(`${title} · FUNDRAISER CONSOLE`));
        expect(metaContent(html, 'robots'), label).toBe('noindex');
        expect(html, label).not.toContain('rel="canonical"');
        expect(html, label).not.toContain('og:');
        // The site's layout (navbar and footer), not the SPA's shell.
        expect(html, label).not.toContain('<div id="root">');
        expect(html, label).toContain('class="site-header"');
        expect(html, label).toContain('class="site-footer"');
        // The wizard's first step before any script: progress, the account form, the spam trap.
        expect(html, label).toContain('data-island="registration"');
        expect(html, label).toContain(escaped(s.progress!.replace('{{step}}', '1').replace('{{total}}', '6')));
        expect(html, label).toContain('data-testid="reg-create"');
        expect(html, label).toContain('name="website"');
        // The language links keep the page's address.
        expect(html, label).toContain(`href="${url}?lang=es"`);
      }
    }
  });

  it('is written in the language asked for (?lang=es, cookie, Accept-Language)', async () => {
    const s = strings('es');
    for (const [url, headers] of [
      ['/onboarding/team?lang=es', {}],
      ['/onboarding/team', { 'accept-language': 'es-MX,es;q=0.9' }],
      ['/onboarding/team', { cookie: 'lang=es' }],
    ] as const) {
      const res = await open(t, url, { headers });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(langOf(html)).toBe('es');
      expect(titleOf(html)).toBe(escaped(`${s.title} · FUNDRAISER CONSOLE`));
      expect(html).toContain(escaped(s.person!.create!));
      expect(html).toContain(escaped(s.headings!.person!));
    }
    // ?lang= is remembered for the next pages.
    const chosen = await open(t, '/pages/register-multi-steps?lang=es');
    expect(String(chosen.headers['set-cookie'])).toContain('lang=es');
  });

  it('the navbar Get Started leads here', async () => {
    const html = (await open(t, '/')).body;
    expect(html).toContain('href="/onboarding/team?lang=en"');
  });

  it('a resume link: the page says it is loading the draft, and the token is neither in the page nor in the log', async () => {
    const token = 'rt_resume_abcdefghijklmnopqrstuvwxyz0123';
    const res = await open(t, `/onboarding/team?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="reg-loading"');
    expect(res.body).not.toContain(token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });

  it('a team address that is no id is not a registration page', async () => {
    const res = await open(t, '/onboarding/team/not-a-team', { headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    const big = await open(t, '/onboarding/team/99999999999', { headers: { accept: 'application/json' } });
    expect(big.statusCode).toBe(404);
  });
});
