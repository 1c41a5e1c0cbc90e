/**
 * The organizations an affiliate brought (decision 018; Super Admin): attach many at once (one
 * affiliate per organization: one attached to ANOTHER affiliate is a 409 and nothing changes; the
 * same affiliate's is updated with the new override) and detach one (conversions already made stay).
 */
import type { BulkAddBody } from '@fc/contracts';
import { organizationAffiliates, rows } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict } from '../../lib/errors.js';
import { idArray } from '../../lib/id-array.js';
import type { Principal } from '../../types.js';
import { assertManagesAffiliates } from './affiliates.access.js';

type Body = {
  affiliateId: number;
  organizations: { organizationId: number; giftShareBpsOverride?: number | null | undefined }[];
};

export async function bulkAdd(app: FastifyInstance, p: Principal, body: Body | BulkAddBody) {
  assertManagesAffiliates(p);
  const orgs = body.organizations;
  const seen = new Map<number, number>();
  orgs.forEach((o, i) => {
    if (seen.has(o.organizationId))
      throw new AppError(400, 'VALIDATION_FAILED', 'An organization is listed twice.', [
        { path: `body.organizations.${i}.organizationId`, message: 'Listed twice' },
      ]);
    seen.set(o.organizationId, i);
  });
  const result = await app.db.transaction(async (tx) => {
    const [a] = await rows<{ id: number }>(
      tx,
      sql`select id from affiliates where id = ${body.affiliateId} for update`,
    );
    if (!a)
      throw new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.', [
        { path: 'body.affiliateId', message: 'Not found' },
      ]);
    const ids = [...seen.keys()];
    const found = await rows<{ id: number; affiliate_id: number | null }>(
      tx,
      sql`select o.id, oa.affiliate_id from organizations o
        left join organization_affiliates oa on oa.organization_id = o.id
        where o.id = any(${idArray(ids)}) for update of o`,
    );
    const byId = new Map(found.map((r) => [Number(r.id), r.affiliate_id == null ? null : Number(r.affiliate_id)]));
    for (const [orgId, i] of seen) {
      if (!byId.has(orgId))
        throw new AppError(404, 'ORGANIZATION_NOT_FOUND', 'This organization was not found.', [
          { path: `body.organizations.${i}.organizationId`, message: 'Not found' },
        ]);
      const owner = byId.get(orgId);
      if (owner != null && owner !== body.affiliateId)
        throw conflict('ORGANIZATION_HAS_AFFILIATE', 'This organization is already attached to another affiliate.', [
          { path: `body.organizations.${i}.organizationId`, message: 'Attached to another affiliate' },
        ]);
    }
    let added = 0;
    let updated = 0;
    for (const o of orgs) {
      const override = o.giftShareBpsOverride ?? null;
      if (byId.get(o.organizationId) === body.affiliateId) {
        await tx
          .update(organizationAffiliates)
          .set({ giftShareBpsOverride: override })
          .where(eq(organizationAffiliates.organizationId, o.organizationId));
        updated++;
      } else {
        await tx.insert(organizationAffiliates).values({
          organizationId: o.organizationId,
          affiliateId: body.affiliateId,
          giftShareBpsOverride: override,
          createdByUserId: p.user.id,
        });
        added++;
      }
    }
    return { added, updated };
  });
  app.log.info({ affiliateId: body.affiliateId, ...result, by: p.user.id }, 'affiliate organizations attached');
  return result;
}

export async function detach(app: FastifyInstance, p: Principal, organizationId: number) {
  assertManagesAffiliates(p);
  const gone = await app.db
    .delete(organizationAffiliates)
    .where(eq(organizationAffiliates.organizationId, organizationId))
    .returning({ id: organizationAffiliates.id });
  if (gone.length === 0)
    throw new AppError(404, 'ORGANIZATION_AFFILIATE_NOT_FOUND', 'This organization has no affiliate attached.');
  app.log.info({ organizationId, by: p.user.id }, 'affiliate organization detached');
  return 'The organization is no longer attached to the affiliate.';
}
