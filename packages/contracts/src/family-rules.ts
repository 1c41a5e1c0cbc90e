/**
 * The invitation and family-registration forms' rules (issue 14), without zod: the public pages
 * check what they send with these and refuse what the server's schemas (onboarding.ts: names,
 * e-mail, password, phone, birth date) would refuse, before downloading nothing but this file.
 */
import { isEmail, isPassword, isPersonName, PERSON_NAME_MAX } from './person-rules.js';

export { PASSWORD_MIN, PERSON_NAME_MAX } from './person-rules.js';

export const PHONE_MAX = 30;
/** The "which player" choice of a signed-in parent that means a new player. */
export const NEW_PLAYER = 'new';

/** What is wrong with a field: the page shows a translated sentence per problem. */
export type FamilyProblem = 'required' | 'tooLong' | 'email' | 'password' | 'mismatch' | 'invalid';
export type Problems<F extends string> = Partial<Record<F, FamilyProblem>>;

/** A calendar date `YYYY-MM-DD` that exists (isoDateSchema). */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const name = (v: string): FamilyProblem | null => (isPersonName(v) ? null : v.trim() ? 'tooLong' : 'required');
const email = (v: string): FamilyProblem | null => (isEmail(v.trim()) ? null : v.trim() ? 'email' : 'required');
function put<F extends string>(out: Problems<F>, field: F, problem: FamilyProblem | null) {
  if (problem) out[field] = problem;
}

/** The limit a `tooLong` problem of a field names. */
export const maxLengthOf = (field: string) => (field === 'phone' ? PHONE_MAX : PERSON_NAME_MAX);

// Sign in -------------------------------------------------------------------------------------

export interface SignInDraft {
  email: string;
  password: string;
}
export type SignInField = keyof SignInDraft;

/** loginBodySchema: an e-mail address and a password that is not empty. */
export function signInProblems(d: SignInDraft): Problems<SignInField> {
  const out: Problems<SignInField> = {};
  put(out, 'email', email(d.email));
  put(out, 'password', d.password ? null : 'required');
  return out;
}

// Create the account that accepts an invitation ------------------------------------------------

export interface AccountDraft {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}
export type AccountField = keyof AccountDraft;
export const ACCOUNT_FIELDS: readonly AccountField[] = ['firstName', 'lastName', 'password', 'confirmPassword'];

/** acceptInviteBodySchema's names and password, and the confirmation typed twice. */
export function accountProblems(d: AccountDraft): Problems<AccountField> {
  const out: Problems<AccountField> = {};
  put(out, 'firstName', name(d.firstName));
  put(out, 'lastName', name(d.lastName));
  put(out, 'password', isPassword(d.password) ? null : 'password');
  if (d.password !== d.confirmPassword) out.confirmPassword = 'mismatch';
  return out;
}

// Register a player --------------------------------------------------------------------------

export interface RegisterDraft {
  divisionId: string;
  /** `new`, or the id of one of the signed-in parent's players. */
  player: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  parentFirstName: string;
  parentLastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}
export type RegisterField = keyof RegisterDraft;
/** In the order of the form: the first one with a problem gets the focus. */
export const REGISTER_FIELDS: readonly RegisterField[] = [
  'divisionId',
  'player',
  'firstName',
  'lastName',
  'birthDate',
  'parentFirstName',
  'parentLastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
];

export const emptyRegisterDraft = (player: string = NEW_PLAYER): RegisterDraft => ({
  divisionId: '',
  player,
  firstName: '',
  lastName: '',
  birthDate: '',
  parentFirstName: '',
  parentLastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
});

/**
 * registerPlayerBodySchema for what the case needs: a division always; the player's names (and a
 * real birth date if any) unless a signed-in parent re-registers an own player; the parent's
 * names, e-mail and password only without a session.
 */
export function registerProblems(d: RegisterDraft, signedIn: boolean): Problems<RegisterField> {
  const out: Problems<RegisterField> = {};
  if (d.phone.length > PHONE_MAX) out.phone = 'tooLong';
  if (!d.divisionId) out.divisionId = 'required';
  if (!signedIn || d.player === NEW_PLAYER) {
    put(out, 'firstName', name(d.firstName));
    put(out, 'lastName', name(d.lastName));
    if (d.birthDate && !isIsoDate(d.birthDate)) out.birthDate = 'invalid';
  }
  if (signedIn) return out;
  put(out, 'parentFirstName', name(d.parentFirstName));
  put(out, 'parentLastName', name(d.parentLastName));
  put(out, 'email', email(d.email));
  put(out, 'password', isPassword(d.password) ? null : 'password');
  if (d.password !== d.confirmPassword) out.confirmPassword = 'mismatch';
  return out;
}

/** The request body (`RegisterPlayerBody`) for the form's values: only what the chosen case needs. */
export function registerBody(d: RegisterDraft, signedIn: boolean) {
  const existing = signedIn && d.player !== NEW_PLAYER;
  const player = existing
    ? { playerId: Number(d.player) }
    : {
        firstName: d.firstName.trim(),
        lastName: d.lastName.trim(),
        ...(d.birthDate ? { birthDate: d.birthDate } : {}),
      };
  const parent = signedIn
    ? {}
    : {
        parentFirstName: d.parentFirstName.trim(),
        parentLastName: d.parentLastName.trim(),
        email: d.email.trim(),
        password: d.password,
        ...(d.phone.trim() ? { phone: d.phone.trim() } : {}),
      };
  return { divisionId: Number(d.divisionId), ...player, ...parent };
}
