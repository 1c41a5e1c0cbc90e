/** Contract-shaped answers of the dashboards API for the component tests (packages/contracts dashboards.ts). */
import type {
  AdminDashboard,
  Analytics,
  CampaignCard,
  DashboardScope,
  FundraiserDashboard,
  MoneyCards,
  NodeDashboard,
  SeriesPoint,
  StoredUser,
} from '@fc/contracts';
import { donorUser } from '../../lib/auth/test-user';

export const superAdmin: StoredUser = { ...donorUser, id: 1, role: 'super_admin', donor_profile: [] };
export const teamAdmin: StoredUser = { ...donorUser, id: 2, role: 'team_admin', donor_profile: [] };

export const scope = (over: Partial<DashboardScope> = {}): DashboardScope => ({
  from: '2026-09-01',
  to: '2026-11-26',
  organization: null,
  trail: [],
  ...over,
});

export const money = (over: Partial<MoneyCards> = {}): MoneyCards => ({
  gifts: 12,
  grossCents: 123_456,
  feesCents: 3_210,
  refundedCents: 5_000,
  netCents: 118_456,
  donors: 9,
  ...over,
});

export const series: SeriesPoint[] = [
  { period: '2026-11-09', netCents: 10_000, gifts: 2, previousNetCents: 2_500 },
  { period: '2026-11-16', netCents: 250_075, gifts: 5, previousNetCents: 0 },
];

export const campaign = (over: Partial<CampaignCard> = {}): CampaignCard => ({
  id: 7,
  title: 'Spring Drive',
  slug: 'spring-drive',
  organizationName: 'Tigers',
  status: 'active',
  goalCents: 500_000,
  raisedCents: 118_456,
  donors: 9,
  players: 14,
  startDate: '2026-10-01',
  endDate: '2026-12-05',
  daysLeft: 9,
  pace: 0.4,
  ...over,
});

export const admin = (over: Partial<AdminDashboard> = {}): AdminDashboard => ({
  scope: scope(),
  money: money(),
  paidOutCents: 99_900,
  awaitingPayoutCents: 18_556,
  activeCampaigns: 3,
  teams: 5,
  players: 40,
  sponsorships: { count: 7, revenueCents: 175_000 },
  series,
  topOrganizations: [{ id: 3, name: 'Tigers', typeId: 3, netCents: 118_456, gifts: 12 }],
  topCampaigns: [campaign()],
  endingSoon: [campaign()],
  behindPace: [campaign()],
  payoutsNotConnected: [{ id: 3, name: 'Tigers', typeId: 3 }],
  newTeams: [{ id: 3, name: 'Tigers', createdAt: '2026-11-02T10:00:00.000Z' }],
  portfolio: null,
  ...over,
});

export const node = (over: Partial<NodeDashboard> = {}): NodeDashboard => ({
  scope: scope({ organization: { id: 3, name: 'Tigers', typeId: 3 } }),
  money: money(),
  allTimeNetCents: 218_456,
  players: 14,
  sponsorships: { count: 3, revenueCents: 75_000 },
  campaigns: [campaign()],
  leaderboard: [
    { playerId: 50, playerName: 'Ana Ruiz', campaignTitle: 'Spring Drive', raisedCents: 45_000, donors: 4 },
  ],
  atRisk: {
    total: 3,
    rules: { minContacts: 5, nothingRaisedAfterDays: 7 },
    players: [
      {
        campaignFundraiserId: 101,
        playerId: 51,
        playerName: 'Ben Ortiz',
        campaignId: 7,
        campaignTitle: 'Spring Drive',
        divisionName: 'U10',
        reasons: ['few_contacts', 'nothing_raised'],
        contacts: 2,
        raisedCents: 0,
        lastNudgedAt: null,
        canNudge: true,
      },
      {
        campaignFundraiserId: 102,
        playerId: 52,
        playerName: 'Cora Diaz',
        campaignId: 7,
        campaignTitle: 'Spring Drive',
        divisionName: null,
        reasons: ['not_accepted'],
        contacts: 0,
        raisedCents: 0,
        lastNudgedAt: null,
        canNudge: true,
      },
      {
        campaignFundraiserId: 103,
        playerId: 53,
        playerName: 'Dan Vega',
        campaignId: 7,
        campaignTitle: 'Spring Drive',
        divisionName: 'U12',
        reasons: ['few_contacts'],
        contacts: 1,
        raisedCents: 0,
        lastNudgedAt: '2026-11-26T05:00:00.000Z',
        canNudge: false,
      },
    ],
  },
  funnel: { contacts: 40, invited: 30, opened: 20, donated: 9 },
  divisions: [{ id: 9, name: 'U10', typeId: 4, netCents: 60_000, gifts: 6, players: 7, allTimeNetCents: 90_000 }],
  series,
  ...over,
});

export const analytics = (over: Partial<Analytics> = {}): Analytics => ({
  scope: scope({
    organization: { id: 2, name: 'North League', typeId: 2 },
    trail: [{ id: 1, name: 'State Association', typeId: 1 }],
  }),
  interval: 'week',
  money: money(),
  previousMoney: money({
    netCents: 59_228,
    grossCents: 60_000,
    gifts: 6,
    donors: 5,
    refundedCents: 772,
    feesCents: 1_500,
  }),
  series,
  byCampaign: [
    {
      key: '7',
      label: 'Spring Drive',
      netCents: 118_456,
      grossCents: 123_456,
      refundedCents: 5_000,
      gifts: 12,
      drillId: null,
    },
  ],
  byChild: [
    { key: '3', label: 'Tigers', netCents: 100_000, grossCents: 104_000, refundedCents: 4_000, gifts: 10, drillId: 3 },
    { key: '4', label: 'Lions', netCents: 18_456, grossCents: 19_456, refundedCents: 1_000, gifts: 2, drillId: 4 },
  ],
  byMethod: [
    {
      key: 'card',
      label: 'card',
      netCents: 98_456,
      grossCents: 103_456,
      refundedCents: 5_000,
      gifts: 10,
      drillId: null,
    },
    {
      key: 'offline',
      label: 'offline',
      netCents: 20_000,
      grossCents: 20_000,
      refundedCents: 0,
      gifts: 2,
      drillId: null,
    },
  ],
  donors: { new: 4, returning: 5, lapsed: 2 },
  averageGiftCents: 10_288,
  medianGiftCents: 5_000,
  ...over,
});

export const fundraiser = (): FundraiserDashboard => ({
  players: [
    {
      campaignFundraiserId: 201,
      playerId: 60,
      playerName: 'Eva Cruz',
      playerSlug: 'eva-cruz-spring',
      campaignId: 7,
      campaignTitle: 'Spring Drive',
      campaignSlug: 'spring-drive',
      campaignStatus: 'active',
      endDate: '2026-12-05',
      daysLeft: 9,
      goalCents: 30_000,
      raisedCents: 12_000,
      donors: 3,
      contacts: { total: 8, invited: 6, opened: 4, donated: 3 },
      accepted: true,
      nextStep: 'invite_contacts',
    },
    {
      campaignFundraiserId: 202,
      playerId: 61,
      playerName: 'Leo Cruz',
      playerSlug: 'leo-cruz-spring',
      campaignId: 7,
      campaignTitle: 'Spring Drive',
      campaignSlug: 'spring-drive',
      campaignStatus: 'active',
      endDate: '2026-12-05',
      daysLeft: 9,
      goalCents: 30_000,
      raisedCents: 0,
      donors: 0,
      contacts: { total: 0, invited: 0, opened: 0, donated: 0 },
      accepted: false,
      nextStep: 'accept',
    },
  ],
});

/** The API's envelope around a dashboard. */
export const ok = <T>(data: T) => ({ json: { hasError: false, data } });
