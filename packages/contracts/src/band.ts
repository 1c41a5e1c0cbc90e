/**
 * BAND team messaging (issue 18; spec §1 band-integration page, §2 `/band/authorize`, §4 band link
 * outcome, §7 `POST /band/auth`, §8 the three messages; DECISIONS §1, §6; decision 021).
 *
 * Linking: the console asks `GET /band/connect-url` (signed, expiring `state` naming the user),
 * opens the returned URL in a popup (BAND's authorize page, or the sandbox consent page), BAND
 * redirects to `/band/authorize?code&state`, which posts both to `POST /band/auth` (public: the
 * popup may have no session) and shows the spec's message for `activationStatus`.
 *
 * Who may call what: any signed-in user links and unlinks their own BAND account and lists their
 * bands. Whoever may update a team node (`update` on the org node: Super Admin, the node's or an
 * ancestor's admins, FYS Sales on their teams) links it to a band, unlinks it and queues posts;
 * whoever may read the node reads its link and posts.
 */
import { z } from 'zod';
import { dbIdSchema, dbIdTextSchema, envelope } from './envelope.js';

// Link outcome (spec §4, §7, §8) -----------------------------------------------------------------

export const BAND_ACTIVATION_STATUSES = ['error', 'Existing', 'success'] as const;
export type BandActivationStatus = (typeof BAND_ACTIVATION_STATUSES)[number];

/** `POST /band/auth`: the code BAND (or the sandbox) returned, and the `state` our server issued. */
export const bandAuthBodySchema = z.strictObject({
  auth_code: z.string().trim().min(1).max(512),
  state: z.string().trim().min(1).max(1024),
});
export type BandAuthBody = z.infer<typeof bandAuthBodySchema>;

export const bandAuthResultSchema = z.object({ activationStatus: z.enum(BAND_ACTIVATION_STATUSES) });
export type BandAuthResult = z.infer<typeof bandAuthResultSchema>;
export const bandAuthResponseSchema = envelope(bandAuthResultSchema);

/**
 * The spec's messages (§8), verbatim (their spelling included), keyed by outcome. The web app
 * shows its translated copies; these are the English reference.
 */
export const BAND_ACTIVATION_MESSAGES: Record<BandActivationStatus, string> = {
  error: 'There was an error linking your account. Please close this window and try again.',
  Existing:
    'You have already linked your account. If you are trying to link a new account, please discconect your previous BAND connection and try again.',
  success:
    'Thanks for connecting your BAND account. Look for the band logo throughout our site to push messages to your team.',
};

// Connect URL ------------------------------------------------------------------------------------

/** `GET /band/connect-url?organizationId=`: the team page the link was started from (optional). */
export const bandConnectQuerySchema = z.object({ organizationId: dbIdTextSchema.optional() });
export const bandConnectUrlSchema = z.object({
  /** BAND's authorize URL (real provider) or our sandbox consent page, carrying the signed state. */
  url: z.string(),
  /** `real` or `sandbox`: the console may label the sandbox. */
  provider: z.enum(['real', 'sandbox']),
});
export type BandConnectUrl = z.infer<typeof bandConnectUrlSchema>;
export const bandConnectUrlResponseSchema = envelope(bandConnectUrlSchema);

// The signed-in user's account -------------------------------------------------------------------

export const BAND_ACCOUNT_STATUSES = ['valid', 'expired'] as const;
export type BandAccountStatus = (typeof BAND_ACCOUNT_STATUSES)[number];

export const bandAccountSchema = z.object({
  name: z.string(),
  /** `expired` when BAND refused to refresh the tokens: the user must link again. */
  status: z.enum(BAND_ACCOUNT_STATUSES),
  linkedAt: z.string(),
});
export type BandAccount = z.infer<typeof bandAccountSchema>;
/**
 * `DELETE /band/account?userId=`: the caller's own id may be named (spec §6's claimed identity, as
 * elsewhere); another id is a 403 that changes nothing.
 */
export const bandAccountQuerySchema = z.object({ userId: dbIdTextSchema.optional() });
/** `GET /band/account`. `DELETE /band/account` unlinks it (and the team links using it). */
export const bandAccountResponseSchema = envelope(z.object({ account: bandAccountSchema.nullable() }));

/** One band of the linked user (`GET /band/bands`). */
export const bandSummarySchema = z.object({
  bandKey: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  /** The linked user may write posts there (BAND's `posting` permission). */
  canPost: z.boolean(),
});
export type BandSummary = z.infer<typeof bandSummarySchema>;
export const bandListResponseSchema = envelope(z.array(bandSummarySchema));

// A team's band ----------------------------------------------------------------------------------

export const bandTeamLinkSchema = z.object({
  bandKey: z.string(),
  bandName: z.string(),
  /** Who linked it (their name), whose BAND account posts there. */
  linkedBy: z.string().nullable(),
  /** The health of that account. */
  accountStatus: z.enum(BAND_ACCOUNT_STATUSES),
  linkedAt: z.string(),
});
export type BandTeamLink = z.infer<typeof bandTeamLinkSchema>;

/** `GET /orgs/{id}/band`. `canManage`: the caller may link, unlink and post. */
export const bandTeamStateSchema = z.object({ link: bandTeamLinkSchema.nullable(), canManage: z.boolean() });
export type BandTeamState = z.infer<typeof bandTeamStateSchema>;
export const bandTeamStateResponseSchema = envelope(bandTeamStateSchema);

/** `PUT /orgs/{id}/band`: one of the caller's own bands (`GET /band/bands`) where they may post. */
export const bandTeamLinkBodySchema = z.strictObject({ bandKey: z.string().trim().min(1).max(100) });
export type BandTeamLinkBody = z.infer<typeof bandTeamLinkBodySchema>;

// Posts (the outbox) -----------------------------------------------------------------------------

export const BAND_POST_KINDS = [
  'campaign_launch',
  'campaign_invite',
  'goal_reached',
  'thank_you',
  'at_risk_nudge',
] as const;
export type BandPostKind = (typeof BAND_POST_KINDS)[number];

export const BAND_POST_STATUSES = ['queued', 'sending', 'posted', 'failed', 'cancelled'] as const;
export type BandPostStatus = (typeof BAND_POST_STATUSES)[number];

export const BAND_MESSAGE_MAX = 1000;

/**
 * `POST /orgs/{id}/band/posts`. The server writes the post from the campaign (name, public link,
 * goal, raised) in the team's language; `message` is an optional personal line put first.
 * Idempotent per event (`kind` + campaign): asking again returns the post already queued (200
 * instead of 201), never a second post.
 */
export const bandPostBodySchema = z.strictObject({
  kind: z.enum(BAND_POST_KINDS),
  campaignId: dbIdSchema,
  doPush: z.boolean().default(false),
  message: z.string().trim().max(BAND_MESSAGE_MAX).optional(),
});
export type BandPostBody = z.input<typeof bandPostBodySchema>;

export const bandPostSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  bandKey: z.string(),
  kind: z.enum(BAND_POST_KINDS),
  eventKey: z.string(),
  content: z.string(),
  doPush: z.boolean(),
  status: z.enum(BAND_POST_STATUSES),
  attempts: z.number().int(),
  /** Our error code for the last failed attempt (e.g. BAND_COOLDOWN, BAND_NOT_MEMBER). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  postedAt: z.string().nullable(),
  createdAt: z.string(),
  /** true when this call queued it; false when the event had been queued before. */
  created: z.boolean().optional(),
});
export type BandPost = z.infer<typeof bandPostSchema>;
export const bandPostResponseSchema = envelope(bandPostSchema);

/** `GET /orgs/{id}/band/posts?page&pageSize`: newest first. */
export const bandPostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const bandPostsResponseSchema = z.object({
  hasError: z.literal(false),
  data: z.array(bandPostSchema),
  total: z.number().int(),
});

/**
 * Error codes the BAND routes answer with (each has an English and Spanish message in the web
 * app's errors.json).
 */
export const BAND_ERROR_CODES = [
  'BAND_NOT_CONNECTED', // the caller (or the team's linker) has no linked BAND account
  'BAND_ACCOUNT_EXPIRED', // BAND refused to refresh the tokens: link again
  'BAND_NOT_MEMBER', // not a member of that band, or no permission to post there
  'BAND_TEAM_NOT_LINKED', // the team has no band yet
  'BAND_NOT_A_TEAM', // bands link to team and division nodes only
  'BAND_CAMPAIGN_INVALID', // the campaign is not this team's (or its ancestors')
  'BAND_UNAVAILABLE', // BAND did not answer or refused (quota, server error)
] as const;
export type BandErrorCode = (typeof BAND_ERROR_CODES)[number];

/** `lastError` values a post can carry. */
export const BAND_POST_ERRORS = [
  'BAND_COOLDOWN',
  'BAND_QUOTA',
  'BAND_NOT_MEMBER',
  'BAND_NOT_CONNECTED',
  'BAND_ACCOUNT_EXPIRED',
  'BAND_UNAVAILABLE',
  'BAND_REJECTED',
] as const;
