/**
 * Team registration and its review (issue 15; spec §2 `/onboarding/team`, `/onboarding/team/{teamId}`,
 * `/pages/register-multi-steps`, `/onboarding/list`; §7 Registrations; DECISIONS §3, §7).
 *
 * The record keeps three things apart: how far the form got (`step`, `submittedAt`), the decision
 * (`decision`, who, when, why) and what approval created (`created`). Limits and choices:
 * registration-rules.ts (no zod: the public form's island reads them too).
 *
 * Registrant calls (public policy) carry the draft's secret in the `X-Registration-Token` header:
 * `POST /onboarding/registration` starts a draft (a new account, or the signed-in user's Bearer
 * token) and answers the token once; the emailed resume link is `/onboarding/team?token=…`.
 * Staff calls need `onboarding` abilities (Super Admin all, FYS Sales their teams and unassigned).
 */
import { z } from 'zod';
import { emailSchema, languageSchema, personNameSchema, registerBodySchema } from './auth.js';
import { isoDateSchema } from './campaigns.js';
import { dbIdSchema, envelope, listQuerySchema } from './envelope.js';
import { slugSchema } from './orgs.js';
import {
  REGISTRATION_LIMITS as L,
  NEW_ORGANIZATION_TYPES,
  REGISTRATION_DECISIONS,
  REGISTRATION_FILTERS,
  SPORTS,
  US_STATES,
} from './registration-rules.js';

/** The header that carries a draft's secret (never logged: plugins/logging redacts it). */
export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';

const text = (max: number) => z.string().trim().min(1).max(max);

// Answers, one schema per step ------------------------------------------------------------------

/** Step 2: an existing organization or league, found by name or web address, or a new one. */
export const organizationAnswerSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('existing'), organizationId: dbIdSchema }),
  z.strictObject({
    mode: z.literal('new'),
    type: z.enum(NEW_ORGANIZATION_TYPES),
    name: text(L.nameMax),
    slug: slugSchema,
    city: text(L.cityMax),
    state: z.enum(US_STATES),
  }),
]);
export type OrganizationAnswer = z.infer<typeof organizationAnswerSchema>;

/** Step 3: the team. */
export const teamAnswerSchema = z.strictObject({
  name: text(L.nameMax),
  sport: z.enum(SPORTS),
  ageGroup: text(L.ageGroupMax),
  season: text(L.seasonMax),
  rosterSize: z.number().int().min(L.rosterMin).max(L.rosterMax),
  slug: slugSchema,
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

export const registrationContactSchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: z.string().trim().max(L.phoneMax).optional(),
});
export type RegistrationContact = z.infer<typeof registrationContactSchema>;

/** Step 4: the team admin (the registrant by default), a coach and a treasurer (both optional). */
export const contactsAnswerSchema = z.strictObject({
  admin: registrationContactSchema,
  coach: registrationContactSchema.nullable(),
  treasurer: registrationContactSchema.nullable(),
});
export type ContactsAnswer = z.infer<typeof contactsAnswerSchema>;

/** Step 5: the first campaign. The end is after the start and at most a year later. */
export const fundraisingAnswerSchema = z
  .strictObject({
    goalCents: z.number().int().min(L.goalMinCents).max(L.goalMaxCents),
    playerGoalCents: z.number().int().min(L.playerGoalMinCents).max(L.playerGoalMaxCents),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    purpose: text(L.purposeMax),
  })
  .refine((f) => f.endDate > f.startDate, { path: ['endDate'], message: 'The end date must be after the start date.' })
  .refine((f) => (Date.parse(f.endDate) - Date.parse(f.startDate)) / 86_400_000 <= L.campaignMaxDays, {
    path: ['endDate'],
    message: 'A campaign runs at most a year.',
  });
export type FundraisingAnswer = z.infer<typeof fundraisingAnswerSchema>;

/** Every answer so far (a draft has the ones of the steps it completed). */
export const registrationAnswersSchema = z.object({
  organization: organizationAnswerSchema.optional(),
  team: teamAnswerSchema.optional(),
  contacts: contactsAnswerSchema.optional(),
  fundraising: fundraisingAnswerSchema.optional(),
});
export type RegistrationAnswers = z.infer<typeof registrationAnswersSchema>;

// The registrant's calls ------------------------------------------------------------------------

/**
 * `POST /onboarding/registration`: step 1. A visitor sends `account` (a new account: the same
 * rules as `POST /register`, confirmation e-mail through the outbox); a signed-in user sends no
 * account and their Bearer token. `teamId`: an existing team registering for a new season
 * (`/onboarding/team/{teamId}`), its known details filled in. `website` is the spam trap.
 */
export const startRegistrationBodySchema = z.strictObject({
  account: registerBodySchema.optional(),
  teamId: dbIdSchema.optional(),
  language: languageSchema.default('en'),
  website: z.string().max(500).optional(),
});
export type StartRegistrationBody = z.input<typeof startRegistrationBodySchema>;

/** What the registrant sees of their draft. */
export const registrationDraftSchema = z.object({
  id: z.number().int(),
  /** The furthest step completed (1 after the person, 5 after fundraising). */
  step: z.number().int().min(1).max(6),
  submittedAt: z.string().nullable(),
  decision: z.enum(REGISTRATION_DECISIONS),
  answers: registrationAnswersSchema,
  registrant: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean(),
  }),
  /** A new season of an existing team. */
  existingTeam: z.object({ id: z.number().int(), name: z.string(), organizationName: z.string() }).nullable(),
  language: languageSchema,
});
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

/** The answer to a start: the draft's secret, shown this once (the page keeps it for the visit). */
export const startRegistrationResponseSchema = envelope(
  z.object({ token: z.string(), registration: registrationDraftSchema }),
);

/** `PUT /onboarding/registration/steps/{2..5}`: the step's answer (its schema above). */
export const registrationStepParamsSchema = z.object({ step: z.coerce.number().int().min(2).max(5) });

/** `POST /onboarding/registration/submit`: step 6, with the terms accepted; needs a confirmed e-mail. */
export const submitRegistrationBodySchema = z.strictObject({ acceptTerms: z.literal(true) });

/** `GET /onboarding/registration/organizations?q=`: existing organizations and leagues by name or web address. */
export const registrationOrganizationQuerySchema = z.object({ q: z.string().trim().min(2).max(120) });
export const registrationOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(NEW_ORGANIZATION_TYPES),
  city: z.string().nullable(),
  region: z.string().nullable(),
});
export type RegistrationOrganization = z.infer<typeof registrationOrganizationSchema>;

/** `GET /onboarding/registration/check-address?slug=`: is a web address free (and not reserved)? */
export const registrationAddressQuerySchema = z.object({ slug: z.string().trim().min(1).max(200) });
export const registrationAddressSchema = z.object({
  available: z.boolean(),
  /** Why not: `invalid`, `reserved`, `taken`. */
  reason: z.enum(['invalid', 'reserved', 'taken']).nullable(),
});

// Staff: the review -----------------------------------------------------------------------------

const who = z.object({ id: z.number().int(), name: z.string() });

/** `in_progress` before submission, else the decision. */
export const REGISTRATION_STATUSES = ['in_progress', ...REGISTRATION_DECISIONS] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const registrationListItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  step: z.number().int(),
  teamName: z.string().nullable(),
  organizationName: z.string().nullable(),
  registrant: z.object({ name: z.string(), email: z.string() }),
  salesperson: who.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Whole days since the record was started. */
  ageDays: z.number().int(),
});
export type RegistrationListItem = z.infer<typeof registrationListItemSchema>;

export const REGISTRATION_SORT_COLUMNS = [
  'createdAt',
  'updatedAt',
  'submittedAt',
  'teamName',
  'organizationName',
  'step',
] as const;
export const registrationListQuerySchema = listQuerySchema.extend({
  status: z.enum(REGISTRATION_FILTERS).default('all'),
  sortColumn: z.enum(REGISTRATION_SORT_COLUMNS).default('createdAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
export type RegistrationListQuery = z.input<typeof registrationListQuerySchema>;

export const registrationSummarySchema = z.object({
  total: z.number().int(),
  submitted: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;

/** `GET /onboarding/` with a query: `data.data`, `total` (also `data.total`) and the summary cards. */
export const registrationListResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.object({
    data: z.array(registrationListItemSchema),
    total: z.number().int(),
    summary: registrationSummarySchema,
  }),
  total: z.number().int(),
});
/** `GET /onboarding/` without a query: every record the caller may see (`data`), newest first, at most 500. */
export const registrationAllResponseSchema = envelope(z.array(registrationListItemSchema));

export const registrationDetailSchema = registrationListItemSchema.extend({
  answers: registrationAnswersSchema,
  registrantDetails: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean(),
  }),
  existingTeam: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  language: languageSchema,
  decidedBy: who.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** What approval created (or reused), with the campaign left in draft. */
  created: z
    .object({
      organizationId: z.number().int(),
      teamId: z.number().int(),
      divisionId: z.number().int().nullable(),
      campaignId: z.number().int(),
    })
    .nullable(),
  affiliateId: z.number().int().nullable(),
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;
/** `GET /onboarding/{id}`: `data.data`. */
export const registrationDetailResponseSchema = envelope(z.object({ data: registrationDetailSchema }));

/** `PUT /onboarding/`: staff edit the answers (each given step replaces that step) and the salesperson. */
export const updateRegistrationBodySchema = z.strictObject({
  id: dbIdSchema,
  answers: registrationAnswersSchema.partial().optional(),
  salesUserId: dbIdSchema.nullable().optional(),
});
export type UpdateRegistrationBody = z.infer<typeof updateRegistrationBodySchema>;

/** `POST /onboarding/{id}/reject`: the reason is e-mailed to the registrant in their language. */
export const rejectRegistrationBodySchema = z.strictObject({ reason: text(L.reasonMax) });
/** `DELETE /onboardings/delete?id=`: an unsubmitted or rejected record only. */
export const deleteRegistrationQuerySchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
