/**
 * Personal API keys, the console side (decision 020): create (the secret is returned once and
 * only its SHA-256 is stored), list, revoke. A key acts with the profile of the session that
 * created it; the routes are session-only, so a key can never mint or revoke keys.
 */
import {
  API_KEY_MAX_ACTIVE,
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type Role,
} from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { days } from '../../lib/time.js';
import type { Principal } from '../../types.js';
import * as repo from './api-keys.repository.js';

/** Characters of the secret kept readable (`fck_` and four more): tells keys apart, guesses nothing. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

/** A new secret: `fck_` + 32 random bytes in base64url (256 bits; matches the Bearer token syntax). */
export const newSecret = () => `${API_KEY_PREFIX}${randomToken()}`;

function toApiKey(row: repo.KeyRow, now = Date.now()): ApiKey {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active';
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    role: row.role as Role,
    organizationName: row.organizationName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    useCount: row.useCount,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

/**
 * When the key stops working: `expiresInDays` from now, or the end (UTC) of the `expiresAt` day,
 * which must be today or later and at most API_KEY_MAX_DAYS ahead. Null: never.
 */
export function expiryOf(body: CreateApiKeyBody, now = new Date()): Date | null {
  if (body.expiresInDays != null) return new Date(now.getTime() + days(body.expiresInDays));
  if (body.expiresAt == null) return null;
  const end = new Date(`${body.expiresAt}T23:59:59.999Z`);
  const invalid = (message: string) =>
    badRequest('VALIDATION_FAILED', `Invalid body.expiresAt: ${message}`, [{ path: 'body.expiresAt', message }]);
  if (end.getTime() <= now.getTime()) throw invalid('Choose today or a later date');
  if (end.getTime() > now.getTime() + days(API_KEY_MAX_DAYS + 1))
    throw invalid(`Choose a date at most ${API_KEY_MAX_DAYS} days ahead`);
  return end;
}

export async function list(app: FastifyInstance, p: Principal): Promise<ApiKey[]> {
  const now = Date.now();
  return (await repo.listKeys(app.db, p.user.id)).map((r) => toApiKey(r, now));
}

export async function create(app: FastifyInstance, p: Principal, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  const expiresAt = expiryOf(body);
  const secret = newSecret();
  const id = await repo.insertKey(
    app.db,
    {
      userId: p.user.id,
      label: body.label,
      prefix: secret.slice(0, PREFIX_LENGTH),
      tokenHash: sha256(secret),
      role: p.role,
      organizationId: p.organizationId,
      expiresAt,
    },
    API_KEY_MAX_ACTIVE,
  );
  if (id === null)
    throw new AppError(
      409,
      'API_KEY_LIMIT',
      `You already have ${API_KEY_MAX_ACTIVE} active API keys. Revoke one you no longer use first.`,
    );
  app.log.info({ apiKeyId: id, userId: p.user.id, role: p.role, expiresAt }, 'api key created');
  const row = await repo.keyById(app.db, p.user.id, id);
  return { key: toApiKey(row!), secret };
}

/** Revokes one of the caller's own keys; it is refused from the next request on. */
export async function revoke(app: FastifyInstance, p: Principal, id: number): Promise<ApiKey> {
  const row = await repo.keyById(app.db, p.user.id, id);
  if (!row) throw notFound('This API key was not found.', 'API_KEY_NOT_FOUND');
  if (await repo.revokeKey(app.db, p.user.id, id)) app.log.info({ apiKeyId: id, userId: p.user.id }, 'api key revoked');
  return toApiKey((await repo.keyById(app.db, p.user.id, id))!);
}
