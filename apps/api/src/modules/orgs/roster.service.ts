/**
 * Division rosters: players and the parents who manage their pages. A player joins a roster
 * through `organization_fundraisers` (the spec's "organization fundraiser"); the parent gets a
 * fundraiser profile, and an invitation when the account is new.
 */
import { randomBytes } from 'node:crypto';
import type { AddPlayerBody, RosterEntry } from '@fc/contracts';
import { slugify } from '@fc/contracts';
import { type Db, organizationFundraisers, players, type Tx, users } from '@fc/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardImages, releaseUnlistedPlayerPhotos } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { ensureFundraiserProfile, findOrInviteUser } from '../users/users.repository.js';
import { rosterSubject } from './orgs.access.js';
import { members, salesChain, visibleNode } from './orgs.service.js';
import { rosterKey } from './roster.keys.js';

export const playerSlug = (first: string, last: string) =>
  `${slugify(`${first}-${last}`, 100)}-${randomBytes(3).toString('hex')}`;

export interface FamilyPlayer {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The family's player with this name (case-insensitive), or a new one: the same child on several
 * rosters of one family keeps one player page. `created` says which.
 */
export async function findOrCreateFamilyPlayer(
  tx: Tx,
  guardian: { id: number; firstName: string; lastName: string },
  p: {
    firstName: string;
    lastName: string;
    email: string;
    parentFirstName?: string | undefined;
    parentLastName?: string | undefined;
    phone?: string | null | undefined;
    birthDate?: string | null | undefined;
  },
): Promise<{ player: FamilyPlayer; created: boolean }> {
  const columns = { id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email };
  const [known] = await tx
    .select(columns)
    .from(players)
    .where(
      and(
        eq(players.guardianUserId, guardian.id),
        sql`lower(${players.firstName}) = ${p.firstName.toLowerCase()}`,
        sql`lower(${players.lastName}) = ${p.lastName.toLowerCase()}`,
      ),
    );
  if (known) return { player: known, created: false };
  const [player] = await tx
    .insert(players)
    .values({
      guardianUserId: guardian.id,
      firstName: p.firstName,
      lastName: p.lastName,
      parentFirstName: p.parentFirstName ?? guardian.firstName,
      parentLastName: p.parentLastName ?? guardian.lastName,
      email: p.email,
      phone: p.phone ?? null,
      birthDate: p.birthDate ?? null,
      slug: playerSlug(p.firstName, p.lastName),
    })
    .returning(columns);
  return { player: player!, created: true };
}

/** The division (type 4) if the caller may see it; `write` also requires roster rights. */
export async function rosterDivision(app: FastifyInstance, p: Principal, id: number, write: boolean) {
  const node = await visibleNode(app, p, id);
  if (node.typeId !== 4) throw notFound('This division was not found.');
  if (write) {
    const chain = await salesChain(app, node);
    if (!p.ability.can('update', rosterSubject(node.id, chain)))
      throw forbidden('You can view this roster but not change it.');
  }
  return node;
}

const entryColumns = {
  id: organizationFundraisers.id,
  playerId: players.id,
  firstName: players.firstName,
  lastName: players.lastName,
  parentFirstName: players.parentFirstName,
  parentLastName: players.parentLastName,
  email: players.email,
  phone: players.phone,
  slug: players.slug,
  guardianStatus: users.status,
  invitedAt: organizationFundraisers.invitedAt,
};

async function entries(db: Db, where: ReturnType<typeof eq>): Promise<RosterEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(organizationFundraisers)
    .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
    .leftJoin(users, eq(users.id, players.guardianUserId))
    .where(where)
    .orderBy(asc(sql`lower(${players.lastName})`), asc(sql`lower(${players.firstName})`), asc(players.id));
  return rows.map(({ guardianStatus, ...r }) => ({
    ...r,
    status: guardianStatus === 'active' ? 'active' : 'invited',
    invitedAt: r.invitedAt?.toISOString() ?? null,
  }));
}

export async function divisionDetail(app: FastifyInstance, p: Principal, id: number) {
  const node = await rosterDivision(app, p, id, false);
  const users = await members(app, p, id, { page: 1, perPage: 100, sort: 'asc', sortColumn: 'name' });
  return {
    id: node.id,
    name: node.name,
    slug: node.slug,
    parentId: node.parentId,
    users: users.rows,
    players: await entries(app.db, eq(organizationFundraisers.organizationId, id)),
  };
}

export async function addPlayer(app: FastifyInstance, p: Principal, divisionId: number, body: AddPlayerBody) {
  const division = await rosterDivision(app, p, divisionId, true);
  const key = rosterKey(body.firstName, body.lastName, body.email);
  const [dup] = await app.db
    .select({ id: organizationFundraisers.id })
    .from(organizationFundraisers)
    .where(and(eq(organizationFundraisers.organizationId, divisionId), eq(organizationFundraisers.naturalKey, key)));
  if (dup)
    throw conflict(
      'ALREADY_ON_ROSTER',
      `${body.firstName} ${body.lastName} is already on the ${division.name} roster.`,
      [{ path: 'body.firstName', message: 'Already on this roster' }],
    );
  // The parent's account: the existing one, or a new invited one (names needed then).
  const { user: guardian } = await findOrInviteUser(
    app.db,
    body.email,
    { first: body.parentFirstName, last: body.parentLastName },
    (missing) =>
      badRequest('PARENT_NAME_REQUIRED', "This parent has no account yet: enter the parent's first and last name.", [
        ...(missing.first ? [{ path: 'body.parentFirstName', message: 'Required for a new parent' }] : []),
        ...(missing.last ? [{ path: 'body.parentLastName', message: 'Required for a new parent' }] : []),
      ]),
  );
  const entryId = await app.db.transaction(async (tx) => {
    await ensureFundraiserProfile(tx, guardian.id);
    const {
      player: { id: playerId },
    } = await findOrCreateFamilyPlayer(tx, guardian, body);
    const [entry] = await tx
      .insert(organizationFundraisers)
      .values({
        organizationId: divisionId,
        playerId,
        naturalKey: key,
        invitedAt: guardian.status === 'invited' ? new Date() : null,
      })
      .returning({ id: organizationFundraisers.id });
    return entry!.id;
  });
  if (guardian.status === 'invited') await sendTokenEmail(app, guardian, 'activate');
  const [entry] = await entries(app.db, eq(organizationFundraisers.id, entryId));
  return entry!;
}

async function entryForChange(app: FastifyInstance, p: Principal, entryId: number) {
  const [row] = await app.db
    .select({
      id: organizationFundraisers.id,
      organizationId: organizationFundraisers.organizationId,
      guardianUserId: players.guardianUserId,
      firstName: players.firstName,
      lastName: players.lastName,
    })
    .from(organizationFundraisers)
    .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
    .where(eq(organizationFundraisers.id, entryId));
  if (!row) throw notFound('This player was not found on a roster.');
  try {
    const division = await rosterDivision(app, p, row.organizationId, true);
    return { row, division };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) throw notFound('This player was not found on a roster.');
    throw err;
  }
}

export async function removeEntry(app: FastifyInstance, p: Principal, entryId: number) {
  const { row, division } = await entryForChange(app, p, entryId);
  const released = await app.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(organizationFundraisers)
      .where(eq(organizationFundraisers.id, entryId))
      .returning({ playerId: organizationFundraisers.playerId });
    return releaseUnlistedPlayerPhotos(tx, gone ? [gone.playerId] : []);
  });
  await discardImages(app, released);
  return `${row.firstName} ${row.lastName} was removed from the ${division.name} roster.`;
}

export async function resendEntryInvite(app: FastifyInstance, p: Principal, entryId: number) {
  const { row } = await entryForChange(app, p, entryId);
  const [guardian] = row.guardianUserId
    ? await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, row.guardianUserId), isNull(users.deletedAt)))
    : [];
  if (!guardian) throw badRequest('NO_PARENT', 'This player has no parent account to invite.');
  if (guardian.status !== 'invited')
    throw badRequest('NOT_INVITED', 'This family has already activated their account; no invitation is needed.');
  await sendTokenEmail(app, guardian, 'activate');
  await app.db
    .update(organizationFundraisers)
    .set({ invitedAt: new Date() })
    .where(eq(organizationFundraisers.id, entryId));
  return `Invitation sent to ${guardian.email}.`;
}

/**
 * Sends an invitation to every family on the roster whose parent has not activated yet and was
 * never invited (imports add families without emailing them). Returns how many were sent.
 */
export async function inviteUninvited(app: FastifyInstance, p: Principal, divisionId: number) {
  await rosterDivision(app, p, divisionId, true);
  const pending = await app.db
    .select({ entryId: organizationFundraisers.id, user: users })
    .from(organizationFundraisers)
    .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
    .innerJoin(users, eq(users.id, players.guardianUserId))
    .where(
      and(
        eq(organizationFundraisers.organizationId, divisionId),
        isNull(organizationFundraisers.invitedAt),
        eq(users.status, 'invited'),
        isNull(users.deletedAt),
      ),
    );
  const sentTo = new Set<number>();
  for (const { entryId, user } of pending) {
    if (!sentTo.has(user.id)) {
      await sendTokenEmail(app, user, 'activate');
      sentTo.add(user.id);
    }
    await app.db
      .update(organizationFundraisers)
      .set({ invitedAt: new Date() })
      .where(eq(organizationFundraisers.id, entryId));
  }
  return sentTo.size;
}
