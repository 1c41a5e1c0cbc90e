/**
 * The team registration island's strings, resolved on the server in the page language (made
 * once per language): `public.teamRegistration` with `public.signedInAs`, and the sign-in form's
 * and failures' strings the family islands use.
 */

import type { FailureStrings } from '../../islands/family/http';
import type { SignInKit } from '../../islands/registration/PersonStep';
import { type Language, STRINGS } from '../../lib/strings';
import type { Tree } from '../../lib/t';
import { common } from '../family/strings';

export interface RegistrationStrings {
  strings: Tree;
  signIn: SignInKit;
  failure: FailureStrings;
}

const cache = new Map<Language, RegistrationStrings>();

export function registrationStrings(lang: Language): RegistrationStrings {
  const hit = cache.get(lang);
  if (hit) return hit;
  const pub = (STRINGS[lang] as { public: Tree }).public;
  const c = common(lang);
  const made: RegistrationStrings = {
    strings: { ...(pub.teamRegistration as Tree), signedInAs: pub.signedInAs as string },
    signIn: { strings: c.signIn, problems: c.problems, failure: c.failure },
    failure: c.failure,
  };
  cache.set(lang, made);
  return made;
}
