/** Auth contracts: login, register, tokens, profile switch, passwords, one-time links. */
import { z } from 'zod';
import { abilityRuleSchema } from './abilities.js';
import { dbIdSchema, envelope } from './envelope.js';
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MAX } from './person-rules.js';
import { PROFILE_TYPES, ROLES } from './roles.js';

export const emailSchema = z
  .email({ pattern: EMAIL_PATTERN })
  .max(EMAIL_MAX)
  .transform((v) => v.trim().toLowerCase());
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const personNameSchema = z.string().trim().min(1).max(PERSON_NAME_MAX);
export const languageSchema = z.enum(['en', 'es']);

export const organizationRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  role: z.enum(ROLES),
});

export const profileRefSchema = z.object({ id: z.number().int() });

/** The spec's "stored user" (§3), returned at login, refresh of the session and switch. */
export const storedUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Organization node the active profile is attached to (organization profiles only). */
  organizationId: z.number().int().nullable(),
  avatar: z.string().nullable(),
  language: languageSchema,
  staffRole: z.enum(ROLES).nullable(),
  organizations: z.array(organizationRefSchema),
  fundraiser_profile: z.array(profileRefSchema),
  donor_profile: z.array(profileRefSchema),
  affiliate_profile: z.array(profileRefSchema),
  abilities: z.array(abilityRuleSchema),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export const registerBodySchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  language: languageSchema.optional(),
});
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const loginResponseSchema = z.object({
  hasError: z.literal(false),
  userData: storedUserSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `retryKey`: chosen by the client for one refresh and sent again with the same token when it
 * never got the answer (a reload mid-call): the server then answers again instead of ending the
 * session as for a reused token (decision 002).
 */
export const refreshBodySchema = z.strictObject({
  refreshToken: z.string().min(1).max(512),
  retryKey: z.string().min(16).max(128).optional(),
});
export const refreshResponseSchema = tokenPairSchema.extend({ hasError: z.literal(false) });
export const logoutBodySchema = z.strictObject({ refreshToken: z.string().max(512).optional() });

export const switchBodySchema = z.strictObject({
  loginRole: z.enum(PROFILE_TYPES),
  organizationId: dbIdSchema.optional(),
});
export const switchResponseSchema = envelope(
  storedUserSchema.extend({ token: z.string(), accessToken: z.string(), refreshToken: z.string() }),
);

/** Change a password: your own (current password required) or, for Super Admin, anyone's. */
export const passwordResetBodySchema = z
  .strictObject({
    id: dbIdSchema,
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const loginLinkBodySchema = z.strictObject({ email: emailSchema });
export const oneTimeTokenSchema = z.string().min(20).max(200);
export const recoverPasswordBodySchema = z.strictObject({ token: oneTimeTokenSchema, password: passwordSchema });
export const emailConfirmBodySchema = z.strictObject({ token: oneTimeTokenSchema });
export const otlBodySchema = z.strictObject({ token: oneTimeTokenSchema });
export const activateBodySchema = z.strictObject({ token: oneTimeTokenSchema, password: passwordSchema });
