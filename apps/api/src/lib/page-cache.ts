/**
 * The public pages' answer cache (issue 14, decision 017): a rendered page is kept by the instance
 * that rendered it for a few seconds (`PUBLIC_PAGE_CACHE_SECONDS`, 5 unless set; 0 under
 * NODE_ENV=test), with its ETag and each compressed form made once. It is emptied whenever this
 * instance answers a write (any non-GET request that succeeds: a gift completed, a refund, a
 * webhook, an edit of a campaign, player or organization), so a gift completed here is on the
 * next page; another instance shows it within the lifetime. A request that asks past caches
 * (`Cache-Control: no-cache`, `Pragma: no-cache`: a browser's reload) is always rendered afresh.
 * The public pages' data as JSON (`/api/v1/public/campaigns/:slug`, `/public/fundraisers/:slug`:
 * the same figures the rendered pages show) is kept the same way in `app.publicDataCache`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { compressBody, type Encoding } from './compress.js';
import { type ResponseCache, responseCache, sendCached } from './response-cache.js';

/** A page ready to send: its HTML, weak ETag, and each encoding computed on first use. */
export class RenderedHtml {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, { body: string | Buffer; encoding: Encoding | null }>();
  constructor(readonly html: string) {
    this.etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  }
  /** The body for `encoding` (null: as it is, also when too small to gain). */
  body(encoding: Encoding | null): { body: string | Buffer; encoding: Encoding | null } {
    if (!encoding) return { body: this.html, encoding: null };
    let out = this.encoded.get(encoding);
    if (!out) {
      out = compressBody(this.html, encoding);
      this.encoded.set(encoding, out);
    }
    return out;
  }
}

export interface PageCache {
  /** The kept page for `key`, unless none or the request asks past caches. */
  get(req: FastifyRequest, key: string): RenderedHtml | undefined;
  set(key: string, page: RenderedHtml): void;
  clear(): void;
}

const NONE: PageCache = { get: () => undefined, set: () => undefined, clear: () => undefined };

/** A request that must not be answered from a cache (RFC 9111 §5.2.1.4, and the old Pragma). */
export function asksPastCaches(req: FastifyRequest): boolean {
  const cc = String(req.headers['cache-control'] ?? '').toLowerCase();
  return /\bno-cache\b|\bmax-age=0\b|\bno-store\b/.test(cc) || /\bno-cache\b/i.test(String(req.headers.pragma ?? ''));
}

export function pageCache(ttlSeconds: number, max = 1000): PageCache {
  if (ttlSeconds <= 0) return NONE;
  const lru = new LRUCache<string, RenderedHtml>({ max, ttl: ttlSeconds * 1000, ttlAutopurge: false });
  return {
    get: (req, key) => (asksPastCaches(req) ? undefined : lru.get(key)),
    set: (key, page) => {
      lru.set(key, page);
    },
    clear: () => lru.clear(),
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates `app.pageCache` (rendered pages) and `app.publicDataCache` (their data as JSON bodies)
 * and empties both after every successful write this instance answers, with any cache a module
 * hands to `app.clearedByWrites` (the campaign summaries').
 */
export function registerPageCache(app: FastifyInstance, ttlSeconds: number): void {
  const cache = pageCache(ttlSeconds);
  const data = responseCache(ttlSeconds, 1000);
  const others: ResponseCache[] = [];
  app.decorate('pageCache', cache);
  app.decorate('publicDataCache', data);
  app.decorate('clearedByWrites', (c: ResponseCache) => {
    others.push(c);
    return c;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!READS.has(req.method) && reply.statusCode < 400) {
      cache.clear();
      data.clear();
      for (const c of others) c.clear();
    }
  });
}

/**
 * Sends the kept JSON body for `key` from `app.publicDataCache`, or computes the answer,
 * serializes it with the route's schema, keeps and sends it. A request asking past caches
 * (a reload) is computed afresh, and its answer replaces the kept one.
 */
export async function sendPublicData(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = req.server.publicDataCache;
  // A reload computes afresh: the kept entry is dropped first, and the new answer is kept.
  if (asksPastCaches(req)) cache.delete(key);
  return sendCached(cache, key, reply, compute);
}
