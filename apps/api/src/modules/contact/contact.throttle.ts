/**
 * The Contact-Us form's allowance (issue 14): at most 10 messages per network address and 5 per
 * sender address in an hour. Same storage as every throttle (lib/throttle.ts, decision 004): rows
 * in `throttle_events` counted under an advisory lock, so concurrent requests cannot slip past.
 * The keys hold hashes, not the address or the email: the form keeps no network address.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@fc/db';
import { AppError } from '../../lib/errors.js';
import { reserve } from '../../lib/throttle.js';
import { hours } from '../../lib/time.js';

export const CONTACT_THROTTLE = { perIp: 10, perEmail: 5, windowMs: hours(1) } as const;

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** Counts one message from `ip` and `email`; once either has used its hour, a 429 (nothing recorded). */
export async function consumeContactAllowance(db: Db, ip: string, email: string) {
  const ids = await reserve(
    db,
    [
      [`contact:ip:${hashed(ip)}`, CONTACT_THROTTLE.perIp],
      [`contact:email:${hashed(email.toLowerCase())}`, CONTACT_THROTTLE.perEmail],
    ],
    CONTACT_THROTTLE.windowMs,
  );
  if (!ids)
    throw new AppError(
      429,
      'CONTACT_THROTTLED',
      'You have sent several messages in the last hour. Please wait an hour and try again.',
      undefined,
      { 'retry-after': String(CONTACT_THROTTLE.windowMs / 1000) },
    );
}
