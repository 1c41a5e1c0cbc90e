/** Issue 12: the Organizations list's "Leagues and teams" counts the teams under its leagues too. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('children counts of the node lists and details', () => {
  it('an organization with 1 league holding 2 teams, and 1 team of its own, has 4 leagues and teams', async () => {
    const org = await createOrg(t.db, 1, null);
    const league = await createOrg(t.db, 2, org.id);
    const teamA = await createOrg(t.db, 3, league.id);
    await createOrg(t.db, 3, league.id);
    await createOrg(t.db, 3, org.id);
    await createOrg(t.db, 4, teamA.id);
    await createOrg(t.db, 4, teamA.id);
    const sa = await actor(t, { staffRole: 'super_admin' });
    const count = async (type: number, id: number) => {
      const res = await sa.call({
        method: 'GET',
        url: `/api/v1/admin/user_organization/filter?organizationType=${type}&perPage=100`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; childrenCount: number }[]).find((r) => r.id === id)?.childrenCount;
    };
    const detail = async (id: number) =>
      (await sa.call({ method: 'GET', url: `/api/v1/admin/organization/?organization=${id}` })).json().data
        .childrenCount;
    expect({
      organization: await count(1, org.id),
      league: await count(2, league.id),
      team: await count(3, teamA.id),
      organizationDetail: await detail(org.id),
    }).toEqual({ organization: 4, league: 2, team: 2, organizationDetail: 4 });
  });
});
