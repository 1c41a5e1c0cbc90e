/**
 * The help university's content files (content/university/README.md), read and checked once at
 * boot: `modules.json` names the modules and categories in both languages, and each article is
 * `<module>/<category>/<article>.<lang>.md` with a `key: "value"` front matter. A missing
 * translation, an unknown category, an id that does not match the path or a related article that
 * does not exist stops the boot with the file's name, so a broken help centre never ships.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP_SLUG } from '@fc/contracts';
import { markdownText, renderMarkdown } from './help.markdown.js';

export const HELP_LANGUAGES = ['en', 'es'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export const UNIVERSITY_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../content/university',
);

/** Front matter keys, all required (values may be empty only where noted in the README). */
export const ARTICLE_KEYS = ['id', 'title', 'summary', 'audience', 'related', 'order', 'updated'] as const;

type Localized = Record<HelpLanguage, string>;

export interface ModuleEntry {
  slug: string;
  title: Localized;
  description: Localized;
  categories: { slug: string; title: Localized }[];
}

export interface ArticleText {
  title: string;
  summary: string;
  body: string;
  html: string;
  text: string;
}

export interface ArticleEntry {
  id: string;
  module: string;
  category: string;
  slug: string;
  order: number;
  audience: string[];
  related: string[];
  updated: string;
  text: Record<HelpLanguage, ArticleText>;
}

export interface University {
  modules: ModuleEntry[];
  /** In module, category and `order` sequence. */
  articles: ArticleEntry[];
  byId: Map<string, ArticleEntry>;
}

/** Splits a content file into its front matter (`key: "value"` lines) and body. */
export function parseFrontMatter(text: string): { data: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) throw new Error('the file does not start with a --- front matter block ---');
  const data: Record<string, string> = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const kv = /^([a-z]+): ("(?:[^"\\]|\\.)*")$/.exec(line);
    if (!kv?.[1] || !kv[2]) throw new Error(`front matter line is not key: "value": ${line}`);
    data[kv[1]] = JSON.parse(kv[2]) as string;
  }
  return { data, body: m[2] ?? '' };
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function readModules(dir: string): ModuleEntry[] {
  const raw = JSON.parse(readFileSync(path.join(dir, 'modules.json'), 'utf8')) as { modules: ModuleEntry[] };
  for (const m of raw.modules) {
    if (!HELP_SLUG.test(m.slug)) throw new Error(`modules.json: bad module slug ${m.slug}`);
    for (const lang of HELP_LANGUAGES)
      if (!m.title?.[lang] || !m.description?.[lang])
        throw new Error(`modules.json: ${m.slug} needs title and description in ${lang}`);
    for (const c of m.categories) {
      if (!HELP_SLUG.test(c.slug)) throw new Error(`modules.json: bad category slug ${m.slug}/${c.slug}`);
      for (const lang of HELP_LANGUAGES)
        if (!c.title?.[lang]) throw new Error(`modules.json: ${m.slug}/${c.slug} needs a title in ${lang}`);
    }
  }
  return raw.modules;
}

function readArticle(dir: string, module: string, category: string, slug: string): ArticleEntry {
  let shared: Omit<ArticleEntry, 'text'> | undefined;
  const text = {} as Record<HelpLanguage, ArticleText>;
  for (const lang of HELP_LANGUAGES) {
    const file = path.join(dir, module, category, `${slug}.${lang}.md`);
    const where = path.relative(dir, file);
    let parsed: ReturnType<typeof parseFrontMatter>;
    try {
      parsed = parseFrontMatter(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
    const { data, body } = parsed;
    const missing = ARTICLE_KEYS.filter((k) => data[k] === undefined);
    if (missing.length) throw new Error(`${where}: front matter misses ${missing.join(', ')}`);
    const id = `${module}/${category}/${slug}`;
    if (data.id !== id) throw new Error(`${where}: id is ${data.id}, expected ${id}`);
    if (!data.title?.trim() || !data.summary?.trim() || !body.trim())
      throw new Error(`${where}: title, summary and body are required`);
    const own = {
      id,
      module,
      category,
      slug,
      order: Number(data.order),
      audience: list(data.audience ?? ''),
      related: list(data.related ?? ''),
      updated: data.updated ?? '',
    };
    if (!Number.isInteger(own.order)) throw new Error(`${where}: order is not a whole number`);
    if (shared && JSON.stringify(shared) !== JSON.stringify(own))
      throw new Error(`${where}: id, order, audience, related and updated must be the same in every language`);
    shared = own;
    text[lang] = {
      title: data.title,
      summary: data.summary ?? '',
      body,
      html: renderMarkdown(body),
      text: markdownText(body),
    };
  }
  if (!shared) throw new Error(`${module}/${category}/${slug}: no languages`);
  return { ...shared, text };
}

/** Reads and checks every module and article under `dir`. */
export function loadUniversity(dir = UNIVERSITY_DIR): University {
  const modules = readModules(dir);
  const articles: ArticleEntry[] = [];
  for (const m of modules)
    for (const c of m.categories) {
      const files = readdirSync(path.join(dir, m.slug, c.slug));
      const slugs = new Set<string>();
      for (const f of files) {
        const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2})\.md$/.exec(f);
        if (!match?.[1] || !(HELP_LANGUAGES as readonly string[]).includes(match[2] ?? ''))
          throw new Error(`${m.slug}/${c.slug}/${f}: not an <article>.<en|es>.md file`);
        slugs.add(match[1]);
      }
      const inCategory = [...slugs].map((s) => readArticle(dir, m.slug, c.slug, s));
      inCategory.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
      articles.push(...inCategory);
    }
  const byId = new Map(articles.map((a) => [a.id, a]));
  for (const a of articles)
    for (const r of a.related)
      if (!byId.has(r) || r === a.id) throw new Error(`${a.id}: related article ${r} does not exist`);
  return { modules, articles, byId };
}
