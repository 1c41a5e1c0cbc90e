/**
 * Campaign contracts (spec §2 Campaigns, §3 Campaign, §4 campaign status, §5 campaign filter,
 * §7 "Campaigns"; DECISIONS §5 fee requests). Amounts are integer cents (DECISIONS §5).
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, MAX_AMOUNT_CENTS } from './campaign-rules.js';
import { dbIdSchema, dbIdTextSchema, listQuerySchema } from './envelope.js';
import { slugSchema } from './orgs.js';

export const centsSchema = z.number().int('Use whole cents').min(0).max(MAX_AMOUNT_CENTS);
export const positiveCentsSchema = z
  .number()
  .int('Use whole cents')
  .min(100, 'Use at least $1.00')
  .max(MAX_AMOUNT_CENTS);
/** A calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'Enter a real date',
    },
  );

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const campaignFields = {
  title: z.string().trim().min(3, 'Use at least 3 characters').max(160),
  slug: slugSchema,
  status: z.enum(CAMPAIGN_STATUSES),
  /** The owner node (any type). */
  organizationId: dbIdSchema,
  /** Divisions taking part (within the owner's subtree). */
  divisionIds: z.array(dbIdSchema).max(500),
  startDate: isoDateSchema.nullable().optional(),
  endDate: isoDateSchema.nullable().optional(),
  goalCents: centsSchema,
  playerGoalCents: centsSchema.nullable().optional(),
  shortDescription: optionalText(300),
  story: optionalText(20000),
};

const datesInOrder = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.startDate <= b.endDate;
const datesMessage = { message: 'The end date must be on or after the start date', path: ['endDate'] };

/** `POST /campaign/`. */
export const createCampaignBodySchema = z
  .strictObject({
    ...campaignFields,
    status: campaignFields.status.default('draft'),
    divisionIds: campaignFields.divisionIds.default([]),
  })
  .refine(datesInOrder, datesMessage);
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

/** `PUT /campaign/`: every field but the id is optional; the owner node may not change. */
export const updateCampaignBodySchema = z
  .strictObject({
    id: dbIdSchema,
    title: campaignFields.title.optional(),
    slug: campaignFields.slug.optional(),
    status: campaignFields.status.optional(),
    divisionIds: campaignFields.divisionIds.optional(),
    startDate: campaignFields.startDate,
    endDate: campaignFields.endDate,
    goalCents: campaignFields.goalCents.optional(),
    playerGoalCents: campaignFields.playerGoalCents,
    shortDescription: campaignFields.shortDescription,
    story: campaignFields.story,
  })
  .refine(datesInOrder, datesMessage);
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

/** `DELETE /campaign` body (refused with 409 `CAMPAIGN_HAS_DONATIONS` once any donation exists, even an incomplete one). */
export const campaignIdBodySchema = z.strictObject({ id: dbIdSchema });

/**
 * `GET /admin/campaign/listbyuser/`: userId/userRole are checked against the token (DECISIONS §3).
 * Without `page`/`perPage` the answer is every readable campaign (the spec's contract: the web's
 * list and pickers filter them on the client); with them, one page of the same order (newest
 * first), so other clients can read a large scope in bounded pieces. The response shape is the same.
 */
export const campaignListByUserQuerySchema = z.object({
  userId: dbIdTextSchema.optional(),
  userRole: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
  perPage: z.coerce.number().int().min(1).max(500).optional(),
});
/** `GET /campaign/filter?organization=`: campaigns owned by or shared with a node. */
export const campaignFilterQuerySchema = z.object({ organization: dbIdTextSchema });

/** Totals read from completed donations minus refunds. */
export const moneyTotalsSchema = z.object({
  raisedCents: z.number().int(),
  donors: z.number().int(),
  donations: z.number().int(),
});
export type MoneyTotals = z.infer<typeof moneyTotalsSchema>;

/** A row of the campaign list (spec §3 Campaign fields plus totals). */
export const campaignSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  organization: z.number().int(),
  organization_name: z.string(),
  /** The person who created the campaign. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  shortDescription: z.string().nullable(),
  logoImage: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  goalCents: z.number().int(),
  players: z.number().int(),
  ...moneyTotalsSchema.shape,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const feeRequestSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  label: z.string(),
  amountCents: z.number().int(),
  dueDate: z.string().nullable(),
});
export type FeeRequest = z.infer<typeof feeRequestSchema>;
/** `POST /fee_requests`. */
export const createFeeRequestBodySchema = z.strictObject({
  campaignId: dbIdSchema,
  label: z.string().trim().min(2, 'Use at least 2 characters').max(120),
  amountCents: positiveCentsSchema,
  dueDate: isoDateSchema.nullable().optional(),
});
/** `PUT /fee_requests/{id}`. */
export const updateFeeRequestBodySchema = createFeeRequestBodySchema.omit({ campaignId: true }).partial();
/** `GET /fee_requests/{id}` (public: the pay-fees page). */
export const publicFeeRequestSchema = feeRequestSchema.extend({
  campaignTitle: z.string(),
  campaignSlug: z.string(),
  organizationName: z.string(),
});

export const orgShareSchema = z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() });

/** `GET /campaign/{id}`. */
export const campaignDetailSchema = campaignSummarySchema.extend({
  story: z.string().nullable(),
  playerGoalCents: z.number().int().nullable(),
  divisions: z.array(orgShareSchema),
  /** Nodes the campaign is shared with. */
  sharedWith: z.array(orgShareSchema),
  feeRequests: z.array(feeRequestSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({
    /** Edit details, fee requests, sharing, logo. */
    update: z.boolean(),
    /** Add players, resend invitations, message families. */
    managePlayers: z.boolean(),
    /** May edit it and no donation (of any status) exists. */
    delete: z.boolean(),
  }),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** `PUT /organization_campaign/` and `DELETE /organization_campaign/`. */
export const orgCampaignBodySchema = z.strictObject({ campaignId: dbIdSchema, organizationId: dbIdSchema });
/** `POST /organization_campaign/bulkadd`. */
export const orgCampaignBulkBodySchema = z.strictObject({
  campaignId: dbIdSchema,
  organizationIds: z.array(dbIdSchema).min(1).max(500),
});

export const INVITE_STATUSES = ['not_invited', 'invited', 'joined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** A player on a campaign (`GET /campaign/{id}/fundraisers`). */
export const campaignFundraiserSchema = z.object({
  /** The campaign fundraiser id (cfid). */
  id: z.number().int(),
  playerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  email: z.string(),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  slug: z.string(),
  goalCents: z.number().int(),
  inviteStatus: z.enum(INVITE_STATUSES),
  invitedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  contacts: z.number().int(),
  ...moneyTotalsSchema.shape,
});
export type CampaignFundraiser = z.infer<typeof campaignFundraiserSchema>;

export const CAMPAIGN_FUNDRAISER_SORT_COLUMNS = ['name', 'division', 'goal', 'raised', 'donors', 'status'] as const;
export const campaignFundraisersQuerySchema = listQuerySchema.extend({
  perPage: z.coerce.number().int().min(1).max(500).default(25),
  sortColumn: z.enum(CAMPAIGN_FUNDRAISER_SORT_COLUMNS).default('name'),
  division: dbIdTextSchema.optional(),
  inviteStatus: z.enum(INVITE_STATUSES).optional(),
});

/** Divisions the caller may add players from, with how many are not yet on the campaign. */
export const campaignCandidateDivisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teamName: z.string().nullable(),
  players: z.number().int(),
  notOnCampaign: z.number().int(),
});

/** `POST /campaign_fundraiser/bulkadd`: whole divisions and/or chosen players (player ids). */
export const bulkAddFundraisersBodySchema = z
  .strictObject({
    campaignId: dbIdSchema,
    divisionIds: z.array(dbIdSchema).max(500).default([]),
    playerIds: z.array(dbIdSchema).max(5000).default([]),
    /** Email each newly added family their invitation at once. */
    sendInvites: z.boolean().default(true),
  })
  .refine((b) => b.divisionIds.length + b.playerIds.length > 0, {
    message: 'Choose at least one division or player',
    path: ['divisionIds'],
  });
export const bulkAddResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  invited: z.number().int(),
});

/** Per-family outcome of resend/message calls. */
export const recipientResultSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type RecipientResult = z.infer<typeof recipientResultSchema>;

/** At most this many families per call; the console sends batches and shows progress. */
export const BULK_MESSAGE_BATCH = 25;
/** `POST /campaign_fundraisers/resend_invite`. */
export const resendInvitesBodySchema = z.strictObject({
  campaignId: dbIdSchema,
  ids: z.array(dbIdSchema).min(1).max(BULK_MESSAGE_BATCH),
});
/** `POST /campaign_fundraisers/bulk_message`. */
export const bulkMessageBodySchema = z.strictObject({
  campaignId: dbIdSchema,
  ids: z.array(dbIdSchema).min(1).max(BULK_MESSAGE_BATCH),
  subject: z.string().trim().min(3, 'Use at least 3 characters').max(150),
  message: z.string().trim().min(3, 'Use at least 3 characters').max(5000),
});

/** `GET /campaign/{id}/summary` and `GET /campaign/{id}/division/{divisionId}`. */
export const campaignReportSchema = z.object({
  campaign: z.object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    goalCents: z.number().int(),
  }),
  /** Set when the report is for one division. */
  division: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  totals: moneyTotalsSchema.extend({
    goalCents: z.number().int(),
    players: z.number().int(),
    playersWithDonations: z.number().int(),
    averageCents: z.number().int(),
  }),
  byDivision: z.array(
    moneyTotalsSchema.extend({
      id: z.number().int().nullable(),
      name: z.string().nullable(),
      players: z.number().int(),
      goalCents: z.number().int(),
    }),
  ),
  byPlayer: z.array(
    moneyTotalsSchema.extend({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      divisionName: z.string().nullable(),
      goalCents: z.number().int(),
    }),
  ),
  topDonors: z.array(
    z.object({ name: z.string(), email: z.string(), totalCents: z.number().int(), donations: z.number().int() }),
  ),
  /** Completed donations per day (UTC), oldest first. */
  daily: z.array(z.object({ date: z.string(), raisedCents: z.number().int(), donations: z.number().int() })),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

/**
 * The client campaign filter of spec §5: status equality plus text search over organization
 * name, title, first name and last name. Status is compared exactly; "active campaigns" counts
 * (roll-ups, cards) use `isActiveCampaignStatus`, where drafts count too.
 */
export function filterCampaigns<
  T extends {
    status: string;
    organization_name: string;
    title: string;
    first_name: string | null;
    last_name: string | null;
  },
>(rows: T[], f: { status?: string; q?: string }): T[] {
  const q = f.q?.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.status && r.status !== f.status) return false;
    if (!q) return true;
    return [r.organization_name, r.title, r.first_name ?? '', r.last_name ?? ''].some((v) =>
      v.toLowerCase().includes(q),
    );
  });
}
