/**
 * Access tokens: HS256 JWTs naming the user and the session (refresh-token family). Verification
 * pins the algorithm, issuer, audience and token type, so `alg: none`, a refresh token or a token
 * signed with another key is refused.
 */
import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from '../../lib/errors.js';

const ISSUER = 'fundraiser-console';
const AUDIENCE = 'fc-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/**
 * Tokens this process verified, until they expire: a signed-in client sends the same token with
 * every request, and the verification (an HMAC through WebCrypto, a job on the thread pool) was
 * about 5% of a list request's time in Node. Keyed by the token's SHA-256, never the token; one
 * cache per signing key. What a token names is still checked on every request (the session, the
 * user and the role are read from the database: principal.ts); only the signature check is kept.
 */
const verified = new WeakMap<Uint8Array, LRUCache<string, AccessClaims>>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  let cache = verified.get(key);
  if (!cache) {
    cache = new LRUCache<string, AccessClaims>({ max: VERIFIED_MAX });
    verified.set(key, cache);
  }
  const digest = createHash('sha256').update(token).digest('base64url');
  const hit = cache.get(digest);
  if (hit) return hit;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !Number.isInteger(userId)) {
      throw unauthorized('Invalid token.', 'TOKEN_INVALID');
    }
    const claims = { userId, sessionId: payload.sid };
    // Kept until one second before it expires (lru-cache's ttl is in ms; never past `exp`).
    const ttl = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() - 1000 : 0;
    if (ttl > 0) cache.set(digest, claims, { ttl });
    return claims;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized('Your session expired.', 'TOKEN_EXPIRED');
    if (err instanceof Error && 'status' in err) throw err;
    throw unauthorized('Invalid token.', 'TOKEN_INVALID');
  }
}
