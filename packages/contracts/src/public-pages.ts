/**
 * Public campaign and player pages (spec §2 `/campaigns/{slug}`, `/fundraisers/{slug}`) and the
 * privacy rules for minors (decision 007): a player under 13, or of unknown age, is listed on
 * leaderboards and in public search only when a parent allows it, and every public page shows
 * first name and last initial unless a parent chose the full name.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaign-rules.js';

export const publicSupporterSchema = z.object({
  /** Null when the donor asked not to be named: shown as "Anonymous". */
  name: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  message: z.string().nullable(),
  at: z.string(),
});
export const leaderboardEntrySchema = z.object({
  name: z.string(),
  slug: z.string(),
  avatarUrl: z.string().nullable(),
  raisedCents: z.number().int(),
  goalCents: z.number().int(),
  donors: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

const publicCampaignCore = {
  title: z.string(),
  slug: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  organizationName: z.string(),
  organizationLogo: z.string().nullable(),
  logoImage: z.string().nullable(),
  shortDescription: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
};

/** `GET /public/campaigns/{slug}`. */
export const publicCampaignSchema = z.object({
  ...publicCampaignCore,
  story: z.string().nullable(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donors: z.number().int(),
  /** Listable players, highest raised first (top 10). */
  leaderboard: z.array(leaderboardEntrySchema),
  recentSupporters: z.array(publicSupporterSchema),
  /** Donations are accepted (active campaign, inside its dates). */
  acceptingDonations: z.boolean(),
});
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;

/** `GET /public/campaigns/{slug}/players?q=`: public search over listable players only. */
export const publicPlayerSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** `GET /public/fundraisers/{slug}`. */
export const publicFundraiserSchema = z.object({
  name: z.string(),
  slug: z.string(),
  avatarUrl: z.string().nullable(),
  fundraisingReason: z.string().nullable(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donors: z.number().int(),
  teamName: z.string().nullable(),
  campaign: z.object({ ...publicCampaignCore }),
  recentSupporters: z.array(publicSupporterSchema),
  acceptingDonations: z.boolean(),
});
export type PublicFundraiser = z.infer<typeof publicFundraiserSchema>;

/** `POST /public/fundraisers/{slug}/opened`: a contact followed their invitation link. */
export const contactOpenedBodySchema = z.strictObject({ c: z.string().min(8).max(32) });
