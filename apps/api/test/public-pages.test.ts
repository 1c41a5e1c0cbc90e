/**
 * Public campaign and player pages (spec §2, decision 007): drafts stay private, totals match the
 * donations, players under 13 or of unknown age are listed only with a parent's permission,
 * names show the last initial unless a parent chose the full name, supporters can be anonymous,
 * and a contact's "opened" mark is set once and reveals nothing.
 */
import { randomBytes } from 'node:crypto';
import { campaignFundraisers, campaigns, donations, fundraiserContacts, players } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
});
afterAll(async () => t.close());

const iso = (d: Date) => d.toISOString().slice(0, 10);
const dayOffset = (n: number) => iso(new Date(Date.now() + n * 86_400_000));
/** The birth date of someone who turns `years` old `shiftDays` days from today (negative: already did). */
function birthDate(years: number, shiftDays = 0) {
  const d = new Date(Date.now() + shiftDays * 86_400_000);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return iso(d);
}

async function makeCampaign(values: Partial<typeof campaigns.$inferInsert> = {}) {
  const slug = `pub-camp-${++seq}-${randomBytes(3).toString('hex')}`;
  const [c] = await t.db
    .insert(campaigns)
    .values({
      organizationId: tree.team.id,
      title: `Campaign ${seq}`,
      slug,
      status: 'active',
      goalCents: 100_000,
      playerGoalCents: 25_000,
      shortDescription: 'Short',
      story: 'The story',
      ...values,
    })
    .returning();
  return c!;
}

interface PlayerSpec {
  first: string;
  last: string;
  birthDate?: string | null;
  publicListing?: boolean;
  showFullName?: boolean;
  goalCents?: number | null;
}

async function addPlayer(campaignId: number, spec: PlayerSpec) {
  const n = ++seq;
  const [p] = await t.db
    .insert(players)
    .values({
      firstName: spec.first,
      lastName: spec.last,
      email: `family${n}@example.test`,
      slug: `pl-${n}-${randomBytes(3).toString('hex')}`,
      birthDate: spec.birthDate ?? null,
      publicListing: spec.publicListing ?? false,
      showFullName: spec.showFullName ?? false,
      fundraisingReason: 'Player reason',
    })
    .returning();
  const [cf] = await t.db
    .insert(campaignFundraisers)
    .values({
      campaignId,
      playerId: p!.id,
      divisionId: tree.division.id,
      slug: `cf-${n}-${randomBytes(3).toString('hex')}`,
      goalCents: spec.goalCents ?? null,
    })
    .returning();
  return { player: p!, cf: cf! };
}

async function donate(
  campaignId: number,
  cfId: number | null,
  amountCents: number,
  extra: Partial<typeof donations.$inferInsert> = {},
) {
  const n = ++seq;
  await t.db.insert(donations).values({
    publicId: randomBytes(12).toString('hex'),
    campaignId,
    campaignFundraiserId: cfId,
    organizationId: tree.team.id,
    amountCents,
    status: 1,
    donorFirstName: `Donor${n}`,
    donorLastName: 'Giver',
    donorEmail: `donor${n}@example.test`,
    completedAt: new Date(Date.now() - (1000 - n) * 1000),
    ...extra,
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url: `${V1}${url}` });

describe('GET /public/campaigns/:slug', () => {
  it('shows an active campaign with totals from completed donations only (minus refunds)', async () => {
    const c = await makeCampaign();
    const { cf } = await addPlayer(c.id, { first: 'Ana', last: 'Lopez', birthDate: birthDate(15) });
    await donate(c.id, cf.id, 5_000, { donorEmail: 'same@example.test' });
    await donate(c.id, null, 3_000, { refundedCents: 1_000, donorEmail: 'same@example.test' });
    await donate(c.id, cf.id, 9_999, { status: 0 });
    await donate(c.id, cf.id, 8_888, { status: 2 });
    await donate(c.id, cf.id, 7_777, { status: 3, refundedCents: 7_777 });
    await donate(c.id, null, 1_500, { donorEmail: 'other@example.test' });
    const res = await get(`/public/campaigns/${c.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: c.title,
      slug: c.slug,
      status: 'active',
      organizationName: tree.team.name,
      story: 'The story',
      shortDescription: 'Short',
      goalCents: 100_000,
      raisedCents: 5_000 + 2_000 + 1_500,
      donors: 2,
      acceptingDonations: true,
    });
    expect(data.recentSupporters).toHaveLength(3);
    expect(data.leaderboard).toEqual([
      { name: 'Ana L.', slug: cf.slug, avatarUrl: null, raisedCents: 5_000, goalCents: 25_000, donors: 1 },
    ]);
  });

  it('answers 404 for a draft and for an unknown slug; a closed campaign is shown but takes no donations', async () => {
    const draft = await makeCampaign({ status: 'draft' });
    expect((await get(`/public/campaigns/${draft.slug}`)).statusCode).toBe(404);
    expect((await get('/public/campaigns/no-such-campaign')).statusCode).toBe(404);
    expect((await get(`/public/campaigns/${draft.slug}/players`)).statusCode).toBe(404);
    const closed = await makeCampaign({ status: 'closed' });
    const res = await get(`/public/campaigns/${closed.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.acceptingDonations).toBe(false);
  });

  it('takes donations only while active and inside its dates', async () => {
    const cases: [Partial<typeof campaigns.$inferInsert>, boolean][] = [
      [{ startDate: dayOffset(-1), endDate: dayOffset(1) }, true],
      [{ startDate: dayOffset(0), endDate: dayOffset(0) }, true],
      [{ startDate: null, endDate: null }, true],
      [{ startDate: dayOffset(1) }, false],
      [{ endDate: dayOffset(-1) }, false],
    ];
    for (const [dates, accepting] of cases) {
      const c = await makeCampaign(dates);
      const res = await get(`/public/campaigns/${c.slug}`);
      expect(res.json().data.acceptingDonations, JSON.stringify(dates)).toBe(accepting);
      expect(res.json().data.startDate).toBe(dates.startDate ?? null);
    }
  });

  it('lists on the leaderboard only players 13 or older, or whose parent allowed it', async () => {
    const c = await makeCampaign();
    const specs: [string, PlayerSpec, boolean][] = [
      ['fourteen', { first: 'Teen', last: 'Older', birthDate: birthDate(14) }, true],
      ['thirteen today', { first: 'Birthday', last: 'Today', birthDate: birthDate(13) }, true],
      ['thirteen tomorrow', { first: 'Almost', last: 'Thirteen', birthDate: birthDate(13, 1) }, false],
      ['twelve', { first: 'Twelve', last: 'Hidden', birthDate: birthDate(12) }, false],
      ['twelve, allowed', { first: 'Twelve', last: 'Allowed', birthDate: birthDate(12), publicListing: true }, true],
      ['unknown age', { first: 'Unknown', last: 'Age' }, false],
      ['unknown age, allowed', { first: 'Unknown', last: 'Allowed', publicListing: true }, true],
    ];
    const made = [];
    for (const [label, spec, listed] of specs) {
      const m = await addPlayer(c.id, spec);
      await donate(c.id, m.cf.id, 1_000 + made.length * 100);
      made.push({ label, slug: m.cf.slug, listed });
    }
    const board = (await get(`/public/campaigns/${c.slug}`)).json().data.leaderboard as { slug: string }[];
    const shown = new Set(board.map((e) => e.slug));
    for (const m of made) expect(shown.has(m.slug), m.label).toBe(m.listed);
    const search = (await get(`/public/campaigns/${c.slug}/players`)).json().data as { slug: string }[];
    expect(new Set(search.map((e) => e.slug))).toEqual(shown);
  });

  it('ranks the top 10 by amount raised and masks last names unless a parent chose the full name', async () => {
    const c = await makeCampaign();
    const made = [];
    for (let i = 0; i < 12; i++) {
      const m = await addPlayer(c.id, {
        first: `Kid${i}`,
        last: `family${i}`,
        birthDate: birthDate(15),
        showFullName: i === 11,
        goalCents: i === 11 ? 40_000 : null,
      });
      await donate(c.id, m.cf.id, (i + 1) * 1_000);
      made.push(m);
    }
    const board = (await get(`/public/campaigns/${c.slug}`)).json().data.leaderboard;
    expect(board).toHaveLength(10);
    expect(board.map((e: { raisedCents: number }) => e.raisedCents)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((k) => k * 1_000),
    );
    expect(board[0]).toMatchObject({ name: 'Kid11 family11', goalCents: 40_000 });
    expect(board[1]).toMatchObject({ name: 'Kid10 F.', goalCents: 25_000 });
    expect(JSON.stringify(board)).not.toContain('family10');
  });

  it('shows the last 10 completed donations, newest first, without the names of anonymous donors', async () => {
    const c = await makeCampaign();
    for (let i = 0; i < 12; i++)
      await donate(c.id, null, 100 * (i + 1), {
        donorFirstName: `Giver${i}`,
        anonymous: i === 11,
        message: i === 10 ? 'Go team!' : null,
      });
    await donate(c.id, null, 999, { status: 0, donorFirstName: 'Pending' });
    const list = (await get(`/public/campaigns/${c.slug}`)).json().data.recentSupporters;
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ name: null, amountCents: 1_200 });
    expect(list[1]).toMatchObject({ name: 'Giver10 G.', amountCents: 1_100, message: 'Go team!' });
    expect(list.map((s: { amountCents: number }) => s.amountCents)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((k) => k * 100),
    );
    expect(JSON.stringify(list)).not.toContain('Giver11');
    expect(JSON.stringify(list)).not.toContain('Pending');
    expect(JSON.stringify(list)).not.toContain('@example.test');
  });
});

describe('GET /public/campaigns/:slug/players', () => {
  it('searches the names the page shows: a hidden last name finds nothing, at most 50 results', async () => {
    const c = await makeCampaign();
    await addPlayer(c.id, { first: 'Mateo', last: 'Alvarez', birthDate: birthDate(14) });
    await addPlayer(c.id, { first: 'Sofia', last: 'Garcia', birthDate: birthDate(14), showFullName: true });
    await addPlayer(c.id, { first: 'Mateo', last: 'Hidden', birthDate: birthDate(10) });
    const names = async (q: string) =>
      ((await get(`/public/campaigns/${c.slug}/players?q=${encodeURIComponent(q)}`)).json().data as { name: string }[])
        .map((e) => e.name)
        .sort();
    expect(await names('mateo')).toEqual(['Mateo A.']);
    expect(await names('MATEO a')).toEqual(['Mateo A.']);
    expect(await names('alvarez')).toEqual([]);
    expect(await names('garcía')).toEqual(['Sofia Garcia']);
    expect(await names('hidden')).toEqual([]);
    expect(await names('')).toEqual(['Mateo A.', 'Sofia Garcia']);

    const big = await makeCampaign();
    for (let i = 0; i < 55; i++) await addPlayer(big.id, { first: `Runner${i}`, last: 'Z', publicListing: true });
    const res = await get(`/public/campaigns/${big.slug}/players?q=runner`);
    expect(res.json().data).toHaveLength(50);
  });
});

describe('GET /public/fundraisers/:slug', () => {
  it("shows the player's page with a masked name even when the player is not listed", async () => {
    const c = await makeCampaign();
    const { cf } = await addPlayer(c.id, { first: 'Lily', last: 'Young', birthDate: birthDate(9) });
    await donate(c.id, cf.id, 2_500, { anonymous: true });
    await donate(c.id, cf.id, 1_000, { donorFirstName: 'Grandma', donorLastName: 'Young' });
    await donate(c.id, null, 50_000);
    const res = await get(`/public/fundraisers/${cf.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Lily Y.',
      slug: cf.slug,
      fundraisingReason: 'Player reason',
      goalCents: 25_000,
      raisedCents: 3_500,
      donors: 2,
      teamName: tree.team.name,
      acceptingDonations: true,
      campaign: { title: c.title, slug: c.slug, organizationName: tree.team.name },
    });
    // A relative's last name would give the player's away: supporters show an initial too.
    expect(data.recentSupporters.map((s: { name: string | null }) => s.name)).toEqual(['Grandma Y.', null]);
    expect(JSON.stringify(data)).not.toContain('Young');
    expect(JSON.stringify(data)).not.toContain('family');
  });

  it("prefers the campaign page's own reason and goal; 404 for a draft campaign or an unknown page", async () => {
    const c = await makeCampaign();
    const { cf } = await addPlayer(c.id, { first: 'Max', last: 'Power', showFullName: true, goalCents: 12_300 });
    await t.db
      .update(campaignFundraisers)
      .set({ fundraisingReason: 'New shoes' })
      .where(eq(campaignFundraisers.id, cf.id));
    const data = (await get(`/public/fundraisers/${cf.slug}`)).json().data;
    expect(data).toMatchObject({ name: 'Max Power', goalCents: 12_300, fundraisingReason: 'New shoes' });

    const draft = await makeCampaign({ status: 'draft' });
    const hidden = await addPlayer(draft.id, { first: 'Dee', last: 'Raft' });
    expect((await get(`/public/fundraisers/${hidden.cf.slug}`)).statusCode).toBe(404);
    expect((await get('/public/fundraisers/nobody-here')).statusCode).toBe(404);
  });
});

describe('POST /public/fundraisers/:slug/opened', () => {
  it('marks the contact with that token as opened once, and says nothing about wrong tokens', async () => {
    const c = await makeCampaign();
    const { cf, player } = await addPlayer(c.id, { first: 'Open', last: 'Er' });
    const other = await addPlayer(c.id, { first: 'Other', last: 'Kid' });
    const mk = async (playerId: number, token: string) =>
      (
        await t.db
          .insert(fundraiserContacts)
          .values({
            playerId,
            campaignId: c.id,
            name: 'Aunt',
            email: `${token}@example.test`,
            trackToken: token,
          })
          .returning()
      )[0]!;
    const mine = await mk(player.id, `tok${randomBytes(6).toString('hex')}`);
    const theirs = await mk(other.player.id, `tok${randomBytes(6).toString('hex')}`);
    const post = (slug: string, token: string) =>
      t.app.inject({ method: 'POST', url: `${V1}/public/fundraisers/${slug}/opened`, payload: { c: token } });
    const openedAt = async (id: number) =>
      (await t.db.select().from(fundraiserContacts).where(eq(fundraiserContacts.id, id)))[0]!.openedAt;

    // Another player's contact token on this page: nothing happens, same answer.
    const wrong = await post(cf.slug, theirs.trackToken);
    expect(wrong.statusCode).toBe(204);
    expect(await openedAt(theirs.id)).toBeNull();
    expect((await post(cf.slug, 'unknown-token-123')).statusCode).toBe(204);
    expect((await post('no-such-page', mine.trackToken)).statusCode).toBe(204);
    expect(await openedAt(mine.id)).toBeNull();

    expect((await post(cf.slug, mine.trackToken)).statusCode).toBe(204);
    const first = await openedAt(mine.id);
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 20));
    expect((await post(cf.slug, mine.trackToken)).statusCode).toBe(204);
    expect((await openedAt(mine.id))!.getTime()).toBe(first!.getTime());

    const bad = await post(cf.slug, 'x');
    expect(bad.statusCode).toBe(400);
  });
});
