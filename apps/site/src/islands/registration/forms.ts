/**
 * The team registration's form state: each step's draft of strings (filled from a resumed
 * draft's answers), the sentence of each problem in the page language (limits filled in), and
 * the server's 400 field errors placed on the form's own fields.
 */
import { centsToInput, formatMoney } from '@fc/contracts/money';
import { PASSWORD_MIN } from '@fc/contracts/person-rules';
import {
  type ContactDraft,
  type ContactsDraft,
  emptyContact,
  type FundraisingDraft,
  maxLengthOf,
  type OrganizationDraft,
  type PersonDraft,
  type RegistrationProblem,
  type TeamDraft,
} from '@fc/contracts/registration-checks';
import { REGISTRATION_LIMITS as L } from '@fc/contracts/registration-rules';
import type { T } from '../../lib/t';
import type { Failure } from '../family/http';
import type { Contact, Draft } from './api';

export type Errors = Partial<Record<string, string>>;

export interface Forms {
  person: PersonDraft;
  organization: OrganizationDraft;
  team: TeamDraft;
  contacts: ContactsDraft;
  fundraising: FundraisingDraft;
}

export const emptyForms = (): Forms => ({
  person: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  organization: { mode: 'existing', organizationId: '', type: '', name: '', slug: '', city: '', state: '' },
  team: { name: '', sport: '', ageGroup: '', season: '', rosterSize: '', slug: '' },
  contacts: { admin: emptyContact(), coach: emptyContact(), treasurer: emptyContact() },
  fundraising: { goal: '', playerGoal: '', startDate: '', endDate: '', purpose: '' },
});

const contactDraft = (c: Contact | null): ContactDraft =>
  c ? { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone ?? '' } : emptyContact();

/** The forms of a resumed draft: its answers, and the registrant as the team admin until step 4 is answered. */
export function formsOf(draft: Draft, lang: string, forms: Forms = emptyForms()): Forms {
  const a = draft.answers;
  const out: Forms = { ...forms };
  if (a.organization?.mode === 'existing')
    out.organization = { ...out.organization, mode: 'existing', organizationId: String(a.organization.organizationId) };
  else if (a.organization) out.organization = { ...a.organization, mode: 'new', organizationId: '' };
  if (a.team) out.team = { ...a.team, rosterSize: String(a.team.rosterSize) };
  const r = draft.registrant;
  out.contacts = a.contacts
    ? {
        admin: contactDraft(a.contacts.admin),
        coach: contactDraft(a.contacts.coach),
        treasurer: contactDraft(a.contacts.treasurer),
      }
    : { ...out.contacts, admin: { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: '' } };
  if (a.fundraising)
    out.fundraising = {
      goal: centsToInput(a.fundraising.goalCents, lang),
      playerGoal: centsToInput(a.fundraising.playerGoalCents, lang),
      startDate: a.fundraising.startDate,
      endDate: a.fundraising.endDate,
      purpose: a.fundraising.purpose,
    };
  return out;
}

/** A problem's sentence for a field (`admin.email`, `goal`), with the limit it names. */
export function problemText(t: T, lang: string, field: string, problem: RegistrationProblem): string {
  const money = (cents: number) => formatMoney(cents, lang, { whole: true });
  switch (problem) {
    case 'tooLong':
      return t('validation.tooLong', { max: maxLengthOf(field) });
    case 'password':
      return t('validation.password', { min: PASSWORD_MIN });
    case 'roster':
      return t('validation.roster', { min: L.rosterMin, max: L.rosterMax });
    case 'goalRange':
      return t('validation.goalRange', { min: money(L.goalMinCents), max: money(L.goalMaxCents) });
    case 'playerGoalRange':
      return t('validation.goalRange', { min: money(L.playerGoalMinCents), max: money(L.playerGoalMaxCents) });
    default:
      return t(`validation.${problem}`);
  }
}

export function problemTexts(t: T, lang: string, problems: Partial<Record<string, RegistrationProblem>>): Errors {
  const out: Errors = {};
  for (const [field, p] of Object.entries(problems)) if (p) out[field] = problemText(t, lang, field, p);
  return out;
}

/** Codes about the request as a whole: their sentence does not describe one field. */
const GENERIC = new Set(['VALIDATION', 'VALIDATION_FAILED', 'BAD_REQUEST']);

/** The answer's names of the form's fields, where they differ. */
const ALIASES: Record<string, string> = { goalCents: 'goal', playerGoalCents: 'playerGoal' };

/**
 * The server's field errors (`body.admin.email`, `body.account.email`, `body.goalCents`) on the
 * form's fields: the server's English as written; in Spanish "required", the code's sentence (a
 * taken address, an e-mail already registered) or "not valid".
 */
export function serverErrors(
  f: Failure,
  fields: readonly string[],
  t: T,
  lang: string,
  codes: Record<string, string> = {},
): Errors {
  const out: Errors = {};
  for (const fe of f.errors) {
    const path = (fe.path ?? '').replace(/^body\./, '').replace(/^account\./, '');
    const parts = path.split('.');
    const last = parts.pop() ?? '';
    const field = [...parts, ALIASES[last] ?? last].join('.');
    if (!fields.includes(field)) continue;
    out[field] =
      lang === 'en'
        ? fe.message
        : fe.message === 'Required'
          ? t('validation.required')
          : f.code && !GENERIC.has(f.code) && codes[f.code]
            ? codes[f.code]
            : t('validation.invalid');
  }
  return out;
}

/** Focuses the first control of `order` with a problem inside `root`. */
export function focusFirstError(root: HTMLElement | null, order: readonly string[], errors: Errors) {
  const first = order.find((f) => errors[f]);
  if (first) root?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * A step's answers bound to its fields: `set(field)` changes one answer, `bind(field)` gives a
 * Field its name, value, error and setter (spread as `{...bind('city')}`).
 */
export function answerBinder<D extends Record<keyof D, string>>(value: D, errors: Errors, onChange: (d: D) => void) {
  const set = (field: keyof D & string) => (v: string) => onChange({ ...value, [field]: v });
  const bind = (field: keyof D & string) => ({
    name: field,
    value: value[field],
    error: errors[field],
    onValue: set(field),
  });
  return { set, bind };
}
