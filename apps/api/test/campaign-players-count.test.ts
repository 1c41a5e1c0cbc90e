/**
 * The campaign list's player counts are kept in campaign_rollups (migration 0007). After every
 * operation of a random sequence (pages added one by one and in bulk SQL, removed, moved between
 * campaigns, campaigns created and deleted, a full roll-up rebuild), the kept count of every
 * campaign equals its rows in campaign_fundraisers, rollupDrift finds nothing, and the campaign
 * list (whole and paged) shows those counts. `PLAYERS_SEED` replays a sequence.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuildRollups, rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { addPlayer, campaign, page } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import { V1 } from './payments-support.js';
import { seededRandom } from './seeded-random.js';

type Row = Record<string, unknown>;
let t: TestApp;
let sa: Awaited<ReturnType<typeof actor>>;
let division = 0;
let owner = 0;

const { seed, pick } = seededRandom('PLAYERS_SEED');

const rows = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
const ids = async (q: ReturnType<typeof sql>) => (await rows(q)).map((r) => Number(r.id));

beforeAll(async () => {
  t = await createTestApp();
  sa = await actor(t, { staffRole: 'super_admin' });
  const org = await createOrg(t.db, 1, null);
  const team = await createOrg(t.db, 3, org.id);
  owner = team.id;
  division = (await createOrg(t.db, 4, team.id)).id;
  for (let i = 0; i < 8; i++) await addPlayer(t.db, division);
  for (let i = 0; i < 3; i++) await campaign(t.db, owner, { status: 'active' });
});
afterAll(async () => t.close());

/** A player not yet on the campaign, or null. */
async function freePlayer(campaignId: number): Promise<number | null> {
  const free = await ids(sql`select p.id from players p where not exists (select 1 from campaign_fundraisers cf
    where cf.campaign_id = ${campaignId} and cf.player_id = p.id) order by p.id`);
  return pick(free) ?? null;
}

const OPERATIONS: Record<string, () => Promise<boolean>> = {
  addOne: async () => {
    const c = pick(await ids(sql`select id from campaigns`));
    const pl = c ? await freePlayer(c) : null;
    if (!c || !pl) return false;
    await page(t.db, c, pl, { divisionId: division });
    return true;
  },
  addBulk: async () => {
    // Every free player of two campaigns in one statement.
    const cs = (await ids(sql`select id from campaigns order by random() limit 2`)).join(',');
    if (!cs) return false;
    await t.db.execute(
      sql.raw(`insert into campaign_fundraisers (campaign_id, player_id, division_id, slug)
        select c.id, p.id, ${division}, 'bulk-' || c.id || '-' || p.id || '-' || floor(random() * 1e9)::text
        from campaigns c cross join players p where c.id in (${cs}) and not exists (select 1 from campaign_fundraisers cf
          where cf.campaign_id = c.id and cf.player_id = p.id)`),
    );
    return true;
  },
  removeSome: async () => {
    const gone = await ids(sql`select id from campaign_fundraisers cf where not exists
      (select 1 from donations d where d.campaign_fundraiser_id = cf.id) order by random() limit 3`);
    if (gone.length === 0) return false;
    await t.db.execute(sql.raw(`delete from campaign_fundraisers where id in (${gone.join(',')})`));
    return true;
  },
  move: async () => {
    // Pages moved to another campaign where their player is not yet, in one statement.
    const [to] = await ids(sql`select id from campaigns order by random() limit 1`);
    if (!to) return false;
    const moved = await ids(sql`select distinct on (cf.player_id) cf.id from campaign_fundraisers cf
      where cf.campaign_id <> ${to} and not exists (select 1 from campaign_fundraisers x
        where x.campaign_id = ${to} and x.player_id = cf.player_id) order by cf.player_id, random() limit 2`);
    if (moved.length === 0) return false;
    await t.db.execute(sql.raw(`update campaign_fundraisers set campaign_id = ${to} where id in (${moved.join(',')})`));
    return true;
  },
  touch: async () => {
    // An update that changes no campaign (goal) must leave the counts alone.
    await t.db.execute(sql`update campaign_fundraisers set goal_cents = coalesce(goal_cents, 0) + 1`);
    return true;
  },
  newCampaign: async () => {
    await campaign(t.db, owner, { status: pick(['draft', 'active'] as const) });
    return true;
  },
  deleteCampaign: async () => {
    const [c] = await ids(sql`select c.id from campaigns c where not exists (select 1 from donations d
      where d.campaign_id = c.id) order by random() limit 1`);
    if (!c) return false;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from campaign_fundraisers where campaign_id = ${c}`);
      await tx.execute(sql`delete from campaign_divisions where campaign_id = ${c}`);
      await tx.execute(sql`delete from organization_campaigns where campaign_id = ${c}`);
      await tx.execute(sql`delete from campaigns where id = ${c}`);
    });
    return true;
  },
  rebuild: async () => {
    await rebuildRollups(t.db);
    return true;
  },
};
const bag = Object.entries({
  addOne: 4,
  addBulk: 2,
  removeSome: 3,
  move: 3,
  touch: 1,
  newCampaign: 2,
  deleteCampaign: 1,
  rebuild: 1,
}).flatMap(([n, w]) => Array<string>(w).fill(n));

async function check(label: string) {
  expect(await rollupDrift(t.db), `${label} (seed ${seed})`).toEqual([]);
  const actual = await rows(sql`select c.id, count(cf.id)::int as n from campaigns c
    left join campaign_fundraisers cf on cf.campaign_id = c.id group by c.id order by c.id`);
  const expected = Object.fromEntries(actual.map((r) => [Number(r.id), Number(r.n)]));
  const res = await sa.call({ url: `${V1}/admin/campaign/listbyuser/` });
  expect(res.statusCode).toBe(200);
  const listed = res.json().data as { id: number; players: number }[];
  expect(Object.fromEntries(listed.map((c) => [c.id, c.players])), `${label} (seed ${seed})`).toEqual(expected);
  return listed;
}

it('kept player counts equal campaign_fundraisers after every operation of a random sequence', async () => {
  await check('start');
  for (let i = 0; i < Number(process.env.PLAYERS_OPS ?? 40); i++) {
    const name = pick(bag)!;
    await OPERATIONS[name]!();
    await check(`operation ${i + 1} ${name}`);
  }
});

it('pages the list on request, in the same order, and answers every campaign without paging', async () => {
  for (let i = 0; i < 4; i++) await campaign(t.db, owner, { status: 'active' });
  const all = await check('before paging');
  expect(all.length).toBeGreaterThanOrEqual(4);
  const paged: number[] = [];
  for (let pageNo = 1; pageNo <= Math.ceil(all.length / 3); pageNo++) {
    const res = await sa.call({ url: `${V1}/admin/campaign/listbyuser/?page=${pageNo}&perPage=3` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number }[];
    expect(data.length).toBeLessThanOrEqual(3);
    paged.push(...data.map((c) => c.id));
  }
  expect(paged).toEqual(all.map((c) => c.id));
  const bad = await sa.call({ url: `${V1}/admin/campaign/listbyuser/?perPage=501` });
  expect(bad.statusCode).toBe(400);
});
