/**
 * The SPA shell (the web build's index.html) as every public page's body, with the page's own
 * <head>: language, title, description, robots, canonical URL, Open Graph and Twitter card tags.
 * Everything written into the HTML goes through `escapeHtml`; replacements use functions, so a
 * `$&` in a campaign title is text, not a pattern.
 */
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compressBody } from '../../lib/compress.js';
import { escapeHtml as e } from '../../lib/html.js';
import { RenderedHtml } from '../../lib/page-cache.js';
import { type Language, SITE_NAME } from './site.messages.js';

export interface LinkPreview {
  /** Absolute URL of the page people should share (a donate or thank-you page names its campaign or player page). */
  canonicalUrl: string;
  /** Absolute URL of the card image. */
  image: string;
}

export interface PageHead {
  /** The page's own title; `<title>` adds the site name, as the SPA's useDocumentTitle does. */
  title: string | null;
  description: string;
  /** Player pages (minors), carts, thank-you and not-found pages are kept out of search results. */
  noindex: boolean;
  /** Only pages worth sharing get a canonical URL and card tags. */
  preview: LinkPreview | null;
}

export interface SitePage {
  status: 200 | 404;
  head: PageHead;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_US', es: 'es_ES' };

function headTags(head: PageHead, lang: Language): string[] {
  const fullTitle = head.title ? `${head.title} · ${SITE_NAME}` : SITE_NAME;
  const tags = [`<title>${e(fullTitle)}</title>`, `<meta name="description" content="${e(head.description)}" />`];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  const p = head.preview;
  if (p) {
    const title = head.title ?? SITE_NAME;
    const prop = (name: string, value: string) => `<meta property="${name}" content="${e(value)}" />`;
    const named = (name: string, value: string) => `<meta name="${name}" content="${e(value)}" />`;
    tags.push(
      `<link rel="canonical" href="${e(p.canonicalUrl)}" />`,
      prop('og:type', 'website'),
      prop('og:site_name', SITE_NAME),
      prop('og:locale', OG_LOCALE[lang]),
      prop('og:title', title),
      prop('og:description', head.description),
      prop('og:url', p.canonicalUrl),
      prop('og:image', p.image),
      named('twitter:card', 'summary_large_image'),
      named('twitter:title', title),
      named('twitter:description', head.description),
      named('twitter:image', p.image),
    );
  }
  return tags;
}

/** The shell with this page's language and head (the build's own title and description are replaced). */
export function renderShell(template: string, head: PageHead, lang: Language): string {
  const block = headTags(head, lang).join('\n    ');
  let html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  html = /<html\b[^>]*\blang="[^"]*"/i.test(html)
    ? html.replace(/(<html\b[^>]*\blang=")[^"]*"/i, (_m, start: string) => `${start}${lang}"`)
    : html.replace(/<html\b/i, () => `<html lang="${lang}"`);
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `  ${block}\n  </head>`) : `${block}\n${html}`;
}

/**
 * index.html of the web build, read again when the file changes (a rebuild while the server runs
 * must not leave it pointing at deleted assets).
 */
export function shellTemplate(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; text: string } | null = null;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
    return cached.text;
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch
    .split(',')
    .map((s) => s.trim())
    .some((tag) => tag === '*' || tag === etag || tag === opaque || tag.replace(/^W\//, '') === opaque);
}

/** A page that sets or announces the referral cookie: never stored by any cache. */
export const REFERRAL_CACHE = 'private, no-store';

export interface SendOptions {
  /** Default `no-cache`: revalidated on every visit. */
  cacheControl?: string;
  /** Default `Accept-Language`: what else than the address chooses the body. */
  vary?: string;
}

/**
 * Sends a page: HTML whatever the Accept header (a browser address is a page), the page's real
 * status, revalidated on every visit (`no-cache`) with a weak ETag so a repeat visit costs a 304.
 * The language follows Accept-Language, so shared caches must key on it.
 */
export function sendHtml(
  req: FastifyRequest,
  reply: FastifyReply,
  page: string | RenderedHtml,
  status: number,
  opts: SendOptions = {},
) {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // A referral visit (issue 16: `?ref=`, or the notice of an unanswered referral cookie) is one visitor's page.
    .header('cache-control', req.referral ? REFERRAL_CACHE : (opts.cacheControl ?? 'no-cache'))
    .header('vary', `${opts.vary ?? 'Accept-Language'}, Accept-Encoding`);
  const html = typeof page === 'string' ? null : page;
  if (status === 200) {
    const entry = html ?? new RenderedHtml(page as string);
    reply.header('etag', entry.etag);
    if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    const out = entry.body(chooseEncoding(req.headers['accept-encoding']));
    if (out.encoding) reply.header('content-encoding', out.encoding);
    return reply.send(out.body);
  }
  const out = compressBody(html ? html.html : (page as string), chooseEncoding(req.headers['accept-encoding']));
  if (out.encoding) reply.header('content-encoding', out.encoding);
  return reply.send(out.body);
}
