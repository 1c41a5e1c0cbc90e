/**
 * A caller's scope as one indexed condition (issue 19, decision 025). A node-scoped principal's
 * CASL rules hold the ids of their whole subtree (`scopeIds`, 2,725 for the largest organization
 * of the scale data set); written into SQL, that list was parsed and planned element by element in
 * every query. `organizations.path` (migration 0020) holds each node's ids from the root down, so
 * "in the subtree of N" is `path @> {N}`, read through a GIN index, whatever the subtree's size.
 */

import type { Subject } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../types.js';

/**
 * The node whose subtree `ids` is, when it is the caller's own scope list (the rules hold that very
 * array: abilities.ts), else null: another list (ancestors and scope together) keeps its ids.
 */
export function subtreeRootOf(p: Principal, ids: readonly unknown[]): number | null {
  if (p.organizationId == null) return null;
  if (ids === p.scopeIds) return p.organizationId;
  // The same list in another array (a principal rebuilt from a copy): compared by content.
  if (ids.length !== p.scopeIds.length) return null;
  const set = new Set<unknown>(p.scopeIds);
  return ids.every((i) => set.has(i)) ? p.organizationId : null;
}

/**
 * The node N when every rule letting the caller `action` a `subject` is "attached to a node in my
 * subtree" (the organization roles' `scope` rules), else null (no rule, an unconditional rule,
 * ancestors, sales or own records).
 */
export function subtreeRuleRoot(p: Principal, action: 'read' | 'update' | 'create' | 'delete', subject: Subject) {
  const rules = p.ability.rulesFor(action, subject);
  let root: number | null = null;
  for (const r of rules) {
    const c = r.conditions as { organizationId?: { $in?: unknown } } | undefined;
    const ids = c?.organizationId?.$in;
    if (r.inverted || !c || Object.keys(c).length !== 1 || !Array.isArray(ids)) return null;
    root = subtreeRootOf(p, ids);
    if (root === null) return null;
  }
  return root;
}

/** The ids of the nodes in the subtree of `nodeId` (itself included), as a subquery. */
export const subtreeIdsSql = (nodeId: number): SQL =>
  sql`(select xo.id from organizations xo where xo.path @> array[${Math.trunc(nodeId)}::int])`;

/** `column` (a node id) is in the subtree of `nodeId`. */
export const inSubtreeSql = (column: SQL, nodeId: number): SQL => sql`${column} in ${subtreeIdsSql(nodeId)}`;
