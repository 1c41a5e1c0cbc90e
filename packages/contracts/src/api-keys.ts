/**
 * Personal API keys (issue 18, decision 020): created with a label and an optional expiry, the
 * secret shown once, then listed by prefix with their last use, and revoked at once.
 */
import { z } from 'zod';
import { isoDateSchema } from './campaigns.js';
import { ROLES } from './roles.js';

/** Every secret starts with this, so a Bearer token is told apart from a session's access token. */
export const API_KEY_PREFIX = 'fck_';
/** Active (not revoked, not expired) keys one user may hold at once. */
export const API_KEY_MAX_ACTIVE = 10;
/** Expiry presets the console offers (days); any date up to this many days ahead is accepted. */
export const API_KEY_EXPIRY_PRESETS = [30, 90, 365] as const;
export const API_KEY_MAX_DAYS = 730;
export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The first characters of the secret (`fck_3Hq9`), enough to tell keys apart. */
  prefix: z.string(),
  /** The profile the key acts with. */
  role: z.enum(ROLES),
  organizationName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number().int(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z
  .object({
    label: z.string().trim().min(1, 'Give the key a name').max(80, 'Use at most 80 characters'),
    /** The last day the key works (`YYYY-MM-DD`, UTC); it stops at the end of that day. */
    expiresAt: isoDateSchema.nullable().optional(),
    expiresInDays: z
      .number()
      .int('Use a whole number of days')
      .min(1, 'Use at least 1 day')
      .max(API_KEY_MAX_DAYS, `Use at most ${API_KEY_MAX_DAYS} days`)
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.expiresAt != null && b.expiresInDays != null)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: 'Give either expiresAt or expiresInDays, not both',
      });
  });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The answer to a create: the key as listed, plus its secret — the only time it is ever sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
