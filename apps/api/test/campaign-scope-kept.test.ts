/**
 * campaigns.scope_nodes (migration 0021, decision 027): every node whose staff reads the campaign
 * through its owner, a share or a division. After each kind of write (a campaign created, its owner
 * changed, shares and divisions added, changed and removed, a node moved, a division deleted, a
 * table truncated) every campaign's kept scope must equal the oracle here: the ancestors of each
 * attached node, walked in JavaScript from the rows' parent ids. fc_campaign_scope_drift() must be
 * empty, and an org admin's campaign list must be exactly the campaigns the oracle puts in scope.
 */
import { campaignDivisions, campaigns, organizationCampaigns, organizations } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCampaign } from './campaigns-support.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => ((await t.db.execute(text)) as unknown as { rows: Row[] }).rows;

/** The oracle: for each campaign, the ancestors (itself included) of its owner, shares and divisions. */
async function expectedScopes(): Promise<Map<number, number[]>> {
  const nodes = await t.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  const parentOf = new Map(nodes.map((o) => [o.id, o.parentId]));
  const up = (id: number) => {
    const out: number[] = [];
    for (let n: number | null | undefined = id; n != null && out.length < 64; n = parentOf.get(n)) out.push(n);
    return out;
  };
  const attached = new Map<number, number[]>();
  for (const c of await t.db.select().from(campaigns)) attached.set(c.id, [c.organizationId]);
  for (const s of await t.db.select().from(organizationCampaigns)) attached.get(s.campaignId)?.push(s.organizationId);
  for (const d of await t.db.select().from(campaignDivisions)) attached.get(d.campaignId)?.push(d.organizationId);
  return new Map(
    [...attached].map(([id, list]) => [id, [...new Set(list.flatMap(up))].sort((a, b) => a - b)] as const),
  );
}

async function expectKeptRight(when: string) {
  const want = await expectedScopes();
  const kept = await q(sql`select id, scope_nodes from campaigns order by id`);
  const got = new Map(kept.map((r) => [Number(r.id), (r.scope_nodes as number[]).map(Number)]));
  expect(Object.fromEntries(got), when).toEqual(Object.fromEntries(want));
  expect(await q(sql`select * from fc_campaign_scope_drift()`), `drift ${when}`).toEqual([]);
  return want;
}

it('the kept scope follows every write that changes who reads a campaign', async () => {
  const org = await createOrg(t.db, 1, null);
  const league = await createOrg(t.db, 2, org.id);
  const team = await createOrg(t.db, 3, league.id);
  const div = await createOrg(t.db, 4, team.id);
  const other = await createOrg(t.db, 1, null);
  const otherTeam = await createOrg(t.db, 3, other.id);
  const otherDiv = await createOrg(t.db, 4, otherTeam.id);

  const a = await insertCampaign(t.db, team.id);
  const b = await insertCampaign(t.db, otherTeam.id);
  await expectKeptRight('created');

  await t.db.insert(campaignDivisions).values([
    { campaignId: a.id, organizationId: div.id },
    { campaignId: b.id, organizationId: otherDiv.id },
  ]);
  await t.db.insert(organizationCampaigns).values({ campaignId: b.id, organizationId: league.id });
  const shared = await expectKeptRight('divisions and a share added');
  expect(shared.get(b.id)).toEqual(expect.arrayContaining([org.id, league.id, other.id]));

  await t.db.update(campaigns).set({ organizationId: league.id }).where(eq(campaigns.id, a.id));
  await expectKeptRight('owner changed');
  await t.db.update(campaigns).set({ title: 'Renamed' }).where(eq(campaigns.id, a.id));
  await expectKeptRight('title changed');

  // A move: the other organization's team goes under the first league, with its division.
  await t.db.update(organizations).set({ parentId: league.id }).where(eq(organizations.id, otherTeam.id));
  const moved = await expectKeptRight('team moved');
  expect(moved.get(b.id)).not.toContain(other.id);

  await t.db.delete(organizationCampaigns).where(eq(organizationCampaigns.campaignId, b.id));
  await t.db.update(campaignDivisions).set({ organizationId: div.id }).where(eq(campaignDivisions.campaignId, b.id));
  await expectKeptRight('share removed, division changed');

  // A division deleted: its campaign_divisions rows go with it (on delete cascade) or the delete
  // is refused; either way the kept scope stays right.
  await t.db
    .delete(organizations)
    .where(eq(organizations.id, otherDiv.id))
    .catch(() => undefined);
  await expectKeptRight('division deleted');

  await t.db.execute(sql`truncate campaign_divisions`);
  await t.db.execute(sql`truncate organization_campaigns`);
  await expectKeptRight('truncated');

  // Repair: a scope written wrong by hand is reported, then rebuilt.
  await t.db.execute(sql`update campaigns set scope_nodes = '{}' where id = ${a.id}`);
  expect((await q(sql`select * from fc_campaign_scope_drift()`)).map((r) => Number(r.id))).toEqual([a.id]);
  await t.db.execute(sql`select fc_campaign_scope_rebuild()`);
  await expectKeptRight('rebuilt');
});

it("an org admin's campaign list is exactly the campaigns whose owner, share or division is in the subtree", async () => {
  const org = await createOrg(t.db, 1, null);
  const team = await createOrg(t.db, 3, org.id);
  const div = await createOrg(t.db, 4, team.id);
  const foreign = await createOrg(t.db, 1, null);
  const foreignTeam = await createOrg(t.db, 3, foreign.id);
  const owned = await insertCampaign(t.db, team.id);
  const viaShare = await insertCampaign(t.db, foreignTeam.id);
  const viaDivision = await insertCampaign(t.db, foreign.id);
  const outside = await insertCampaign(t.db, foreignTeam.id);
  await t.db.insert(organizationCampaigns).values({ campaignId: viaShare.id, organizationId: team.id });
  await t.db.insert(campaignDivisions).values({ campaignId: viaDivision.id, organizationId: div.id });
  const admin = await actor(t, { membership: { organizationId: org.id, role: 'org_admin' } });

  const listed = async () => {
    const res = await admin.call({ method: 'GET', url: '/api/v1/admin/campaign/listbyuser/' });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { id: number }[]).map((c) => c.id).sort((x, y) => x - y);
  };
  const inScope = async () => {
    const scopes = await expectedScopes();
    return [...scopes]
      .filter(([, nodes]) => nodes.includes(org.id))
      .map(([id]) => id)
      .sort((x, y) => x - y);
  };
  expect(await listed()).toEqual([owned.id, viaShare.id, viaDivision.id].sort((x, y) => x - y));
  expect(await listed()).toEqual(await inScope());
  expect(await listed()).not.toContain(outside.id);

  // The foreign team moves into the organization: its campaigns come with it.
  await t.db.update(organizations).set({ parentId: org.id }).where(eq(organizations.id, foreignTeam.id));
  expect(await listed()).toContain(outside.id);
  expect(await listed()).toEqual(await inScope());
});
