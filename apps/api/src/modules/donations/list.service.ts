/** The staff donation list (spec §7 "Donations"): one page in the caller's scope, with the totals of the whole filtered set. */
import type { FastifyInstance } from 'fastify';
import { subtreeRuleRoot } from '../../lib/tree-scope.js';
import type { Principal } from '../../types.js';
import { type ListQuery, listPage, listWhere, toItem } from './donations.repository.js';
import { searchedPage } from './search.repository.js';
import { keptTotalsJsonSql, platformTotals, subtreeTotals, toTotals, totalsWhere } from './totals.repository.js';

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

/**
 * The node whose kept subtree sums (`donation_list_totals`, migration 0012) are this list's
 * totals, or null. That is the caller's node when every rule letting them read donations is "the
 * owner node in my subtree" (the organization roles: the scope is exactly the subtree of their
 * node, and the list adds "or the division in it") and the list has no filter but status, kind and
 * method. Any other list (a search, a date range, a campaign or node filter, a sales or family
 * scope) keeps the other paths.
 */
export function subtreeTotalsNode(p: Principal, q: ListQuery): number | null {
  return hasRowFilter(q) ? null : subtreeRuleRoot(p, 'read', 'donations');
}

/** A filter the kept per-key sums cannot answer: a search, a date range, a campaign or a node. */
const hasRowFilter = (q: ListQuery) => Boolean(q.search || q.from || q.to || q.campaignId || q.organizationId);

/** Does the caller read every donation (Super Admin, FYS Sales)? Their unfiltered totals are the platform's. */
const readsAll = (p: Principal) => p.ability.rulesFor('read', 'donations').some((r) => !r.inverted && !r.conditions);

/** The list's totals over its whole filtered set: kept per subtree, kept per key, or live from donations. */
export function listTotals(
  app: FastifyInstance,
  p: Principal,
  q: ListQuery,
  path?: 'platform' | 'subtree' | 'summary' | 'live',
) {
  const kept = keptTotalsNode(p, q);
  const use =
    path ??
    (kept === null ? 'platform' : kept !== undefined ? 'subtree' : totalsFromSummary(p, q) ? 'summary' : 'live');
  if (use === 'platform') return platformTotals(app.db, q);
  if (use === 'subtree' && kept != null) return subtreeTotals(app.db, kept, q);
  return totalsWhere(app.db, listWhere(p, q, { nodeColumnsOnly: use !== 'live' }), use === 'live');
}

export async function list(app: FastifyInstance, p: Principal, q: ListQuery) {
  if (q.search) {
    // A search's totals are live: its matches are read once for both (search.repository.ts).
    const found = await searchedPage(app.db, listWhere(p, q), q);
    return { hasError: false as const, data: found.items.map(toItem), total: found.totals.count, totals: found.totals };
  }
  const kept = keptTotalsNode(p, q);
  if (kept !== undefined) {
    // Kept totals (a few rows) are read with the page in one statement; an empty page reads them alone.
    const page = await listPage(app.db, () => listWhere(p, q), q, keptTotalsJsonSql(kept, q));
    const totals =
      page.length > 0
        ? toTotals(jsonObject(page[0]!.extra))
        : await (kept === null ? platformTotals(app.db, q) : subtreeTotals(app.db, kept, q));
    return { hasError: false as const, data: page.map(toItem), total: totals.count, totals };
  }
  const totals = await listTotals(app, p, q);
  const page = await listPage(app.db, () => listWhere(p, q), q);
  return { hasError: false as const, data: page.map(toItem), total: totals.count, totals };
}

/** The node of kept subtree totals, null for the platform's, undefined when the totals are summed otherwise. */
function keptTotalsNode(p: Principal, q: ListQuery): number | null | undefined {
  if (!hasRowFilter(q) && readsAll(p)) return null;
  return subtreeTotalsNode(p, q) ?? undefined;
}

/** A JSON value as either driver returns it (parsed, or text). */
const jsonObject = (v: unknown) =>
  (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string | number> | undefined;
