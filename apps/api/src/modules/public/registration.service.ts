/**
 * Family registration (spec §2 `/register/{organization}/player`, DECISIONS §7): a family joins a
 * division of any node's subtree. Without a session the parent's account is created here; a
 * signed-in parent adds a player (or re-registers one of their own) to another division. Roster
 * entries follow the roster's rules (orgs/roster.*): the same natural key per division, and the
 * same child of a family keeps one player page across rosters.
 */
import type { RegisterPlayerResponse, RegistrationInfo } from '@fc/contracts';
import { type Db, organizationFundraisers, organizations, players, type Tx, users } from '@fc/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { consumeMailAllowance } from '../../lib/throttle.js';
import type { Principal } from '../../types.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { assertPasswordAcceptable, hashPassword } from '../auth/passwords.js';
import { rosterKey } from '../orgs/roster.keys.js';
import { findOrCreateFamilyPlayer } from '../orgs/roster.service.js';
import { subtreeIds } from '../orgs/tree.repository.js';
import { ensureFundraiserProfile } from '../users/users.repository.js';
import { fundraiserSignIn, type RequestMeta } from './session.js';

const accountExists = () =>
  new AppError(
    409,
    'ACCOUNT_EXISTS',
    'An account with this email already exists. Sign in first, then register your player.',
    [{ path: 'body.email', message: 'Already registered: sign in first' }],
  );

function isEmailTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (
    (e.code ?? e.cause?.code) === '23505' && String(e.constraint ?? e.cause?.constraint ?? '').includes('users_email')
  );
}

/** The activation link is re-sent within the mail allowance of the address and the network. */
async function mailAllowed(app: FastifyInstance, email: string, ip: string): Promise<boolean> {
  try {
    await consumeMailAllowance(app.db, email, ip);
    return true;
  } catch {
    return false;
  }
}

async function registrationNode(db: Db, slug: string) {
  const [node] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      logoUrl: organizations.logoUrl,
    })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), eq(organizations.status, 'active')));
  if (!node) throw notFound('This organization was not found.');
  return node;
}

/** Active divisions at or below the node, with their team's name. */
async function divisionsUnder(db: Db, nodeId: number) {
  const ids = await subtreeIds(db, nodeId);
  const team = alias(organizations, 'team');
  return db
    .select({ id: organizations.id, name: organizations.name, teamName: team.name })
    .from(organizations)
    .leftJoin(team, and(eq(team.id, organizations.parentId), eq(team.typeId, 3)))
    .where(and(inArray(organizations.id, ids), eq(organizations.typeId, 4), eq(organizations.status, 'active')))
    .orderBy(asc(team.name), asc(organizations.name));
}

export async function registrationInfo(
  app: FastifyInstance,
  slug: string,
  caller: Principal | null,
): Promise<RegistrationInfo> {
  const node = await registrationNode(app.db, slug);
  const divisions = await divisionsUnder(app.db, node.id);
  let myPlayers: RegistrationInfo['myPlayers'] = [];
  if (caller) {
    const own = await app.db
      .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
      .from(players)
      .where(eq(players.guardianUserId, caller.user.id))
      .orderBy(asc(players.firstName), asc(players.id));
    const onRoster = own.length
      ? await app.db
          .select({ playerId: organizationFundraisers.playerId, divisionId: organizationFundraisers.organizationId })
          .from(organizationFundraisers)
          .where(
            and(
              inArray(
                organizationFundraisers.playerId,
                own.map((p) => p.id),
              ),
              inArray(organizationFundraisers.organizationId, divisions.length ? divisions.map((d) => d.id) : [0]),
            ),
          )
      : [];
    myPlayers = own.map((p) => ({
      ...p,
      divisionIds: onRoster.filter((r) => r.playerId === p.id).map((r) => r.divisionId),
    }));
  }
  return {
    organization: node,
    divisions,
    signedInAs: caller
      ? { firstName: caller.user.firstName, lastName: caller.user.lastName, email: caller.user.email }
      : null,
    myPlayers,
  };
}

export interface RegisterBody {
  divisionId: number;
  playerId?: number | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | null | undefined;
  parentFirstName?: string | undefined;
  parentLastName?: string | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  password?: string | undefined;
}

const required = (body: RegisterBody, fields: (keyof RegisterBody)[], message: string) => {
  const missing = fields.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
  if (missing.length)
    throw badRequest(
      'REGISTRATION_DETAILS_REQUIRED',
      message,
      missing.map((f) => ({ path: `body.${f}`, message: 'Required' })),
    );
};

/** Puts the player on the division's roster, refusing a second entry with the same natural key. */
async function joinRoster(
  tx: Tx,
  division: { id: number; name: string },
  player: { id: number; firstName: string; lastName: string; email: string },
) {
  const key = rosterKey(player.firstName, player.lastName, player.email);
  const [dup] = await tx
    .select({ id: organizationFundraisers.id })
    .from(organizationFundraisers)
    .where(
      and(
        eq(organizationFundraisers.organizationId, division.id),
        sql`(${organizationFundraisers.naturalKey} = ${key} or ${organizationFundraisers.playerId} = ${player.id})`,
      ),
    );
  if (dup)
    throw conflict(
      'ALREADY_ON_ROSTER',
      `${player.firstName} ${player.lastName} is already on the ${division.name} roster.`,
      [{ path: 'body.divisionId', message: 'Already on this roster' }],
    );
  await tx
    .insert(organizationFundraisers)
    .values({ organizationId: division.id, playerId: player.id, naturalKey: key });
}

export async function registerPlayer(
  app: FastifyInstance,
  slug: string,
  body: RegisterBody,
  caller: Principal | null,
  meta: RequestMeta,
): Promise<RegisterPlayerResponse> {
  const node = await registrationNode(app.db, slug);
  const division = (await divisionsUnder(app.db, node.id)).find((d) => d.id === body.divisionId);
  if (!division)
    throw badRequest('DIVISION_NOT_OPEN', `Choose one of the divisions of ${node.name}.`, [
      { path: 'body.divisionId', message: 'Not a division of this organization' },
    ]);

  let parent: { id: number; email: string; firstName: string; lastName: string };
  let passwordHash: string | null = null;
  if (caller) {
    parent = caller.user;
  } else {
    required(
      body,
      ['firstName', 'lastName', 'parentFirstName', 'parentLastName', 'email', 'password'],
      "Enter the player's and the parent's names, the parent's email and a password.",
    );
    const [existing] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.email, body.email!), isNull(users.deletedAt)));
    if (existing?.passwordHash) {
      throw accountExists();
    }
    if (existing) {
      // An invited account (e.g. from a roster import): setting its password here would hand
      // its players to whoever typed the address. The emailed link proves the address instead.
      if (existing.status !== 'disabled' && (await mailAllowed(app, existing.email, meta.ip)))
        await sendTokenEmail(app, existing, 'activate');
      throw new AppError(
        409,
        'ACTIVATION_PENDING',
        'This email already has an invitation waiting. We sent a new link to it: open it to set your password, then sign in and register your player.',
        [{ path: 'body.email', message: 'Invitation pending: check your email' }],
      );
    }
    assertPasswordAcceptable(body.password!);
    passwordHash = await hashPassword(body.password!);
    parent = { id: 0, email: body.email!, firstName: body.parentFirstName!, lastName: body.parentLastName! };
  }
  if (!body.playerId) required(body, ['firstName', 'lastName'], "Enter the player's first and last name.");

  const result = await app.db
    .transaction(async (tx) => {
      if (passwordHash) {
        const [u] = await tx
          .insert(users)
          .values({
            email: parent.email,
            passwordHash,
            firstName: parent.firstName,
            lastName: parent.lastName,
            phone: body.phone ?? null,
          })
          .returning({ id: users.id });
        parent = { ...parent, id: u!.id };
      }
      await ensureFundraiserProfile(tx, parent.id);
      let player: { id: number; firstName: string; lastName: string; email: string } | undefined;
      if (body.playerId) {
        [player] = await tx
          .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
          .from(players)
          .where(and(eq(players.id, body.playerId), eq(players.guardianUserId, parent.id)));
        if (!player)
          throw badRequest('PLAYER_NOT_YOURS', 'Choose one of your own players.', [
            { path: 'body.playerId', message: 'Not one of your players' },
          ]);
      } else {
        const firstName = body.firstName!;
        const lastName = body.lastName!;
        const found = await findOrCreateFamilyPlayer(tx, parent, {
          firstName,
          lastName,
          email: parent.email,
          parentFirstName: body.parentFirstName,
          parentLastName: body.parentLastName,
          phone: body.phone,
          birthDate: body.birthDate,
        });
        player = found.player;
        if (!found.created && body.birthDate) {
          await tx
            .update(players)
            .set({ birthDate: body.birthDate, updatedAt: new Date() })
            .where(eq(players.id, player.id));
        }
      }
      await joinRoster(tx, division, player!);
      return { playerId: player!.id, divisionId: division.id };
    })
    .catch((err: unknown) => {
      // Two registrations with one new email at the same moment: the second finds the account taken.
      if (isEmailTaken(err)) throw accountExists();
      throw err;
    });

  if (passwordHash) {
    const [created] = await app.db.select().from(users).where(eq(users.id, parent.id));
    await sendTokenEmail(app, created!, 'confirm');
  }
  const session = await fundraiserSignIn(app, parent.id, meta, caller?.sessionId);
  return { ...session, data: result };
}
