import { PROVIDER_MESSAGE_KEYS } from '@fc/contracts';
import type { TFunction } from 'i18next';
import type { core } from 'zod';

/** Contract refinements whose English message has a translation. */
const KNOWN_MESSAGES: Record<string, string> = {
  'Passwords do not match': 'validation.passwordMismatch',
  'An organization is required for this role': 'validation.organizationRequired',
  'Use at least 2 characters': 'validation.min2',
  'Use at least 3 characters': 'validation.min3',
  'Use at most 60 characters': 'validation.max60',
  'Use lower-case letters, digits and single hyphens only': 'validation.slugFormat',
  'Enter a full address, e.g. https://example.org': 'validation.url',
};

/** Zod issues in the UI language (used as the resolver's error map). */
export function zodErrorMap(t: TFunction) {
  return (issue: core.$ZodRawIssue): string => {
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('validation.required');
        return t('validation.minLength', { min: Number(issue.minimum) });
      case 'too_big':
        return t('validation.maxLength', { max: Number(issue.maximum) });
      case 'invalid_format':
        return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
      case 'invalid_type':
        return issue.input === undefined || issue.input === '' ? t('validation.required') : t('validation.invalid');
      case 'invalid_value':
        return t('validation.required');
      default:
        return t('validation.invalid');
    }
  };
}

/** Messages set by a contract's refine() bypass the error map: translate the known ones. */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KNOWN_MESSAGES[message];
  return key ? t(key) : message;
}

/** Row problems reported by a CSV import (imports.service.ts), in the UI language. */
const IMPORT_PATTERNS: [RegExp, string][] = [
  [/^Required$/, 'validation.required'],
  [/^Invalid$/, 'validation.invalid'],
  [/^"(?<value>.*)" is not an email address$/, 'orgs.import.problems.email'],
  [/^Same player and parent email as line (?<line>\d+)$/, 'orgs.import.problems.duplicatePlayer'],
  [/^Same division as line (?<line>\d+)$/, 'orgs.import.problems.duplicateDivision'],
  [/^Same web address as line (?<line>\d+)$/, 'orgs.import.problems.duplicateSlug'],
  [/^Use (?<min>\d+) to (?<max>\d+) characters$/, 'orgs.import.problems.length'],
  [/^At most (?<max>\d+) characters$/, 'orgs.import.problems.max'],
  [/^This web address is already in use$/, 'orgs.import.problems.slugTaken'],
];

export function translateImportProblem(t: TFunction, message: string): string {
  for (const [re, key] of IMPORT_PATTERNS) {
    const m = re.exec(message);
    if (m) return t(key, m.groups ?? {});
  }
  return translateFieldError(t, message) ?? message;
}

/**
 * The card messages the payment provider gives (Stripe's English wording, which the sandbox
 * copies), in the UI language: the checkout shows them to the donor, the donation page to staff.
 * Anything else is shown as the provider wrote it (`@fc/contracts` PROVIDER_MESSAGE_KEYS). The
 * strings are in the core part (public.json).
 */
export function providerMessage(t: TFunction, message: string | null | undefined): string | null {
  if (!message) return null;
  const key = PROVIDER_MESSAGE_KEYS[message.trim()];
  return key ? t(`public.payment.provider.${key}`) : message;
}
