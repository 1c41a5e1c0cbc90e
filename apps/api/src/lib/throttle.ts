/**
 * Sign-in and mail-sending throttles kept in the database (shared by every instance).
 * Login: at most 10 failed attempts per 15 minutes per IP and per account from one IP, and 50
 * per account from all IPs together. The real user signing in from elsewhere is therefore not
 * locked out by an attacker hammering one address (docs/decisions/004-throttling.md).
 * Registration: 10 per IP and 10 per email (decision 011). Shared infrastructure: the public
 * module's allowances (modules/public/throttle.ts) count with `consumeAllowance` below.
 */
import { type Db, type Tx, throttleEvents, transactionRetried } from '@fc/db';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { AppError } from './errors.js';
import { hours, minutes } from './time.js';

export const WINDOW_MS = minutes(15);
/** Events are kept this long: twice the longest window (the Contact-Us form counts per hour). */
const KEEP_MS = hours(2);
export const LIMITS = {
  perIp: 10,
  perAccountIp: 10,
  perAccount: 50,
  mailPerIp: 10,
  mailPerAccount: 10,
  registerPerIp: 10,
  registerPerAccount: 10,
} as const;

async function hits(tx: Tx, key: string, windowMs: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.createdAt, new Date(Date.now() - windowMs))));
  return row?.n ?? 0;
}

/**
 * Counts and records an attempt in one step. Each key is locked (transaction-scoped advisory
 * lock, in a fixed order so two requests never deadlock) before it is counted, so concurrent
 * requests cannot all read "9 so far" and all pass: exactly `limit` attempts get through.
 * Returns the ids of the recorded events, or null when a limit is reached (nothing recorded).
 * `windowMs` (15 minutes unless given) is the time over which the limits count.
 */
export async function reserve(
  db: Db,
  limits: Array<[key: string, limit: number]>,
  windowMs: number = WINDOW_MS,
): Promise<number[] | null> {
  // Database-only: run again if its connection is lost before the commit (retry.ts), and with the
  // commit in flight too: at worst one attempt is counted twice against its limit.
  return transactionRetried(
    db,
    async (tx) => {
      for (const key of limits.map(([k]) => k).sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      }
      for (const [key, limit] of limits) {
        if ((await hits(tx, key, windowMs)) >= limit) return null;
      }
      const rows = await tx
        .insert(throttleEvents)
        .values(limits.map(([key]) => ({ key })))
        .returning({ id: throttleEvents.id });
      if (Math.random() < 0.02) {
        await tx.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(Date.now() - KEEP_MS)));
      }
      return rows.map((r) => r.id);
    },
    { ifCommitUnknown: 'rerun' },
  );
}

/**
 * Counts and records one event of `key` inside the caller's transaction, which must already hold
 * a lock that serialises the events of this key (a row lock or an advisory lock). False, with
 * nothing recorded, when `limit` events already fall in the window. The API keys' throttle
 * (decision 020) runs it under the key's row lock, in the same transaction as the use record.
 */
export async function recordWithin(tx: Tx, key: string, limit: number, windowMs: number): Promise<boolean> {
  if ((await hits(tx, key, windowMs)) >= limit) return false;
  await tx.insert(throttleEvents).values({ key });
  if (Math.random() < 0.02) {
    await tx.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(Date.now() - KEEP_MS)));
  }
  return true;
}

/** The 429 every throttle answers: `retry-after` is the window. */
export const throttled = (message: string) =>
  new AppError(429, 'THROTTLED', message, undefined, { 'retry-after': String(Math.ceil(WINDOW_MS / 1000)) });

/** Counts one use of `key`; once `limit` uses fall in the window, a 429 with `message` (nothing recorded). */
export async function consumeAllowance(db: Db, key: string, limit: number, message: string) {
  if (!(await reserve(db, [[key, limit]]))) throw throttled(message);
}

function tooMany(kind: 'login' | 'mail' | 'register'): AppError {
  return throttled(
    kind === 'login'
      ? 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.'
      : kind === 'register'
        ? 'Too many sign-up attempts. Please wait 15 minutes and try again.'
        : 'Too many requests for this address. Please wait 15 minutes and try again.',
  );
}

const loginKeys = (email: string, ip: string) => ({
  ip: `login:ip:${ip}`,
  accountIp: `login:acct-ip:${email}|${ip}`,
  account: `login:acct:${email}`,
});

/**
 * Reserves one sign-in attempt before the password is checked; the reservation counts as a
 * failure unless `releaseLoginAttempt` is called after a successful sign-in.
 */
export async function reserveLoginAttempt(db: Db, email: string, ip: string): Promise<number[]> {
  const k = loginKeys(email, ip);
  const ids = await reserve(db, [
    [k.ip, LIMITS.perIp],
    [k.accountIp, LIMITS.perAccountIp],
    [k.account, LIMITS.perAccount],
  ]);
  if (!ids) throw tooMany('login');
  return ids;
}

/** A successful sign-in is not a failed attempt: forget its reservation. */
export async function releaseLoginAttempt(db: Db, ids: number[]) {
  if (ids.length) await db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

/** Forgot-password and login-link requests: every request counts. */
export async function consumeMailAllowance(db: Db, email: string, ip: string) {
  const ids = await reserve(db, [
    [`mail:ip:${ip}`, LIMITS.mailPerIp],
    [`mail:acct:${email}`, LIMITS.mailPerAccount],
  ]);
  if (!ids) throw tooMany('mail');
}

/**
 * Registration: every request counts, per IP and per email, with the sign-in limits (each one
 * costs a password hash and sends an email to the address given; issue 12 item 3).
 */
export async function consumeRegisterAllowance(db: Db, email: string, ip: string) {
  const ids = await reserve(db, [
    [`register:ip:${ip}`, LIMITS.registerPerIp],
    [`register:acct:${email}`, LIMITS.registerPerAccount],
  ]);
  if (!ids) throw tooMany('register');
}
