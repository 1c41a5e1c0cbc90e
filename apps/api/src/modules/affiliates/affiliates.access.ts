/**
 * Who may see and change which affiliate (decision 018, DECISIONS §3). Shared by every affiliate
 * route: Super Admin manages all; FYS Sales read all; Organization Admins and Users read the
 * affiliates attached to an organization in their scope; an affiliate reads and updates their own
 * record. Anyone else cannot see an affiliate at all.
 */
import { affiliates, organizationAffiliates } from '@fc/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../lib/errors.js';
import { inIdList } from '../../lib/id-array.js';
import type { Principal } from '../../types.js';

export type AffiliateScope =
  | { kind: 'manage' }
  | { kind: 'readAll' }
  /** Only affiliates attached to these organizations, and only their conversions on them. */
  | { kind: 'organizations'; organizationIds: readonly number[] }
  /** The affiliate's own record (null: the profile has no affiliate record). */
  | { kind: 'own'; affiliateId: number | null }
  | { kind: 'none' };

/** The caller's own affiliate record, if any. */
export async function ownAffiliateId(app: FastifyInstance, userId: number): Promise<number | null> {
  const [row] = await app.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, userId));
  return row?.id ?? null;
}

export async function affiliateScope(app: FastifyInstance, p: Principal): Promise<AffiliateScope> {
  switch (p.role) {
    case 'super_admin':
      return { kind: 'manage' };
    case 'fys_sales':
      return { kind: 'readAll' };
    case 'org_admin':
    case 'org_user':
      return { kind: 'organizations', organizationIds: p.scopeIds };
    case 'affiliate':
      return { kind: 'own', affiliateId: await ownAffiliateId(app, p.user.id) };
    default:
      return { kind: 'none' };
  }
}

const hidden = () => new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');

/** The scope, if the caller may read this affiliate; a 404 otherwise (no hint that it exists). */
export async function assertCanReadAffiliate(
  app: FastifyInstance,
  p: Principal,
  affiliateId: number,
): Promise<AffiliateScope> {
  const scope = await affiliateScope(app, p);
  if (scope.kind === 'manage' || scope.kind === 'readAll') return scope;
  if (scope.kind === 'own' && scope.affiliateId === affiliateId) return scope;
  if (scope.kind === 'organizations' && scope.organizationIds.length > 0) {
    const [row] = await app.db
      .select({ one: sql<number>`1` })
      .from(organizationAffiliates)
      .where(
        and(
          eq(organizationAffiliates.affiliateId, affiliateId),
          inIdList(sql`${organizationAffiliates.organizationId}`, scope.organizationIds),
        ),
      )
      .limit(1);
    if (row) return scope;
  }
  throw hidden();
}

/** Profile and payout changes: Super Admin, or the affiliate themselves. */
export async function assertCanUpdateAffiliate(app: FastifyInstance, p: Principal, affiliateId: number) {
  const scope = await assertCanReadAffiliate(app, p, affiliateId);
  if (scope.kind === 'manage' || scope.kind === 'own') return scope;
  throw forbidden('You can view this affiliate but not change it.');
}

/** Programs, offers, invitations, status, attachments and payments: Super Admin only. */
export function assertManagesAffiliates(p: Principal) {
  if (p.role !== 'super_admin') throw forbidden('Only a platform administrator can do this.');
}
