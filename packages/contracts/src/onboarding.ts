/**
 * Campaign invitations and family registration (spec §2 `/onboarding/campaign/accept-invite/{cfid}`,
 * `/onboarding/player/{cfid}`, `/register/{organization}/player`; DECISIONS §7).
 *
 * Invitation token convention (shared by whoever sends and whoever accepts): the token is
 * `randomToken()` (apps/api/src/lib/crypto.ts), stored as `sha256(token)` in
 * `campaign_fundraisers.invite_token_hash` with `invite_expires_at` = 30 days later; the email
 * links to `{PUBLIC_URL}/onboarding/campaign/accept-invite/{cfid}?token={token}`. Accepting
 * clears the hash (single use) and sets `accepted_at`.
 */
import { z } from 'zod';
import { emailSchema, passwordSchema, personNameSchema } from './auth.js';
import { isoDateSchema } from './campaigns.js';
import { dbIdSchema } from './envelope.js';

export const INVITE_TTL_DAYS = 30;

// Invitations --------------------------------------------------------------------------------

/** `GET /onboarding/campaign/invite/{cfid}?token=`: what the acceptance page shows. */
export const inviteTokenQuerySchema = z.object({ token: z.string().min(16).max(128) });
export const inviteInfoSchema = z.object({
  cfid: z.number().int(),
  campaignTitle: z.string(),
  campaignSlug: z.string(),
  organizationName: z.string(),
  logoImage: z.string().nullable(),
  playerFirstName: z.string(),
  playerLastName: z.string(),
  /** The invited email, partly masked (`j***@example.org`). */
  emailHint: z.string(),
  /** The invited parent already has a password: sign in to accept. */
  hasAccount: z.boolean(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
});
/**
 * `POST /onboarding/campaign/accept-invite/{cfid}`. A new parent sends names and a password and
 * gets signed in; a signed-in parent sends only the token and the player is linked to them.
 */
export const acceptInviteBodySchema = z.strictObject({
  token: z.string().min(16).max(128),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  password: passwordSchema.optional(),
});

// Family registration ------------------------------------------------------------------------

/** `GET /register/{organization}/player`: the node (by slug) and its divisions to join. */
export const registrationInfoSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), logoUrl: z.string().nullable() }),
  divisions: z.array(z.object({ id: z.number().int(), name: z.string(), teamName: z.string().nullable() })),
});
/**
 * `POST /register/{organization}/player`: a family joins a division. Without a session it
 * creates the parent's account (an email that already has one must sign in first); with a
 * session it adds to the signed-in parent (`playerId` re-registers an existing own player).
 */
export const registerPlayerBodySchema = z.strictObject({
  divisionId: dbIdSchema,
  playerId: dbIdSchema.optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  birthDate: isoDateSchema.nullable().optional(),
  parentFirstName: personNameSchema.optional(),
  parentLastName: personNameSchema.optional(),
  email: emailSchema.optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  password: passwordSchema.optional(),
});
export const registerPlayerResultSchema = z.object({ playerId: z.number().int(), divisionId: z.number().int() });
