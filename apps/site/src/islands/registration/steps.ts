/**
 * The wizard's steps without their render: how many there are, the checks and answer of each
 * step (registration-checks), and which refused call means the draft is gone.
 */
import {
  CONTACTS_FIELDS,
  contactsAnswer,
  contactsProblems,
  FUNDRAISING_FIELDS,
  fundraisingAnswer,
  fundraisingProblems,
  ORGANIZATION_FIELDS,
  organizationAnswer,
  organizationProblems,
  type PersonDraft,
  personProblems,
  TEAM_FIELDS,
  teamAnswer,
  teamProblems,
} from '@fc/contracts/registration-checks';
import { STEP_NAMES } from '@fc/contracts/registration-rules';
import type { Failure } from '../family/http';
import type { AddressState } from './AddressField';
import type { StartBody } from './api';
import type { Forms } from './forms';

export const TOTAL = STEP_NAMES.length;

/** The saved steps, each with its key in the draft's answers. */
export type SavedStep = 2 | 3 | 4 | 5;
export const KEYS = { 2: 'organization', 3: 'team', 4: 'contacts', 5: 'fundraising' } as const;

/** The problems of a step's answers as they stand. */
export function problemsOf(step: number, f: Forms, lang: string) {
  if (step === 1) return personProblems(f.person);
  if (step === 2) return organizationProblems(f.organization);
  if (step === 3) return teamProblems(f.team);
  if (step === 4) return contactsProblems(f.contacts);
  return fundraisingProblems(f.fundraising, lang);
}

/** A saved step's fields, its problems as they stand, and the answer to send once there are none. */
export function stepChecks(step: SavedStep, forms: Forms, lang: string) {
  return {
    2: () => ({
      fields: ORGANIZATION_FIELDS,
      problems: organizationProblems(forms.organization),
      answer: () => organizationAnswer(forms.organization),
    }),
    3: () => ({ fields: TEAM_FIELDS, problems: teamProblems(forms.team), answer: () => teamAnswer(forms.team) }),
    4: () => ({
      fields: CONTACTS_FIELDS,
      problems: contactsProblems(forms.contacts),
      answer: () => contactsAnswer(forms.contacts),
    }),
    5: () => ({
      fields: FUNDRAISING_FIELDS,
      problems: fundraisingProblems(forms.fundraising, lang),
      answer: () => fundraisingAnswer(forms.fundraising, lang),
    }),
  }[step]();
}

/** The live check of the web address the step shows, if any ('idle' when it has none). */
export function addressOf(
  step: SavedStep,
  forms: Forms,
  address: { organization: AddressState; team: AddressState },
): AddressState {
  if (step === 2) return forms.organization.mode === 'new' ? address.organization : 'idle';
  return step === 3 ? address.team : 'idle';
}

/** A token the server no longer knows (expired, submitted elsewhere, deleted). */
export const lostDraft = (f: Failure) => f.status === 401 || f.status === 404 || f.status === 410;

/** Step 1's start with a new account (the trap field's text goes along when a robot filled it). */
export function accountStart(p: PersonDraft, lang: 'en' | 'es', teamId: number | null, trap: string): StartBody {
  const account = {
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    email: p.email.trim(),
    password: p.password,
    language: lang,
  };
  return { account, language: lang, ...(teamId ? { teamId } : {}), ...(trap ? { website: trap } : {}) };
}
