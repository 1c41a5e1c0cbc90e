/**
 * Campaign summaries and totals against the SQL ground truth (DECISIONS §5: completed donations
 * minus refunds), with completed, pending, failed, refunded and partially refunded donations,
 * donations to the campaign as a whole, and players with and without a division.
 */
import { campaignFundraisers } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donate, expectStatus, insertCampaign, rosterPlayer, truthFor, V1 } from './campaigns-support.js';
import { actor, createOrg, createTestApp, createTree, login, type TestApp } from './helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let div2: Awaited<ReturnType<typeof createOrg>>;
let div3: Awaited<ReturnType<typeof createOrg>>;
let campaign: Awaited<ReturnType<typeof insertCampaign>>;
let ta: Awaited<ReturnType<typeof actor>>;
const cf: Record<string, number> = {};
let parentId = 0;

const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTree(t.db);
  b = await createTree(t.db);
  div2 = await createOrg(t.db, 4, a.team.id);
  div3 = await createOrg(t.db, 4, a.team.id);
  ta = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  campaign = await insertCampaign(t.db, a.team.id, { goalCents: 200000, status: 'active' });
  await t.db.execute(
    sql`insert into campaign_divisions (campaign_id, organization_id) values (${campaign.id}, ${a.division.id}), (${campaign.id}, ${div2.id})`,
  );
  const add = async (key: string, divisionId: number, onCampaignDivision: number | null, goal: number) => {
    const r = await rosterPlayer(t.db, divisionId, { first: key, last: 'Player', parent: 'active' });
    const [row] = await t.db
      .insert(campaignFundraisers)
      .values({
        campaignId: campaign.id,
        playerId: r.player.id,
        divisionId: onCampaignDivision,
        slug: `${key.toLowerCase()}-${campaign.id}`,
        goalCents: goal,
      })
      .returning();
    cf[key] = row!.id;
    return r;
  };
  parentId = (await add('Amy', a.division.id, a.division.id, 20000)).guardianId;
  await add('Ben', a.division.id, a.division.id, 15000);
  await add('Cal', div2.id, div2.id, 10000);
  await add('Dee', div2.id, null, 5000);
  const team = a.team.id;
  const D = (x: Partial<Parameters<typeof donate>[1]>) =>
    donate(t.db, { campaignId: campaign.id, organizationId: team, amount: 1000, ...x });
  await D({ cfId: cf.Amy, amount: 5000, email: 'big@example.test', first: 'Bea', last: 'Big', at: day('2030-03-01') });
  await D({ cfId: cf.Amy, amount: 2500, refunded: 500, email: 'two@example.test', at: day('2030-03-01', 23) });
  await D({ cfId: cf.Amy, amount: 9000, status: 3, refunded: 9000, email: 'gone@example.test', at: day('2030-03-02') });
  await D({ cfId: cf.Amy, amount: 7000, status: 0, email: 'pending@example.test', at: day('2030-03-02') });
  await D({ cfId: cf.Ben, amount: 4000, status: 2, email: 'failed@example.test', at: day('2030-03-03') });
  await D({
    cfId: cf.Ben,
    amount: 3000,
    email: 'big@example.test',
    first: 'Bea',
    last: 'Bigger',
    at: day('2030-03-04'),
  });
  await D({ cfId: cf.Cal, amount: 12000, refunded: 2000, email: 'cal@example.test', at: day('2030-03-04') });
  await D({ cfId: cf.Dee, amount: 700, email: 'dee@example.test', at: day('2030-03-05') });
  await D({ cfId: null, amount: 10000, email: 'general@example.test', at: day('2030-03-05') });
  // Twelve small donors: the top list stops at ten.
  for (let i = 0; i < 12; i++)
    await D({ cfId: cf.Ben, amount: 100 + i, email: `small${i}@example.test`, at: day('2030-03-03') });
  // Another campaign's money never leaks in.
  const other = await insertCampaign(t.db, a.team.id);
  await donate(t.db, { campaignId: other.id, organizationId: a.team.id, amount: 99999 });
});
afterAll(async () => t.close());

const summary = async (call = ta.call, path = '') =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${campaign.id}${path || '/summary'}` }), 200)).data;
const inCfs = (ids: number[]) =>
  sql`campaign_fundraiser_id in (${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`;

/** The top ten donors straight from the table. */
async function topTruth(where: ReturnType<typeof sql>) {
  const res = (await t.db.execute(sql`select donor_email as email, sum(amount_cents - refunded_cents)::int as total,
      count(*)::int as n from donations where status = 1 and ${where}
      group by donor_email order by total desc, donor_email limit 10`)) as unknown as {
    rows: { email: string; total: number; n: number }[];
  };
  return res.rows.map((r) => ({ email: r.email, totalCents: Number(r.total), donations: Number(r.n) }));
}

describe('GET /campaign/:id/summary', () => {
  it('matches the donations table in every figure', async () => {
    const s = await summary();
    const whole = sql`campaign_id = ${campaign.id}`;
    const truth = await truthFor(t.db, whole);
    expect(truth.raisedCents).toBe(5000 + 2000 + 3000 + 10000 + 700 + 10000 + 1266);
    expect(s.campaign).toEqual({
      id: campaign.id,
      title: campaign.title,
      slug: campaign.slug,
      status: 'active',
      goalCents: 200000,
    });
    expect(s.division).toBeNull();
    expect(s.totals).toEqual({
      ...truth,
      goalCents: 200000,
      players: 4,
      playersWithDonations: 4,
      averageCents: Math.round(truth.raisedCents / truth.donations),
    });

    // By player.
    for (const row of s.byPlayer)
      expect(row).toMatchObject(await truthFor(t.db, sql`campaign_fundraiser_id = ${row.id}`));
    expect(s.byPlayer.map((r: { firstName: string }) => r.firstName)).toEqual(['Cal', 'Amy', 'Ben', 'Dee']);
    expect(s.byPlayer.find((r: { id: number }) => r.id === cf.Amy)).toMatchObject({
      raisedCents: 7000,
      donors: 2,
      donations: 2,
      goalCents: 20000,
      divisionName: a.division.name,
    });

    // By division: each division's players, plus a row for Dee (no division) and the general gift.
    const rows = s.byDivision as { id: number | null; raisedCents: number; players: number; goalCents: number }[];
    expect(rows.map((r) => r.id).sort()).toEqual([a.division.id, div2.id, null].sort());
    expect(rows.reduce((n, r) => n + r.raisedCents, 0)).toBe(truth.raisedCents);
    const d1 = rows.find((r) => r.id === a.division.id)!;
    expect(d1).toMatchObject({ ...(await truthFor(t.db, inCfs([cf.Amy!, cf.Ben!]))), players: 2, goalCents: 35000 });
    const none = rows.find((r) => r.id === null)!;
    expect(none).toMatchObject({ raisedCents: 10700, donations: 2, players: 1, goalCents: 5000 });

    // Top donors by amount, ten at most; the name on the latest gift.
    const top = await topTruth(whole);
    expect(s.topDonors.map(({ name: _n, ...x }: { name: string }) => x)).toEqual(top);
    expect(s.topDonors).toHaveLength(10);
    expect(s.topDonors.find((d: { email: string }) => d.email === 'big@example.test')).toMatchObject({
      name: 'Bea Bigger',
      totalCents: 8000,
      donations: 2,
    });

    // Daily: every day from the first gift to the last, zero where none; sums to the total.
    expect(s.daily.map((d: { date: string }) => d.date)).toEqual([
      '2030-03-01',
      '2030-03-02',
      '2030-03-03',
      '2030-03-04',
      '2030-03-05',
    ]);
    expect(s.daily[0]).toEqual({ date: '2030-03-01', raisedCents: 7000, donations: 2 });
    expect(s.daily[1]).toEqual({ date: '2030-03-02', raisedCents: 0, donations: 0 });
    expect(s.daily.reduce((n: number, d: { raisedCents: number }) => n + d.raisedCents, 0)).toBe(truth.raisedCents);
    expect(s.daily.reduce((n: number, d: { donations: number }) => n + d.donations, 0)).toBe(truth.donations);
  });

  it('the list row and detail carry the same totals', async () => {
    const truth = await truthFor(t.db, sql`campaign_id = ${campaign.id}`);
    const listed = await expectStatus(ta.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` }), 200);
    expect(listed.data.find((c: { id: number }) => c.id === campaign.id)).toMatchObject({ ...truth, players: 4 });
    const detail = await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}` }), 200);
    expect(detail.data).toMatchObject(truth);
  });
});

describe('GET /campaign/:id/division/:divisionId', () => {
  it("reports one division's players and money only", async () => {
    const s = await summary(ta.call, `/division/${div2.id}`);
    const truth = await truthFor(t.db, inCfs([cf.Cal!]));
    expect(s.division).toEqual({ id: div2.id, name: div2.name });
    expect(s.totals).toEqual({
      ...truth,
      goalCents: 10000,
      players: 1,
      playersWithDonations: 1,
      averageCents: truth.raisedCents,
    });
    expect(s.byPlayer.map((r: { id: number }) => r.id)).toEqual([cf.Cal]);
    expect(s.byDivision).toEqual([{ id: div2.id, name: div2.name, players: 1, goalCents: 10000, ...truth }]);
    expect(s.topDonors).toEqual([{ name: 'Dana Donor', email: 'cal@example.test', totalCents: 10000, donations: 1 }]);
    expect(s.daily).toEqual([{ date: '2030-03-04', raisedCents: 10000, donations: 1 }]);

    const d1 = await summary(ta.call, `/division/${a.division.id}`);
    expect(d1.totals).toMatchObject(await truthFor(t.db, inCfs([cf.Amy!, cf.Ben!])));

    // A division not taking part, another tree's division, a team: 404.
    for (const id of [div3.id, b.division.id, a.team.id, 99999999])
      await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}/division/${id}` }), 404);
  });
});

describe('who reads summaries', () => {
  it('organizers read them (donor names only with the donations right); families and other subtrees do not', async () => {
    const da = await actor(t, { membership: { organizationId: a.division.id, role: 'division_admin' } });
    const ou = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
    const sales = await actor(t, { staffRole: 'fys_sales' });
    const sibling = await actor(t, { membership: { organizationId: b.team.id, role: 'team_admin' } });
    const fromDivision = await summary(da.call);
    expect(fromDivision.totals.raisedCents).toBe((await summary()).totals.raisedCents);
    expect(fromDivision.topDonors).toEqual([]);
    expect((await summary(ou.call)).topDonors).toHaveLength(10);
    expect((await summary(sales.call)).topDonors).toHaveLength(10);
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}/summary` }), 404);
    await expectStatus(
      sibling.call({ method: 'GET', url: `${V1}/campaign/${campaign.id}/division/${a.division.id}` }),
      404,
    );
    const [u] = (
      (await t.db.execute(sql`select email from users where id = ${parentId}`)) as unknown as {
        rows: { email: string }[];
      }
    ).rows;
    const family = await login(t.app, u!.email);
    const headers = { authorization: `Bearer ${family.accessToken}` };
    await expectStatus(t.app.inject({ method: 'GET', url: `${V1}/campaign/${campaign.id}`, headers }), 200);
    await expectStatus(t.app.inject({ method: 'GET', url: `${V1}/campaign/${campaign.id}/summary`, headers }), 403);
  });
});
