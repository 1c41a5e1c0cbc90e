/** Records, users and a render for the affiliate screens' component tests. */
import { AbilityProvider } from '@casl/react';
import type { AffiliateDashboard, AffiliateDetail, AffiliateListItem, Program, StoredUser } from '@fc/contracts';
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

/** FYS Sales: read every affiliate, manage none. */
export const sales: StoredUser = {
  ...donorUser,
  id: 9,
  firstName: 'Sara',
  role: 'fys_sales',
  donor_profile: [],
  abilities: [{ action: ['read', 'list'], subject: 'affiliates' }],
};

/** The Affiliate role (their profile id is not the affiliate record's id). */
export const affiliateUser: StoredUser = {
  ...donorUser,
  id: 12,
  firstName: 'Ava',
  lastName: 'Abbott',
  email: 'ava@example.org',
  role: 'affiliate',
  donor_profile: [],
  affiliate_profile: [{ id: 77 }],
  abilities: [{ action: ['read', 'update'], subject: 'affiliates' }],
};

export const program = (over: Partial<Program> = {}): Program => ({
  id: 3,
  name: 'Club partners',
  description: 'For people who bring clubs.',
  giftShareBps: 1250,
  teamFlatCents: 5000,
  teamQualifyCents: 50000,
  windowDays: 30,
  attribution: 'last_click',
  minPayoutCents: 2500,
  dueDays: 30,
  termsVersion: 2,
  terms: 'You promote honestly.\nCommissions are paid monthly.',
  active: true,
  offerCount: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...over,
});

export const item = (over: Partial<AffiliateListItem> = {}): AffiliateListItem => ({
  id: 5,
  first_name: 'Ava',
  last_name: 'Abbott',
  email: 'ava@example.org',
  slug: 'ava-abbott',
  status: 'active',
  avatarUrl: null,
  programs: ['Club partners'],
  organizationCount: 2,
  conversions: 7,
  earnedCents: 12_345,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...over,
});

export const detail = (over: Partial<AffiliateDetail> = {}): AffiliateDetail => ({
  ...item(),
  phone: '512-555-0100',
  website: 'https://ava.example.org',
  bio: 'I coach and I help clubs raise money.',
  language: 'en',
  payoutMethod: 'paypal',
  payoutTo: 'ava@paypal.example',
  userId: 12,
  publicPath: '/affiliate/ava-abbott',
  offers: [
    {
      id: 40,
      affiliateId: 5,
      programId: 3,
      programName: 'Club partners',
      status: 'accepted',
      termsVersion: 2,
      acceptedTermsVersion: 2,
      acceptedAt: '2026-02-02T10:00:00.000Z',
      createdAt: '2026-02-01T10:00:00.000Z',
    },
  ],
  programsDetail: [program()],
  organizations: [
    {
      organizationId: 21,
      name: 'Austin Youth Baseball',
      slug: 'ayb',
      typeId: 1,
      giftShareBpsOverride: null,
      attachedAt: '2026-02-03T10:00:00.000Z',
    },
  ],
  balances: {
    pendingCents: 1000,
    approvedCents: 6000,
    paidCents: 2000,
    clawbackCents: 500,
    payableCents: 5500,
    minPayoutCents: 2500,
  },
  payoutRequests: [
    {
      id: 61,
      amountCents: 5500,
      status: 'requested',
      note: 'Please pay by Friday',
      reference: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      resolvedAt: null,
    },
  ],
  invitation: {
    sentAt: '2026-02-01T10:00:00.000Z',
    expiresAt: '2026-02-15T10:00:00.000Z',
    usedAt: '2026-02-02T10:00:00.000Z',
  },
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const dashboard = (over: Partial<AffiliateDashboard> = {}): AffiliateDashboard => ({
  from: '2026-02-01',
  to: '2026-03-02',
  funnel: { clicks: 120, visitors: 90, registrations: 4, approvedTeams: 2, gifts: 11, giftCents: 88_000 },
  earnings: { pendingCents: 1000, approvedCents: 6000, paidCents: 2000, voidedCents: 300 },
  balances: detail().balances,
  links: [{ path: '/affiliate/ava-abbott', clicks: 100, conversions: 5, commissionCents: 4000 }],
  series: [
    { date: '2026-03-01', clicks: 10, conversions: 1 },
    { date: '2026-03-02', clicks: 12, conversions: 0 },
  ],
  openPayoutRequest: null,
  referral: { slug: 'ava-abbott', pagePath: '/affiliate/ava-abbott', param: 'ref' },
  ...over,
});

export const ok = (data: unknown) => ({ json: { hasError: false, data } });

/** A console page as its routes render it, with the user's abilities. */
export function renderRoute(ui: ReactNode, user: StoredUser, path: string, language: 'en' | 'es' = 'en') {
  return render(
    <AbilityProvider value={buildAbility(user.abilities)}>
      <Routes>
        <Route path="/affiliates/list" element={ui} />
        <Route path="/affiliates/view/:id" element={ui} />
        <Route path="/affiliates/profile" element={ui} />
        <Route path="/dashboard/affiliate" element={ui} />
      </Routes>
    </AbilityProvider>,
    { user, path, language },
  );
}
