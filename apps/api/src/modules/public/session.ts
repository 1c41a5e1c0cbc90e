/**
 * Sessions on public routes. The policy hook does not read tokens on `public` routes, so the
 * invitation and registration calls recognise a signed-in caller here, and answer with a new
 * fundraiser session (the same response as `POST /jwt/login`) so the family lands on its home.
 */
import type { LoginResponse } from '@fc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, principalFromToken } from '../../plugins/policy.js';
import type { Principal } from '../../types.js';
import { tokenSettings } from '../auth/auth.service.js';
import { revokeSession, startSession } from '../auth/sessions.js';
import { buildStoredUser, loadUserFacts } from '../auth/stored-user.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

/**
 * The signed-in caller, or null when no token was sent. A token that is sent but expired or
 * revoked is a 401 (not "anonymous"): the client refreshes and replays, and a family is never
 * silently treated as a stranger creating a second account.
 */
export async function optionalPrincipal(app: FastifyInstance, req: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(req.headers.authorization);
  return token ? principalFromToken(app, token) : null;
}

/**
 * Starts a session on the user's fundraiser profile and returns the login response. A caller who
 * was signed in on another profile moves to this one (as `POST /user/switch` does: the old
 * session ends).
 */
export async function fundraiserSignIn(
  app: FastifyInstance,
  userId: number,
  meta: RequestMeta,
  previousSessionId?: string,
): Promise<LoginResponse> {
  const profile = { role: 'fundraiser' as const, organizationId: null };
  const tokens = await startSession(app.db, tokenSettings(app), userId, profile, meta);
  if (previousSessionId) await revokeSession(app.db, previousSessionId, 'switch');
  const userData = await buildStoredUser(app.db, await loadUserFacts(app.db, userId), profile);
  return { hasError: false, userData, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}
