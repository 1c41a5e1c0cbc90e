/**
 * Sharing a campaign with other nodes (spec §7 `/organization_campaign/`): the managers of a
 * node it is shared with see the campaign and add players from their own rosters. Only the owner
 * side (update right on the campaign) shares; the target must be a node the caller may read and
 * not the owner itself. Sharing twice or unsharing what is not shared changes nothing.
 */
import { organizationCampaigns, rows } from '@fc/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { readableSql } from '../orgs/orgs.access.js';
import * as repo from './campaigns.repository.js';
import { campaignFor } from './campaigns.service.js';

/** The nodes the campaign is shared with, as the caller may see them. */
export const sharesOf = (app: FastifyInstance, p: Principal, campaignId: number) =>
  repo.attachedNodes(app.db, campaignId, 'shares', readableSql(p, 'o'));

async function checkTargets(app: FastifyInstance, p: Principal, ownerId: number, ids: number[], path: string) {
  const unique = [...new Set(ids)];
  const found = await rows<{ id: number }>(
    app.db,
    sql`select o.id from organizations o where o.id in ${repo.idList(unique)} and ${readableSql(p, 'o')}`,
  );
  const ok = new Set(found.map((r) => Number(r.id)));
  const missing = unique.filter((i) => !ok.has(i));
  if (missing.length)
    throw badRequest('SHARE_TARGET_INVALID', 'Choose organizations you can see to share this campaign with.', [
      { path, message: `Not found or outside your access: ${missing.join(', ')}` },
    ]);
  if (unique.includes(ownerId))
    throw badRequest('SHARE_WITH_OWNER', 'A campaign is not shared with the organization that runs it.', [
      { path, message: 'This organization runs the campaign' },
    ]);
  return unique;
}

export async function share(
  app: FastifyInstance,
  p: Principal,
  campaignId: number,
  organizationIds: number[],
  path: string,
) {
  const c = await campaignFor(app, p, campaignId, 'update');
  const targets = await checkTargets(app, p, c.organizationId, organizationIds, path);
  await app.db
    .insert(organizationCampaigns)
    .values(targets.map((organizationId) => ({ campaignId, organizationId })))
    .onConflictDoNothing({ target: [organizationCampaigns.campaignId, organizationCampaigns.organizationId] });
  return sharesOf(app, p, campaignId);
}

export async function unshare(app: FastifyInstance, p: Principal, campaignId: number, organizationId: number) {
  await campaignFor(app, p, campaignId, 'update');
  await app.db
    .delete(organizationCampaigns)
    .where(
      and(
        eq(organizationCampaigns.campaignId, campaignId),
        inArray(organizationCampaigns.organizationId, [organizationId]),
      ),
    );
  return sharesOf(app, p, campaignId);
}
