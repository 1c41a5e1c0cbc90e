/**
 * The two opt-in retries of a write whose database connection was lost (resilience.ts has the
 * rule: a write is never re-run blindly). Both are for work that has NO effect outside the
 * database: a callback that calls Stripe, BAND, sends an e-mail or changes anything else than the
 * rows of its transaction must not use them (that effect would happen twice). A provider call is
 * made before or after the transaction, never in it, as the product does anyway.
 *
 * How "was the COMMIT sent" is known: drizzle's node-postgres transaction runs `begin`, the
 * callback, then `commit` on one checked-out client, and on any error a `rollback`, which also
 * fails on a dead connection, so the error that reaches us may be the rollback's. The helper runs
 * its attempt in an AsyncLocalStorage context; the resilient pool (resilience.ts) notes in it that
 * a connection was taken and, when a statement whose text is `commit` is sent, that the COMMIT
 * went out. Lost before that: the server rolled the transaction back, nothing of it exists, and
 * running it again is safe. Lost at or after it: the outcome is unknown, so it fails as before,
 * unless the caller says how to find out (`ifCommitUnknown`: a check by a unique key, or "running
 * it again after it committed does nothing").
 * On PGlite (one embedded connection, never lost) no connection is taken through the pool: the
 * helpers just run the work once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.js';
import { isConnectionLost } from './resilience.js';

/** What the resilient pool notes about one attempt (set through `noteConnection` / `noteStatement`). */
interface Attempt {
  /** A connection was taken from a resilient pool (PostgreSQL): a lost one can be told apart. */
  connected: boolean;
  /** A `commit` was sent on a connection of this attempt: its outcome is the server's to know. */
  commitSent: boolean;
  /** Told about the retry (the pool's `onTransactionRetry`), for the log. */
  onRetry?: ((err: unknown) => void) | undefined;
  /** On a retry: when the first attempt lost its connection (the pool checks older ones first). */
  lostAt?: number | undefined;
}

const attempts = new AsyncLocalStorage<Attempt>();
const COMMIT = /^\s*(commit|end)\b/i;

/** Called by the resilient pool when it hands out a connection (resilience.ts `acquire`). */
export function noteConnection(onRetry: ((err: unknown) => void) | undefined): void {
  const a = attempts.getStore();
  if (!a) return;
  a.connected = true;
  a.onRetry ??= onRetry;
}

/** Called by the resilient pool for every statement sent on one of its clients. */
export function noteStatement(text: unknown): void {
  const a = attempts.getStore();
  if (a && typeof text === 'string' && COMMIT.test(text)) a.commitSent = true;
}

/** On a retry, when its first attempt lost its connection (resilience.ts `acquire`). */
export const retryingSince = (): number | undefined => attempts.getStore()?.lostAt;

const retryOf = (): Attempt => ({ connected: false, commitSent: false, lostAt: performance.now() });

const afterPendingEvents = () => new Promise<void>((r) => setImmediate(r));

export interface RetryOptions<T> {
  /**
   * When the connection was lost with the COMMIT in flight, whether it committed is unknown.
   * Without this option the transaction then fails as `db.transaction` would. With it:
   * - `'rerun'`: running it again after it did commit changes nothing, because the transaction
   *   finds its own earlier work (a unique key it checks, an idempotency record) and does nothing
   *   more, or because what it would repeat is harmless (one throttle event counted twice);
   * - a function: reads, on a fresh connection, something only this transaction writes (a row by
   *   a unique key fixed before it) and returns the transaction's result when found (committed:
   *   not run again), `undefined` when not found (not committed: run again). The unique key also
   *   stops a late commit of the first attempt and the second from both writing.
   */
  ifCommitUnknown?: 'rerun' | (() => Promise<T | undefined>);
}

/**
 * `db.transaction(fn)`, run once more when it failed because its connection was lost before its
 * COMMIT was sent (the server rolled it back), or with the COMMIT in flight when the caller said
 * how to tell (`ifCommitUnknown`). The second attempt takes a new connection, which waits for the
 * server as every connection does (`reconnectWaitMs`). Only for a DATABASE-ONLY callback: it may
 * run twice, so it must not call a provider (Stripe, BAND), send mail or change anything outside
 * its transaction; values it returns are from the attempt that committed. Any other error, or a
 * second lost connection, is thrown as `db.transaction` would.
 */
export async function transactionRetried<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  opts: RetryOptions<T> = {},
): Promise<T> {
  const first: Attempt = { connected: false, commitSent: false };
  try {
    return await attempts.run(first, async () => await db.transaction(fn));
  } catch (err) {
    if (!first.connected || !isConnectionLost(err)) throw err;
    const unknown = opts.ifCommitUnknown;
    if (first.commitSent && unknown === undefined) throw err;
    first.onRetry?.(err);
    // Connections killed together die together: let the pool hear of the others before taking one.
    await afterPendingEvents();
    return attempts.run(retryOf(), async () => {
      if (first.commitSent && typeof unknown === 'function') {
        const found = await unknown();
        if (found !== undefined) return found;
      }
      return await db.transaction(fn);
    });
  }
}

/**
 * `fn`, one autocommit statement whose effect is the same when applied twice (an upsert
 * `on conflict ... do update` to the same values, a delete by key), run once more when its
 * connection was lost: whether the first one was applied does not matter. Not for an insert that
 * makes a new row, a counter, or anything outside the database.
 */
export async function idempotentRetried<T>(fn: () => Promise<T>): Promise<T> {
  const first: Attempt = { connected: false, commitSent: false };
  try {
    // Awaited inside the context: a drizzle query is a thenable that only starts when awaited.
    return await attempts.run(first, async () => await fn());
  } catch (err) {
    if (!first.connected || !isConnectionLost(err)) throw err;
    first.onRetry?.(err);
    await afterPendingEvents();
    return attempts.run(retryOf(), async () => await fn());
  }
}
