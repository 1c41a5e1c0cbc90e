/**
 * The principal's scope and ancestors come from one statement (scopeAndAncestors); they must be
 * exactly the node's subtree and ancestors, as a walk over the table's rows in JavaScript finds
 * them, on PGlite and PostgreSQL.
 */

import { organizations } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cachedScopeAndAncestors,
  scopeAndAncestors,
  subtreeIds,
  treeVersionSql,
} from '../src/modules/orgs/tree.repository.js';
import { createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The oracle: every node's subtree (itself included) and ancestors, walked in memory from the rows. */
async function walk(id: number) {
  const all = await t.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  const parentOf = new Map(all.map((o) => [o.id, o.parentId]));
  if (!parentOf.has(id)) return { scope: [], ancestors: [] };
  const scope = [id];
  for (let i = 0; i < scope.length; i++) for (const o of all) if (o.parentId === scope[i]) scope.push(o.id);
  const ancestors: number[] = [];
  for (let p = parentOf.get(id); p != null; p = parentOf.get(p)) ancestors.push(p);
  return { scope, ancestors };
}

it('scopeAndAncestors and subtreeIds equal the walk over the rows for every node of a tree', async () => {
  const org = await createOrg(t.db, 1, null);
  const nodes = [org.id];
  for (let l = 0; l < 2; l++) {
    const league = await createOrg(t.db, 2, org.id);
    nodes.push(league.id);
    for (let k = 0; k < 2; k++) {
      const team = await createOrg(t.db, 3, league.id);
      const division = await createOrg(t.db, 4, team.id);
      nodes.push(team.id, division.id);
    }
  }
  const direct = await createOrg(t.db, 3, org.id);
  nodes.push(direct.id);
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  for (const id of nodes) {
    const got = await scopeAndAncestors(t.db, id);
    const want = await walk(id);
    expect(sorted(got.scope), `scope of ${id}`).toEqual(sorted(want.scope));
    expect(sorted(got.ancestors), `ancestors of ${id}`).toEqual(sorted(want.ancestors));
    expect(sorted(await subtreeIds(t.db, id)), `subtreeIds of ${id}`).toEqual(sorted(want.scope));
  }
  expect((await scopeAndAncestors(t.db, org.id)).scope).toHaveLength(nodes.length);
  expect(await scopeAndAncestors(t.db, -1)).toEqual({ scope: [], ancestors: [] });
});

it('the cached scope follows every change of the tree (tree_version, migration 0008)', async () => {
  const version = async () =>
    ((await t.db.execute(sql`select ${treeVersionSql} as v`)) as unknown as { rows: { v: string | null }[] }).rows[0]!
      .v;
  const sorted = (a: readonly number[]) => [...a].sort((x, y) => x - y);
  const check = async (id: number) => {
    const v = await version();
    expect(v).not.toBeNull();
    const cached = await cachedScopeAndAncestors(t.db, id, v);
    const live = await walk(id);
    expect(sorted(cached.scope), `scope of ${id}`).toEqual(sorted(live.scope));
    expect(sorted(cached.ancestors), `ancestors of ${id}`).toEqual(sorted(live.ancestors));
    // The same version answers from memory: the same (frozen) arrays.
    expect((await cachedScopeAndAncestors(t.db, id, v)).scope).toBe(cached.scope);
    expect(Object.isFrozen(cached.scope)).toBe(true);
    return v;
  };
  const org = await createOrg(t.db, 1, null);
  const a = await createOrg(t.db, 2, org.id);
  const b = await createOrg(t.db, 2, org.id);
  const team = await createOrg(t.db, 3, a.id);
  let v = await check(org.id);
  await check(a.id);
  await check(b.id);
  await check(team.id);
  // A node added, moved, renamed, deleted: each statement changes the version, and the cached
  // scope of every node equals the live walk again.
  const division = await createOrg(t.db, 4, team.id);
  expect(await version()).not.toBe(v);
  for (const id of [org.id, a.id, b.id, team.id]) v = await check(id);
  await t.db.update(organizations).set({ parentId: b.id }).where(eq(organizations.id, team.id));
  expect(await version()).not.toBe(v);
  for (const id of [org.id, a.id, b.id, team.id, division.id]) v = await check(id);
  expect((await cachedScopeAndAncestors(t.db, a.id, v)).scope).toEqual([a.id]);
  await t.db.execute(sql`update organizations set parent_id = ${a.id} where id = ${team.id}`);
  expect(await version()).not.toBe(v);
  for (const id of [org.id, a.id, b.id, team.id, division.id]) v = await check(id);
  await t.db.delete(organizations).where(eq(organizations.id, division.id));
  expect(await version()).not.toBe(v);
  for (const id of [org.id, a.id, team.id]) v = await check(id);
  expect((await cachedScopeAndAncestors(t.db, team.id, v)).scope).toEqual([team.id]);
  // Without a version (a database before 0008), no cache: always the live walk.
  expect(sorted((await cachedScopeAndAncestors(t.db, org.id, null)).scope)).toEqual(sorted((await walk(org.id)).scope));
});

/** The oracle for the kept paths: root first, walked up from the node in memory. */
async function pathByWalk(id: number) {
  const all = await t.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  const parentOf = new Map(all.map((o) => [o.id, o.parentId]));
  const path = [id];
  for (let p = parentOf.get(id); p != null; p = parentOf.get(p)) path.unshift(p);
  return path;
}
const keptPath = async (id: number) =>
  (
    (await t.db.execute(sql`select path from organizations where id = ${id}`)) as unknown as {
      rows: { path: number[] | null }[];
    }
  ).rows[0]!.path;

it('every node keeps its path from the root (decision 025): inserted child first, moved, moved back', async () => {
  const org = await createOrg(t.db, 1, null);
  const league = await createOrg(t.db, 2, org.id);
  // One statement inserts a team and, after it, the team's parent league: the team's row is
  // written before its parent exists, and the statement trigger mends its path.
  const ids = (
    (await t.db.execute(sql`select nextval(pg_get_serial_sequence('organizations', 'id'))::int as a,
      nextval(pg_get_serial_sequence('organizations', 'id'))::int as b`)) as unknown as {
      rows: { a: number; b: number }[];
    }
  ).rows[0]!;
  await t.db.execute(sql`insert into organizations (id, type_id, name, slug, parent_id) values
    (${ids.a}, 3, 'Child first', ${`child-first-${ids.a}`}, ${ids.b}),
    (${ids.b}, 2, 'Parent second', ${`parent-second-${ids.b}`}, ${org.id})`);
  const division = await createOrg(t.db, 4, ids.a);
  for (const id of [org.id, league.id, ids.a, ids.b, division.id])
    expect(await keptPath(id), `path of ${id}`).toEqual(await pathByWalk(id));
  // Moved under the other league, then to the top (a root of its own), then back.
  for (const parent of [league.id, null, ids.b]) {
    await t.db.update(organizations).set({ parentId: parent }).where(eq(organizations.id, ids.a));
    for (const id of [ids.a, division.id]) expect(await keptPath(id), `path of ${id}`).toEqual(await pathByWalk(id));
  }
  expect(await keptPath(division.id)).toEqual([org.id, ids.b, ids.a, division.id]);
});
