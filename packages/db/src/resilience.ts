/**
 * What the PostgreSQL pool does when the database connection is lost (RELIABILITY rows 16-18,
 * issue 19): a backend killed by `pg_terminate_backend`, a database restart, a dropped socket.
 *
 * - Taking a connection from the pool (before anything is sent) waits for the server to accept
 *   one again, up to `reconnectWaitMs`: nothing ran yet, so waiting is safe for reads and writes.
 *   While the server is away one probe per pool asks every `PROBE_MS`, and every waiter goes on as
 *   soon as it answers (not hundreds of requests each polling on its own backoff).
 * - A READ outside a transaction (`pool.query` of a plain `select`) that fails because its
 *   connection was lost is run once more on a fresh connection: it changed nothing. A retry asks
 *   an idle connection opened before the failure `select 1` first (see `acquire`).
 * - A write, or anything inside a transaction (a checked-out client), is not re-run blindly:
 *   whether the server applied it is unknown. It fails, and the API answers 503
 *   DATABASE_UNAVAILABLE. Two opt-ins (retry.ts), for callers that know more:
 *   `transactionRetried` runs a database-only transaction once more when its connection was lost
 *   BEFORE its COMMIT was sent (the server rolled it back: nothing of it exists), or with the
 *   COMMIT in flight when the caller says how to tell (`ifCommitUnknown`), and
 *   `idempotentRetried` runs once more a single statement that may be applied twice (an upsert).
 */
import type pg from 'pg';
import { noteConnection, noteStatement, retryingSince } from './retry.js';

/** SQLSTATEs and socket errors that mean "this connection is gone", not "this query is wrong". */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);
const LOST_MESSAGES =
  /Connection terminated|Client was closed and is not queryable|Client has encountered a connection error|Connection ended|terminating connection/i;

/** True when `err` (or an error it wraps, e.g. drizzle's DrizzleQueryError) is a lost connection. */
export function isConnectionLost(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

const WRITES =
  /\b(insert|update|delete|merge|truncate|nextval|setval|pg_advisory\w*|pg_notify|set_config|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share)\b/i;

/** A statement that changes nothing: a plain select (or a CTE of selects) with no write in it. */
export function isReadOnlyStatement(text: string): boolean {
  return /^\s*\(?\s*(select|with|show|values)\b/i.test(text) && !WRITES.test(text);
}

export interface ResilienceOptions {
  /** How long taking a connection waits for the server to come back (default 5000 ms). */
  reconnectWaitMs?: number;
  /** Told about each read that was run again (for the log). */
  onReadRetry?: (err: unknown) => void;
  /** Told about each opted-in write or transaction that was run again (retry.ts), for the log. */
  onTransactionRetry?: (err: unknown) => void;
}

const BEGIN = /^\s*begin\b/i;
/** The release of a client's current checkout by `acquire`, until it is released. */
const RELEASE = Symbol('fc.release');
/** When the client's connection was opened (performance.now()). */
const BORN = Symbol('fc.born');
interface Checkout {
  [RELEASE]?: ((err?: Error | boolean) => void) | undefined;
  [BORN]?: number;
  query: (...args: unknown[]) => unknown;
}

/** How often the one probe of a pool asks a server that refused connections whether it is back. */
const PROBE_MS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `done` or `ms` passed, whichever first (the timer does not outlive it). */
async function within(done: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, Math.max(0, ms))))]);
  } finally {
    clearTimeout(timer);
  }
}
type QueryArg = string | pg.QueryConfig;

/**
 * Patches `pool.connect()` (promise form: drizzle's transactions) and `pool.query()` (promise form:
 * drizzle's queries outside a transaction). Callback forms (pg-pool's internals) are untouched.
 * Returns `queryOnce`, the unpatched one-shot query for the readiness probe (it must not wait).
 */
export function makeResilient(pool: pg.Pool, opts: ResilienceOptions = {}) {
  const waitMs = opts.reconnectWaitMs ?? 5000;
  const rawConnect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  const rawQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // pg-pool listens for a client's errors only while it is idle. A connection killed while checked
  // out (a transaction between two statements, or just after a failed query) emits 'error' with
  // nobody listening: an uncaught exception that ends the process. The query that used it fails
  // on its own, and the client is dropped at release (not queryable), so the event is only noted.
  // Each statement is shown to retry.ts, which notes a `commit` sent by an opted-in transaction.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    const c = client as unknown as Checkout;
    c[BORN] = performance.now();
    const rawClientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    c.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text;
      noteStatement(text);
      const out = rawClientQuery(...args);
      if (typeof text === 'string' && BEGIN.test(text) && out instanceof Promise)
        out.catch((err: unknown) => {
          if (isConnectionLost(err)) c[RELEASE]?.(err as Error);
        });
      return out;
    };
  });

  // While the server refuses connections (restarting, failing over), one probe asks every
  // PROBE_MS and every waiting request goes on when it answers. Each request polling on its own
  // backoff (50 ms doubling to 250 ms, as before) noticed the server up to 250 ms late, and made a
  // connection attempt per waiting request, each a process forked by a server that is starting up.
  let outage: Promise<void> | null = null;
  function serverBack(): Promise<void> {
    outage ??= (async () => {
      const until = performance.now() + waitMs;
      try {
        while (!pool.ending && performance.now() < until) {
          await sleep(PROBE_MS);
          try {
            (await rawConnect())?.release();
            return;
          } catch (err) {
            if (!isConnectionLost(err)) return;
          }
        }
      } finally {
        outage = null;
      }
    })();
    return outage;
  }

  /**
   * A retry (`lostAt`: when the first attempt lost its connection) does not trust a connection
   * opened before that: the server ends its backends together (a restart, a kill of them all) and
   * the pool hears of each one's end a little apart, so an idle one handed out at once may be
   * dead too and spend the one retry. Such a connection is asked `select 1` first (a retry is
   * rare, the round trip small); a dead one is dropped and the next one taken.
   */
  async function acquire(lostAt = retryingSince()): Promise<pg.PoolClient> {
    const until = performance.now() + waitMs;
    for (;;) {
      if (outage) await within(outage, until - performance.now());
      try {
        const client = guardRelease((await rawConnect()) as pg.PoolClient);
        if (lostAt !== undefined && ((client as unknown as Checkout)[BORN] ?? 0) <= lostAt) {
          try {
            await client.query('select 1');
          } catch (err) {
            client.release(err as Error);
            if (!isConnectionLost(err)) throw err;
            continue;
          }
        }
        noteConnection(opts.onTransactionRetry);
        return client;
      } catch (err) {
        if (!isConnectionLost(err) || pool.ending || performance.now() >= until) throw err;
        await within(serverBack(), until - performance.now());
      }
    }
  }

  /**
   * drizzle's transaction sends `begin` before its try/finally, so a `begin` that fails on a dead
   * connection never releases it: pg-pool would count it as checked out forever, one slot fewer
   * per fault until the pool is exhausted. Such a client is released (and dropped) here (see the
   * 'connect' listener), and a second release of the same checkout by its holder does nothing.
   */
  function guardRelease(client: pg.PoolClient): pg.PoolClient {
    const release = client.release.bind(client);
    const c = client as unknown as Checkout;
    const once = (err?: Error | boolean) => {
      if (c[RELEASE] !== once) return;
      c[RELEASE] = undefined;
      release(err);
    };
    c[RELEASE] = once;
    client.release = once;
    return client;
  }

  async function runOn(config: QueryArg, values: unknown, lostAt?: number) {
    const client = await acquire(lostAt);
    let broken: Error | undefined;
    try {
      return await client.query(config as pg.QueryConfig, values as unknown[]);
    } catch (err) {
      if (isConnectionLost(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async function query(config: QueryArg, values: unknown) {
    try {
      return await runOn(config, values);
    } catch (err) {
      const text = typeof config === 'string' ? config : config.text;
      if (!isConnectionLost(err) || !isReadOnlyStatement(text) || pool.ending) throw err;
      opts.onReadRetry?.(err);
      return runOn(config, values, performance.now());
    }
  }

  const patched = pool as unknown as {
    connect: (cb?: unknown) => unknown;
    query: (...args: unknown[]) => unknown;
  };
  patched.connect = (cb?: unknown) => (typeof cb === 'function' ? rawConnect(cb) : acquire());
  patched.query = (...args: unknown[]) =>
    typeof args[args.length - 1] === 'function' || (args[0] as { submit?: unknown })?.submit
      ? rawQuery(...args)
      : query(args[0] as QueryArg, args[1]);
  return { queryOnce: (text: string) => rawQuery(text) as Promise<pg.QueryResult> };
}
