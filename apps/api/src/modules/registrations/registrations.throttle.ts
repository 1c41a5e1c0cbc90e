/**
 * The public registration's allowances (issue 15), the Contact-Us pattern (contact.throttle.ts):
 * starts per network address and per email in an hour, and organization look-ups per network
 * address in 15 minutes. Rows in `throttle_events` under an advisory lock (lib/throttle.ts); the
 * keys hold hashes, never the address or the email.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@fc/db';
import { AppError } from '../../lib/errors.js';
import { reserve } from '../../lib/throttle.js';
import { hours, minutes } from '../../lib/time.js';

export const REGISTRATION_THROTTLE = {
  startPerIp: 10,
  startPerEmail: 5,
  startWindowMs: hours(1),
  lookupPerIp: 120,
  lookupWindowMs: minutes(15),
} as const;

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

const throttled = (windowMs: number) =>
  new AppError(
    429,
    'REGISTRATION_THROTTLED',
    'Too many attempts from here. Please wait a while and try again.',
    undefined,
    { 'retry-after': String(windowMs / 1000) },
  );

/** Counts one start from `ip` (and `email` for a new account); a 429 once either has used its hour. */
export async function consumeStartAllowance(db: Db, ip: string, email: string | null) {
  const T = REGISTRATION_THROTTLE;
  const keys: [string, number][] = [[`registration:ip:${hashed(ip)}`, T.startPerIp]];
  if (email) keys.push([`registration:email:${hashed(email.toLowerCase())}`, T.startPerEmail]);
  if (!(await reserve(db, keys, T.startWindowMs))) throw throttled(T.startWindowMs);
}

/** Counts one organization search or address check from `ip`. */
export async function consumeLookupAllowance(db: Db, ip: string) {
  const T = REGISTRATION_THROTTLE;
  if (!(await reserve(db, [[`registration:lookup:${hashed(ip)}`, T.lookupPerIp]], T.lookupWindowMs)))
    throw throttled(T.lookupWindowMs);
}
