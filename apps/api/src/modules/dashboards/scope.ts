/**
 * Who reads which dashboard, for which node and range (issue 13; DECISIONS §3).
 *
 * - Admin dashboard: Super Admin reads the whole platform; FYS Sales reads the teams whose
 *   salesperson they are (the `sales` scope of abilities/matrix.ts), summed team by team. Anyone
 *   else: 403.
 * - Node dashboards (node, analytics): an organization profile (Organization Admin and User,
 *   League, Team and Division Admins) reads its own node or any node below it (its `scope`);
 *   an ancestor it may otherwise read is refused too, its money being outside the caller's reach.
 *   Super Admin names any node; FYS Sales names a node at or under a team they sell. A node out
 *   of reach, or one that does not exist, is a 404 (its existence is not revealed); a family,
 *   donor or affiliate gets 403. Super Admin and FYS Sales must name the node.
 * - Ranges: `from`/`to` inclusive UTC dates, by default the 90 days up to today. A range longer
 *   than MAX_RANGE_DAYS starts MAX_RANGE_DAYS before its end (the answer's scope says so).
 */
import { type DashboardScope, isOrgRole } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { ancestorsOf, findNode } from '../orgs/orgs.repository.js';

export const DEFAULT_RANGE_DAYS = 90;
export const MAX_RANGE_DAYS = 3 * 366;

export interface Range {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const todayUtc = () => isoDay(new Date());
export const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

export function resolveRange(q: { from?: string | undefined; to?: string | undefined }): Range {
  const to = q.to ?? (q.from && q.from > todayUtc() ? q.from : todayUtc());
  let from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from < addDays(to, -(MAX_RANGE_DAYS - 1))) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { from, to };
}

export interface NodeRef {
  id: number;
  name: string;
  typeId: number;
}

/** What a dashboard sums: the platform, a salesperson's teams, or one node's subtree. */
export type Reach =
  | { kind: 'platform' }
  /** nodeIds: the teams sold and everything below them, when already found (cards.soldNodes). */
  | { kind: 'sales'; userId: number; nodeIds?: number[] }
  | { kind: 'node'; node: NodeRef };

export interface Resolved {
  range: Range;
  reach: Reach;
  scope: DashboardScope;
}

/** `GET /dashboards/admin`: Super Admin (the platform) or FYS Sales (their teams). */
export function adminReach(p: Principal, q: { from?: string; to?: string }): Resolved {
  const range = resolveRange(q);
  let reach: Reach;
  if (p.role === 'super_admin') reach = { kind: 'platform' };
  else if (p.role === 'fys_sales') reach = { kind: 'sales', userId: p.user.id };
  else throw forbidden('This dashboard is for Super Admins and FYS Sales.');
  return { range, reach, scope: { ...range, organization: null, trail: [] } };
}

/**
 * The node a node dashboard answers for, with its subtree and the trail of ancestors the caller
 * may also open. Throws 403 for profiles without a node dashboard, 404 for a node out of reach.
 */
export async function nodeReach(
  app: FastifyInstance,
  p: Principal,
  q: { organizationId?: number | undefined; from?: string; to?: string },
): Promise<Resolved> {
  const range = resolveRange(q);
  const staff = p.role === 'super_admin' || p.role === 'fys_sales';
  if (!staff && !isOrgRole(p.role)) throw forbidden('This dashboard is for the staff of an organization.');
  const id = q.organizationId ?? (staff ? undefined : (p.organizationId ?? undefined));
  if (id === undefined)
    throw badRequest('VALIDATION', 'Choose an organization.', [
      { path: 'querystring.organizationId', message: 'Required' },
    ]);
  const hidden = () => notFound('This organization was not found or is outside your access.');
  const found = await findNode(app.db, id);
  if (!found) throw hidden();
  const ancestors = await ancestorsOf(app.db, id);
  const inReach = (n: { id: number; salesUserId: number | null }, chain: { salesUserId: number | null }[]) => {
    if (p.role === 'super_admin') return true;
    if (p.role === 'fys_sales') return [n, ...chain].some((x) => x.salesUserId === p.user.id);
    return p.scopeIds.includes(n.id);
  };
  if (!inReach(found, ancestors)) throw hidden();
  const node: NodeRef = { id: found.id, name: found.name, typeId: found.typeId };
  const trail = ancestors
    .filter((a, i) => inReach(a, ancestors.slice(0, i)))
    .map((a) => ({ id: a.id, name: a.name, typeId: a.typeId }));
  return { range, reach: { kind: 'node', node }, scope: { ...range, organization: node, trail } };
}
