import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactField,
  type ContactProblem,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../../lib/api/errors';
import { bodyField } from '../../../../lib/api/forms';

export type ContactErrors = Partial<Record<ContactField, string>>;

const maxOf: Record<ContactField, number> = {
  name: CONTACT_LIMITS.nameMax,
  email: CONTACT_LIMITS.emailMax,
  organization: CONTACT_LIMITS.organizationMax,
  message: CONTACT_LIMITS.messageMax,
};

/** A field's problem in the UI language. */
export const problemText = (t: TFunction, field: ContactField, problem: ContactProblem) =>
  t(`contact.problems.${field}.${problem}`, { min: CONTACT_LIMITS.messageMin, max: maxOf[field] });

/**
 * The server's field errors (a 400) on the form's fields, in the UI language: its English sentences
 * are the contract's (CONTACT_MESSAGES), so each is read back as its problem.
 */
export function serverFieldErrors(t: TFunction, error: unknown): ContactErrors {
  const out: ContactErrors = {};
  if (!isApiError(error)) return out;
  for (const fe of error.fieldErrors) {
    const field = bodyField(fe.path) as ContactField;
    if (!CONTACT_FIELDS.includes(field)) continue;
    const sentences = CONTACT_MESSAGES[field] as Partial<Record<ContactProblem, string>>;
    const problem = (Object.keys(sentences) as ContactProblem[]).find((p) => sentences[p] === fe.message);
    out[field] = problem ? problemText(t, field, problem) : t('validation.invalid');
  }
  return out;
}
