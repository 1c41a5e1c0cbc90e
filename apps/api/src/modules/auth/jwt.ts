/**
 * Access tokens: HS256 JWTs naming the user and the session (refresh-token family). Verification
 * pins the algorithm, issuer, audience and token type, so `alg: none`, a refresh token or a token
 * signed with another key is refused.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
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

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !Number.isInteger(userId)) {
      throw unauthorized('Invalid token.', 'TOKEN_INVALID');
    }
    return { userId, sessionId: payload.sid };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized('Your session expired.', 'TOKEN_EXPIRED');
    if (err instanceof Error && 'status' in err) throw err;
    throw unauthorized('Invalid token.', 'TOKEN_INVALID');
  }
}
