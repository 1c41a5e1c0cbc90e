/**
 * The help university API (issue 18; decision 022): sign-in required, the module tree and one
 * module, one article rendered to safe HTML with its related articles, a typo-tolerant search in
 * English and Spanish, and 4xx answers that name the field. The oracle is the content directory
 * itself, read here with plain file reads (not the module's loader).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1/help/university';
const CONTENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/university');

/** Every `<module>/<category>/<article>` that has a file in `lang`, from the directory tree. */
function filesIn(lang: 'en' | 'es'): string[] {
  const ids: string[] = [];
  for (const m of readdirSync(CONTENT, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const c of readdirSync(path.join(CONTENT, m.name)))
      for (const f of readdirSync(path.join(CONTENT, m.name, c)))
        if (f.endsWith(`.${lang}.md`)) ids.push(`${m.name}/${c}/${f.slice(0, -`.${lang}.md`.length)}`);
  return ids.sort();
}
const frontMatter = (id: string, lang: 'en' | 'es', key: string) => {
  const text = readFileSync(path.join(CONTENT, `${id}.${lang}.md`), 'utf8');
  const m = new RegExp(`^${key}: (".*")$`, 'm').exec(text);
  return m?.[1] ? (JSON.parse(m[1]) as string) : undefined;
};

type Caller = Awaited<ReturnType<typeof actor>>;
let t: TestApp;
let teamAdmin: Caller;
let donor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createTree(t.db);
  teamAdmin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  donor = await actor(t, { profiles: ['donor'] });
});
afterAll(async () => t.close());

const get = (who: Caller, url: string) => who.call({ method: 'GET', url });

describe('access', () => {
  it('answers 401 without a session, on every help route', async () => {
    for (const url of [V1, `${V1}/campaigns`, `${V1}/search?q=refund`, `${V1}/campaigns/setup/create-a-campaign`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('Create a campaign');
    }
  });

  it('is readable by every signed-in profile that reads faq, a donor included', async () => {
    const res = await get(donor, `${V1}?lang=es`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is published in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['', '/search', '/{module}', '/{module}/{category}/{article}'])
      expect(Object.keys(doc.paths)).toContain(`${V1}${p}`);
  });
});

describe('GET /help/university', () => {
  it('lists every article on disk, in both languages, under its module and category', async () => {
    const en = filesIn('en');
    expect(en.length).toBeGreaterThanOrEqual(24);
    expect(filesIn('es')).toEqual(en);
    for (const lang of ['en', 'es'] as const) {
      const res = await get(teamAdmin, `${V1}?lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      const { modules } = res.json().data as {
        modules: {
          slug: string;
          articleCount: number;
          categories: { slug: string; articles: { id: string; title: string }[] }[];
        }[];
      };
      const listed = modules.flatMap((m) => m.categories.flatMap((c) => c.articles.map((a) => a.id))).sort();
      expect(listed).toEqual(en);
      for (const m of modules) expect(m.articleCount).toBe(m.categories.reduce((n, c) => n + c.articles.length, 0));
      const first = modules[0]?.categories[0]?.articles[0];
      expect(first?.title).toBe(frontMatter(first?.id ?? '', lang, 'title'));
    }
  });

  it('defaults to English', async () => {
    const res = await get(teamAdmin, V1);
    const id = 'campaigns/setup/create-a-campaign';
    const titles = (res.json().data.modules as { categories: { articles: { id: string; title: string }[] }[] }[])
      .flatMap((m) => m.categories.flatMap((c) => c.articles))
      .filter((a) => a.id === id)
      .map((a) => a.title);
    expect(titles).toEqual([frontMatter(id, 'en', 'title')]);
  });

  it('shows one module with its categories', async () => {
    const res = await get(teamAdmin, `${V1}/campaigns?lang=es`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m.slug).toBe('campaigns');
    expect(m.title).toBe('Campañas');
    const ids = m.categories.flatMap((c: { articles: { id: string }[] }) => c.articles.map((a) => a.id)).sort();
    expect(ids).toEqual(filesIn('es').filter((id) => id.startsWith('campaigns/')));
  });
});

describe('GET /help/university/{module}/{category}/{article}', () => {
  const id = 'donations-and-payouts/donations/refund-a-donation';

  it('answers the article rendered to HTML, in each language, with related articles', async () => {
    for (const lang of ['en', 'es'] as const) {
      const res = await get(teamAdmin, `${V1}/${id}?lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json().data;
      expect(a.title).toBe(frontMatter(id, lang, 'title'));
      expect(a.summary).toBe(frontMatter(id, lang, 'summary'));
      expect(a).toMatchObject({
        id,
        module: 'donations-and-payouts',
        category: 'donations',
        slug: 'refund-a-donation',
      });
      expect(a.html).toMatch(/<h2>[^<]+<\/h2>/);
      expect(a.html).toMatch(/<ol>\s*<li>/);
      expect(a.html).not.toMatch(/<script|<img|javascript:/i);
      const related = (frontMatter(id, lang, 'related') ?? '').split(',').map((s) => s.trim());
      expect(a.related.map((r: { id: string }) => r.id)).toEqual(related);
      expect(a.related[0].title).toBe(frontMatter(related[0] ?? '', lang, 'title'));
    }
  });

  it('answers 404 HELP_NOT_FOUND for an unknown article or module', async () => {
    for (const url of [
      `${V1}/campaigns/setup/no-such-article`,
      `${V1}/no-such-module`,
      `${V1}/campaigns/nope/create-a-campaign`,
    ]) {
      const res = await get(teamAdmin, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('HELP_NOT_FOUND');
    }
  });

  it('refuses a malformed slug or language with 400 naming the field', async () => {
    const upper = await get(teamAdmin, `${V1}/Campaigns/setup/create-a-campaign`);
    expect(upper.statusCode).toBe(400);
    expect(upper.json().errors[0].path).toBe('params.module');
    const dots = await get(teamAdmin, `${V1}/campaigns/setup/..%2F..%2Fsecrets`);
    expect(dots.statusCode).toBe(400);
    expect(dots.json().errors[0].path).toBe('params.article');
    const lang = await get(teamAdmin, `${V1}/${id}?lang=fr`);
    expect(lang.statusCode).toBe(400);
    expect(lang.json().errors[0].path).toBe('querystring.lang');
  });
});

describe('GET /help/university/search', () => {
  const search = async (q: string, lang: 'en' | 'es') => {
    const res = await get(teamAdmin, `${V1}/search?q=${encodeURIComponent(q)}&lang=${lang}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { query: string; results: { id: string; title: string; snippet: string }[] };
  };

  it('finds the refund article from a misspelt word, in English and Spanish', async () => {
    const en = await search('refnud', 'en');
    expect(en.results[0]?.id).toBe('donations-and-payouts/donations/refund-a-donation');
    expect(en.results[0]?.title).toBe(frontMatter('donations-and-payouts/donations/refund-a-donation', 'en', 'title'));
    expect(en.results[0]?.snippet.toLowerCase()).toContain('refund');
    const es = await search('reembolzo', 'es');
    expect(es.results[0]?.id).toBe('donations-and-payouts/donations/refund-a-donation');
  });

  it('finds campaign articles from "camapign" and "camapña"', async () => {
    const en = await search('camapign', 'en');
    expect(en.results.length).toBeGreaterThan(2);
    expect(en.results.slice(0, 3).every((r) => r.id.startsWith('campaigns/'))).toBe(true);
    const es = await search('camapña', 'es');
    expect(es.results[0]?.id.startsWith('campaigns/')).toBe(true);
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await search('xqzvvw', 'en')).results).toEqual([]);
  });

  it('refuses a missing, short or long query and a bad limit with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['', 'querystring.q'],
      ['q=a', 'querystring.q'],
      [`q=${'x'.repeat(101)}`, 'querystring.q'],
      ['q=refund&limit=0', 'querystring.limit'],
      ['q=refund&limit=500', 'querystring.limit'],
      ['q=refund&lang=de', 'querystring.lang'],
    ];
    for (const [qs, field] of cases) {
      const res = await get(teamAdmin, `${V1}/search?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors[0].path, qs).toBe(field);
    }
  });

  it('honours the limit', async () => {
    const res = await get(teamAdmin, `${V1}/search?q=campaign&limit=2`);
    expect(res.json().data.results).toHaveLength(2);
  });
});
