/**
 * Players ("fundraisers"): the staff list and detail, the family's edits and privacy choices,
 * their page on each campaign, the parent's account invitation, the photo, and the family home.
 */
import type {
  FamilyHome,
  FundraiserDetail,
  FundraiserFilterQuery,
  UpdateFundraiserBody,
  UpdateFundraiserCampaignBody,
} from '@fc/contracts';
import { campaignFundraisers, organizationFundraisers, players, users } from '@fc/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.js';
import { replaceImage } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { rosterKey } from '../orgs/roster.keys.js';
import { ensureFundraiserProfile, findOrInviteUser } from '../users/users.repository.js';
import { assertOwnIdentity, contactsWhere, loadCampaignPage, loadPlayer, playerScope } from './fundraisers.access.js';
import * as repo from './fundraisers.repository.js';

/** A unique-index violation, and on which index (drivers put it on the error or its cause). */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  return code === '23505' ? String(e.constraint ?? e.cause?.constraint ?? '') : null;
}

export async function list(app: FastifyInstance, p: Principal, q: FundraiserFilterQuery) {
  assertOwnIdentity(p, q);
  return repo.listPlayers(app.db, playerScope(p), q);
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<FundraiserDetail> {
  const rec = await loadPlayer(app, p, id, 'read');
  const [divisions, campaigns, contacts] = await Promise.all([
    repo.playerDivisions(app.db, rec.scope, id),
    repo.campaignPages(app.db, sql`cf.player_id = ${id} and ${rec.scope.campaign}`),
    repo.contacts(app.db, contactsWhere(rec.scope, id)),
  ]);
  return {
    ...rec.row,
    fundraisingReason: rec.fundraisingReason,
    slug: rec.slug,
    birthDate: rec.birthDate,
    publicListing: rec.publicListing,
    showFullName: rec.showFullName,
    guardianUserId: rec.guardianUserId,
    divisions,
    campaigns,
    contacts: contacts.map((c) => c.contact),
    can: {
      update: rec.writable,
      resendInvitation:
        rec.staffWritable && rec.guardianLive && !rec.guardianHasPassword && rec.guardianStatus === 'invited',
    },
  };
}

export async function campaignsOf(app: FastifyInstance, p: Principal, id: number) {
  const rec = await loadPlayer(app, p, id, 'read');
  return repo.campaignPages(app.db, sql`cf.player_id = ${id} and ${rec.scope.campaign}`);
}

export async function campaignOf(app: FastifyInstance, p: Principal, id: number, campaignId: number) {
  const rec = await loadPlayer(app, p, id, 'read');
  return loadCampaignPage(app, rec.scope, id, campaignId);
}

export async function contactsOf(app: FastifyInstance, p: Principal, id: number, campaignId?: number) {
  const rec = await loadPlayer(app, p, id, 'read');
  const rows = await repo.contacts(
    app.db,
    contactsWhere(rec.scope, id, campaignId === undefined ? undefined : sql`fc.campaign_id = ${campaignId}`),
  );
  return rows.map((r) => r.contact);
}

export async function divisionsOf(app: FastifyInstance, p: Principal, id: number) {
  const rec = await loadPlayer(app, p, id, 'read');
  return repo.playerDivisions(app.db, rec.scope, id);
}

/** The family's own choices: staff may not change them (decision 007). */
const PARENT_ONLY = ['publicListing', 'showFullName'] as const;

export async function update(app: FastifyInstance, p: Principal, id: number, body: UpdateFundraiserBody) {
  const rec = await loadPlayer(app, p, id, 'update');
  const isGuardian = rec.guardianUserId === p.user.id;
  const refused = PARENT_ONLY.filter((k) => body[k] !== undefined && body[k] !== rec[k]);
  if (!isGuardian && refused.length)
    throw new AppError(
      403,
      'PARENT_ONLY',
      "Only the player's parent can change who sees the player's name and listing.",
      refused.map((k) => ({ path: `body.${k}`, message: 'Only the parent can change this' })),
    );

  const first = body.firstName ?? rec.row.firstName;
  const last = body.lastName ?? rec.row.lastName;
  const email = body.email ?? rec.row.email;
  // Staff correcting the email of a family that never activated: the invitation must go to the
  // new address, so the player moves to that address's account (found or newly invited). An
  // activated family keeps its account; the email is then only the player's contact address.
  let newGuardianId: number | null = null;
  if (
    body.email &&
    body.email !== rec.row.email &&
    !isGuardian &&
    rec.guardianUserId !== null &&
    !rec.guardianHasPassword
  ) {
    const { user } = await findOrInviteUser(
      app.db,
      body.email,
      {
        first: (body.parentFirstName ?? rec.row.parentFirstName) || undefined,
        last: (body.parentLastName ?? rec.row.parentLastName) || undefined,
      },
      (missing) =>
        badRequest('PARENT_NAME_REQUIRED', "This email has no account yet: enter the parent's first and last name.", [
          ...(missing.first ? [{ path: 'body.parentFirstName', message: 'Required for a new parent' }] : []),
          ...(missing.last ? [{ path: 'body.parentLastName', message: 'Required for a new parent' }] : []),
        ]),
    );
    if (user.id !== rec.guardianUserId) newGuardianId = user.id;
  }

  const set: Partial<typeof players.$inferInsert> = { updatedAt: new Date() };
  for (const k of [
    'firstName',
    'lastName',
    'parentFirstName',
    'parentLastName',
    'email',
    'phone',
    'fundraisingReason',
    'birthDate',
    'publicListing',
    'showFullName',
  ] as const) {
    if (body[k] !== undefined) (set as Record<string, unknown>)[k] = body[k];
  }
  if (newGuardianId !== null) set.guardianUserId = newGuardianId;
  try {
    await app.db.transaction(async (tx) => {
      await tx.update(players).set(set).where(eq(players.id, id));
      if (newGuardianId !== null) await ensureFundraiserProfile(tx, newGuardianId);
      // Roster entries are matched on re-import by name and parent email: keep their keys current.
      if (first !== rec.row.firstName || last !== rec.row.lastName || email !== rec.row.email)
        await tx
          .update(organizationFundraisers)
          .set({ naturalKey: rosterKey(first, last, email) })
          .where(eq(organizationFundraisers.playerId, id));
    });
  } catch (err) {
    if (uniqueViolation(err)?.includes('natural_key') || uniqueViolation(err)?.includes('org_key'))
      throw conflict(
        'ALREADY_ON_ROSTER',
        `${first} ${last} with this parent email is already on one of these rosters.`,
        [{ path: 'body.firstName', message: 'Already on the roster' }],
      );
    throw err;
  }
  return detail(app, p, id);
}

export async function updateCampaign(
  app: FastifyInstance,
  p: Principal,
  id: number,
  campaignId: number,
  body: UpdateFundraiserCampaignBody,
) {
  const rec = await loadPlayer(app, p, id, 'update');
  const page = await loadCampaignPage(app, rec.scope, id, campaignId);
  const slugTaken = () =>
    conflict('SLUG_TAKEN', 'This web address is already used by another player page. Choose another one.', [
      { path: 'body.slug', message: 'Already in use' },
    ]);
  if (body.slug !== undefined && body.slug !== page.slug) {
    const [other] = await app.db
      .select({ id: campaignFundraisers.id })
      .from(campaignFundraisers)
      .where(and(eq(campaignFundraisers.slug, body.slug), ne(campaignFundraisers.id, page.id)));
    if (other) throw slugTaken();
  }
  const set: Partial<typeof campaignFundraisers.$inferInsert> = { updatedAt: new Date() };
  if (body.goalCents !== undefined) set.goalCents = body.goalCents;
  if (body.fundraisingReason !== undefined) set.fundraisingReason = body.fundraisingReason;
  if (body.slug !== undefined) set.slug = body.slug;
  try {
    await app.db.update(campaignFundraisers).set(set).where(eq(campaignFundraisers.id, page.id));
  } catch (err) {
    if (uniqueViolation(err)?.includes('slug')) throw slugTaken();
    throw err;
  }
  return loadCampaignPage(app, rec.scope, id, campaignId);
}

/** Re-sends the parent's account invitation (like the roster's resend). */
export async function resendInvitation(app: FastifyInstance, p: Principal, id: number) {
  const rec = await loadPlayer(app, p, id, 'update');
  if (!rec.staffWritable)
    throw forbidden("Only the player's organization can resend the family's invitation.", 'STAFF_ONLY');
  const [guardian] =
    rec.guardianUserId !== null && rec.guardianLive
      ? await app.db.select().from(users).where(eq(users.id, rec.guardianUserId))
      : [];
  if (!guardian) throw badRequest('NO_PARENT', 'This player has no parent account to invite.');
  if (guardian.passwordHash)
    throw conflict('ALREADY_ACTIVE', 'This family has already set a password; no invitation is needed.');
  if (guardian.status === 'disabled') throw conflict('ACCOUNT_DISABLED', "The parent's account is disabled.");
  await sendTokenEmail(app, guardian, 'activate');
  // The rosters the caller sees show when the family was last invited.
  await app.db.execute(sql`update organization_fundraisers xof set invited_at = now()
    from players pl where pl.id = xof.player_id and xof.player_id = ${id} and ${rec.scope.division}`);
  return `Invitation sent to ${guardian.email}.`;
}

export async function setAvatar(app: FastifyInstance, p: Principal, id: number, store: () => Promise<string>) {
  await loadPlayer(app, p, id, 'update');
  return replaceImage(app, 'player', id, await store());
}

/** `/fundraisers/home`: the signed-in parent's players and their campaign pages. */
export async function familyHome(app: FastifyInstance, p: Principal): Promise<FamilyHome> {
  const [mine, campaigns] = await Promise.all([
    repo.guardedPlayers(app.db, p.user.id),
    repo.campaignPages(app.db, sql`pl.guardian_user_id = ${p.user.id}`),
  ]);
  return {
    players: mine.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      avatarUrl: r.avatarUrl,
      divisionNames: r.divisionNames,
      campaigns: r.campaigns,
      raisedCents: r.raisedCents,
    })),
    campaigns,
  };
}
