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
import { emailSchema, loginResponseSchema, passwordSchema, personNameSchema } from './auth.js';
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
/**
 * The accepted invitation: a fundraiser session (same shape as `POST /jwt/login`, role
 * `fundraiser`) so the family lands on `/fundraisers/home`, plus the player's campaign page.
 */
export const acceptInviteResponseSchema = loginResponseSchema.extend({
  data: z.object({
    cfid: z.number().int(),
    playerId: z.number().int(),
    campaignId: z.number().int(),
    fundraiserSlug: z.string(),
  }),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

// Family registration ------------------------------------------------------------------------

/** `GET /register/{organization}/player`: the node (by slug) and its divisions to join. */
export const registrationInfoSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), logoUrl: z.string().nullable() }),
  divisions: z.array(z.object({ id: z.number().int(), name: z.string(), teamName: z.string().nullable() })),
  /** The caller when a valid session was sent (the form then adds to this parent). */
  signedInAs: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /** The signed-in parent's own players, to re-register one into another division. */
  myPlayers: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      /** Divisions of this registration the player is already on. */
      divisionIds: z.array(z.number().int()),
    }),
  ),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;
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
/** The registration answer: a fundraiser session (as `POST /jwt/login`) plus what was registered. */
export const registerPlayerResponseSchema = loginResponseSchema.extend({ data: registerPlayerResultSchema });
export type RegisterPlayerResponse = z.infer<typeof registerPlayerResponseSchema>;
export type RegisterPlayerBody = z.input<typeof registerPlayerBodySchema>;
export type InviteInfo = z.infer<typeof inviteInfoSchema>;
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;
