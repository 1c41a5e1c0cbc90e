/**
 * The rules for a person's name and email address, kept apart from the schemas (auth.ts builds
 * its zod schemas from them): the checkout checks a donor's details before sending them without
 * downloading zod (~25 KB gzip).
 */

export const PERSON_NAME_MAX = 80;
export const EMAIL_MAX = 254;

/** An email address as zod 4 accepts it (`z.regexes.email`); auth.ts's emailSchema uses this very pattern. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What emailSchema accepts (before it trims and lower-cases). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** What personNameSchema accepts: 1 to 80 characters once trimmed. */
export function isPersonName(value: string): boolean {
  const v = value.trim();
  return v.length >= 1 && v.length <= PERSON_NAME_MAX;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What passwordSchema accepts: 8 to 128 characters, as typed. */
export function isPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;
}
