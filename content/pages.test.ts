/**
 * The marketing pages' content files (content/README.md): every slug in English and Spanish, a
 * front matter of exactly title, description (≤ 160 characters) and updated (an ISO date), and
 * Markdown bodies with no raw HTML, no `#` heading, the same sections in both languages, links
 * to known places only, and `{{liveTotal}}` once on its own line in `home` and nowhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('./pages/', import.meta.url));
const LANGUAGES = ['en', 'es'] as const;
const REQUIRED_SLUGS = ['home', 'how-it-works', 'our-story', 'privacy-policy', 'terms-and-conditions'];
const KEYS = ['title', 'description', 'updated'] as const;
const DESCRIPTION_MAX = 160;
const LIVE_TOTAL = '{{liveTotal}}';
/** Site routes a page may link to, besides `/` and the pages themselves. */
const SITE_PATHS = ['/login', '/register', '/contact-us'];
const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2})\.md$/;

type FrontMatter = Record<(typeof KEYS)[number], string>;
interface Page {
  data: FrontMatter;
  body: string;
}

/** Splits a file into its front matter (`key: "value"` lines only) and body; throws on any other shape. */
function parsePage(text: string): Page {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) throw new Error('the file does not start with a --- front matter block ---');
  const data: Record<string, string> = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const kv = /^([a-z]+): ("(?:[^"\\]|\\.)*")$/.exec(line);
    if (!kv?.[1] || !kv[2]) throw new Error(`front matter line is not key: "value": ${line}`);
    if (kv[1] in data) throw new Error(`front matter key ${kv[1]} is repeated`);
    data[kv[1]] = JSON.parse(kv[2]) as string;
  }
  const extra = Object.keys(data).filter((k) => !(KEYS as readonly string[]).includes(k));
  const missing = KEYS.filter((k) => !(k in data));
  if (extra.length || missing.length)
    throw new Error(`front matter keys: missing [${missing.join(', ')}], unknown [${extra.join(', ')}]`);
  return { data: data as FrontMatter, body: m[2] ?? '' };
}

const isIsoDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().slice(0, 10) === s;

/** What is wrong with one page (empty when nothing); `slugs` are the pages a link may name. */
function problemsOf(slug: string, page: Page, slugs: readonly string[]): string[] {
  const problems: string[] = [];
  const { title, description, updated } = page.data;
  if (!title.trim()) problems.push('title is empty');
  if (!description.trim()) problems.push('description is empty');
  if ([...description].length > DESCRIPTION_MAX)
    problems.push(`description is ${[...description].length} characters (at most ${DESCRIPTION_MAX})`);
  if (!isIsoDate(updated)) problems.push(`updated is not a YYYY-MM-DD date: ${updated}`);

  const body = page.body;
  if (!body.trim()) problems.push('body is empty');
  // Inline code may show names such as `accessToken`; everything else is prose.
  const prose = body.replace(/`[^`\n]*`/g, '');
  const html = /<\/?[a-z][a-z0-9-]*[\s/>]|<!--/i.exec(prose);
  if (html) problems.push(`raw HTML: ${html[0]}`);
  if (/^# /m.test(body)) problems.push('a # heading (the title is the page heading; start at ##)');

  const lines = body.split('\n');
  const totals = lines.filter((l) => l.includes(LIVE_TOTAL));
  if (slug === 'home') {
    if (totals.length !== 1 || totals[0]?.trim() !== LIVE_TOTAL)
      problems.push(`${LIVE_TOTAL} must appear once, alone on its line`);
  } else if (totals.length > 0) problems.push(`${LIVE_TOTAL} belongs to home only`);
  const other = prose.replaceAll(LIVE_TOTAL, '').match(/\{\{[^}]*\}\}/g);
  if (other) problems.push(`unknown placeholders: ${other.join(', ')}`);

  const allowed = new Set(['/', ...SITE_PATHS, ...slugs.filter((s) => s !== 'home').map((s) => `/${s}`)]);
  for (const [, target] of prose.matchAll(/\]\(([^)\s]*)\)/g)) {
    if (target?.startsWith('https://')) continue;
    if (!target || !allowed.has(target)) problems.push(`link to an unknown place: ${target ?? ''}`);
  }
  return problems;
}

const headingCounts = (body: string) => ({
  h2: body.match(/^## /gm)?.length ?? 0,
  h3: body.match(/^### /gm)?.length ?? 0,
});

const files = readdirSync(DIR).sort();
const named = files.map((f) => ({ file: f, m: FILE_NAME.exec(f) }));
const slugs = [...new Set(named.flatMap(({ m }) => (m?.[1] ? [m[1]] : [])))];
const read = (slug: string, lang: string) => parsePage(readFileSync(`${DIR}${slug}.${lang}.md`, 'utf8'));

describe('content/pages', () => {
  it('holds only <slug>.<lang>.md files, every required slug, each in English and Spanish', () => {
    expect(
      named.filter(({ m }) => !m || !(LANGUAGES as readonly string[]).includes(m[2] ?? '')).map((n) => n.file),
    ).toEqual([]);
    expect(slugs).toEqual(expect.arrayContaining(REQUIRED_SLUGS));
    const expected = slugs.flatMap((s) => LANGUAGES.map((l) => `${s}.${l}.md`)).sort();
    expect(files).toEqual(expected);
  });

  describe.each(slugs)('%s', (slug) => {
    it.each(LANGUAGES)('%s: front matter and body follow content/README.md', (lang) => {
      expect(problemsOf(slug, read(slug, lang), slugs)).toEqual([]);
    });

    it('has the same sections in both languages', () => {
      const [first, ...rest] = LANGUAGES.map((l) => headingCounts(read(slug, l).body));
      for (const counts of rest) expect(counts).toEqual(first);
      expect(first?.h2).toBeGreaterThan(0);
    });
  });
});

describe('the content checks themselves', () => {
  const page = (front: string, body: string) => `---\n${front}\n---\n${body}`;
  const front = 'title: "T"\ndescription: "D"\nupdated: "2026-11-26"';

  it('refuse a front matter that is not exactly three quoted keys', () => {
    expect(() => parsePage('no front matter')).toThrow(/front matter block/);
    expect(() => parsePage(page('title: T\ndescription: "D"\nupdated: "2026-11-26"', 'x'))).toThrow(/key: "value"/);
    expect(() => parsePage(page('title: "T"\nupdated: "2026-11-26"', 'x'))).toThrow(/missing \[description\]/);
    expect(() => parsePage(page(`${front}\nimage: "x.png"`, 'x'))).toThrow(/unknown \[image\]/);
    expect(() => parsePage(page(`${front}\ntitle: "U"`, 'x'))).toThrow(/repeated/);
    expect(parsePage(page('title: "A: \\"B\\""\ndescription: "D"\nupdated: "2026-11-26"', 'x')).data.title).toBe(
      'A: "B"',
    );
  });

  it('name every problem of a bad page', () => {
    const long = 'x'.repeat(DESCRIPTION_MAX + 1);
    const bad = parsePage(
      page(
        `title: " "\ndescription: "${long}"\nupdated: "2026-02-30"`,
        '# Big\n\n<div class="x">hi</div>\n\nSee {{liveTotal}} and {{name}}, [here](/nowhere) and [ok](/privacy-policy).\n',
      ),
    );
    expect(problemsOf('our-story', bad, ['home', 'privacy-policy'])).toEqual([
      'title is empty',
      `description is ${DESCRIPTION_MAX + 1} characters (at most ${DESCRIPTION_MAX})`,
      'updated is not a YYYY-MM-DD date: 2026-02-30',
      'raw HTML: <div ',
      'a # heading (the title is the page heading; start at ##)',
      '{{liveTotal}} belongs to home only',
      'unknown placeholders: {{name}}',
      'link to an unknown place: /nowhere',
    ]);
  });

  it('want the live total alone on its line in home, and a non-empty body', () => {
    const inline = parsePage(page(front, '## Raised\n\nWe raised {{liveTotal}} so far.\n'));
    expect(problemsOf('home', inline, ['home'])).toEqual(['{{liveTotal}} must appear once, alone on its line']);
    expect(problemsOf('home', parsePage(page(front, '## Raised\n\n{{liveTotal}}\n')), ['home'])).toEqual([]);
    expect(problemsOf('our-story', parsePage(page(front, '\n  \n')), [])).toEqual(['body is empty']);
  });
});
