/** Names above the caller's scope stay hidden: a parent the caller cannot open is not named. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('parent names', () => {
  it("a Division Admin sees its team's name but not the league above it, in lists and details", async () => {
    const tree = await createTree(t.db);
    const da = await actor(t, { membership: { organizationId: tree.division.id, role: 'division_admin' } });
    const list = await da.call({ method: 'GET', url: `${V1}/admin/user_organization/filter?organizationType=3` });
    expect(list.statusCode).toBe(200);
    const team = list.json().data.find((r: { id: number }) => r.id === tree.team.id);
    expect(team).toMatchObject({ parentId: tree.league.id, parentName: null });
    expect(list.body).not.toContain(tree.league.name);

    const divisions = await da.call({ method: 'GET', url: `${V1}/admin/user_organization/filter?organizationType=4` });
    expect(divisions.json().data[0]).toMatchObject({ id: tree.division.id, parentName: tree.team.name });

    const detail = await da.call({ method: 'GET', url: `${V1}/admin/organization/?organization=${tree.team.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.parentName).toBeNull();
    expect(detail.body).not.toContain(tree.league.name);
    expect(detail.body).not.toContain(tree.org.name);
  });

  it('an Organization Admin sees every parent name inside its tree', async () => {
    const tree = await createTree(t.db);
    const oa = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const detail = await oa.call({ method: 'GET', url: `${V1}/admin/organization/?organization=${tree.team.id}` });
    expect(detail.json().data.parentName).toBe(tree.league.name);
  });
});
