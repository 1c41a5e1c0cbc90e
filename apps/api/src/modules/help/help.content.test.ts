/**
 * The help university's content (content/university/README.md) and its search: every article in
 * English and Spanish with the same front matter, the same sections and links that lead
 * somewhere; safe rendering; and misspelt words still finding the right article in both languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundedDistance, FuzzyIndex } from '../../lib/fuzzy-search.js';
import { HELP_LANGUAGES, loadUniversity, UNIVERSITY_DIR } from './help.content.js';
import { renderMarkdown } from './help.markdown.js';
import { createCatalog, getArticle, search } from './help.service.js';

const university = loadUniversity();
const catalog = createCatalog(university);
const ROUTES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/src/app/routes/routes.tsx',
);

/** The console's route patterns (`authed('pattern', …)`), as regular expressions. */
const consoleRoutes = [...readFileSync(ROUTES_FILE, 'utf8').matchAll(/authed\(\s*'([^']+)'/g)].map(
  ([, p]) => new RegExp(`^/${(p ?? '').replace(/:[a-zA-Z_]+/g, '[^/]+').replace('/*', '(/.*)?')}$`),
);

const titles = (lang: 'en' | 'es', q: string) => search(catalog, { q, lang, limit: 5 }).results.map((r) => r.id);

describe('help university content', () => {
  it('has at least 24 articles, each in English and Spanish, in every module', () => {
    expect(university.articles.length).toBeGreaterThanOrEqual(24);
    for (const m of university.modules)
      expect(university.articles.filter((a) => a.module === m.slug).length, m.slug).toBeGreaterThan(0);
    for (const a of university.articles)
      for (const lang of HELP_LANGUAGES) {
        expect(a.text[lang].title.trim(), `${a.id} ${lang}`).not.toBe('');
        expect([...a.text[lang].summary].length, `${a.id} ${lang} summary`).toBeLessThanOrEqual(200);
      }
  });

  it('gives both languages the same front matter ids and the same sections', () => {
    for (const a of university.articles) {
      const count = (lang: 'en' | 'es', re: RegExp) => (a.text[lang].body.match(re) ?? []).length;
      expect(count('es', /^## /gm), a.id).toBe(count('en', /^## /gm));
      expect(count('es', /^### /gm), a.id).toBe(count('en', /^### /gm));
      expect(count('en', /^## /gm), a.id).toBeGreaterThan(0);
    }
  });

  it('uses plain Markdown only: no raw HTML, no # heading, no images', () => {
    for (const a of university.articles)
      for (const lang of HELP_LANGUAGES) {
        const prose = a.text[lang].body.replace(/`[^`\n]*`/g, '');
        expect(/<\/?[a-z][a-z0-9-]*[\s/>]|<!--/i.test(prose), `${a.id} ${lang}: raw HTML`).toBe(false);
        expect(/^# /m.test(prose), `${a.id} ${lang}: # heading`).toBe(false);
        expect(/!\[/.test(prose), `${a.id} ${lang}: image`).toBe(false);
      }
  });

  it('links only to existing articles, console routes or https addresses', () => {
    let links = 0;
    for (const a of university.articles)
      for (const lang of HELP_LANGUAGES)
        for (const [, href] of a.text[lang].body.replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s]*)\)/g)) {
          links += 1;
          if (href?.startsWith('https://')) continue;
          const article = /^\/help\/university\/([^/]+\/[^/]+\/[^/#]+)$/.exec(href ?? '');
          if (article) expect(university.byId.has(article[1] ?? ''), `${a.id} → ${href}`).toBe(true);
          else
            expect(
              consoleRoutes.some((re) => re.test(href ?? '')),
              `${a.id} ${lang} → ${href}`,
            ).toBe(true);
        }
    expect(links).toBeGreaterThanOrEqual(0);
  });

  it('relates every article to others that exist', () => {
    for (const a of university.articles) {
      expect(a.related.length, a.id).toBeGreaterThan(0);
      for (const r of a.related) expect(university.byId.has(r), `${a.id} → ${r}`).toBe(true);
      const rendered = getArticle(catalog, a.id, 'es');
      expect(rendered.related.map((x) => x.id)).toEqual(a.related);
    }
  });

  it('reads its files from content/university', () => {
    expect(UNIVERSITY_DIR.endsWith(path.join('content', 'university'))).toBe(true);
  });
});

describe('rendering', () => {
  it('escapes raw HTML, drops unsafe links and images, opens https links in a new tab', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '',
        '[x](javascript:alert(1)) [y](/pages/faq) [z](https://example.org) ![i](https://e.org/a.png)',
      ].join('\n'),
    );
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="/pages/faq">y</a>');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">z</a>');
    expect(html).not.toContain('<img');
  });
});

describe('search with typos', () => {
  it('bounds the edit distance (transpositions count once)', () => {
    expect(boundedDistance('refnud', 'refund', 1)).toBe(1);
    expect(boundedDistance('camapign', 'campaign', 2)).toBe(1);
    expect(boundedDistance('donation', 'donor', 1)).toBe(2);
    expect(boundedDistance('abc', 'abcdef', 1)).toBe(2);
  });

  it('finds the refund article from "refnud", in English and Spanish ("reembolzo")', () => {
    expect(titles('en', 'refnud')[0]).toBe('donations-and-payouts/donations/refund-a-donation');
    expect(titles('es', 'reembolzar donacion')[0]).toBe('donations-and-payouts/donations/refund-a-donation');
    expect(titles('es', 'refnud')).toEqual([]);
  });

  it('finds campaign articles from "camapign" and "campaña" without the accent', () => {
    const en = titles('en', 'camapign');
    expect(en.length).toBeGreaterThan(0);
    expect(en.slice(0, 3).every((id) => id.startsWith('campaigns/'))).toBe(true);
    const es = titles('es', 'campana crear');
    expect(es[0]).toBe('campaigns/setup/create-a-campaign');
    expect(titles('es', 'camapña')[0]?.startsWith('campaigns/')).toBe(true);
  });

  it('finds articles by the start of a word, as the user types', () => {
    expect(titles('en', 'spons')[0]?.startsWith('sponsorships/')).toBe(true);
    expect(titles('en', 'api key')[0]).toBe('account-and-security/account/api-keys');
    expect(titles('es', 'clave api')[0]).toBe('account-and-security/account/api-keys');
    expect(titles('en', 'import roster')[0]).toBe('players-and-families/rosters/import-a-roster');
    expect(titles('es', 'importar plantila')[0]).toBe('players-and-families/rosters/import-a-roster');
  });

  it('returns nothing for words that match nothing, and answers quickly', () => {
    expect(titles('en', 'zzzzqqqq')).toEqual([]);
    const started = performance.now();
    for (let i = 0; i < 50; i++) search(catalog, { q: `camapign refnud payuot ${i}`, lang: 'en', limit: 10 });
    expect((performance.now() - started) / 50).toBeLessThan(50);
  });

  it('ranks by the number of query words matched, then by field weight', () => {
    const index = new FuzzyIndex([
      [{ text: 'refund policy', weight: 1 }],
      [{ text: 'refund', weight: 4 }],
      [{ text: 'policy', weight: 4 }],
    ]);
    expect(index.search('refund policy', 3).map((h) => h.doc)).toEqual([0, 1, 2]);
    expect(index.search('refund', 3).map((h) => h.doc)).toEqual([1, 0]);
  });
});
