/**
 * Dashboards and analytics (issue 13; spec §2 "Dashboards", DECISIONS §1 and §3).
 *
 * Money on every dashboard follows one rule (docs/decisions/016-dashboard-totals.md): a counting
 * gift (status 1, kind 'gift') is credited where the player raised it: the division recorded on
 * the gift when there is one, else the node that owns the campaign; it counts once at that node
 * and at each of its ancestors. `gross` is the gift amount, `fees` what the payment provider kept,
 * `refunded` what was given back, and `net` (what "raised" means everywhere) is the gift less its
 * refunds. Days are UTC days of the gift's completion.
 */
import { z } from 'zod';
import { isoDateSchema } from './campaigns.js';
import { dbIdTextSchema } from './envelope.js';

export const DASHBOARD_INTERVALS = ['day', 'week', 'month'] as const;
export type DashboardInterval = (typeof DASHBOARD_INTERVALS)[number];

/** Thresholds of "players at risk", shown next to the list. */
export const AT_RISK_RULES = {
  /** Fewer contacts than this on the campaign. */
  minContacts: 5,
  /** Nothing raised this many days after the campaign started (or the player joined, if later). */
  nothingRaisedAfterDays: 7,
} as const;
export const AT_RISK_REASONS = ['not_accepted', 'few_contacts', 'nothing_raised'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];
/** One nudge per family per this many hours, whoever sends it. */
export const NUDGE_WINDOW_HOURS = 24;

/**
 * The range and node of every dashboard: the same control on each. `from`/`to` are inclusive
 * ISO dates (default: the last 90 days up to today, UTC); `organizationId` is a node the caller
 * may read (default: the caller's own node; the platform for Super Admin, the portfolio for FYS
 * Sales).
 */
export const dashboardQuerySchema = z
  .object({
    organizationId: dbIdTextSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** The dashboard query with the period of its series (extend keeps the range check). */
export const analyticsQuerySchema = dashboardQuerySchema.extend({
  interval: z.enum(DASHBOARD_INTERVALS).default('week'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** The resolved range and node a dashboard answered for. */
export const dashboardScopeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** null: the whole platform (Super Admin) or the salesperson's portfolio (FYS Sales). */
  organization: z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() }).nullable(),
  /** The node's ancestors, root first, that the caller may read (the drill-down trail). */
  trail: z.array(z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() })),
});
export type DashboardScope = z.infer<typeof dashboardScopeSchema>;

export const moneyCardsSchema = z.object({
  gifts: z.number().int(),
  grossCents: z.number().int(),
  feesCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  donors: z.number().int(),
});
export type MoneyCards = z.infer<typeof moneyCardsSchema>;

export const seriesPointSchema = z.object({
  /** The first day of the period (ISO date). */
  period: z.string(),
  netCents: z.number().int(),
  gifts: z.number().int(),
  /** The same period a year earlier. */
  previousNetCents: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const campaignCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  organizationName: z.string(),
  status: z.string(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donors: z.number().int(),
  players: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** null without an end date; 0 on the last day; negative once ended. */
  daysLeft: z.number().int().nullable(),
  /** Raised against the share of the goal the elapsed days call for (1 = on pace); null without dates or goal. */
  pace: z.number().nullable(),
});
export type CampaignCard = z.infer<typeof campaignCardSchema>;

export const rankedNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  netCents: z.number().int(),
  gifts: z.number().int(),
});
export type RankedNode = z.infer<typeof rankedNodeSchema>;

/** `GET /dashboards/admin` (Super Admin: the platform; FYS Sales: the teams they sell). */
export const adminDashboardSchema = z.object({
  scope: dashboardScopeSchema,
  /** In the range. */
  money: moneyCardsSchema,
  /** All time, from the ledger: moved to payout accounts, and credited but not yet moved. */
  paidOutCents: z.number().int(),
  awaitingPayoutCents: z.number().int(),
  activeCampaigns: z.number().int(),
  teams: z.number().int(),
  players: z.number().int(),
  series: z.array(seriesPointSchema),
  topOrganizations: z.array(rankedNodeSchema),
  topCampaigns: z.array(campaignCardSchema),
  endingSoon: z.array(campaignCardSchema),
  behindPace: z.array(campaignCardSchema),
  /** Nodes owning an active campaign without a verified payout account. */
  /** Sponsorship units paid in the range (completed `sponsor` payments, decision 019): apart from every donation figure. */
  sponsorships: z.object({ count: z.number().int(), revenueCents: z.number().int() }),
  payoutsNotConnected: z.array(z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() })),
  newTeams: z.array(z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() })),
  /** FYS Sales only: each team of the portfolio with what it raised in the range and in all. */
  portfolio: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        netCents: z.number().int(),
        allTimeNetCents: z.number().int(),
        activeCampaigns: z.number().int(),
      }),
    )
    .nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const atRiskPlayerSchema = z.object({
  campaignFundraiserId: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  campaignId: z.number().int(),
  campaignTitle: z.string(),
  divisionName: z.string().nullable(),
  reasons: z.array(z.enum(AT_RISK_REASONS)),
  contacts: z.number().int(),
  raisedCents: z.number().int(),
  /** When this family was last nudged (any sender), if within the window. */
  lastNudgedAt: z.string().nullable(),
  canNudge: z.boolean(),
});
export type AtRiskPlayer = z.infer<typeof atRiskPlayerSchema>;

export const leaderboardRowSchema = z.object({
  playerId: z.number().int(),
  playerName: z.string(),
  campaignTitle: z.string(),
  raisedCents: z.number().int(),
  donors: z.number().int(),
});

/** `GET /dashboards/node` (Organization, League, Team, Division Admins and Organization Users). */
export const nodeDashboardSchema = z.object({
  scope: dashboardScopeSchema,
  money: moneyCardsSchema,
  /** All time, from the kept roll-up. */
  allTimeNetCents: z.number().int(),
  players: z.number().int(),
  /** Sponsorship units paid in the range (completed `sponsor` payments, decision 019): apart from every donation figure. */
  sponsorships: z.object({ count: z.number().int(), revenueCents: z.number().int() }),
  campaigns: z.array(campaignCardSchema),
  leaderboard: z.array(leaderboardRowSchema),
  atRisk: z.object({
    total: z.number().int(),
    players: z.array(atRiskPlayerSchema),
    rules: z.object({ minContacts: z.number().int(), nothingRaisedAfterDays: z.number().int() }),
  }),
  /** Contacts of the node's players in active campaigns: invited, opened the invitation, gave. */
  funnel: z.object({
    contacts: z.number().int(),
    invited: z.number().int(),
    opened: z.number().int(),
    donated: z.number().int(),
  }),
  /** Divisions below (or the node itself when it is a division), with their money in the range. */
  divisions: z.array(rankedNodeSchema.extend({ players: z.number().int(), allTimeNetCents: z.number().int() })),
  series: z.array(seriesPointSchema),
});
export type NodeDashboard = z.infer<typeof nodeDashboardSchema>;

/** `POST /dashboards/nudge`: remind the families of at-risk players (through the bulk-message path). */
export const nudgeBodySchema = z.strictObject({
  campaignFundraiserIds: z.array(z.number().int().positive()).min(1).max(100),
});
export const nudgeResultSchema = z.object({
  campaignFundraiserId: z.number().int(),
  /**
   * sent, or why not: recently_nudged (within the window), not_at_risk, no_family, limit (bulk
   * limits), opted_out (the family turned the at-risk reminders off, issue 18).
   */
  outcome: z.enum(['sent', 'recently_nudged', 'not_at_risk', 'no_family', 'limit', 'opted_out']),
});
export type NudgeResult = z.infer<typeof nudgeResultSchema>;

const breakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  netCents: z.number().int(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
  gifts: z.number().int(),
  /** A node id to drill into (child-node breakdown only). */
  drillId: z.number().int().nullable(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** `GET /dashboards/analytics`; `GET /dashboards/analytics.csv?table=series|campaigns|children|methods` downloads one table. */
export const analyticsSchema = z.object({
  scope: dashboardScopeSchema,
  interval: z.enum(DASHBOARD_INTERVALS),
  money: moneyCardsSchema,
  /** The same range a year earlier. */
  previousMoney: moneyCardsSchema,
  series: z.array(seriesPointSchema),
  byCampaign: z.array(breakdownRowSchema),
  byChild: z.array(breakdownRowSchema),
  byMethod: z.array(breakdownRowSchema),
  donors: z.object({
    /** First counting gift in this subtree within the range. */
    new: z.number().int(),
    /** Gave in the range, and before it. */
    returning: z.number().int(),
    /** Gave in the 12 months before the range, not since. */
    lapsed: z.number().int(),
  }),
  averageGiftCents: z.number().int(),
  medianGiftCents: z.number().int(),
});
export type Analytics = z.infer<typeof analyticsSchema>;
export const ANALYTICS_TABLES = ['series', 'campaigns', 'children', 'methods'] as const;

/** `GET /dashboards/fundraiser` (a family): each of their players in each campaign. */
export const fundraiserDashboardSchema = z.object({
  players: z.array(
    z.object({
      campaignFundraiserId: z.number().int(),
      playerId: z.number().int(),
      playerName: z.string(),
      playerSlug: z.string(),
      campaignId: z.number().int(),
      campaignTitle: z.string(),
      campaignSlug: z.string(),
      campaignStatus: z.string(),
      endDate: z.string().nullable(),
      daysLeft: z.number().int().nullable(),
      goalCents: z.number().int(),
      raisedCents: z.number().int(),
      donors: z.number().int(),
      contacts: z.object({
        total: z.number().int(),
        invited: z.number().int(),
        opened: z.number().int(),
        donated: z.number().int(),
      }),
      accepted: z.boolean(),
      /** The one next step: accept, add_contacts, invite_contacts, share, thank_donors, done. */
      nextStep: z.enum(['accept', 'add_contacts', 'invite_contacts', 'share', 'thank_donors', 'done']),
    }),
  ),
});
export type FundraiserDashboard = z.infer<typeof fundraiserDashboardSchema>;
