/**
 * Team registration (issue 15): the limits and choices of the six-step form, without zod, so the
 * public form's island and the server's schemas (registrations.ts) read the same numbers.
 */
export const REGISTRATION_STEPS = [1, 2, 3, 4, 5, 6] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];
/** Step names, in order: the person, the organization, the team, contacts, fundraising, review. */
export const STEP_NAMES = ['person', 'organization', 'team', 'contacts', 'fundraising', 'review'] as const;
export type StepName = (typeof STEP_NAMES)[number];

export const SPORTS = [
  'baseball',
  'softball',
  'soccer',
  'basketball',
  'football',
  'volleyball',
  'hockey',
  'lacrosse',
  'cheer',
  'swimming',
  'other',
] as const;
export type Sport = (typeof SPORTS)[number];

/** The new organization's kind (organizations.type_id 1 and 2). */
export const NEW_ORGANIZATION_TYPES = ['organization', 'league'] as const;
export type NewOrganizationType = (typeof NEW_ORGANIZATION_TYPES)[number];

export const REGISTRATION_LIMITS = {
  nameMax: 120,
  cityMax: 80,
  /** A US state or territory as two letters (`TX`). */
  stateLength: 2,
  ageGroupMax: 20,
  seasonMax: 40,
  rosterMin: 1,
  rosterMax: 200,
  phoneMax: 30,
  purposeMax: 1000,
  /** Goals in cents: a team's campaign goal and the per-player goal. */
  goalMinCents: 10_000,
  goalMaxCents: 100_000_000,
  playerGoalMinCents: 1_000,
  playerGoalMaxCents: 10_000_000,
  /** A campaign runs at most a year. */
  campaignMaxDays: 366,
  reasonMax: 1000,
} as const;

/** US states, DC and territories (postal codes). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;

/** Where a record is: `in_progress` (not submitted), then the decision once submitted. */
export const REGISTRATION_DECISIONS = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type RegistrationDecision = (typeof REGISTRATION_DECISIONS)[number];
/** The list's status filter (`all` and `submitted` span several). */
export const REGISTRATION_FILTERS = [
  'all',
  'in_progress',
  'submitted',
  'pending',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type RegistrationFilter = (typeof REGISTRATION_FILTERS)[number];
