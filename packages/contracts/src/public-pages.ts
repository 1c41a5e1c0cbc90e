/**
 * Public campaign and player pages (spec §2 `/campaigns/{slug}`, `/fundraisers/{slug}`) and the
 * privacy rules for minors (decision 007): a player under 13, or of unknown age, is listed on
 * leaderboards and in public search only when a parent allows it, and every public page shows
 * first name and last initial unless a parent chose the full name.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaigns.js';

export const PUBLIC_LISTING_MIN_AGE = 13;

/** Age in whole years on `today` (UTC dates), or null when the birth date is unknown. */
export function ageOn(birthDate: string | null, today: Date = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** May the player appear on leaderboards and in public search? */
export function isPubliclyListable(p: { birthDate: string | null; publicListing: boolean }, today?: Date): boolean {
  if (p.publicListing) return true;
  const age = ageOn(p.birthDate, today);
  return age !== null && age >= PUBLIC_LISTING_MIN_AGE;
}

/** "Jane D." by default; "Jane Doe" when a parent chose the full name. */
export function publicPlayerName(p: { firstName: string; lastName: string; showFullName: boolean }): string {
  if (p.showFullName) return `${p.firstName} ${p.lastName}`.trim();
  const initial = p.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${p.firstName} ${initial}.` : p.firstName;
}

/** Spec §9: counts over 999 are shown with 'k' (1,250 → "1.3k"). */
export function formatCount(n: number): string {
  if (n <= 999) return String(n);
  const k = n / 1000;
  return `${k >= 100 ? Math.round(k) : Number(k.toFixed(1))}k`;
}

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
