/**
 * The invitation and registration islands' strings, resolved on the server in the page language
 * (made once per language; the invitation's e-mail hint is filled per page).
 */
import { type FamilyProblem, PASSWORD_MIN, PERSON_NAME_MAX, PHONE_MAX } from '@fc/contracts/family-rules';
import type { CreateAccountStrings } from '../../islands/family/CreateAccountForm';
import type { FailureStrings } from '../../islands/family/http';
import type { SignInStrings } from '../../islands/family/SignInForm';
import type { InviteStrings } from '../../islands/InviteFlow';
import type { RegisterStrings } from '../../islands/RegisterForm';
import { type Language, STRINGS, tFor } from '../../lib/strings';
import type { Tree } from '../../lib/t';

/** The codes the invitation, sign-in and registration calls answer (`errors.codes.*`). */
const CODES = [
  'INVITE_INVALID',
  'SIGN_IN_REQUIRED',
  'INVITE_OTHER_ACCOUNT',
  'ACCOUNT_DETAILS_REQUIRED',
  'ACCOUNT_EXISTS',
  'ACTIVATION_PENDING',
  'REGISTRATION_DETAILS_REQUIRED',
  'DIVISION_NOT_OPEN',
  'PLAYER_NOT_YOURS',
  'VALIDATION',
];

/** Those codes' sentences, and the sign-in ones of public.family.codes, as the islands look them up. */
function codes(lang: Language): Record<string, string> {
  const t = tFor(lang);
  const out: Record<string, string> = {};
  for (const code of CODES) out[code] = t(`errors.codes.${code}`);
  const family = (STRINGS[lang] as { public?: { family?: { codes?: Tree } } }).public?.family?.codes;
  for (const code of Object.keys(family ?? {})) out[code] = t(`public.family.codes.${code}`);
  return out;
}

interface Common {
  failure: FailureStrings;
  problems: Record<FamilyProblem, string>;
  signIn: SignInStrings;
  account: CreateAccountStrings;
}

const commonCache = new Map<Language, Common>();
export function common(lang: Language): Common {
  const hit = commonCache.get(lang);
  if (hit) return hit;
  const t = tFor(lang);
  const f = (key: string, vars?: Record<string, number>) => t(`public.family.${key}`, vars);
  const failure: FailureStrings = {
    lang,
    generic: f('generic'),
    invalid: f('validation.invalid'),
    required: f('validation.required'),
    codes: codes(lang),
  };
  const problems: Record<FamilyProblem, string> = {
    required: f('validation.required'),
    tooLong: f('validation.maxLength', { max: PERSON_NAME_MAX }),
    email: f('validation.email'),
    password: f('validation.minLength', { min: PASSWORD_MIN }),
    mismatch: f('validation.passwordMismatch'),
    invalid: f('validation.invalid'),
  };
  const made: Common = {
    failure,
    problems,
    signIn: { email: f('email'), password: f('password'), signingIn: f('signingIn') },
    account: {
      form: t('public.invite.createForm'),
      firstName: f('firstName'),
      lastName: f('lastName'),
      password: f('password'),
      confirmPassword: t('public.invite.confirmPassword'),
      sending: f('sending'),
    },
  };
  commonCache.set(lang, made);
  return made;
}

/** The invitation island's strings, with the invited e-mail's hint filled in. */
export function inviteStrings(lang: Language, emailHint: string): InviteStrings {
  const t = tFor(lang);
  const i = (key: string, vars?: Record<string, string>) => t(`public.invite.${key}`, vars);
  const c = common(lang);
  return {
    accept: i('accept'),
    otherAccount: i('otherAccount'),
    signInTitle: i('signInTitle'),
    hasAccount: i('hasAccount', { email: emailHint }),
    signInAny: i('signInAny'),
    signInAccept: i('signInAccept'),
    signInForm: i('signInForm'),
    createInstead: i('createInstead'),
    createTitle: i('createTitle'),
    createBody: i('createBody', { email: emailHint }),
    createAccept: i('createAccept'),
    haveAccount: i('haveAccount'),
    // Left with {{name}} and {{email}}: the island fills them with the stored session's.
    signedInAs: t('public.signedInAs'),
    failure: c.failure,
    problems: c.problems,
    account: c.account,
    signIn: c.signIn,
  };
}

const registerCache = new Map<Language, RegisterStrings>();
export function registerStrings(lang: Language): RegisterStrings {
  const hit = registerCache.get(lang);
  if (hit) return hit;
  const t = tFor(lang);
  const r = (key: string) => t(`public.register.${key}`);
  const c = common(lang);
  const made: RegisterStrings = {
    formLabel: r('title'),
    division: r('division'),
    chooseDivision: t('public.family.chooseDivision'),
    whichPlayer: r('whichPlayer'),
    // Left with {{name}}: the island fills it per player.
    alreadyOn: r('alreadyOn'),
    newPlayer: r('newPlayer'),
    playerSection: r('playerSection'),
    parentSection: r('parentSection'),
    playerFirstName: r('playerFirstName'),
    playerLastName: r('playerLastName'),
    birthDate: r('birthDate'),
    birthDateHint: r('birthDateHint'),
    parentFirstName: r('parentFirstName'),
    parentLastName: r('parentLastName'),
    email: t('public.family.email'),
    phoneOptional: r('phoneOptional'),
    password: t('public.family.password'),
    confirmPassword: t('public.invite.confirmPassword'),
    submit: r('submit'),
    sending: t('public.family.sending'),
    signIn: t('public.family.signIn'),
    signInFirst: r('signInFirst'),
    haveAccount: t('public.family.haveAccount'),
    signedInAs: t('public.signedInAs'),
    fixErrors: t('public.family.fixErrors'),
    failure: c.failure,
    problems: c.problems,
    phoneTooLong: t('public.family.validation.maxLength', { max: PHONE_MAX }),
  };
  registerCache.set(lang, made);
  return made;
}
