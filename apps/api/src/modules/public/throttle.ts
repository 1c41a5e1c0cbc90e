/**
 * Per-IP allowances for the public calls that create accounts or spend a password hash
 * (invitation acceptance, family registration) and for invitation look-ups. Same storage and
 * window as the sign-in throttle (lib/throttle.ts, decision 004): rows in `throttle_events`,
 * counted under a transaction-scoped advisory lock so concurrent requests cannot all slip past.
 */
import type { Db } from '@fc/db';
import { consumeAllowance } from '../../lib/throttle.js';

export const PUBLIC_LIMITS = {
  /** Accepting invitations (each may set a password and start a session). */
  accept: 10,
  /** Opening an invitation page (token look-ups). */
  inviteLookup: 60,
  /** Family registrations (each may create an account). */
  register: 10,
} as const;
export type PublicAction = keyof typeof PUBLIC_LIMITS;

/** Counts one `action` from `ip`; throws 429 (nothing recorded) once the window's limit is reached. */
export const consumePublicAllowance = (db: Db, action: PublicAction, ip: string) =>
  consumeAllowance(
    db,
    `public:${action}:ip:${ip}`,
    PUBLIC_LIMITS[action],
    'Too many requests from this network. Please wait 15 minutes and try again.',
  );
