import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their SHA-256 hash; the plain value exists in one email or response. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
