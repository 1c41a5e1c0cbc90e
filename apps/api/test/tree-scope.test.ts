/**
 * The principal's scope and ancestors come from one statement (scopeAndAncestors); they must be
 * exactly the subtree and ancestor walks they replace, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ancestorIds, scopeAndAncestors, subtreeIds } from '../src/modules/orgs/tree.repository.js';
import { createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('scopeAndAncestors equals subtreeIds and ancestorIds for every node of a tree', async () => {
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
    expect(sorted(got.scope), `scope of ${id}`).toEqual(sorted(await subtreeIds(t.db, id)));
    expect(sorted(got.ancestors), `ancestors of ${id}`).toEqual(sorted(await ancestorIds(t.db, id)));
  }
  expect((await scopeAndAncestors(t.db, org.id)).scope).toHaveLength(nodes.length);
  expect(await scopeAndAncestors(t.db, -1)).toEqual({ scope: [], ancestors: [] });
});
