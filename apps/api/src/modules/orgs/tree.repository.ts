/** Queries over the organization tree shared by abilities and services. */
import type { Db } from '@fc/db';
import { sql } from 'drizzle-orm';

type Rows<T> = { rows: T[] };

/** A node and every node below it, as a query of one `id` column (nothing when it does not exist). */
const subtreeSql = (rootId: number) => sql`with recursive t(id) as (
    select id from organizations where id = ${rootId}
    union all
    select o.id from organizations o join t on o.parent_id = t.id
  ) select id from t`;

/** The nodes above a node (up to ten levels), as a query of one `id` column. */
const ancestorsSql = (nodeId: number) => sql`with recursive a(id, parent_id, depth) as (
    select id, parent_id, 0 from organizations where id = ${nodeId}
    union all
    select o.id, o.parent_id, a.depth + 1 from organizations o join a on o.id = a.parent_id where a.depth < 10
  ) select id from a where id <> ${nodeId}`;

export async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
  const res = (await db.execute(subtreeSql(rootId))) as unknown as Rows<{ id: number }>;
  return res.rows.map((r) => Number(r.id));
}

/**
 * A node's subtree (itself included) and its ancestors in one statement: what every request of an
 * organization profile needs to build its principal. One round trip instead of two, and the
 * subtree (2,725 ids for a state association) comes back as one array value instead of one row
 * per node.
 */
export async function scopeAndAncestors(db: Db, nodeId: number): Promise<{ scope: number[]; ancestors: number[] }> {
  const res = (await db.execute(
    sql`select array(${subtreeSql(nodeId)}) as scope, array(${ancestorsSql(nodeId)}) as ancestors`,
  )) as unknown as Rows<{
    scope: unknown;
    ancestors: unknown;
  }>;
  const row = res.rows[0];
  return { scope: intArray(row?.scope), ancestors: intArray(row?.ancestors) };
}

type Scope = { scope: number[]; ancestors: number[] };
const scopeCache = new WeakMap<object, Map<number, { version: string; value: Scope }>>();
const SCOPE_CACHE_NODES = 2000;

/**
 * scopeAndAncestors, kept in memory per database handle and node, tagged with the tree's version
 * (`tree_version`, migration 0008, bumped by every statement that writes organizations). The
 * caller reads `version` before calling (the principal reads it with its session row), so a
 * scope is reused only while the tree is the one it was computed from; a change made meanwhile
 * gives a newer version on the next request and a new walk. Without a version: no cache.
 * The arrays are frozen: callers share them.
 */
export async function cachedScopeAndAncestors(db: Db, nodeId: number, version: string | null): Promise<Scope> {
  if (version == null) return scopeAndAncestors(db, nodeId);
  let byNode = scopeCache.get(db);
  if (!byNode) {
    byNode = new Map();
    scopeCache.set(db, byNode);
  }
  const hit = byNode.get(nodeId);
  if (hit && hit.version === version) return hit.value;
  const found = await scopeAndAncestors(db, nodeId);
  const value = {
    scope: Object.freeze(found.scope) as number[],
    ancestors: Object.freeze(found.ancestors) as number[],
  };
  if (byNode.size >= SCOPE_CACHE_NODES) byNode.clear();
  byNode.set(nodeId, { version, value });
  return value;
}

/** The tree's version (`tree_version`), as text; it changes with every write to organizations. */
export const treeVersionSql = sql<string | null>`(select version::text from tree_version)`;

/** An int[] as either driver returns it (an array, or PostgreSQL's text form). */
function intArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') {
    const inner = v.replace(/^\{|\}$/g, '');
    return inner ? inner.split(',').map(Number) : [];
  }
  return [];
}
