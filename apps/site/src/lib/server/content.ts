/**
 * The marketing pages' content files (content/README.md): `content/pages/<slug>.<lang>.md`, a
 * front matter of `key: "value"` lines (title, description, updated) and a Markdown body. Read
 * once per file and kept: the files ship with the release.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../strings';

export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content/pages');

export const MARKETING_SLUGS = ['how-it-works', 'our-story', 'privacy-policy', 'terms-and-conditions'] as const;
export type MarketingSlug = (typeof MARKETING_SLUGS)[number];
export type ContentSlug = 'home' | MarketingSlug;

export interface ContentPage {
  title: string;
  description: string;
  updated: string;
  body: string;
}

export function parseContent(text: string): ContentPage {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) throw new Error('a content file starts with a --- front matter block ---');
  const data: Record<string, string> = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const kv = /^([a-z]+): ("(?:[^"\\]|\\.)*")$/.exec(line);
    if (kv?.[1] && kv[2]) data[kv[1]] = JSON.parse(kv[2]) as string;
  }
  return {
    title: data.title ?? '',
    description: data.description ?? '',
    updated: data.updated ?? '',
    body: m[2] ?? '',
  };
}

const cache = new Map<string, ContentPage>();

export function loadContent(slug: ContentSlug, lang: Language, dir = CONTENT_DIR): ContentPage {
  const file = path.join(dir, `${slug}.${lang}.md`);
  let page = cache.get(file);
  if (!page) {
    page = parseContent(readFileSync(file, 'utf8'));
    cache.set(file, page);
  }
  return page;
}
