import {
  contactsAnswerSchema,
  fundraisingAnswerSchema,
  organizationAnswerSchema,
  type RegistrationAnswers,
  type RegistrationContact,
  teamAnswerSchema,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { amountError, amountInput, amountToCents, parseAmount } from '../../../../lib/money';
import type { EditableStep } from '../view/AnswerSections';

const contactValues = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() });
const formShapes = {
  organization: z.object({
    mode: z.enum(['existing', 'new']),
    organizationId: z.string(),
    type: z.string(),
    name: z.string(),
    slug: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  team: z.object({
    name: z.string(),
    sport: z.string(),
    ageGroup: z.string(),
    season: z.string(),
    rosterSize: z.string(),
    slug: z.string(),
  }),
  contacts: z.object({ admin: contactValues, coach: contactValues, treasurer: contactValues }),
  fundraising: z.object({
    goal: z.string(),
    playerGoal: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    purpose: z.string(),
  }),
};
export type StepValues = { [K in EditableStep]: z.infer<(typeof formShapes)[K]> };

const CONTRACT = {
  organization: organizationAnswerSchema,
  team: teamAnswerSchema,
  contacts: contactsAnswerSchema,
  fundraising: fundraisingAnswerSchema,
} as const;

/** Money is typed in dollars and sent as cents: the answer's field → the form's field. */
const ALIASES: Record<string, string> = { goalCents: 'goal', playerGoalCents: 'playerGoal' };
export const formField = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (i === path.length - 1 ? (ALIASES[String(p)] ?? String(p)) : String(p))).join('.');

const blankContact = { firstName: '', lastName: '', email: '', phone: '' };
const contactOf = (c: RegistrationContact | null | undefined) =>
  c ? { ...blankContact, ...c, phone: c.phone ?? '' } : blankContact;
const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** What each dialog starts with: the current answer, or blanks. */
export function defaultsOf(step: EditableStep, a: RegistrationAnswers): StepValues[EditableStep] {
  switch (step) {
    case 'organization': {
      const o = a.organization;
      const n = o?.mode === 'new' ? o : undefined;
      return {
        mode: o?.mode ?? 'new',
        organizationId: o?.mode === 'existing' ? String(o.organizationId) : '',
        type: n?.type ?? 'organization',
        name: n?.name ?? '',
        slug: n?.slug ?? '',
        city: n?.city ?? '',
        state: n?.state ?? '',
      };
    }
    case 'team':
      return {
        name: str(a.team?.name),
        sport: str(a.team?.sport),
        ageGroup: str(a.team?.ageGroup),
        season: str(a.team?.season),
        rosterSize: str(a.team?.rosterSize),
        slug: str(a.team?.slug),
      };
    case 'contacts':
      return {
        admin: contactOf(a.contacts?.admin),
        coach: contactOf(a.contacts?.coach),
        treasurer: contactOf(a.contacts?.treasurer),
      };
    case 'fundraising':
      return {
        goal: a.fundraising ? amountInput(a.fundraising.goalCents) : '',
        playerGoal: a.fundraising ? amountInput(a.fundraising.playerGoalCents) : '',
        startDate: a.fundraising?.startDate ?? '',
        endDate: a.fundraising?.endDate ?? '',
        purpose: a.fundraising?.purpose ?? '',
      };
  }
}

const trimmed = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.trim()]));
/** A contact left blank is none (the coach and the treasurer are optional); a blank phone is omitted. */
function contactAnswer(c: Record<string, string>, optional: boolean) {
  const v = trimmed(c);
  if (optional && Object.values(v).every((x) => x === '')) return null;
  const { phone, ...rest } = v;
  return phone ? { ...rest, phone } : rest;
}
const numberOr = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The step's answer as PUT /onboarding/ takes it (the contract's shape). */
export function answerOf(step: EditableStep, values: StepValues[EditableStep]): unknown {
  switch (step) {
    case 'organization': {
      const v = values as StepValues['organization'];
      if (v.mode === 'existing') return { mode: 'existing', organizationId: numberOr(v.organizationId) };
      const { mode: _m, organizationId: _o, ...rest } = trimmed(v);
      return { mode: 'new', ...rest, slug: (rest.slug ?? '').toLowerCase() };
    }
    case 'team': {
      const v = trimmed(values as StepValues['team']);
      return { ...v, slug: (v.slug ?? '').toLowerCase(), rosterSize: numberOr(v.rosterSize ?? '') };
    }
    case 'contacts': {
      const v = values as StepValues['contacts'];
      return {
        admin: contactAnswer(v.admin, false),
        coach: contactAnswer(v.coach, true),
        treasurer: contactAnswer(v.treasurer, true),
      };
    }
    case 'fundraising': {
      const v = values as StepValues['fundraising'];
      return {
        goalCents: amountToCents(v.goal),
        playerGoalCents: amountToCents(v.playerGoal),
        startDate: v.startDate,
        endDate: v.endDate,
        purpose: v.purpose.trim(),
      };
    }
  }
}

/** The contract's refinements (English) in the UI language. */
const CONTRACT_MESSAGES: Record<string, string> = {
  'The end date must be after the start date.': 'registrations.edit.endAfterStart',
  'A campaign runs at most a year.': 'registrations.edit.atMostAYear',
};

/**
 * The dialog's schema: the form's strings, checked by converting them to the answer and running
 * the contract's schema for that step (so the console refuses what the API would), each issue
 * placed on the field it names; amounts say why they cannot be read.
 */
export function stepFormSchema(
  step: EditableStep,
  t: TFunction,
): z.ZodType<StepValues[EditableStep], StepValues[EditableStep]> {
  return (formShapes[step] as z.ZodType<StepValues[EditableStep], StepValues[EditableStep]>).superRefine(
    (values, ctx) => {
      const refusedAmounts = new Set<string>();
      if (step === 'fundraising') {
        const v = values as StepValues['fundraising'];
        for (const field of ['goal', 'playerGoal'] as const) {
          const refused = amountError(t, parseAmount(v[field]), t('registrations.edit.amountInvalid'));
          if (!refused) continue;
          refusedAmounts.add(field);
          ctx.addIssue({ code: 'custom', path: [field], message: refused });
        }
      }
      const parsed = CONTRACT[step].safeParse(answerOf(step, values), { error: zodErrorMap(t) });
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const key = CONTRACT_MESSAGES[issue.message];
        const path = formField(issue.path);
        if (refusedAmounts.has(path)) continue; // said above, in the amount's own words
        ctx.addIssue({ code: 'custom', path: path.split('.'), message: key ? t(key) : issue.message });
      }
    },
  );
}
