/**
 * A short-lived, per-instance cache of serialized answers (issue 13's dashboards, decision 016;
 * the campaign summaries and the public pages' data, decision 026).
 * An entry is a finished JSON body under a key that names everything the answer depends on; it
 * lives `ttlSeconds` at most and the least recently used entries go first past `max`. Nothing
 * another instance needs is kept here: each instance fills its own, and a cache of 0 seconds is
 * no cache (the tests' default). Writes that change what a cached answer shows call `clear()`.
 */
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Env } from '../config/env.js';
import type { Principal } from '../types.js';

export interface ResponseCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  delete(key: string): void;
  clear(): void;
}

const NONE: ResponseCache = {
  get: () => undefined,
  set: () => undefined,
  delete: () => undefined,
  clear: () => undefined,
};

export function responseCache(ttlSeconds: number, max = 2000): ResponseCache {
  if (ttlSeconds <= 0) return NONE;
  const lru = new LRUCache<string, string>({ max, ttl: ttlSeconds * 1000, ttlAutopurge: false });
  return {
    get: (key) => lru.get(key),
    set: (key, body) => {
      lru.set(key, body);
    },
    delete: (key) => {
      lru.delete(key);
    },
    clear: () => lru.clear(),
  };
}

/**
 * Answers from `cache` under `key`, or computes, serializes with the route's response schema,
 * keeps and sends the body.
 */
export async function sendCached(
  cache: ResponseCache,
  key: string,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  let body = cache.get(key);
  if (body === undefined) {
    body = reply.serialize(await compute()) as string;
    cache.set(key, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * How long an instance keeps a report (the dashboards, decision 016; the campaign summaries,
 * decision 026): DASHBOARD_CACHE_SECONDS, 30 s unless set, none under NODE_ENV=test.
 */
export const reportCacheSeconds = (env: Env) => env.DASHBOARD_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 30);

/**
 * What a caller's kept answer depends on: the route, the caller (user, role and node of the
 * active profile) and the query. A role or membership change gives a new key at once.
 */
export const callerCacheKey = (route: string, p: Principal, query: unknown) =>
  JSON.stringify([route, p.user.id, p.role, p.organizationId, query]);
