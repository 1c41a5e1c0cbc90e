/** The response envelope of DECISIONS §4. */
import { z } from 'zod';

/** A database id (PostgreSQL integer): larger values would fail in the database, not in validation. */
export const DB_ID_MAX = 2147483647;
export const dbIdSchema = z.number().int().positive().max(DB_ID_MAX);
/** The same id when it arrives as text (path or query string). */
export const dbIdTextSchema = z.coerce.number().int().positive().max(DB_ID_MAX);

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  hasError: z.literal(true),
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ hasError: z.literal(false), data, message: z.string().optional() });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ hasError: z.literal(false), data: z.array(item), total: z.number().int() });
}

export const messageEnvelope = z.object({ hasError: z.literal(false), message: z.string() });

export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(['asc', 'desc']).default('asc'),
});
