/**
 * The server-rendered pages (decision 017): `/` and the marketing pages over plain HTTP, for every
 * kind of client, in the language asked for (?lang, then the cookie, then Accept-Language), with
 * the theme cookie, the content files' head tags, validators, and the home page's live total
 * checked against an independent sum of the gifts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatMoney } from '@fc/contracts/money';
import { donations, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import {
  CLIENTS,
  canonicalOf,
  createSiteApp,
  langOf,
  metaContent,
  open,
  PUBLIC_URL,
  siteData,
  titleOf,
} from './site-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = ['/', '/how-it-works', '/our-story', '/privacy-policy', '/terms-and-conditions'];

/** The content file's front matter, read here without the site's code (the oracle for the head). */
function frontMatter(url: string, lang: 'en' | 'es') {
  const slug = url === '/' ? 'home' : url.slice(1);
  const text = readFileSync(path.resolve(here, `../../../content/pages/${slug}.${lang}.md`), 'utf8');
  const value = (key: string) => JSON.parse(new RegExp(`^${key}: (".*")$`, 'm').exec(text)?.[1] ?? '""') as string;
  return { title: value('title'), description: value('description') };
}
/** The HTML-escaped form Preact writes in attributes and text. */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
});
afterAll(async () => t.close());

describe('every client gets each page', () => {
  it('compresses the HTML for a client that accepts it (brotli, else gzip), the same page once decoded', async () => {
    for (const url of PAGES) {
      const plain = await open(t, url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await open(t, url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const gz = await open(t, url, { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // The validator is the page's, whatever the encoding: a revalidation with it is a 304.
      expect(br.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('answers 200 HTML to GET with no Accept, */*, text/html, and to HEAD, with validators and a short shared lifetime', async () => {
    for (const url of PAGES) {
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        expect(res.statusCode, `${client.name} ${url}`).toBe(200);
        expect(res.headers['content-type'], `${client.name} ${url}`).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
        expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
        expect(res.headers.etag).toMatch(/^W\/"/);
      }
      const first = await open(t, url);
      expect(first.body).toMatch(/^<!doctype html>/);
      expect(first.body).not.toContain('<div id="root">');
      const again = await open(t, url, { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('writes the head of the content file: title, description, canonical, Open Graph and Twitter with the default card', async () => {
    for (const url of PAGES) {
      for (const lang of ['en', 'es'] as const) {
        const html = (await open(t, `${url}?lang=${lang}`)).body;
        const fm = frontMatter(url, lang);
        const canonical = `${PUBLIC_URL}${url}${lang === 'es' ? '?lang=es' : ''}`;
        expect(titleOf(html)).toBe(escaped(`${fm.title} · FUNDRAISER CONSOLE`));
        expect(metaContent(html, 'description')).toBe(escaped(fm.description));
        expect(canonicalOf(html)).toBe(canonical);
        expect(metaContent(html, 'og:title')).toBe(escaped(fm.title));
        expect(metaContent(html, 'og:url')).toBe(canonical);
        expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/og-card.png`);
        expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
        expect(metaContent(html, 'robots')).toBeNull();
        expect(html.match(/<h1>/g)).toHaveLength(1);
      }
    }
  });
});

describe('language and theme', () => {
  it('takes ?lang first, then the lang cookie, then Accept-Language; ?lang sets the cookie', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/our-story', {}, 'en'],
      ['/our-story', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }, 'es'],
      ['/our-story', { 'accept-language': 'es', cookie: 'lang=en' }, 'en'],
      ['/our-story', { cookie: 'other=1; lang=es' }, 'es'],
      ['/our-story?lang=en', { cookie: 'lang=es', 'accept-language': 'es' }, 'en'],
      ['/?lang=es', {}, 'es'],
    ];
    for (const [url, headers, lang] of cases) {
      const res = await open(t, url, { headers });
      expect(langOf(res.body), `${url} ${JSON.stringify(headers)}`).toBe(lang);
    }
    const chosen = await open(t, '/how-it-works?lang=es');
    expect(chosen.headers['set-cookie']).toBe('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(chosen.body).toContain('Cómo funciona');
    expect(
      (await open(t, '/how-it-works?lang=es', { headers: { cookie: 'lang=es' } })).headers['set-cookie'],
    ).toBeUndefined();
    expect((await open(t, '/how-it-works')).headers['set-cookie']).toBeUndefined();
  });

  it('writes data-theme from the theme cookie, and none without it (the system decides)', async () => {
    expect((await open(t, '/', { headers: { cookie: 'theme=dark' } })).body).toMatch(
      /<html lang="en" data-theme="dark"/,
    );
    expect((await open(t, '/', { headers: { cookie: 'theme=light' } })).body).toMatch(
      /<html lang="en" data-theme="light"/,
    );
    const other = (await open(t, '/', { headers: { cookie: 'theme=<x>' } })).body;
    expect(/<html[^>]*>/.exec(other)?.[0]).toBe('<html lang="en" data-home>');
  });

  it('allows the boot script by its hash in the CSP', async () => {
    const res = await open(t, '/');
    const script = /<script>([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(String(res.headers['content-security-policy'])).toContain(hash);
  });
});

describe('the home page', () => {
  it('shows the total raised by active campaigns, equal to an independent sum of their gifts', async () => {
    const a = await data.campaign();
    const b = await data.campaign();
    const draft = await data.campaign({ status: 'draft' });
    const gift = (campaignId: number, amountCents: number, values: Partial<typeof donations.$inferInsert> = {}) => ({
      publicId: `${campaignId}-${amountCents}-${Math.random().toString(36).slice(2, 12)}`.padEnd(20, 'x'),
      campaignId,
      organizationId: data.tree.team.id,
      amountCents,
      status: 1,
      donorFirstName: 'Dana',
      donorLastName: 'Giver',
      donorEmail: `d${amountCents}@example.test`,
      ...values,
    });
    await t.db
      .insert(donations)
      .values([
        gift(a.id, 1_234_567),
        gift(a.id, 5_000, { refundedCents: 2_000 }),
        gift(b.id, 250_050),
        gift(b.id, 9_900, { status: 0 }),
        gift(draft.id, 777_700),
      ]);
    const [oracle] = await rows<{ cents: string; campaigns: number }>(
      t.db,
      sql`select coalesce((select sum(greatest(d.amount_cents - d.refunded_cents, 0)) from donations d
          join campaigns c on c.id = d.campaign_id
          where c.status = 'active' and d.status = 1 and d.kind = 'gift'), 0)::bigint as cents,
        (select count(*) from campaigns where status = 'active')::int as campaigns`,
    );
    const cents = Number(oracle?.cents);
    expect(cents).toBeGreaterThanOrEqual(1_234_567 + 3_000 + 250_050);
    const live = (html: string) =>
      /data-testid="live-total"><strong>([^<]*)<\/strong> <span>([^<]*)<\/span>/.exec(html);
    const en = live((await open(t, '/')).body);
    expect(en?.[1]).toBe(formatMoney(cents, 'en', { whole: true }));
    expect(en?.[2]).toContain(`across ${oracle?.campaigns} active campaigns`);
    const es = live((await open(t, '/', { headers: { 'accept-language': 'es' } })).body);
    expect(es?.[1]).toBe(formatMoney(cents, 'es', { whole: true }));
    expect((await open(t, '/')).body).not.toContain('{{liveTotal}}');
  });

  it('has the public navbar and footer, marks the home page for the signed-in redirect, and /home is the SPA shell', async () => {
    const html = (await open(t, '/')).body;
    expect(html).toMatch(/<html lang="en" data-home>/);
    for (const label of [
      'How It Works',
      'Get Started',
      'Contact-Us',
      'Login',
      'Go To Dashboard',
      'Our Story',
      'Privacy Policy',
      'Terms &amp; Conditions',
      '© 2023 FUNDRAISER CONSOLE',
    ])
      expect(html).toContain(label);
    const shell = await open(t, '/home', { headers: { accept: 'text/html' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root">');
  });
});
