/**
 * The Contact-Us form's rules (issue 14), kept apart from its schemas (contact.ts builds them
 * from these): the public form checks a message before sending it without downloading zod, and
 * says the same thing the server would.
 */
import { EMAIL_MAX, isEmail } from './person-rules.js';

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: EMAIL_MAX,
  organizationMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_FIELDS = ['name', 'email', 'organization', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** What is wrong with a field: the web shows a translated sentence per problem. */
export type ContactProblem = 'required' | 'tooLong' | 'tooShort' | 'email';

/** The server's English sentences (the 400's `errors[].message`), by field and problem. */
export const CONTACT_MESSAGES = {
  name: { required: 'Enter your name', tooLong: `Use at most ${CONTACT_LIMITS.nameMax} characters` },
  email: { required: 'Enter your email address', email: 'Enter a valid email address, e.g. name@example.org' },
  organization: { tooLong: `Use at most ${CONTACT_LIMITS.organizationMax} characters` },
  message: {
    tooShort: `Write at least ${CONTACT_LIMITS.messageMin} characters`,
    tooLong: `Use at most ${CONTACT_LIMITS.messageMax} characters`,
  },
} as const satisfies Record<ContactField, Partial<Record<ContactProblem, string>>>;

export interface ContactDraft {
  name: string;
  email: string;
  organization: string;
  message: string;
}

/** Each field's problem, as the server's schema would find it (text is trimmed first). */
export function contactProblems(d: ContactDraft): Partial<Record<ContactField, ContactProblem>> {
  const out: Partial<Record<ContactField, ContactProblem>> = {};
  const name = d.name.trim();
  const email = d.email.trim();
  const message = d.message.trim();
  if (!name) out.name = 'required';
  else if (name.length > CONTACT_LIMITS.nameMax) out.name = 'tooLong';
  if (!email) out.email = 'required';
  else if (!isEmail(email)) out.email = 'email';
  if (d.organization.trim().length > CONTACT_LIMITS.organizationMax) out.organization = 'tooLong';
  if (message.length < CONTACT_LIMITS.messageMin) out.message = 'tooShort';
  else if (message.length > CONTACT_LIMITS.messageMax) out.message = 'tooLong';
  return out;
}
