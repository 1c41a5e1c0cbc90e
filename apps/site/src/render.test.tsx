/** @jsxRuntime automatic */
/** @jsxImportSource preact */
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSite } from './index';
import { BOOT_SCRIPT, BOOT_SCRIPT_CSP } from './lib/server/boot-script';
import { parseContent } from './lib/server/content';
import { renderDocument } from './lib/server/document';
import { markdownToHtml } from './lib/server/markdown';
import { minifyCss } from './lib/server/styles';
import { MarketingPage } from './pages/MarketingPage';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = createSite({ distDir: path.join(here, 'no-such-dist'), defaultCard: '/og-card.png' });
const req = { baseUrl: 'https://give.example.org', theme: null } as const;

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe('home page', () => {
  it('writes the live total in the page language in place of {{liveTotal}}, with the head tags', () => {
    const en = site.home({ ...req, lang: 'en' }, { raisedCents: 1_234_500, campaigns: 1 });
    expect(en).toMatch(/^<!doctype html>\n<html lang="en" data-home>/);
    expect(en).not.toContain('{{liveTotal}}');
    expect(en).toContain('<strong>$12,345</strong> <span>raised so far · across 1 active campaign</span>');
    expect(meta(en, 'og:url')).toBe('https://give.example.org/');
    expect(meta(en, 'og:image')).toBe('https://give.example.org/og-card.png');
    expect(meta(en, 'twitter:card')).toBe('summary_large_image');
    expect(en).toContain('<link rel="canonical" href="https://give.example.org/"/>');
    const es = site.home({ ...req, lang: 'es', theme: 'dark' }, { raisedCents: 1_234_500, campaigns: 2 });
    expect(es).toMatch(/<html lang="es" data-theme="dark" data-home>/);
    expect(es).toContain('12.345\u00a0US$');
    expect(es).toContain('entre 2 campañas activas');
    expect(es).toContain('<link rel="canonical" href="https://give.example.org/?lang=es"/>');
  });

  it('has the navbar and footer of spec §2, links in the page language, and both Login and Go To Dashboard', () => {
    const html = site.home({ ...req, lang: 'es' }, { raisedCents: 0, campaigns: 0 });
    for (const href of [
      '/how-it-works?lang=es',
      '/our-story?lang=es',
      '/privacy-policy?lang=es',
      '/terms-and-conditions?lang=es',
      '/contact-us?lang=es',
      // Get Started: team registration (issue 15).
      '/onboarding/team?lang=es',
    ])
      expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="/login" data-auth="visitor"');
    expect(html).toContain('href="/home" data-auth="user"');
    expect(html).toContain('© 2023 FUNDRAISER CONSOLE');
    expect(html).toContain('data-island="theme"');
  });

  it('writes no script tags for islands without a build, and the boot script allowed by its hash', () => {
    const html = site.home({ ...req, lang: 'en' }, { raisedCents: 0, campaigns: 0 });
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    expect(BOOT_SCRIPT_CSP).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});

describe('marketing pages', () => {
  it('render each content file with its title as the only h1 and the last-updated date on legal pages', () => {
    const html = site.marketing({ ...req, lang: 'en' }, 'privacy-policy');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Privacy Policy</h1>');
    expect(html).toMatch(/Last updated [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const story = site.marketing({ ...req, lang: 'es' }, 'our-story');
    expect(story).not.toContain('class="updated"');
    expect(meta(story, 'og:url')).toBe('https://give.example.org/our-story?lang=es');
  });
});

describe('escaping', () => {
  it('lets no raw HTML of a content file through, and no script link', () => {
    const html = markdownToHtml(
      'Hi <script>alert(1)</script> and [x](javascript:alert(1)) [ok](/our-story)\n\n<div>block</div>\n',
      'en',
    );
    expect(html).not.toMatch(/<script|<div/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="/our-story?lang=en">ok</a>');
  });

  it('escapes front-matter text in the head and body', () => {
    const page = parseContent(
      '---\ntitle: "A <b>\\"q\\"</b> & co"\ndescription: "x"\nupdated: "2026-01-01"\n---\nBody\n',
    );
    expect(page.title).toBe('A <b>"q"</b> & co');
    const html = renderDocument({
      lang: 'en',
      theme: null,
      head: {
        title: page.title,
        description: page.title,
        url: 'https://x.test/a?b="c"',
        image: 'https://x.test/i.png',
      },
      assets: null,
      children: <MarketingPage lang="en" slug="our-story" content={page} />,
    });
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>A &lt;b>&quot;q&quot;&lt;/b> &amp; co · FUNDRAISER CONSOLE</title>');
    expect(html).toContain('<h1>A &lt;b>&quot;q&quot;&lt;/b> &amp; co</h1>');
    expect(meta(html, 'og:url')).toBe('https://x.test/a?b=&quot;c&quot;');
  });

  it('minifies the stylesheet without changing selectors', () => {
    expect(minifyCss('/* c */ a  b > c { color : red ; }\n')).toBe('a b>c{color:red}');
  });
});

describe('source files', () => {
  it('every .tsx file names Preact in its pragmas (the API runs them with tsx, which defaults to React)', () => {
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const text = readFileSync(path.join(here, f), 'utf8');
      expect(text.startsWith('/** @jsxRuntime automatic */\n/** @jsxImportSource preact */'), f).toBe(true);
    }
  });
});
