/** The staff donation list (spec §7 "Donations"): one page in the caller's scope, with the totals of the whole filtered set. */
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../types.js';
import { type ListQuery, listPage, listWhere, toItem, totalsWhere } from './donations.repository.js';

/**
 * Can the totals of this list be read from `donation_totals` (migration 0006)? Its rows are keyed
 * by the columns every filter but the text search and the date range reads (owner node, division,
 * campaign, status, kind, method), under the same names, so `listWhere` applies to them as it
 * does to donations. A scope that is not by node (a family's players, a donor's own gifts) reads
 * other columns and takes the live aggregate.
 */
export function totalsFromSummary(p: Principal, q: ListQuery): boolean {
  if (q.search || q.from || q.to) return false;
  return p.ability.rulesFor('read', 'donations').every((r) => {
    if (r.inverted || !r.conditions) return true;
    const keys = Object.keys(r.conditions as object);
    return keys.every((k) => k === 'organizationId' || k === 'salesUserIds');
  });
}

/** The list's totals over its whole filtered set, live from donations or from the kept sums. */
export const listTotals = (app: FastifyInstance, p: Principal, q: ListQuery, live = !totalsFromSummary(p, q)) =>
  totalsWhere(app.db, listWhere(p, q), live);

export async function list(app: FastifyInstance, p: Principal, q: ListQuery) {
  const totals = await listTotals(app, p, q);
  const page = await listPage(app.db, listWhere(p, q), q);
  return { hasError: false as const, data: page.map(toItem), total: totals.count, totals };
}
