/**
 * A team's band (decision 021 "Team links"): whoever may update the team node (its admins and its
 * ancestors', Super Admin, FYS Sales on their teams: the orgs abilities) links it to one of their
 * own bands where BAND lets them post, relinks or unlinks it; whoever may read the node reads the
 * link. Posts then go out through the linker's BAND account.
 */
import type { BandTeamState } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { canOnNode } from '../orgs/orgs.access.js';
import { assertCanUpdate, visibleNode } from '../orgs/orgs.service.js';
import * as repo from './accounts.repository.js';
import { notMember } from './errors.js';
import { bandsOf, usableAccount } from './link.service.js';

/** Team (3) and division (4) nodes have bands; organizations and leagues do not. */
export const BAND_NODE_TYPES: readonly number[] = [3, 4];

const assertTeam = (node: { typeId: number }) => {
  if (!BAND_NODE_TYPES.includes(node.typeId))
    throw badRequest('BAND_NOT_A_TEAM', 'Only a team or a division can be linked to a band.', [
      { path: 'params.id', message: 'Choose a team or a division' },
    ]);
};

export async function state(app: FastifyInstance, p: Principal, organizationId: number): Promise<BandTeamState> {
  const node = await visibleNode(app, p, organizationId);
  const link = await repo.teamLink(app.db, organizationId);
  return {
    canManage: BAND_NODE_TYPES.includes(node.typeId) && canOnNode(p, 'update', node),
    link: link
      ? {
          bandKey: link.band_key,
          bandName: link.band_name,
          linkedBy: link.linked_by,
          accountStatus: link.account_status,
          linkedAt: link.created_at.toISOString(),
        }
      : null,
  };
}

export async function link(app: FastifyInstance, p: Principal, organizationId: number, bandKey: string) {
  const node = await assertCanUpdate(app, p, organizationId);
  assertTeam(node);
  const acc = await usableAccount(app, p.user.id);
  const band = (await bandsOf(app, acc.id)).find((b) => b.bandKey === bandKey);
  if (!band?.canPost) throw notMember();
  await repo.upsertTeamLink(app.db, {
    organizationId,
    accountId: acc.id,
    bandKey,
    bandName: band.name,
    userId: p.user.id,
  });
  app.log.info({ orgId: organizationId, by: p.user.id }, 'team linked to a BAND band');
  return state(app, p, organizationId);
}

export async function unlink(app: FastifyInstance, p: Principal, organizationId: number) {
  await assertCanUpdate(app, p, organizationId);
  const done = await repo.deleteTeamLink(app.db, organizationId);
  if (done) app.log.info({ orgId: organizationId, by: p.user.id }, 'team unlinked from its BAND band');
  return done;
}
