/**
 * Who may see and change a player, its campaign pages and contacts. Every condition comes from
 * campaigns.access.ts (the caller's CASL rules as SQL), so lists, details and writes agree:
 * - a player is readable on a roster the caller's `read players` rule reaches, or as its parent;
 * - it is changeable (details, page settings, photo, contacts) with `update players` on one of its
 *   rosters, or by its parent (guardian);
 * - campaign pages and contacts show only for campaigns the caller may read, and divisions only
 *   where the caller's rule reaches (a player on two organizations' rosters shows each side its own).
 * Outside the readable set the answer is 404; readable but not changeable is 403.
 */
import type { FieldError } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { campaignReadableSql, playerScopedSql, scoped, scopedSql, toSql } from '../campaigns/campaigns.access.js';
import { campaignPages, findPlayer, type PlayerRecord, type PlayerScope } from './fundraisers.repository.js';

export function playerScope(p: Principal): PlayerScope {
  return {
    player: playerScopedSql(p, 'read', 'pl'),
    campaign: campaignReadableSql(p, 'c'),
    division: scopedSql(p, 'read', 'players', sql`xof.organization_id`, sql`pl.guardian_user_id = ${p.user.id}`),
  };
}

export const playerNotFound = () => notFound('This player was not found or is outside your access.');

/** The player if the caller may read it (404 otherwise); `update` also requires change rights (403). */
export async function loadPlayer(
  app: FastifyInstance,
  p: Principal,
  id: number,
  need: 'read' | 'update',
): Promise<PlayerRecord & { scope: PlayerScope }> {
  const scope = playerScope(p);
  const staff = scoped(p, 'update', 'players', sql`xof.organization_id`);
  const staffWritable =
    staff === 'all' || staff === 'none'
      ? toSql(staff)
      : sql`exists (select 1 from organization_fundraisers xof where xof.player_id = pl.id and ${staff})`;
  const rec = await findPlayer(app.db, scope, playerScopedSql(p, 'update', 'pl'), staffWritable, id);
  if (!rec?.readable) throw playerNotFound();
  if (need === 'update' && !rec.writable) throw forbidden('You can view this player but not change it.');
  return { ...rec, scope };
}

/** The player's page on a campaign the caller may read, or 404 (the same whichever is missing). */
export async function loadCampaignPage(
  app: FastifyInstance,
  scope: PlayerScope,
  playerId: number,
  campaignId: number,
  field?: string,
) {
  const [page] = await campaignPages(
    app.db,
    sql`cf.player_id = ${playerId} and cf.campaign_id = ${campaignId} and ${scope.campaign}`,
  );
  if (!page) {
    const errors: FieldError[] | undefined = field ? [{ path: field, message: 'Not on this campaign' }] : undefined;
    throw new AppError(
      404,
      'NOT_ON_CAMPAIGN',
      'This player is not on that campaign, or it is outside your access.',
      errors,
    );
  }
  return page;
}

/** Contacts of a player the caller may see: only on campaigns it may read. */
export const contactsWhere = (scope: PlayerScope, playerId: number, extra?: SQL) =>
  sql`fc.player_id = ${playerId} and ${scope.campaign}${extra ? sql` and ${extra}` : sql``}`;

export { assertOwnIdentity } from '../../lib/http.js';
