/**
 * Team registration (issue 15): the public form's checks of each step, without zod (the island
 * imports this file alone), refusing what registrations.ts's schemas would refuse. Each step has
 * a draft of strings as typed, its problems by field, and the answer the API receives.
 */
import { parseMoney } from './money-parse.js';
import { isEmail, isPassword, isPersonName, PERSON_NAME_MAX } from './person-rules.js';
import {
  REGISTRATION_LIMITS as L,
  NEW_ORGANIZATION_TYPES,
  type NewOrganizationType,
  SPORTS,
  type Sport,
  US_STATES,
} from './registration-rules.js';

/** What is wrong with a field: the page shows a translated sentence per problem (limits filled in). */
export type RegistrationProblem =
  | 'required'
  | 'tooLong'
  | 'email'
  | 'password'
  | 'mismatch'
  | 'invalid'
  | 'choose'
  | 'slug'
  | 'roster'
  | 'money'
  | 'goalRange'
  | 'playerGoalRange'
  | 'date'
  | 'endBeforeStart'
  | 'campaignTooLong';
export type StepProblems<F extends string> = Partial<Record<F, RegistrationProblem>>;

export const SLUG_MIN = 3;
export const SLUG_MAX = 60;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** slugSchema: 3-60 lower-case letters, digits and single hyphens (it lower-cases first). */
export const normalizeSlug = (v: string) => v.trim().toLowerCase();
export function isSlug(v: string): boolean {
  const s = normalizeSlug(v);
  return s.length >= SLUG_MIN && s.length <= SLUG_MAX && SLUG_PATTERN.test(s);
}

/** A calendar date `YYYY-MM-DD` that exists (isoDateSchema). */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const text = (v: string, max: number): RegistrationProblem | null =>
  !v.trim() ? 'required' : v.trim().length > max ? 'tooLong' : null;
const personName = (v: string): RegistrationProblem | null =>
  isPersonName(v) ? null : v.trim() ? 'tooLong' : 'required';
const email = (v: string): RegistrationProblem | null => (isEmail(v.trim()) ? null : v.trim() ? 'email' : 'required');
const slug = (v: string): RegistrationProblem | null => (!v.trim() ? 'required' : isSlug(v) ? null : 'slug');
const oneOf = (v: string, list: readonly string[]): RegistrationProblem | null => (list.includes(v) ? null : 'choose');
function put<F extends string>(out: StepProblems<F>, field: F, problem: RegistrationProblem | null) {
  if (problem) out[field] = problem;
}

/** The limit a `tooLong` problem of a field names. */
export function maxLengthOf(field: string): number {
  const last = field.split('.').pop() ?? field;
  if (last === 'firstName' || last === 'lastName') return PERSON_NAME_MAX;
  if (last === 'phone') return L.phoneMax;
  if (last === 'city') return L.cityMax;
  if (last === 'ageGroup') return L.ageGroupMax;
  if (last === 'season') return L.seasonMax;
  if (last === 'purpose') return L.purposeMax;
  return L.nameMax;
}

// Step 1: a new account (a visitor; a signed-in person sends nothing) ---------------------------

export interface PersonDraft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export type PersonField = keyof PersonDraft;
export const PERSON_FIELDS: readonly PersonField[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];

/** registerBodySchema, and the password typed twice. */
export function personProblems(d: PersonDraft): StepProblems<PersonField> {
  const out: StepProblems<PersonField> = {};
  put(out, 'firstName', personName(d.firstName));
  put(out, 'lastName', personName(d.lastName));
  put(out, 'email', email(d.email));
  put(out, 'password', isPassword(d.password) ? null : 'password');
  if (d.password !== d.confirmPassword) out.confirmPassword = 'mismatch';
  return out;
}

// Step 2: the organization ----------------------------------------------------------------------

export interface OrganizationDraft {
  mode: 'existing' | 'new';
  /** The chosen existing organization's id (a string of digits), or ''. */
  organizationId: string;
  type: string;
  name: string;
  slug: string;
  city: string;
  state: string;
}
export type OrganizationField = keyof OrganizationDraft;
export const ORGANIZATION_FIELDS: readonly OrganizationField[] = [
  'organizationId',
  'type',
  'name',
  'slug',
  'city',
  'state',
];

export function organizationProblems(d: OrganizationDraft): StepProblems<OrganizationField> {
  const out: StepProblems<OrganizationField> = {};
  if (d.mode === 'existing') {
    put(out, 'organizationId', /^[1-9]\d{0,9}$/.test(d.organizationId) ? null : 'choose');
    return out;
  }
  put(out, 'type', oneOf(d.type, NEW_ORGANIZATION_TYPES));
  put(out, 'name', text(d.name, L.nameMax));
  put(out, 'slug', slug(d.slug));
  put(out, 'city', text(d.city, L.cityMax));
  put(out, 'state', oneOf(d.state, US_STATES));
  return out;
}

export type OrganizationAnswerInput =
  | { mode: 'existing'; organizationId: number }
  | { mode: 'new'; type: NewOrganizationType; name: string; slug: string; city: string; state: string };

export function organizationAnswer(d: OrganizationDraft): OrganizationAnswerInput {
  if (d.mode === 'existing') return { mode: 'existing', organizationId: Number(d.organizationId) };
  return {
    mode: 'new',
    type: d.type as NewOrganizationType,
    name: d.name.trim(),
    slug: normalizeSlug(d.slug),
    city: d.city.trim(),
    state: d.state,
  };
}

// Step 3: the team ------------------------------------------------------------------------------

export interface TeamDraft {
  name: string;
  sport: string;
  ageGroup: string;
  season: string;
  rosterSize: string;
  slug: string;
}
export type TeamField = keyof TeamDraft;
export const TEAM_FIELDS: readonly TeamField[] = ['name', 'sport', 'ageGroup', 'season', 'rosterSize', 'slug'];

export function teamProblems(d: TeamDraft): StepProblems<TeamField> {
  const out: StepProblems<TeamField> = {};
  put(out, 'name', text(d.name, L.nameMax));
  put(out, 'sport', oneOf(d.sport, SPORTS));
  put(out, 'ageGroup', text(d.ageGroup, L.ageGroupMax));
  put(out, 'season', text(d.season, L.seasonMax));
  const roster = d.rosterSize.trim();
  if (!roster) out.rosterSize = 'required';
  else if (!/^\d{1,4}$/.test(roster) || Number(roster) < L.rosterMin || Number(roster) > L.rosterMax)
    out.rosterSize = 'roster';
  put(out, 'slug', slug(d.slug));
  return out;
}

export const teamAnswer = (d: TeamDraft) => ({
  name: d.name.trim(),
  sport: d.sport as Sport,
  ageGroup: d.ageGroup.trim(),
  season: d.season.trim(),
  rosterSize: Number(d.rosterSize.trim()),
  slug: normalizeSlug(d.slug),
});

// Step 4: contacts ------------------------------------------------------------------------------

export interface ContactDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}
export const CONTACT_ROLES = ['admin', 'coach', 'treasurer'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
export type ContactsDraft = Record<ContactRole, ContactDraft>;
export type ContactsField = `${ContactRole}.${keyof ContactDraft}`;
export const CONTACTS_FIELDS: readonly ContactsField[] = CONTACT_ROLES.flatMap((r) =>
  (['firstName', 'lastName', 'email', 'phone'] as const).map((f) => `${r}.${f}` as ContactsField),
);
export const emptyContact = (): ContactDraft => ({ firstName: '', lastName: '', email: '', phone: '' });
const isBlank = (c: ContactDraft) => !`${c.firstName}${c.lastName}${c.email}${c.phone}`.trim();

/** The team admin always; a coach or treasurer only when any of their fields is filled. */
export function contactsProblems(d: ContactsDraft): StepProblems<ContactsField> {
  const out: StepProblems<ContactsField> = {};
  for (const role of CONTACT_ROLES) {
    const c = d[role];
    if (role !== 'admin' && isBlank(c)) continue;
    put(out, `${role}.firstName`, personName(c.firstName));
    put(out, `${role}.lastName`, personName(c.lastName));
    put(out, `${role}.email`, email(c.email));
    put(out, `${role}.phone`, c.phone.trim().length > L.phoneMax ? 'tooLong' : null);
  }
  return out;
}

const contact = (c: ContactDraft) => ({
  firstName: c.firstName.trim(),
  lastName: c.lastName.trim(),
  email: c.email.trim().toLowerCase(),
  ...(c.phone.trim() ? { phone: c.phone.trim() } : {}),
});
export const contactsAnswer = (d: ContactsDraft) => ({
  admin: contact(d.admin),
  coach: isBlank(d.coach) ? null : contact(d.coach),
  treasurer: isBlank(d.treasurer) ? null : contact(d.treasurer),
});

// Step 5: fundraising ---------------------------------------------------------------------------

export interface FundraisingDraft {
  /** Dollars as typed, read in the page language (money-parse). */
  goal: string;
  playerGoal: string;
  startDate: string;
  endDate: string;
  purpose: string;
}
export type FundraisingField = keyof FundraisingDraft;
export const FUNDRAISING_FIELDS: readonly FundraisingField[] = [
  'goal',
  'playerGoal',
  'startDate',
  'endDate',
  'purpose',
];

function money(v: string, lang: string, min: number, max: number, range: RegistrationProblem) {
  const r = parseMoney(v, lang, { max: Number.MAX_SAFE_INTEGER });
  if (!r.ok) return { problem: r.error === 'empty' ? ('required' as const) : ('money' as const), cents: 0 };
  return { problem: r.cents < min || r.cents > max ? range : null, cents: r.cents };
}

export function fundraisingProblems(d: FundraisingDraft, lang: string): StepProblems<FundraisingField> {
  const out: StepProblems<FundraisingField> = {};
  put(out, 'goal', money(d.goal, lang, L.goalMinCents, L.goalMaxCents, 'goalRange').problem);
  put(
    out,
    'playerGoal',
    money(d.playerGoal, lang, L.playerGoalMinCents, L.playerGoalMaxCents, 'playerGoalRange').problem,
  );
  put(out, 'startDate', d.startDate ? (isIsoDate(d.startDate) ? null : 'date') : 'required');
  put(out, 'endDate', d.endDate ? (isIsoDate(d.endDate) ? null : 'date') : 'required');
  if (!out.startDate && !out.endDate) {
    if (d.endDate <= d.startDate) out.endDate = 'endBeforeStart';
    else if ((Date.parse(d.endDate) - Date.parse(d.startDate)) / 86_400_000 > L.campaignMaxDays)
      out.endDate = 'campaignTooLong';
  }
  put(out, 'purpose', text(d.purpose, L.purposeMax));
  return out;
}

export function fundraisingAnswer(d: FundraisingDraft, lang: string) {
  return {
    goalCents: money(d.goal, lang, 0, Number.MAX_SAFE_INTEGER, 'goalRange').cents,
    playerGoalCents: money(d.playerGoal, lang, 0, Number.MAX_SAFE_INTEGER, 'playerGoalRange').cents,
    startDate: d.startDate,
    endDate: d.endDate,
    purpose: d.purpose.trim(),
  };
}
