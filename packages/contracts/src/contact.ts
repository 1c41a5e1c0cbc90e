/**
 * The Contact-Us form (issue 14: public, validated, throttled, with a spam trap) and Super Admin's
 * list of its messages (`/apps/contact-messages`). The rules and sentences live in
 * contact-rules.ts, which the public form uses without zod.
 */
import { z } from 'zod';
import { languageSchema } from './auth.js';
import { CONTACT_LIMITS as L, CONTACT_MESSAGES as M } from './contact-rules.js';
import { EMAIL_PATTERN } from './person-rules.js';

/** A check that stops the field's other checks: one actionable sentence per field. */
const stop = (error: string) => ({ error, abort: true });

export const contactBodySchema = z.strictObject({
  name: z.string({ error: M.name.required }).trim().min(1, stop(M.name.required)).max(L.nameMax, M.name.tooLong),
  email: z
    .string({ error: M.email.required })
    .trim()
    .min(1, stop(M.email.required))
    .max(L.emailMax, stop(M.email.email))
    .regex(EMAIL_PATTERN, M.email.email),
  organization: z
    .string({ error: M.organization.tooLong })
    .trim()
    .max(L.organizationMax, M.organization.tooLong)
    .optional(),
  message: z
    .string({ error: M.message.tooShort })
    .trim()
    .min(L.messageMin, stop(M.message.tooShort))
    .max(L.messageMax, M.message.tooLong),
  /** The language of the confirmation the sender receives. */
  language: languageSchema.default('en'),
  /**
   * The spam trap: a field people never see (visually hidden, out of the tab order). A message
   * with it filled gets the same answer as any other and is neither stored nor sent.
   */
  website: z.string().max(500).optional(),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const CONTACT_MESSAGE_FILTERS = ['all', 'open', 'handled'] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  message: z.string(),
  language: languageSchema,
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Newest first; `q` looks in the name, email, organization and message. */
export const contactMessageListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(CONTACT_MESSAGE_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type ContactMessageListQuery = z.input<typeof contactMessageListQuerySchema>;

/** Mark a message handled (true) or open it again (false). */
export const updateContactMessageBodySchema = z.strictObject({ handled: z.boolean() });
export type UpdateContactMessageBody = z.infer<typeof updateContactMessageBodySchema>;
