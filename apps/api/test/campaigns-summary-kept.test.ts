/**
 * The campaign summary is read from kept totals (decision 024). A campaign with gifts in several
 * divisions and pages, a page without a division, a gift without a page, partial and full refunds
 * (status 1 with nothing left, and status 3), pending and failed gifts, a donor giving twice under
 * two names, then refunds, voids, deletions, moves between pages, a completed checkout and a
 * renamed donor: after each step the whole summary and every division's report equal figures the
 * test computes from the rows it created (its own ledger, not SQL), and nothing drifts.
 */
import type { CampaignReport } from '@fc/contracts';
import { campaignFundraisers } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { donate, expectStatus, insertCampaign, rosterPlayer, V1 } from './campaigns-support.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

type Gift = {
  id: number;
  cf: number | null;
  amount: number;
  refunded: number;
  status: number;
  email: string;
  name: string;
  at: Date;
};
type Page = { id: number; first: string; last: string; division: number | null; goal: number };

let t: TestApp;
let caller: Awaited<ReturnType<typeof actor>>;
let campaignId = 0;
let organizationId = 0;
const divisions = new Map<number, string>();
const taking: number[] = [];
const pages: Page[] = [];
const ledger: Gift[] = [];

const at = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const net = (g: Gift) => Math.max(g.amount - g.refunded, 0);

async function give(cf: number | null, amount: number, email: string, when: Date, x: Partial<Gift> = {}) {
  const [first, last] = (x.name ?? 'Dana Donor').split(' ');
  const status = x.status ?? 1;
  const row = await donate(t.db, {
    campaignId,
    organizationId,
    cfId: cf,
    amount,
    refunded: x.refunded ?? 0,
    status,
    email,
    first,
    last,
    at: when,
  });
  const g: Gift = {
    id: row.id,
    cf,
    amount,
    refunded: x.refunded ?? 0,
    status,
    email,
    name: `${first} ${last}`,
    at: when,
  };
  ledger.push(g);
  return g;
}

/** Figures over the gifts `inScope`, computed from the ledger. */
function oracle(inScope: (g: Gift) => boolean, scopePages: Page[], withUnpaged: boolean) {
  const all = ledger.filter(inScope);
  const counting = all.filter((g) => g.status === 1);
  const totalsOf = (list: Gift[]) => ({
    raisedCents: list.reduce((n, g) => n + net(g), 0),
    donors: new Set(list.map((g) => g.email)).size,
    donations: list.length,
  });
  const byPlayer = scopePages
    .map((p) => ({
      id: p.id,
      firstName: p.first,
      lastName: p.last,
      divisionName: p.division === null ? null : divisions.get(p.division)!,
      goalCents: p.goal,
      ...totalsOf(counting.filter((g) => g.cf === p.id)),
    }))
    .sort(
      (a, b) =>
        b.raisedCents - a.raisedCents ||
        a.lastName.toLowerCase().localeCompare(b.lastName.toLowerCase()) ||
        a.firstName.toLowerCase().localeCompare(b.firstName.toLowerCase()) ||
        a.id - b.id,
    );
  const divOf = (g: Gift) => (g.cf === null ? null : pages.find((p) => p.id === g.cf)!.division);
  const keys = new Set<number | null>(scopePages.map((p) => p.division));
  if (withUnpaged) {
    for (const d of taking) keys.add(d);
    if (all.some((g) => g.cf === null)) keys.add(null);
  }
  const byDivision = [...keys]
    .map((id) => {
      const mine = scopePages.filter((p) => p.division === id);
      return {
        id,
        name: id === null ? null : divisions.get(id)!,
        players: mine.length,
        goalCents: mine.reduce((n, p) => n + p.goal, 0),
        ...totalsOf(counting.filter((g) => divOf(g) === id)),
      };
    })
    .sort(
      (a, b) =>
        b.raisedCents - a.raisedCents ||
        (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) ||
        (a.name ?? '').localeCompare(b.name ?? ''),
    );
  const emails = [...new Set(counting.map((g) => g.email))];
  const topDonors = emails
    .map((email) => {
      const mine = counting.filter((g) => g.email === email);
      const latest = [...mine].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)[0]!;
      return { name: latest.name, email, totalCents: mine.reduce((n, g) => n + net(g), 0), donations: mine.length };
    })
    .sort((a, b) => b.totalCents - a.totalCents || (a.email < b.email ? -1 : 1))
    .slice(0, 10);
  const perDay = new Map<string, { raisedCents: number; donations: number }>();
  for (const g of counting) {
    const d = perDay.get(utcDay(g.at)) ?? { raisedCents: 0, donations: 0 };
    perDay.set(utcDay(g.at), { raisedCents: d.raisedCents + net(g), donations: d.donations + 1 });
  }
  const days = [...perDay.keys()].sort();
  const daily: { date: string; raisedCents: number; donations: number }[] = [];
  if (days.length)
    for (let d = new Date(`${days[0]}T00:00:00Z`); utcDay(d) <= days.at(-1)!; d = new Date(d.getTime() + 86_400_000))
      daily.push({ date: utcDay(d), ...(perDay.get(utcDay(d)) ?? { raisedCents: 0, donations: 0 }) });
  const totals = totalsOf(counting);
  return {
    totals: {
      ...totals,
      players: scopePages.length,
      playersWithDonations: byPlayer.filter((p) => p.donations > 0).length,
      averageCents: totals.donations ? Math.round(totals.raisedCents / totals.donations) : 0,
    },
    byPlayer,
    byDivision,
    topDonors,
    daily,
  };
}

async function report(path: string): Promise<CampaignReport> {
  return (await expectStatus(caller.call({ method: 'GET', url: `${V1}/campaign/${campaignId}${path}` }), 200)).data;
}

/** The whole summary and each division's report equal the ledger's figures; nothing drifts. */
async function check(label: string) {
  const whole = await report('/summary');
  const { totals, ...rest } = oracle(() => true, pages, true);
  expect(whole.totals, label).toEqual({ ...totals, goalCents: 300000 });
  expect({ ...whole, totals: undefined, campaign: undefined, division: undefined }, label).toEqual({
    ...rest,
    totals: undefined,
    campaign: undefined,
    division: undefined,
  });
  for (const id of new Set(pages.map((p) => p.division).filter((d): d is number => d !== null))) {
    const mine = pages.filter((p) => p.division === id);
    const ids = new Set(mine.map((p) => p.id));
    const o = oracle((g) => g.cf !== null && ids.has(g.cf), mine, false);
    const r = await report(`/division/${id}`);
    expect(r.division, label).toEqual({ id, name: divisions.get(id) });
    expect(r.totals, `${label}: division ${id}`).toEqual({
      ...o.totals,
      goalCents: mine.reduce((n, p) => n + p.goal, 0),
    });
    expect({ ...r, totals: undefined, campaign: undefined, division: undefined }, `${label}: division ${id}`).toEqual({
      ...o,
      totals: undefined,
      campaign: undefined,
      division: undefined,
    });
  }
  expect(await rollupDrift(t.db), label).toEqual([]);
}

const update = (g: Gift, change: Partial<Gift>, set: ReturnType<typeof sql>) =>
  t.db.execute(sql`update donations set ${set} where id = ${g.id}`).then(() => Object.assign(g, change));

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTree(t.db);
  organizationId = a.team.id;
  const d2 = await createOrg(t.db, 4, a.team.id);
  const d3 = await createOrg(t.db, 4, a.team.id);
  for (const d of [a.division, d2, d3]) divisions.set(d.id, d.name);
  caller = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  campaignId = (await insertCampaign(t.db, a.team.id, { goalCents: 300000, status: 'active' })).id;
  // Two divisions take part; the third only through a player's page.
  taking.push(a.division.id, d2.id);
  await t.db.execute(sql`insert into campaign_divisions (campaign_id, organization_id)
    values (${campaignId}, ${a.division.id}), (${campaignId}, ${d2.id})`);
  const roster: [string, number, number | null, number][] = [
    ['Ana', a.division.id, a.division.id, 20000],
    ['Bo', a.division.id, a.division.id, 15000],
    ['Cy', d2.id, d2.id, 10000],
    ['Di', d3.id, d3.id, 8000],
    ['Ed', d3.id, null, 5000],
  ];
  for (const [first, rosterDivision, division, goal] of roster) {
    const r = await rosterPlayer(t.db, rosterDivision, { first, last: 'Kept' });
    const [row] = await t.db
      .insert(campaignFundraisers)
      .values({
        campaignId,
        playerId: r.player.id,
        divisionId: division,
        slug: `${first}-${campaignId}`,
        goalCents: goal,
      })
      .returning();
    pages.push({ id: row!.id, first, last: 'Kept', division, goal });
  }
});
afterAll(async () => t.close());

describe('campaign summary from kept totals', () => {
  it('equals the ledger after gifts, refunds, voids, deletions, moves and renames', async () => {
    const [ana, bo, cy, di, ed] = pages.map((p) => p.id);
    await check('empty');
    const twice1 = await give(ana!, 4000, 'twice@example.test', at('2031-05-01', 9), { name: 'Tess First' });
    const twice2 = await give(cy!, 2500, 'twice@example.test', at('2031-05-03', 23), { name: 'Tessa Second' });
    await give(ana!, 3000, 'partial@example.test', at('2031-05-01', 22), { refunded: 1200 });
    const zero = await give(bo!, 1500, 'zero@example.test', at('2031-05-02'), { refunded: 1500 });
    await give(bo!, 9000, 'gone@example.test', at('2031-05-02'), { status: 3, refunded: 9000 });
    const pending = await give(di!, 6000, 'pending@example.test', at('2031-05-04'), { status: 0 });
    await give(di!, 4500, 'failed@example.test', at('2031-05-04'), { status: 2 });
    const general = await give(null, 7000, 'general@example.test', at('2031-05-05'), { name: 'Gen Eral' });
    await give(null, 800, 'twice@example.test', at('2031-04-30'), { name: 'Tee Early' });
    const edGift = await give(ed!, 1100, 'ed@example.test', at('2031-05-06'));
    for (let i = 0; i < 11; i++)
      await give(i % 2 ? cy! : di!, 100 + i * 10, `small${i}@example.test`, at('2031-05-07'));
    await check('after the gifts');

    await update(twice2, { refunded: 500 }, sql`refunded_cents = 500`);
    await check('a partial refund of the latest gift');
    await update(twice2, { status: 3, refunded: 2500 }, sql`status = 3, refunded_cents = 2500`);
    await check('the latest gift refunded in full (status 3): the name falls back');
    await update(zero, { refunded: 1000 }, sql`refunded_cents = 1000`);
    await check('a gift refunded to nothing taken back in part');
    await update(
      pending,
      { status: 1, at: at('2031-05-08') },
      sql`status = 1, created_at = ${at('2031-05-08')},
      completed_at = ${at('2031-05-08')}`,
    );
    await check('a pending checkout completes');
    await update(twice1, { name: 'Tess Renamed' }, sql`donor_first_name = 'Tess', donor_last_name = 'Renamed'`);
    await check('the latest counting gift renamed');
    await update(general, { cf: bo! }, sql`campaign_fundraiser_id = ${bo!}`);
    await check('a gift without a page moved to a page');
    await update(edGift, { cf: cy! }, sql`campaign_fundraiser_id = ${cy!}`);
    await check('a gift moved to a page in another division');
    await update(twice1, { email: 'moved@example.test' }, sql`donor_email = 'moved@example.test'`);
    await check('a gift moved to another donor');
    for (const g of ledger.filter((x) => x.email === 'small3@example.test' || x.email === 'twice@example.test')) {
      await t.db.execute(sql`delete from donations where id = ${g.id}`);
      ledger.splice(ledger.indexOf(g), 1);
    }
    await check('deletions (the donor giving twice is gone)');
    // Bulk: one statement refunding and voiding several gifts at once.
    const bulk = ledger.filter((g) => g.email.startsWith('small') && g.status === 1);
    await t.db.execute(sql`update donations set status = case when amount_cents > 150 then 3 else 1 end,
      refunded_cents = 50 where campaign_id = ${campaignId} and donor_email like 'small%'`);
    for (const g of bulk) Object.assign(g, { status: g.amount > 150 ? 3 : 1, refunded: 50 });
    await check('a bulk refund and void in one statement');
  });
});
