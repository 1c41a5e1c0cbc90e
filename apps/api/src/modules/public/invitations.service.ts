/**
 * Accepting a campaign invitation (spec §2 `/onboarding/campaign/accept-invite/{cfid}`, DECISIONS
 * §7). The emailed token (onboarding.ts convention: sha256 in `campaign_fundraisers`) proves the
 * family received the email, so:
 * - a parent who never set a password sets one here (names and password), and is signed in;
 * - a parent with a password must be signed in as that account to accept;
 * - a parent who never activated may instead accept while signed in to any account: the player
 *   then moves to that account (the family already has one under another address).
 * Tokens are single use: accepting clears the hash and stamps `accepted_at`.
 */
import type { AcceptInviteResponse, InviteInfo } from '@fc/contracts';
import { campaignFundraisers, campaigns, organizations, players, users } from '@fc/db';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { assertPasswordAcceptable, hashPassword } from '../auth/passwords.js';
import { ensureFundraiserProfile } from '../users/users.repository.js';
import { fundraiserSignIn, type RequestMeta } from './session.js';

const INVALID =
  'This invitation link is not valid any more: it was already used, has expired, or was replaced by a newer one.';

/** `jane.doe@example.org` → `j***@example.org` (enough to recognise, not to harvest). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.charAt(0)}***${email.slice(at)}`;
}

/** The invitation behind a live token, with its player, campaign and the player's parent. */
async function liveInvitation(app: FastifyInstance, cfid: number, token: string) {
  const [row] = await app.db
    .select({
      cf: {
        id: campaignFundraisers.id,
        slug: campaignFundraisers.slug,
        campaignId: campaignFundraisers.campaignId,
        playerId: campaignFundraisers.playerId,
      },
      campaign: { title: campaigns.title, slug: campaigns.slug, logoUrl: campaigns.logoUrl },
      organizationName: organizations.name,
      organizationLogo: organizations.logoUrl,
      player: {
        firstName: players.firstName,
        lastName: players.lastName,
        email: players.email,
        parentFirstName: players.parentFirstName,
        parentLastName: players.parentLastName,
        guardianUserId: players.guardianUserId,
      },
    })
    .from(campaignFundraisers)
    .innerJoin(campaigns, eq(campaigns.id, campaignFundraisers.campaignId))
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .innerJoin(players, eq(players.id, campaignFundraisers.playerId))
    .where(
      and(
        eq(campaignFundraisers.id, cfid),
        isNotNull(campaignFundraisers.inviteTokenHash),
        eq(campaignFundraisers.inviteTokenHash, sha256(token)),
        gt(campaignFundraisers.inviteExpiresAt, new Date()),
      ),
    );
  if (!row) throw notFound(INVALID, 'INVITE_INVALID');
  const [guardian] = row.player.guardianUserId
    ? await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, row.player.guardianUserId), isNull(users.deletedAt)))
    : [];
  return { ...row, guardian: guardian ?? null };
}

export async function inviteInfo(app: FastifyInstance, cfid: number, token: string): Promise<InviteInfo> {
  const inv = await liveInvitation(app, cfid, token);
  return {
    cfid: inv.cf.id,
    campaignTitle: inv.campaign.title,
    campaignSlug: inv.campaign.slug,
    organizationName: inv.organizationName,
    logoImage: inv.campaign.logoUrl ?? inv.organizationLogo,
    playerFirstName: inv.player.firstName,
    playerLastName: inv.player.lastName,
    emailHint: maskEmail(inv.guardian?.email ?? inv.player.email),
    hasAccount: Boolean(inv.guardian?.passwordHash),
    parentFirstName: inv.player.parentFirstName ?? inv.guardian?.firstName ?? null,
    parentLastName: inv.player.parentLastName ?? inv.guardian?.lastName ?? null,
  };
}

export interface AcceptBody {
  token: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  password?: string | undefined;
}

export async function acceptInvite(
  app: FastifyInstance,
  cfid: number,
  body: AcceptBody,
  caller: Principal | null,
  meta: RequestMeta,
): Promise<AcceptInviteResponse> {
  const inv = await liveInvitation(app, cfid, body.token);
  const guardian = inv.guardian;
  if (guardian?.status === 'disabled')
    throw forbidden('This account is disabled. Contact your administrator.', 'ACCOUNT_DISABLED');
  const activated = Boolean(guardian?.passwordHash);

  // Who the player will belong to, and what has to change on that account.
  let parentId: number;
  let newPassword: { hash: string; firstName: string; lastName: string } | null = null;
  if (activated) {
    if (!caller)
      throw unauthorized(`Sign in as ${maskEmail(guardian!.email)} to accept this invitation.`, 'SIGN_IN_REQUIRED');
    if (caller.user.id !== guardian!.id)
      throw forbidden(
        `This invitation is for the account ${maskEmail(guardian!.email)}. Sign in with that account to accept it.`,
        'INVITE_OTHER_ACCOUNT',
      );
    parentId = caller.user.id;
  } else if (caller) {
    parentId = caller.user.id;
  } else {
    const missing = (['firstName', 'lastName', 'password'] as const).filter((f) => !body[f]);
    if (missing.length) {
      throw badRequest(
        'ACCOUNT_DETAILS_REQUIRED',
        'Enter your first name, last name and a password to create your account.',
        missing.map((f) => ({ path: `body.${f}`, message: 'Required to create your account' })),
      );
    }
    assertPasswordAcceptable(body.password!);
    newPassword = { hash: await hashPassword(body.password!), firstName: body.firstName!, lastName: body.lastName! };
    parentId = guardian?.id ?? 0;
  }

  await app.db.transaction(async (tx) => {
    // Claim the token first: of two concurrent acceptances only one gets past this line.
    const claimed = await tx
      .update(campaignFundraisers)
      .set({ inviteTokenHash: null, acceptedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(campaignFundraisers.id, cfid), eq(campaignFundraisers.inviteTokenHash, sha256(body.token))))
      .returning({ id: campaignFundraisers.id });
    if (claimed.length === 0) throw notFound(INVALID, 'INVITE_INVALID');
    if (newPassword) {
      if (guardian) {
        await tx
          .update(users)
          .set({
            passwordHash: newPassword.hash,
            firstName: newPassword.firstName,
            lastName: newPassword.lastName,
            status: 'active',
            // Following the emailed link proves the address.
            emailConfirmedAt: guardian.emailConfirmedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, guardian.id));
      } else {
        // A player added without a parent account: the invited address becomes the account.
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, inv.player.email), isNull(users.deletedAt)));
        if (taken)
          throw new AppError(
            409,
            'ACCOUNT_EXISTS',
            `An account with ${maskEmail(inv.player.email)} already exists. Sign in first, then open the link again.`,
          );
        const [u] = await tx
          .insert(users)
          .values({
            email: inv.player.email,
            passwordHash: newPassword.hash,
            firstName: newPassword.firstName,
            lastName: newPassword.lastName,
            emailConfirmedAt: new Date(),
          })
          .returning({ id: users.id });
        parentId = u!.id;
      }
    }
    if (inv.player.guardianUserId !== parentId) {
      await tx
        .update(players)
        .set({ guardianUserId: parentId, updatedAt: new Date() })
        .where(eq(players.id, inv.cf.playerId));
    }
    await ensureFundraiserProfile(tx, parentId);
  });

  const session = await fundraiserSignIn(app, parentId, meta, caller?.sessionId);
  return {
    ...session,
    data: { cfid: inv.cf.id, playerId: inv.cf.playerId, campaignId: inv.cf.campaignId, fundraiserSlug: inv.cf.slug },
  };
}
