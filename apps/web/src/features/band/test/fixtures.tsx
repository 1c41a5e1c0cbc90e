/** Records and a render for the BAND screens' component tests. */
import { AbilityProvider } from '@casl/react';
import type { BandAccount, BandPost, BandSummary, BandTeamState, StoredUser } from '@fc/contracts';
import type { ReactNode } from 'react';
import { buildAbility } from '../../../lib/abilities/ability';
import { donorUser } from '../../../lib/auth/test-user';
import { render } from '../../../test/render';

export const teamAdmin: StoredUser = {
  ...donorUser,
  id: 8,
  firstName: 'Tess',
  role: 'team_admin',
  donor_profile: [],
  abilities: [{ action: 'manage', subject: 'all' }],
};

export const account = (over: Partial<BandAccount> = {}): BandAccount => ({
  name: 'Tess Coach',
  status: 'valid',
  linkedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const bands: BandSummary[] = [
  { bandKey: 'AAtigers', name: 'Austin Tigers 12U', memberCount: 24, canPost: true },
  { bandKey: 'AAparents', name: 'Tigers parents', memberCount: 1, canPost: false },
];

export const linked = (over: Partial<NonNullable<BandTeamState['link']>> = {}): BandTeamState => ({
  canManage: true,
  link: {
    bandKey: 'AAtigers',
    bandName: 'Austin Tigers 12U',
    linkedBy: 'Tess Coach',
    accountStatus: 'valid',
    linkedAt: '2026-03-02T10:00:00.000Z',
    ...over,
  },
});

export const post = (over: Partial<BandPost> = {}): BandPost => ({
  id: 501,
  organizationId: 21,
  bandKey: 'AAtigers',
  kind: 'campaign_launch',
  eventKey: 'campaign_launch:77',
  content: 'Our fundraiser “Spring Drive” has started!',
  doPush: false,
  status: 'posted',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '2026-03-03T10:00:00.000Z',
  postedAt: '2026-03-03T10:00:05.000Z',
  createdAt: '2026-03-03T10:00:00.000Z',
  ...over,
});

export const ok = (data: unknown) => ({ json: { hasError: false, data } });
export const page = (data: BandPost[], total = data.length) => ({ json: { hasError: false, data, total } });

export function renderWith(ui: ReactNode, language: 'en' | 'es' = 'en') {
  return render(<AbilityProvider value={buildAbility(teamAdmin.abilities)}>{ui}</AbilityProvider>, {
    user: teamAdmin,
    path: '/orgs/teams/view/21?tab=band',
    language,
  });
}
