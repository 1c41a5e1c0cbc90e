/** Records, users and a render for the registration screens' component tests. */
import { AbilityProvider } from '@casl/react';
import type { RegistrationDetail, RegistrationListItem, StoredUser } from '@fc/contracts';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { buildAbility } from '../../../lib/abilities/ability';
import { donorUser } from '../../../lib/auth/test-user';
import { render } from '../../../test/render';

export const superAdmin: StoredUser = {
  ...donorUser,
  id: 8,
  firstName: 'Sam',
  role: 'super_admin',
  donor_profile: [],
  abilities: [{ action: 'manage', subject: 'all' }],
};

/** FYS Sales as the server sends them: read every record, manage those they sell. */
export const sales: StoredUser = {
  ...donorUser,
  id: 9,
  firstName: 'Sara',
  role: 'fys_sales',
  donor_profile: [],
  abilities: [
    { action: ['read', 'list'], subject: 'onboarding' },
    { action: ['manage'], subject: 'onboarding', conditions: { salesUserIds: 9 } },
  ],
};

export const item = (over: Partial<RegistrationListItem> = {}): RegistrationListItem => ({
  id: 5,
  status: 'pending',
  step: 5,
  teamName: 'Tigers 12U',
  organizationName: 'Austin Youth Baseball',
  registrant: { name: 'Rita Registrant', email: 'rita@example.org' },
  salesperson: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-03T10:00:00.000Z',
  submittedAt: '2026-03-03T10:00:00.000Z',
  ageDays: 3,
  ...over,
});

export const detail = (over: Partial<RegistrationDetail> = {}): RegistrationDetail => ({
  ...item(),
  answers: {
    organization: {
      mode: 'new',
      type: 'organization',
      name: 'Austin Youth Baseball',
      slug: 'ayb',
      city: 'Austin',
      state: 'TX',
    },
    team: {
      name: 'Tigers 12U',
      sport: 'baseball',
      ageGroup: '12U',
      season: 'Spring 2026',
      rosterSize: 14,
      slug: 'tigers-12u',
    },
    contacts: {
      admin: { firstName: 'Rita', lastName: 'Registrant', email: 'rita@example.org' },
      coach: { firstName: 'Carl', lastName: 'Coach', email: 'carl@example.org', phone: '512-555-0100' },
      treasurer: null,
    },
    fundraising: {
      goalCents: 250_000,
      playerGoalCents: 20_000,
      startDate: '2026-04-01',
      endDate: '2026-05-31',
      purpose: 'Tournament travel',
    },
  },
  registrantDetails: { firstName: 'Rita', lastName: 'Registrant', email: 'rita@example.org', emailConfirmed: true },
  existingTeam: null,
  language: 'es',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  created: null,
  affiliateId: null,
  ...over,
});

/** A console page as its route renders it: the user's abilities, and the list and record routes. */
export function renderRoute(
  ui: ReactNode,
  user: StoredUser,
  path: string,
  language: 'en' | 'es' = 'en',
  /** What the list route shows (default: `ui`). */
  list: ReactNode = ui,
) {
  return render(
    <AbilityProvider value={buildAbility(user.abilities)}>
      <Routes>
        <Route path="/onboarding/list" element={list} />
        <Route path="/onboarding/view/:id" element={ui} />
      </Routes>
    </AbilityProvider>,
    { user, path, language },
  );
}
