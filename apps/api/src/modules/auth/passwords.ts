/** Password hashing (Argon2id, memory-hard) and the common-password refusal list. */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/errors.js';

// ~49k leaked and common passwords shipped with zxcvbn-ts.
const COMMON = new Set<string>((dictionary as Record<string, string[]>)['passwords-common'] ?? []);
const DUMMY_HASH_SOURCE = 'timing-equaliser-not-a-password';
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown accounts are not revealed by timing.
    dummyHash ??= hash(DUMMY_HASH_SOURCE);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Rejects passwords found in the common list (case-insensitive), naming the field. */
export function assertPasswordAcceptable(password: string, field = 'password') {
  if (COMMON.has(password.toLowerCase())) {
    throw badRequest('PASSWORD_TOO_COMMON', 'This password is too common. Choose a less predictable one.', [
      { path: `body.${field}`, message: 'This password is too common.' },
    ]);
  }
}
