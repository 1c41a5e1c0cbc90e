/** Records, users and a render for the sponsorship screens' component tests. */
import { AbilityProvider } from '@casl/react';
import type { Opportunity, Sponsor, StoredUser } from '@fc/contracts';
import type { ReactNode } from 'react';
import { buildAbility } from '../../../lib/abilities/ability';
import { donorUser } from '../../../lib/auth/test-user';
import { render } from '../../../test/render';
import type { SponsorList } from '../api/sponsors';

export const teamAdmin: StoredUser = {
  ...donorUser,
  id: 8,
  firstName: 'Tess',
  role: 'team_admin',
  donor_profile: [],
  abilities: [{ action: 'manage', subject: 'all' }],
};

export const opportunity = (over: Partial<Opportunity> = {}): Opportunity => ({
  id: 31,
  organizationId: 21,
  organizationName: 'Austin Tigers 12U',
  campaignId: null,
  campaignTitle: null,
  slug: 'fence-banner',
  name: 'Fence banner',
  description: 'A 3 × 6 ft banner on the outfield fence.',
  priceCents: 25_000,
  quantity: 5,
  sold: 2,
  held: 1,
  left: 2,
  benefits: ['Banner all season', 'Logo on the team page'],
  fairMarketValueCents: 5_000,
  tier: 'gold',
  sortOrder: 0,
  startsOn: null,
  endsOn: null,
  imageUrl: null,
  status: 'active',
  revenueCents: 50_000,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const sponsor = (over: Partial<Sponsor> = {}): Sponsor => ({
  id: 70,
  opportunityId: 31,
  opportunityName: 'Fence banner',
  tier: 'gold',
  organizationName: 'Austin Tigers 12U',
  campaignTitle: null,
  status: 'paid',
  method: 'card',
  priceCents: 25_000,
  fairMarketValueCents: 5_000,
  deductibleCents: 20_000,
  refundedCents: 0,
  donationId: 900,
  receiptNumber: 'R-2026-000900',
  buyer: { firstName: 'Pat', lastName: 'Baker', email: 'pat@bakery.example' },
  businessName: 'Pat’s Bakery',
  displayName: 'Pat’s Bakery',
  website: 'https://bakery.example',
  logoUrl: '/uploads/logo.png',
  logoStatus: 'submitted',
  logoRejectReason: null,
  paidAt: '2026-03-02T10:00:00.000Z',
  createdAt: '2026-03-02T09:59:00.000Z',
  ...over,
});

export const sponsorList = (data: Sponsor[]): { json: SponsorList & { hasError: false } } => ({
  json: {
    hasError: false,
    data,
    total: data.length,
    summary: { paidCount: 2, revenueCents: 50_000, awaitingLogo: 1, awaitingApproval: 1 },
  },
});

export const ok = (data: unknown) => ({ json: { hasError: false, data } });

export function renderWith(ui: ReactNode, language: 'en' | 'es' = 'en') {
  return render(<AbilityProvider value={buildAbility(teamAdmin.abilities)}>{ui}</AbilityProvider>, {
    user: teamAdmin,
    path: '/orgs/teams/view/21',
    language,
  });
}
