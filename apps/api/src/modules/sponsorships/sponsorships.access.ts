/**
 * Who may see and change which opportunity and sponsor (decision 019 "Access"): managing needs
 * the right to update the node that sells it (the orgs abilities: Super Admin, Organization,
 * League and Team Admins in scope, FYS Sales on their teams); reading needs the right to read the
 * node. A campaign's opportunities follow the campaign's node. A node (or campaign, opportunity,
 * sponsor) the caller cannot read is not found (404), never hinted at.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { assertCanUpdate, visibleNode } from '../orgs/orgs.service.js';

export type Access = 'read' | 'manage';

const hidden = (what: string) =>
  new AppError(404, 'NOT_FOUND', `This ${what} was not found or is outside your access.`);

/** Checks the caller's right on a node; 404 when they cannot read it, 403 when they may only read it. */
export async function assertOnNode(app: FastifyInstance, p: Principal, organizationId: number, access: Access) {
  return access === 'manage' ? assertCanUpdate(app, p, organizationId) : visibleNode(app, p, organizationId);
}

/** A node or one of its campaigns, as named by a body or query: its node id (the seller), checked. */
export async function resolveOwner(
  app: FastifyInstance,
  p: Principal,
  owner: { organizationId?: number; campaignId?: number },
  access: Access,
): Promise<{ organizationId: number; campaignId: number | null }> {
  if ((owner.organizationId === undefined) === (owner.campaignId === undefined))
    throw badRequest('VALIDATION_FAILED', 'Name exactly one of organizationId or campaignId.', [
      { path: 'querystring.organizationId', message: 'Name exactly one of organizationId or campaignId' },
    ]);
  if (owner.campaignId !== undefined) {
    const c = await firstRow<{ organization_id: number }>(
      app.db,
      sql`select organization_id from campaigns where id = ${owner.campaignId}`,
    );
    if (!c) throw hidden('campaign');
    await assertOnNode(app, p, c.organization_id, access).catch((e: AppError) => {
      throw e.status === 404 ? hidden('campaign') : e;
    });
    return { organizationId: c.organization_id, campaignId: owner.campaignId };
  }
  await assertOnNode(app, p, owner.organizationId!, access);
  return { organizationId: owner.organizationId!, campaignId: null };
}

/** The opportunity's node, checked (404 for an unknown opportunity or one of an unseen node). */
export async function assertOnOpportunity(app: FastifyInstance, p: Principal, id: number, access: Access) {
  const o = await firstRow<{ organization_id: number; campaign_id: number | null }>(
    app.db,
    sql`select organization_id, campaign_id from sponsorship_opportunities where id = ${id}`,
  );
  if (!o) throw hidden('sponsorship opportunity');
  await assertOnNode(app, p, o.organization_id, access).catch((e: AppError) => {
    throw e.status === 404 ? hidden('sponsorship opportunity') : e;
  });
  return o;
}

/** A sponsor (a sponsorship row that is paid or was), checked through its opportunity's node. */
export async function assertOnSponsor(app: FastifyInstance, p: Principal, id: number, access: Access) {
  const s = await firstRow<{ opportunity_id: number; organization_id: number }>(
    app.db,
    sql`select s.opportunity_id, o.organization_id from sponsorships s
      join sponsorship_opportunities o on o.id = s.opportunity_id
      where s.id = ${id} and s.status in ('paid', 'refunded', 'refund_due')`,
  );
  if (!s) throw hidden('sponsor');
  await assertOnNode(app, p, s.organization_id, access).catch((e: AppError) => {
    throw e.status === 404 ? hidden('sponsor') : e;
  });
  return s;
}
