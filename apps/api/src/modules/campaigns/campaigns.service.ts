/**
 * Campaigns (spec §2 Campaigns, §3 Campaign, §7 "Campaigns"): list, detail, create, edit, delete,
 * logo. Every access decision goes through campaigns.access.ts: a campaign outside what the
 * caller may read is a 404, a readable one the caller may not change is a 403.
 */
import type { CampaignDetail, CreateCampaignBody, UpdateCampaignBody } from '@fc/contracts';
import {
  campaignDivisions,
  campaignFundraisers,
  campaigns,
  feeRequests,
  fundraiserContacts,
  organizationCampaigns,
  rows,
} from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardImages, releaseUnlistedPlayerPhotos } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import { voidTeamConversionsOfCampaign } from '../affiliates/hooks.js';
import { canOnNode, readableSql } from '../orgs/orgs.access.js';
import * as orgRepo from '../orgs/orgs.repository.js';
import { visibleNode } from '../orgs/orgs.service.js';
import { campaignReadableSql, scopedSql } from './campaigns.access.js';
import * as repo from './campaigns.repository.js';

const NOT_FOUND = 'This campaign was not found or is outside your access.';

/**
 * The campaign if the caller may read it (else 404); `need` also requires reading it as an
 * organizer rather than as a family (`organizer`), the right to edit it (`update`) or to manage
 * its players (`players`), else 403.
 */
export async function campaignFor(
  app: FastifyInstance,
  p: Principal,
  id: number,
  need: 'read' | 'organizer' | 'update' | 'players' = 'read',
): Promise<repo.CampaignAccess> {
  const c = await repo.findAccess(app.db, p, id);
  if (!c?.canRead) throw notFound(NOT_FOUND);
  // Families read their campaign's page; its player list and summaries are for its organizers.
  if (need === 'organizer' && !c.isOrganizer)
    throw forbidden('This part of the campaign is for its organizers.', 'ORGANIZERS_ONLY');
  if (need === 'update' && !c.canUpdate) throw forbidden('You can view this campaign but not change it.');
  if (need === 'players' && !c.canManagePlayers)
    throw forbidden('You can view this campaign but not manage its players.');
  return c;
}

/** `GET /admin/campaign/listbyuser/`: every campaign the caller may read, or one page of them. */
export const listForUser = (app: FastifyInstance, p: Principal, q: { page?: number; perPage?: number } = {}) =>
  repo.listCampaigns(
    app.db,
    campaignReadableSql(p, 'c'),
    q.page || q.perPage ? { limit: q.perPage ?? 25, offset: ((q.page ?? 1) - 1) * (q.perPage ?? 25) } : undefined,
  );

/** `GET /campaign/filter?organization=`: campaigns owned by or shared with a readable node. */
export async function listForNode(app: FastifyInstance, p: Principal, nodeId: number) {
  await visibleNode(app, p, nodeId);
  return repo.listCampaigns(
    app.db,
    sql`(c.organization_id = ${nodeId} or exists (select 1 from organization_campaigns s
      where s.campaign_id = c.id and s.organization_id = ${nodeId})) and ${campaignReadableSql(p, 'c')}`,
  );
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<CampaignDetail> {
  const c = await campaignFor(app, p, id);
  // Names of attached nodes are given only for nodes the caller may read (as for parent names).
  const readable = readableSql(p, 'o');
  const [[summary], extras, divisions, sharedWith, feeRequestList] = await Promise.all([
    repo.listCampaigns(app.db, sql`c.id = ${id}`),
    repo.detailExtras(app.db, id),
    repo.attachedNodes(app.db, id, 'divisions', readable),
    repo.attachedNodes(app.db, id, 'shares', readable),
    repo.feeRequestsOf(app.db, id),
  ]);
  const { hasDonations, ...rest } = extras;
  return {
    ...summary!,
    ...rest,
    divisions,
    sharedWith,
    feeRequests: feeRequestList,
    can: { update: c.canUpdate, managePlayers: c.canManagePlayers, delete: c.canUpdate && !hasDonations },
  };
}

const slugTaken = async (app: FastifyInstance, slug: string, exceptId?: number) => {
  const suggestion = await orgRepo.freeSlug(app.db, slug, exceptId, 'campaigns');
  return conflict('SLUG_TAKEN', `This web address is already in use. Try "${suggestion}".`, [
    { path: 'body.slug', message: `Already in use. Try "${suggestion}".` },
  ]);
};

/** May the caller create and edit campaigns owned by `nodeId`? */
async function canUpdateOnNode(app: FastifyInstance, p: Principal, nodeId: number): Promise<boolean> {
  const [r] = await rows(app.db, sql`select ${scopedSql(p, 'update', 'campaigns', sql`${nodeId}::int`)} as ok`);
  return r?.ok === true;
}

/** Division ids that are divisions (type 4) in the owner's subtree; anything else is a 400. */
async function checkDivisions(app: FastifyInstance, ownerId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await rows<{ id: number }>(
    app.db,
    sql`with recursive sub(id) as (select ${ownerId}::int union all
        select o.id from organizations o join sub on o.parent_id = sub.id)
      select o.id from organizations o where o.id in ${repo.idList(unique)} and o.type_id = 4
        and o.id in (select id from sub)`,
  );
  const ok = new Set(found.map((r) => Number(r.id)));
  const bad = unique.filter((i) => !ok.has(i));
  if (bad.length)
    throw badRequest('DIVISION_INVALID', 'Choose divisions that belong to the organization running the campaign.', [
      { path: 'body.divisionIds', message: `Not a division under the campaign's organization: ${bad.join(', ')}` },
    ]);
  return unique;
}

export async function create(app: FastifyInstance, p: Principal, body: CreateCampaignBody): Promise<CampaignDetail> {
  const node = await orgRepo.findNode(app.db, body.organizationId);
  if (!node || !canOnNode(p, 'read', node))
    throw badRequest('ORGANIZATION_INVALID', 'The chosen organization was not found or is outside your access.', [
      { path: 'body.organizationId', message: 'Not found' },
    ]);
  if (!(await canUpdateOnNode(app, p, node.id))) throw forbidden(`You cannot create campaigns for ${node.name}.`);
  const divisionIds = await checkDivisions(app, node.id, body.divisionIds ?? []);
  if (await orgRepo.slugTaken(app.db, body.slug, undefined, 'campaigns')) throw await slugTaken(app, body.slug);
  let id: number;
  try {
    id = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({
          organizationId: node.id,
          title: body.title,
          slug: body.slug,
          status: body.status ?? 'draft',
          startDate: body.startDate ?? null,
          endDate: body.endDate ?? null,
          goalCents: body.goalCents,
          playerGoalCents: body.playerGoalCents ?? null,
          shortDescription: body.shortDescription ?? null,
          story: body.story ?? null,
          createdByUserId: p.user.id,
        })
        .returning({ id: campaigns.id });
      if (divisionIds.length)
        await tx.insert(campaignDivisions).values(divisionIds.map((d) => ({ campaignId: row!.id, organizationId: d })));
      return row!.id;
    });
  } catch (err) {
    if (repo.isUniqueViolation(err, 'slug')) throw await slugTaken(app, body.slug);
    throw err;
  }
  app.log.info({ campaignId: id, orgId: node.id, by: p.user.id }, 'campaign created');
  return detail(app, p, id);
}

export async function update(app: FastifyInstance, p: Principal, body: UpdateCampaignBody): Promise<CampaignDetail> {
  const c = await campaignFor(app, p, body.id, 'update');
  const { id, divisionIds, slug, ...fields } = body;
  const startDate = fields.startDate === undefined ? c.startDate : fields.startDate;
  const endDate = fields.endDate === undefined ? c.endDate : fields.endDate;
  if (startDate && endDate && startDate > endDate)
    throw badRequest('DATES_ORDER', 'The end date must be on or after the start date.', [
      { path: fields.endDate === undefined ? 'body.startDate' : 'body.endDate', message: 'End before start' },
    ]);
  const divisions = divisionIds === undefined ? undefined : await checkDivisions(app, c.organizationId, divisionIds);
  const set: Partial<typeof campaigns.$inferInsert> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;
  if (slug !== undefined && slug !== c.slug) {
    if (await orgRepo.slugTaken(app.db, slug, id, 'campaigns')) throw await slugTaken(app, slug, id);
    set.slug = slug;
  }
  try {
    await app.db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(campaigns.id, id));
      if (divisions !== undefined) {
        await tx.delete(campaignDivisions).where(eq(campaignDivisions.campaignId, id));
        if (divisions.length)
          await tx.insert(campaignDivisions).values(divisions.map((d) => ({ campaignId: id, organizationId: d })));
      }
    });
  } catch (err) {
    if (repo.isUniqueViolation(err, 'slug')) throw await slugTaken(app, slug ?? c.slug, id);
    throw err;
  }
  return detail(app, p, id);
}

const hasDonationsError = () =>
  conflict(
    'CAMPAIGN_HAS_DONATIONS',
    'This campaign has donations and cannot be deleted. Close it instead to stop new donations.',
  );

/**
 * Deletes a campaign that never received a donation, with its players, contacts, fee requests,
 * shares and divisions, in one transaction. The campaign row is locked first so a donation
 * arriving meanwhile either lands before the check (refused) or fails after (its campaign is gone).
 */
export async function remove(app: FastifyInstance, p: Principal, id: number): Promise<string> {
  const c = await campaignFor(app, p, id, 'update');
  let released: (string | null)[] = [];
  try {
    released = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from campaigns where id = ${id} for update`);
      const [d] = (
        (await tx.execute(
          sql`select exists (select 1 from donations where campaign_id = ${id}) as any`,
        )) as unknown as {
          rows: { any: boolean }[];
        }
      ).rows;
      if (d?.any) throw hasDonationsError();
      await tx.delete(fundraiserContacts).where(eq(fundraiserContacts.campaignId, id));
      const pages = await tx
        .delete(campaignFundraisers)
        .where(eq(campaignFundraisers.campaignId, id))
        .returning({ playerId: campaignFundraisers.playerId });
      await tx.delete(feeRequests).where(eq(feeRequests.campaignId, id));
      await tx.delete(organizationCampaigns).where(eq(organizationCampaigns.campaignId, id));
      await tx.delete(campaignDivisions).where(eq(campaignDivisions.campaignId, id));
      // Affiliates (issue 16, decision 018): the team registration's commission is voided with its campaign.
      await voidTeamConversionsOfCampaign(tx, id);
      const [gone] = await tx.delete(campaigns).where(eq(campaigns.id, id)).returning({ logo: campaigns.logoUrl });
      const photos = await releaseUnlistedPlayerPhotos(
        tx,
        pages.map((r) => r.playerId),
      );
      return [gone?.logo ?? null, ...photos];
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string; cause?: { code?: string } }).code === '23503') throw hasDonationsError();
    if ((err as { cause?: { code?: string } }).cause?.code === '23503') throw hasDonationsError();
    throw err;
  }
  app.log.info({ campaignId: id, by: p.user.id }, 'campaign deleted');
  await discardImages(app, released);
  return `${c.title} was deleted.`;
}
