/**
 * Players ("fundraisers"), their campaign pages and contacts, invitations and family
 * registration (spec §2 Fundraisers and onboarding routes, §3 Fundraiser and Fundraiser contact,
 * §7 "Fundraisers"; DECISIONS §7). Amounts are integer cents.
 */
import { z } from 'zod';
import { emailSchema, personNameSchema } from './auth.js';
import { centsSchema, INVITE_STATUSES, isoDateSchema, moneyTotalsSchema } from './campaigns.js';
import { dbIdSchema, dbIdTextSchema } from './envelope.js';
import { slugSchema } from './orgs.js';

/** `GET /fundraiser/filter` (spec: userRole, userId, search, limit, page, order fixed at 1). */
export const FUNDRAISER_SORT_COLUMNS = ['name', 'parent', 'email', 'createdAt', 'raised'] as const;
export const fundraiserFilterQuerySchema = z.object({
  userRole: z.string().max(40).optional(),
  userId: dbIdTextSchema.optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  /** Spec: always 1. Kept for compatibility; `sortColumn`/`sort` choose the order. */
  order: z.coerce.number().int().optional(),
  sortColumn: z.enum(FUNDRAISER_SORT_COLUMNS).default('name'),
  sort: z.enum(['asc', 'desc']).default('asc'),
  division: dbIdTextSchema.optional(),
  campaign: dbIdTextSchema.optional(),
});
export type FundraiserFilterQuery = z.infer<typeof fundraiserFilterQuerySchema>;

/** The family's account: `invited` until the parent sets a password. */
export const ACCOUNT_STATUSES = ['invited', 'active'] as const;

export const fundraiserRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  /** Division names, comma separated. */
  divisionNames: z.string(),
  campaigns: z.number().int(),
  raisedCents: z.number().int(),
  createdAt: z.string(),
});
export type FundraiserRow = z.infer<typeof fundraiserRowSchema>;

export const fundraiserDivisionSchema = z.object({
  /** Roster entry id (`DELETE /organization_fundraiser/{id}`). */
  entryId: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
});
export type FundraiserDivision = z.infer<typeof fundraiserDivisionSchema>;

/** A player's part in one campaign, as the family and staff see it. */
export const fundraiserCampaignSchema = z.object({
  /** Campaign fundraiser id (cfid). */
  id: z.number().int(),
  campaignId: z.number().int(),
  title: z.string(),
  campaignSlug: z.string(),
  status: z.string(),
  organizationName: z.string(),
  logoImage: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The player's public page: `/fundraisers/{slug}`. */
  slug: z.string(),
  goalCents: z.number().int(),
  fundraisingReason: z.string().nullable(),
  inviteStatus: z.enum(INVITE_STATUSES),
  contacts: z.number().int(),
  ...moneyTotalsSchema.shape,
});
export type FundraiserCampaign = z.infer<typeof fundraiserCampaignSchema>;

export const CONTACT_STATUSES = ['added', 'invited', 'opened', 'donated'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const fundraiserContactSchema = z.object({
  id: z.number().int(),
  fundraiser: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The furthest step reached: donated > opened > invited > added. */
  status: z.enum(CONTACT_STATUSES),
  invitedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  donatedCents: z.number().int(),
});
export type FundraiserContact = z.infer<typeof fundraiserContactSchema>;

/** `GET /fundraiser/{id}`. */
export const fundraiserDetailSchema = fundraiserRowSchema.extend({
  fundraisingReason: z.string().nullable(),
  slug: z.string(),
  birthDate: z.string().nullable(),
  publicListing: z.boolean(),
  showFullName: z.boolean(),
  guardianUserId: z.number().int().nullable(),
  divisions: z.array(fundraiserDivisionSchema),
  campaigns: z.array(fundraiserCampaignSchema),
  contacts: z.array(fundraiserContactSchema),
  can: z.object({ update: z.boolean(), resendInvitation: z.boolean() }),
});
export type FundraiserDetail = z.infer<typeof fundraiserDetailSchema>;

/** `PATCH /fundraiser/{id}` (spec fields plus the family's privacy choices). */
export const updateFundraiserBodySchema = z.strictObject({
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  parentFirstName: personNameSchema.nullable().optional(),
  parentLastName: personNameSchema.nullable().optional(),
  email: emailSchema.optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  fundraisingReason: z.string().trim().max(2000).nullable().optional(),
  birthDate: isoDateSchema.nullable().optional(),
  publicListing: z.boolean().optional(),
  showFullName: z.boolean().optional(),
});
export type UpdateFundraiserBody = z.infer<typeof updateFundraiserBodySchema>;

/** `PATCH /fundraiser/{fundraiserId}/campaign/{campaignId}/`: the player's page settings. */
export const updateFundraiserCampaignBodySchema = z.strictObject({
  goalCents: centsSchema.optional(),
  fundraisingReason: z.string().trim().max(2000).nullable().optional(),
  slug: slugSchema.optional(),
});
export type UpdateFundraiserCampaignBody = z.infer<typeof updateFundraiserCampaignBodySchema>;

/** `POST /fundraiser_contact`: one or many (a pasted list) for one player and campaign. */
export const contactInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(160),
  email: emailSchema,
  phone: z.string().trim().max(30).nullable().optional(),
});
export const CONTACTS_MAX_PER_CALL = 500;
export const createContactsBodySchema = z.strictObject({
  fundraiserId: dbIdSchema,
  campaignId: dbIdSchema,
  contacts: z.array(contactInputSchema).min(1).max(CONTACTS_MAX_PER_CALL),
});
export type CreateContactsBody = z.infer<typeof createContactsBodySchema>;
export const createContactsResultSchema = z.object({
  added: z.number().int(),
  /** Already on the list (same email): left unchanged. */
  duplicates: z.number().int(),
  /** The contacts this call added. */
  contacts: z.array(fundraiserContactSchema),
});
export type CreateContactsResult = z.infer<typeof createContactsResultSchema>;
/** `POST /fundraiser_contact/update`. */
export const updateContactBodySchema = z.strictObject({
  id: dbIdSchema,
  fundraiserId: dbIdSchema,
  name: contactInputSchema.shape.name.optional(),
  email: emailSchema.optional(),
  phone: z.string().trim().max(30).nullable().optional(),
});
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;
/** `POST /fundraiser_contact/invite`: "invite to donate" emails carrying the player's link. */
export const inviteContactsBodySchema = z.strictObject({
  fundraiserId: dbIdSchema,
  campaignId: dbIdSchema,
  contactIds: z.array(dbIdSchema).min(1).max(CONTACTS_MAX_PER_CALL),
  /** A personal note added to the email. */
  note: z.string().trim().max(1000).optional(),
});
export type InviteContactsBody = z.infer<typeof inviteContactsBodySchema>;
/** A contact may be sent one "invite to donate" email per this many hours (no spamming). */
export const CONTACT_REINVITE_HOURS = 24;
export const INVITE_OUTCOMES = ['sent', 'recently_invited', 'not_found', 'failed'] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];
export const inviteContactsResultSchema = z.object({
  sent: z.number().int(),
  /** Contacts not emailed: invited less than 24 hours ago, not on this list, or a delivery error. */
  skipped: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      email: z.string().nullable(),
      outcome: z.enum(INVITE_OUTCOMES),
      /** For `recently_invited`: when this contact may be invited again. */
      retryAt: z.string().nullable(),
    }),
  ),
});
export type InviteContactsResult = z.infer<typeof inviteContactsResultSchema>;
export const fundraiserContactsQuerySchema = z.object({ campaign: dbIdTextSchema.optional() });

/**
 * Parses a pasted list: one contact per line, `Name <email>`, `Name, email[, phone]`, tab
 * separated, or a bare email. Returns the contacts and the lines it could not read (1-based).
 */
export function parseContactList(text: string): {
  contacts: { name: string; email: string; phone: string | null }[];
  invalidLines: number[];
} {
  const contacts: { name: string; email: string; phone: string | null }[] = [];
  const invalidLines: number[] = [];
  const emailRe = /[^\s<>,;"]+@[^\s<>,;"]+\.[^\s<>,;"]+/;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = line.match(emailRe);
    const email = m?.[0]?.toLowerCase();
    if (!email || !emailSchema.safeParse(email).success) {
      invalidLines.push(i + 1);
      return;
    }
    const rest = line
      .replace(m![0], ' ')
      .split(/[\t,;]/)
      .map((s) => s.replace(/[<>"]/g, '').trim())
      .filter(Boolean);
    const phone = rest.find((s) => /^[+()\d\s.-]{7,}$/.test(s)) ?? null;
    const name =
      rest
        .filter((s) => s !== phone)
        .join(' ')
        .trim() || email.split('@')[0]!;
    contacts.push({ name: name.slice(0, 160), email, phone });
  });
  return { contacts, invalidLines };
}

/** `GET /admin/user/campaigns` ("My Campaigns") and "My Players" on `/fundraisers/home`. */
export const myPlayerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  divisionNames: z.string(),
  campaigns: z.number().int(),
  raisedCents: z.number().int(),
});
export const myCampaignSchema = fundraiserCampaignSchema.extend({
  playerId: z.number().int(),
  playerFirstName: z.string(),
  playerLastName: z.string(),
});
export const familyHomeSchema = z.object({ players: z.array(myPlayerSchema), campaigns: z.array(myCampaignSchema) });
export type MyPlayer = z.infer<typeof myPlayerSchema>;
export type MyCampaign = z.infer<typeof myCampaignSchema>;
export type FamilyHome = z.infer<typeof familyHomeSchema>;

/** `DELETE /organization_fundraiser` (body form of `DELETE /organization_fundraiser/{id}`). */
export const rosterEntryIdBodySchema = z.strictObject({ id: dbIdSchema });
/** `POST /admin/fundraiser/{id}/avatar`. */
export const playerAvatarResultSchema = z.object({ avatarUrl: z.string() });
