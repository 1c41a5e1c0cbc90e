/** BAND outcomes as API errors (codes listed in contracts/band.ts, messages in the web app's errors.json). */
import { AppError, conflict } from '../../lib/errors.js';
import { BandError } from '../../providers/band/index.js';
import { AccountExpiredError } from './tokens.js';

export const notConnected = () => conflict('BAND_NOT_CONNECTED', 'Link your BAND account first (Connect BAND).');
export const accountExpired = () =>
  conflict('BAND_ACCOUNT_EXPIRED', 'BAND no longer accepts this link: disconnect and link your BAND account again.');
export const notMember = () =>
  conflict('BAND_NOT_MEMBER', 'You are not a member of this band, or the band does not let you post there.');
export const unavailable = () =>
  new AppError(503, 'BAND_UNAVAILABLE', 'BAND did not answer or refused for now. Try again in a few minutes.');

/** A BAND call's failure, as the answer to the person who asked. */
export function asAppError(err: unknown): unknown {
  if (err instanceof AccountExpiredError) return accountExpired();
  if (err instanceof BandError) return err.kind === 'not_member' ? notMember() : unavailable();
  return err;
}
