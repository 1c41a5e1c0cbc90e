/**
 * A personal API key as a Bearer token (decision 020), used by plugins/policy.ts. The secret is
 * hashed and looked up (recording the use in the same statement), the key's throttle is counted,
 * and the owner's principal is rebuilt from the key's profile as it stands NOW: a disabled or
 * deleted owner, or a profile no longer held (role removed, membership gone), is refused at once,
 * and a changed role gives changed abilities on the next call.
 */
import { API_KEY_PREFIX } from '@fc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../lib/crypto.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { minutes } from '../../lib/time.js';
import type { Principal } from '../../types.js';
import { loadProfileUser, principalFor } from '../auth/principal.js';
import { keyStateByHash, revokeAllKeys, useKey } from './api-keys.repository.js';

/**
 * A password recovered through the e-mailed link, or set by a Super Admin for someone else, says
 * the account may have been in other hands: its API keys end with its sessions (decision 020).
 */
export async function revokeApiKeysAfterPasswordReset(app: FastifyInstance, userId: number) {
  const n = await revokeAllKeys(app.db, userId);
  if (n > 0) app.log.info({ userId, revoked: n }, 'api keys revoked after a password reset');
}

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

const THROTTLE_WINDOW_MS = minutes(1);

export async function principalFromApiKey(
  app: FastifyInstance,
  req: FastifyRequest,
  token: string,
): Promise<Principal> {
  const hash = sha256(token);
  const limit = app.env.API_KEY_RATE_PER_MINUTE;
  const key = await useKey(app.db, hash, { limit, windowMs: THROTTLE_WINDOW_MS });
  if (!key) {
    const state = await keyStateByHash(app.db, hash);
    if (!state) throw unauthorized('This API key is not valid.', 'API_KEY_INVALID');
    req.apiKeyUse = { keyId: state.id, userId: null };
    throw state.revokedAt
      ? unauthorized('This API key was revoked.', 'API_KEY_REVOKED')
      : unauthorized('This API key has expired.', 'API_KEY_EXPIRED');
  }
  req.apiKeyUse = { keyId: key.id, userId: key.userId };
  if (!key.allowed) {
    throw new AppError(
      429,
      'API_KEY_THROTTLED',
      `This API key made more than ${limit} requests in the last minute. Wait a minute and try again.`,
      undefined,
      { 'retry-after': String(THROTTLE_WINDOW_MS / 1000) },
    );
  }
  const owner = await loadProfileUser(app.db, key.userId);
  if (!owner) throw unauthorized('The account of this API key no longer exists.', 'ACCOUNT_DISABLED');
  return principalFor(
    app.db,
    { ...owner, role: key.role, organizationId: key.organizationId },
    { sessionId: `api-key:${key.id}`, via: 'api_key', apiKeyId: key.id },
  );
}
