/**
 * The team registration island's strings, resolved on the server in the page language (made
 * once per language): `public.teamRegistration` with `public.signedInAs`, the sign-in form's
 * and failures' strings the family islands use, and the registration calls' own error codes
 * (`errors.codes.REGISTRATION_*` of the console's errors.json, a taken e-mail or web address).
 */
import enErrors from '../../../../web/src/locales/en/errors.json';
import esErrors from '../../../../web/src/locales/es/errors.json';
import type { FailureStrings } from '../../islands/family/http';
import type { SignInKit } from '../../islands/registration/PersonStep';
import { type Language, STRINGS, tFor } from '../../lib/strings';
import type { Tree } from '../../lib/t';
import { common } from '../family/strings';

export interface RegistrationStrings {
  strings: Tree;
  signIn: SignInKit;
  failure: FailureStrings;
}

const ERRORS: Record<Language, { errors: { codes: Record<string, string> } }> = { en: enErrors, es: esErrors };

function registrationCodes(lang: Language): Record<string, string> {
  const t = tFor(lang);
  const out: Record<string, string> = {
    SLUG_TAKEN: t('public.teamRegistration.address.taken'),
    SLUG_RESERVED: t('public.teamRegistration.address.reserved'),
  };
  for (const [code, text] of Object.entries(ERRORS[lang].errors.codes))
    if (code.startsWith('REGISTRATION_') || code === 'ACCOUNT_EXISTS') out[code] = text;
  return out;
}

const cache = new Map<Language, RegistrationStrings>();

export function registrationStrings(lang: Language): RegistrationStrings {
  const hit = cache.get(lang);
  if (hit) return hit;
  const pub = (STRINGS[lang] as { public: Tree }).public;
  const c = common(lang);
  const failure: FailureStrings = { ...c.failure, codes: { ...c.failure.codes, ...registrationCodes(lang) } };
  const made: RegistrationStrings = {
    strings: { ...(pub.teamRegistration as Tree), signedInAs: pub.signedInAs as string },
    signIn: { strings: c.signIn, problems: c.problems, failure: c.failure },
    failure,
  };
  cache.set(lang, made);
  return made;
}
