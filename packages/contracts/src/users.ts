/** User administration contracts (spec §7 Users). */
import { z } from 'zod';
import { emailSchema, languageSchema, personNameSchema } from './auth.js';
import { dbIdSchema, dbIdTextSchema, listQuerySchema } from './envelope.js';
import { ROLES } from './roles.js';

export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export const USER_SORT_COLUMNS = ['id', 'firstName', 'lastName', 'email', 'role', 'status', 'createdAt'] as const;

export const userListQuerySchema = listQuerySchema.extend({
  sortColumn: z.enum(USER_SORT_COLUMNS).default('id'),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  // Accepted for compatibility with the spec's client (DECISIONS §3); the token decides.
  userRole: z.string().max(40).optional(),
  userId: dbIdTextSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const membershipSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  typeId: z.number().int(),
  role: z.enum(ROLES),
});

export const userSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailSchema = userSummarySchema.extend({
  phone: z.string().nullable(),
  language: languageSchema,
  emailConfirmed: z.boolean(),
  lastLoginAt: z.string().nullable(),
  staffRole: z.enum(ROLES).nullable(),
  memberships: z.array(membershipSchema),
  profiles: z.object({ fundraiser: z.boolean(), donor: z.boolean(), affiliate: z.boolean() }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Roles an administrator can give when creating a user. */
export const CREATABLE_ROLES = [
  'super_admin',
  'fys_sales',
  'org_admin',
  'org_user',
  'league_admin',
  'team_admin',
  'division_admin',
  'donor',
  'affiliate',
] as const;

export const createUserBodySchema = z
  .strictObject({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    role: z.enum(CREATABLE_ROLES),
    organizationId: dbIdSchema.optional(),
    phone: z.string().trim().max(30).optional(),
    language: languageSchema.optional(),
  })
  .refine(
    (b) =>
      !['org_admin', 'org_user', 'league_admin', 'team_admin', 'division_admin'].includes(b.role) || b.organizationId,
    {
      path: ['organizationId'],
      message: 'An organization is required for this role',
    },
  );
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** Profile fields a user may change; protected fields are refused as unknown keys. */
export const updateUserBodySchema = z.strictObject({
  id: dbIdSchema.optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  language: languageSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const idParamSchema = z.object({ id: dbIdTextSchema });
export const resendInviteBodySchema = z.strictObject({ id: dbIdSchema });

export const salespersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const avatarResponseSchema = z.object({ avatar: z.string() });

export const roleMatrixSchema = z.array(
  z.object({
    role: z.enum(ROLES),
    home: z.string(),
    rules: z.array(
      z.object({
        action: z.array(z.string()),
        subject: z.array(z.string()),
        scope: z.enum(['all', 'own', 'scope', 'ancestors', 'sales']),
      }),
    ),
  }),
);
export type RoleMatrix = z.infer<typeof roleMatrixSchema>;

export const outboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  /** outbox: kept here only (links readable); smtp: delivered by mail, stored without usable links. */
  transport: z.enum(['outbox', 'smtp']),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
