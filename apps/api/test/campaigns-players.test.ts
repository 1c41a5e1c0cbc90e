/**
 * Players on a campaign: candidate divisions, bulk add (idempotent, concurrent), the paged list
 * with invitation status and totals, removal, invitations and messages to families (outbox, with
 * working links), and who sees which rows.
 */
import { createHash } from 'node:crypto';
import { campaignFundraisers, fundraiserContacts, organizationCampaigns } from '@fc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_BATCHES_PER_WINDOW } from '../src/modules/campaigns/family-messages.js';
import {
  type Call,
  donate,
  expectStatus,
  insertCampaign,
  outboxFor,
  rosterPlayer,
  truthFor,
  V1,
} from './campaigns-support.js';
import { actor, createOrg, createTestApp, createTree, login, type TestApp } from './helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let div2: Awaited<ReturnType<typeof createOrg>>;
let teamA2: Awaited<ReturnType<typeof createOrg>>;
let divA2: Awaited<ReturnType<typeof createOrg>>;
let ta: Awaited<ReturnType<typeof actor>>;
let la: Awaited<ReturnType<typeof actor>>;
let da: Awaited<ReturnType<typeof actor>>;
let sibling: Awaited<ReturnType<typeof actor>>;
/** Three players on division 1, two on division 2, two on the sibling team's division. */
const roster: Record<string, Awaited<ReturnType<typeof rosterPlayer>>[]> = { d1: [], d2: [], a2: [] };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTree(t.db);
  b = await createTree(t.db);
  div2 = await createOrg(t.db, 4, a.team.id);
  teamA2 = await createOrg(t.db, 3, a.league.id);
  divA2 = await createOrg(t.db, 4, teamA2.id);
  ta = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  la = await actor(t, { membership: { organizationId: a.league.id, role: 'league_admin' } });
  da = await actor(t, { membership: { organizationId: a.division.id, role: 'division_admin' } });
  sibling = await actor(t, { membership: { organizationId: teamA2.id, role: 'team_admin' } });
  roster.d1!.push(await rosterPlayer(t.db, a.division.id, { first: 'Jane', last: 'Doe' }));
  roster.d1!.push(await rosterPlayer(t.db, a.division.id, { first: 'Jane', last: 'Dunn', language: 'es' }));
  roster.d1!.push(await rosterPlayer(t.db, a.division.id, { first: 'Ari', last: 'Zed', parent: 'active' }));
  roster.d2!.push(await rosterPlayer(t.db, div2.id, { first: 'Bo', last: 'Young' }));
  roster.d2!.push(await rosterPlayer(t.db, div2.id, { first: 'Cy', last: 'Xu' }));
  roster.a2!.push(await rosterPlayer(t.db, divA2.id, { first: 'Di', last: 'West' }));
  roster.a2!.push(await rosterPlayer(t.db, divA2.id, { first: 'Ed', last: 'Vane' }));
});
afterAll(async () => t.close());

const bulkAdd = (call: Call, payload: Record<string, unknown>) =>
  call({ method: 'POST', url: `${V1}/campaign_fundraiser/bulkadd`, payload });
const cfRows = (campaignId: number) =>
  t.db.select().from(campaignFundraisers).where(eq(campaignFundraisers.campaignId, campaignId));
const list = async (call: Call, campaignId: number, qs = '') =>
  expectStatus(call({ method: 'GET', url: `${V1}/campaign/${campaignId}/fundraisers?perPage=100${qs}` }), 200);
const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
const tokenOf = (text: string, cfid: number) => {
  const m = text.match(new RegExp(`/onboarding/campaign/accept-invite/${cfid}\\?token=([A-Za-z0-9_-]+)`));
  return m?.[1] ?? null;
};

describe('GET /campaign/:id/candidates', () => {
  it('lists the divisions the caller may add from, with roster counts and who is not on the campaign yet', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const res = await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/${c.id}/candidates` }), 200);
    expect(res.data).toEqual(
      expect.arrayContaining([
        { id: a.division.id, name: a.division.name, teamName: a.team.name, players: 3, notOnCampaign: 3 },
        { id: div2.id, name: div2.name, teamName: a.team.name, players: 2, notOnCampaign: 2 },
      ]),
    );
    expect(res.data).toHaveLength(2);
    await expectStatus(
      bulkAdd(ta.call, { campaignId: c.id, playerIds: [roster.d1![0]!.player.id], sendInvites: false }),
      200,
    );
    const after = await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/${c.id}/candidates` }), 200);
    expect(after.data.find((d: { id: number }) => d.id === a.division.id).notOnCampaign).toBe(2);

    // Divisions taking part narrow the owner's; shares add the shared node's divisions.
    const narrowed = await insertCampaign(t.db, a.team.id);
    await t.db.execute(
      sql`insert into campaign_divisions (campaign_id, organization_id) values (${narrowed.id}, ${div2.id})`,
    );
    await t.db.insert(organizationCampaigns).values({ campaignId: narrowed.id, organizationId: teamA2.id });
    const ids = async (call: Call) =>
      (await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${narrowed.id}/candidates` }), 200)).data
        .map((d: { id: number }) => d.id)
        .sort();
    expect(await ids(ta.call)).toEqual([div2.id]);
    expect(await ids(la.call)).toEqual([div2.id, divA2.id].sort());
    expect(await ids(sibling.call)).toEqual([divA2.id]);
    await expectStatus(da.call({ method: 'GET', url: `${V1}/campaign/${narrowed.id}/candidates` }), 403);
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/${c.id}/candidates` }), 404);
  });
});

describe('POST /campaign_fundraiser/bulkadd', () => {
  it('adds whole divisions with page slugs and the default goal, invites each new family, and is idempotent', async () => {
    const c = await insertCampaign(t.db, a.team.id, { slug: 'fall-push', playerGoalCents: 30000, title: 'Fall Push' });
    const res = await expectStatus(bulkAdd(ta.call, { campaignId: c.id, divisionIds: [a.division.id] }), 200);
    expect(res.data).toEqual({ added: 3, skipped: 0, invited: 3 });
    const rows = await cfRows(c.id);
    expect(rows.map((r) => r.slug).sort()).toEqual(['ari-z-fall-push', 'jane-d-fall-push', 'jane-d-fall-push-2']);
    expect(rows.every((r) => r.goalCents === 30000 && r.divisionId === a.division.id && r.invitedAt)).toBe(true);

    // Each family got its invitation, in its language, naming player, campaign and organization.
    const jane = roster.d1![0]!;
    const cf = rows.find((r) => r.playerId === jane.player.id)!;
    const [mail] = await outboxFor(t.db, jane.email);
    expect(mail).toMatchObject({ template: 'campaign_invite' });
    expect(mail!.subject).toContain('Jane');
    expect(mail!.subject).toContain('Fall Push');
    expect(mail!.text).toContain(a.team.name);
    const token = tokenOf(mail!.text, cf.id);
    expect(mail!.text).toContain(`http://localhost:3000/onboarding/campaign/accept-invite/${cf.id}?token=${token}`);
    expect(cf.inviteTokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(cf.inviteExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // The link opens the acceptance page.
    const info = await expectStatus(
      t.app.inject({ method: 'GET', url: `${V1}/onboarding/campaign/invite/${cf.id}?token=${token}` }),
      200,
    );
    expect(info.data).toMatchObject({ cfid: cf.id, campaignTitle: 'Fall Push', playerFirstName: 'Jane' });
    const [es] = await outboxFor(t.db, roster.d1![1]!.email);
    expect(es!.subject).toMatch(/^Únete/);
    expect(es!.text).toContain('campaña');

    const again = await expectStatus(bulkAdd(ta.call, { campaignId: c.id, divisionIds: [a.division.id] }), 200);
    expect(again.data).toEqual({ added: 0, skipped: 3, invited: 0 });
    expect(await cfRows(c.id)).toHaveLength(3);
    expect(await outboxFor(t.db, jane.email)).toHaveLength(1);

    // Chosen players, without invitations.
    const more = await expectStatus(
      bulkAdd(ta.call, {
        campaignId: c.id,
        playerIds: [roster.d2![0]!.player.id, jane.player.id],
        sendInvites: false,
      }),
      200,
    );
    expect(more.data).toEqual({ added: 1, skipped: 1, invited: 0 });
    const bo = (await cfRows(c.id)).find((r) => r.playerId === roster.d2![0]!.player.id)!;
    expect(bo).toMatchObject({ divisionId: div2.id, invitedAt: null, slug: 'bo-y-fall-push' });
  });

  it('refuses what is not allowed with field paths and adds nothing', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'body.divisionIds'],
      [{ divisionIds: [b.division.id] }, 'body.divisionIds'],
      [{ divisionIds: [divA2.id] }, 'body.divisionIds'],
      [{ playerIds: [roster.a2![0]!.player.id] }, 'body.playerIds'],
      [{ playerIds: [99999999] }, 'body.playerIds'],
      [{ divisionIds: [a.division.id], playerIds: [roster.a2![0]!.player.id] }, 'body.playerIds'],
      [{ divisionIds: ['x'] }, 'body.divisionIds.0'],
      [{ divisionIds: [a.division.id], extra: 1 }, 'body.extra'],
    ];
    for (const [payload, path] of bad) {
      const res = await expectStatus(bulkAdd(ta.call, { campaignId: c.id, ...payload }), 400);
      expect(paths(res), JSON.stringify(payload)).toContain(path);
    }
    expect(await cfRows(c.id)).toHaveLength(0);
    await expectStatus(bulkAdd(da.call, { campaignId: c.id, divisionIds: [a.division.id] }), 403);
    await expectStatus(bulkAdd(sibling.call, { campaignId: c.id, divisionIds: [divA2.id] }), 404);
  });

  it('creates no duplicates under 5 concurrent calls', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const calls = [
      { divisionIds: [a.division.id, div2.id] },
      { divisionIds: [a.division.id] },
      { playerIds: roster.d1!.map((r) => r.player.id) },
      { divisionIds: [div2.id], playerIds: [roster.d1![2]!.player.id] },
      { divisionIds: [a.division.id, div2.id] },
    ];
    const results = await Promise.all(
      calls.map((x) => bulkAdd(ta.call, { campaignId: c.id, sendInvites: false, ...x })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const added = results.reduce((n, r) => n + r.json().data.added, 0);
    const rows = await cfRows(c.id);
    expect(rows).toHaveLength(5);
    expect(added).toBe(5);
    expect(new Set(rows.map((r) => r.playerId)).size).toBe(5);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(5);
  });

  it('lets a shared node add its own roster players only', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    await t.db.insert(organizationCampaigns).values({ campaignId: c.id, organizationId: teamA2.id });
    await expectStatus(bulkAdd(sibling.call, { campaignId: c.id, divisionIds: [a.division.id] }), 400);
    const res = await expectStatus(
      bulkAdd(sibling.call, { campaignId: c.id, divisionIds: [divA2.id], sendInvites: false }),
      200,
    );
    expect(res.data.added).toBe(2);
  });
});

describe('GET /campaign/:id/fundraisers', () => {
  it('pages, sorts, filters and gives per-player totals equal to the donations', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    await expectStatus(
      bulkAdd(ta.call, { campaignId: c.id, divisionIds: [a.division.id, div2.id], sendInvites: false }),
      200,
    );
    const rows = await cfRows(c.id);
    const byPlayer = (i: number, d = 'd1') => rows.find((r) => r.playerId === roster[d]![i]!.player.id)!;
    const [j, jd, ari, bo, cy] = [byPlayer(0), byPlayer(1), byPlayer(2), byPlayer(0, 'd2'), byPlayer(1, 'd2')];
    // Jane Doe: invited; Jane Dunn: accepted; Ari: parent already active; others never invited.
    await t.db.update(campaignFundraisers).set({ invitedAt: new Date() }).where(eq(campaignFundraisers.id, j.id));
    await t.db
      .update(campaignFundraisers)
      .set({ invitedAt: new Date(), acceptedAt: new Date(), goalCents: 90000 })
      .where(eq(campaignFundraisers.id, jd.id));
    const team = a.team.id;
    await donate(t.db, { campaignId: c.id, organizationId: team, cfId: j.id, amount: 5000, email: 'g@example.test' });
    await donate(t.db, {
      campaignId: c.id,
      organizationId: team,
      cfId: j.id,
      amount: 3000,
      refunded: 1000,
      email: 'h@example.test',
    });
    await donate(t.db, { campaignId: c.id, organizationId: team, cfId: j.id, amount: 3000, status: 3, refunded: 3000 });
    await donate(t.db, { campaignId: c.id, organizationId: team, cfId: jd.id, amount: 1000, status: 0 });
    await donate(t.db, { campaignId: c.id, organizationId: team, cfId: bo.id, amount: 12000, email: 'g@example.test' });
    await t.db.insert(fundraiserContacts).values([
      { campaignId: c.id, playerId: j.playerId, name: 'A', email: 'a@example.test', trackToken: `t1-${c.id}` },
      { campaignId: c.id, playerId: j.playerId, name: 'B', email: 'b@example.test', trackToken: `t2-${c.id}` },
    ]);

    const all = await list(ta.call, c.id);
    expect(all.total).toBe(5);
    for (const r of all.data)
      expect({ raisedCents: r.raisedCents, donors: r.donors, donations: r.donations }).toEqual(
        await truthFor(t.db, sql`campaign_fundraiser_id = ${r.id}`),
      );
    const jane = all.data.find((r: { id: number }) => r.id === j.id);
    expect(jane).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      divisionId: a.division.id,
      divisionName: a.division.name,
      raisedCents: 7000,
      donors: 2,
      donations: 2,
      contacts: 2,
      inviteStatus: 'invited',
      email: roster.d1![0]!.email,
    });
    const status = (id: number) => all.data.find((r: { id: number }) => r.id === id).inviteStatus;
    expect([status(jd.id), status(ari.id), status(bo.id), status(cy.id)]).toEqual([
      'joined',
      'joined',
      'not_invited',
      'not_invited',
    ]);

    const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);
    expect(ids(await list(ta.call, c.id, '&sortColumn=raised&sort=desc')).slice(0, 2)).toEqual([bo.id, j.id]);
    expect(ids(await list(ta.call, c.id, '&sortColumn=goal&sort=desc'))[0]).toBe(jd.id);
    expect(ids(await list(ta.call, c.id, '&sortColumn=name'))).toEqual([j.id, jd.id, cy.id, bo.id, ari.id]);
    expect(ids(await list(ta.call, c.id, '&sortColumn=name&sort=desc'))).toEqual([ari.id, bo.id, cy.id, jd.id, j.id]);
    expect(
      ids(await list(ta.call, c.id, '&sortColumn=status&sort=desc'))
        .slice(0, 2)
        .sort(),
    ).toEqual([jd.id, ari.id].sort());
    for (const col of ['division', 'donors'])
      for (const dir of ['asc', 'desc'])
        expect((await list(ta.call, c.id, `&sortColumn=${col}&sort=${dir}`)).total).toBe(5);
    expect(ids(await list(ta.call, c.id, `&division=${div2.id}`)).sort()).toEqual([bo.id, cy.id].sort());
    expect(ids(await list(ta.call, c.id, '&inviteStatus=joined')).sort()).toEqual([jd.id, ari.id].sort());
    expect(ids(await list(ta.call, c.id, '&q=dunn'))).toEqual([jd.id]);
    expect(ids(await list(ta.call, c.id, '&q=jane%20doe'))).toEqual([j.id]);
    const page2 = await expectStatus(
      ta.call({ method: 'GET', url: `${V1}/campaign/${c.id}/fundraisers?perPage=2&page=2&sortColumn=name` }),
      200,
    );
    expect(page2).toMatchObject({ total: 5 });
    expect(ids(page2)).toEqual([cy.id, bo.id]);
    for (const [qs, path] of [
      ['sortColumn=nope', 'querystring.sortColumn'],
      ['perPage=0', 'querystring.perPage'],
      ['inviteStatus=maybe', 'querystring.inviteStatus'],
    ] as const)
      expect(
        paths(await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/${c.id}/fundraisers?${qs}` }), 400)),
      ).toEqual([path]);

    // A Division Admin reads the campaign and sees its own division's players only.
    expect(ids(await list(da.call, c.id)).sort()).toEqual([j.id, jd.id, ari.id].sort());
    // A parent reads the campaign's page but not its player list (other families' emails).
    const parent = await actorFor(roster.d1![2]!.guardianId);
    await expectStatus(parent.call({ method: 'GET', url: `${V1}/campaign/${c.id}` }), 200);
    expect(
      (await expectStatus(parent.call({ method: 'GET', url: `${V1}/campaign/${c.id}/fundraisers` }), 403)).code,
    ).toBe('ORGANIZERS_ONLY');
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/${c.id}/fundraisers` }), 404);
  });
});

/** Signs in as an existing, active parent (their only profile: fundraiser). */
async function actorFor(userId: number) {
  const [u] = (
    (await t.db.execute(sql`select email from users where id = ${userId}`)) as unknown as { rows: { email: string }[] }
  ).rows;
  const session = await login(t.app, u!.email);
  expect(session.userData.role).toBe('fundraiser');
  return {
    call: (o: Parameters<Call>[0]) =>
      t.app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${session.accessToken}` } }),
  };
}

describe('DELETE /campaign_fundraiser/:id', () => {
  it('removes a player without donations (and their contacts); 409 with donations; 404/403 by scope', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    await t.db.insert(organizationCampaigns).values({ campaignId: c.id, organizationId: teamA2.id });
    await expectStatus(bulkAdd(ta.call, { campaignId: c.id, divisionIds: [div2.id], sendInvites: false }), 200);
    const [bo, cy] = (await cfRows(c.id)).sort((x, y) => x.id - y.id);
    await t.db.insert(fundraiserContacts).values({
      campaignId: c.id,
      playerId: bo!.playerId,
      name: 'Gran',
      email: 'gran@example.test',
      trackToken: `del${c.id}`,
    });
    await donate(t.db, { campaignId: c.id, organizationId: a.team.id, cfId: cy!.id, amount: 100, status: 0 });
    // The shared node does not see the owner's players; a Division Admin cannot manage players here.
    await expectStatus(sibling.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${bo!.id}` }), 404);
    await expectStatus(da.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${bo!.id}` }), 403);
    const refused = await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${cy!.id}` }), 409);
    expect(refused.code).toBe('PLAYER_HAS_DONATIONS');
    await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${bo!.id}` }), 200);
    expect((await cfRows(c.id)).map((r) => r.id)).toEqual([cy!.id]);
    expect(
      await t.db.$count(
        fundraiserContacts,
        and(eq(fundraiserContacts.campaignId, c.id), eq(fundraiserContacts.playerId, bo!.playerId)),
      ),
    ).toBe(0);
    await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${bo!.id}` }), 404);
  });
});

describe('invitations and messages to families', () => {
  it('resends invitations with a new single-use link, and says per family what happened', async () => {
    const c = await insertCampaign(t.db, a.team.id, { title: 'Resend Drive' });
    const other = await insertCampaign(t.db, a.team.id);
    await expectStatus(bulkAdd(ta.call, { campaignId: c.id, divisionIds: [a.division.id], sendInvites: false }), 200);
    await expectStatus(bulkAdd(ta.call, { campaignId: other.id, divisionIds: [div2.id], sendInvites: false }), 200);
    const rows = await cfRows(c.id);
    const jane = rows.find((r) => r.playerId === roster.d1![0]!.player.id)!;
    const ari = rows.find((r) => r.playerId === roster.d1![2]!.player.id)!;
    const foreign = (await cfRows(other.id))[0]!;
    const before = (await outboxFor(t.db, roster.d1![0]!.email)).length;
    const send = () =>
      ta.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/resend_invite`,
        payload: { campaignId: c.id, ids: [jane.id, ari.id, foreign.id, 99999999] },
      });
    const res = await expectStatus(send(), 200);
    expect(res.data).toEqual([
      { id: jane.id, email: roster.d1![0]!.email, ok: true },
      { id: ari.id, email: roster.d1![2]!.email, ok: false, error: 'Already joined' },
      { id: foreign.id, email: null, ok: false, error: 'Not on this campaign' },
      { id: 99999999, email: null, ok: false, error: 'Not on this campaign' },
    ]);
    const mails = await outboxFor(t.db, roster.d1![0]!.email);
    expect(mails.length).toBe(before + 1);
    const first = tokenOf(mails[0]!.text, jane.id)!;
    await expectStatus(send(), 200);
    const second = tokenOf((await outboxFor(t.db, roster.d1![0]!.email))[0]!.text, jane.id)!;
    expect(second).not.toBe(first);
    // Only the newest link works.
    await expectStatus(
      t.app.inject({ method: 'GET', url: `${V1}/onboarding/campaign/invite/${jane.id}?token=${second}` }),
      200,
    );
    const old = await t.app.inject({
      method: 'GET',
      url: `${V1}/onboarding/campaign/invite/${jane.id}?token=${first}`,
    });
    expect(old.statusCode).toBeGreaterThanOrEqual(400);
    const status = (await list(ta.call, c.id)).data.find((r: { id: number }) => r.id === jane.id).inviteStatus;
    expect(status).toBe('invited');

    const tooMany = await expectStatus(
      ta.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/resend_invite`,
        payload: { campaignId: c.id, ids: Array.from({ length: 26 }, (_, i) => i + 1) },
      }),
      400,
    );
    expect(paths(tooMany)).toEqual(['body.ids']);
    await expectStatus(
      da.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/resend_invite`,
        payload: { campaignId: c.id, ids: [jane.id] },
      }),
      403,
    );
    await expectStatus(
      sibling.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/resend_invite`,
        payload: { campaignId: c.id, ids: [jane.id] },
      }),
      404,
    );
  });

  it("sends the staff's message (escaped) with the player's page link, in the family's language", async () => {
    const c = await insertCampaign(t.db, a.team.id, { title: 'Message Drive' });
    await expectStatus(bulkAdd(ta.call, { campaignId: c.id, divisionIds: [a.division.id], sendInvites: false }), 200);
    const rows = await cfRows(c.id);
    const dunn = rows.find((r) => r.playerId === roster.d1![1]!.player.id)!;
    const doe = rows.find((r) => r.playerId === roster.d1![0]!.player.id)!;
    const res = await expectStatus(
      ta.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/bulk_message`,
        payload: {
          campaignId: c.id,
          ids: [doe.id, dunn.id, 424242],
          subject: 'Car wash\r\nBcc: victim@example.test',
          message: 'Bring <b>buckets</b> & "towels".\n\nSee you Saturday!',
        },
      }),
      200,
    );
    expect(res.data.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false]);
    expect(res.data[2]).toMatchObject({ id: 424242, error: 'Not on this campaign' });
    const [mail] = await outboxFor(t.db, roster.d1![0]!.email);
    expect(mail).toMatchObject({ template: 'campaign_message', subject: 'Car wash Bcc: victim@example.test' });
    expect(mail!.text).toContain('Bring <b>buckets</b> & "towels".');
    expect(mail!.text).toContain(`http://localhost:3000/fundraisers/${doe.slug}`);
    expect(mail!.html).toContain('Bring &lt;b&gt;buckets&lt;/b&gt; &amp; &quot;towels&quot;.');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.html).toContain(`href="http://localhost:3000/fundraisers/${doe.slug}"`);
    const [es] = await outboxFor(t.db, roster.d1![1]!.email);
    expect(es!.text).toContain('Página de Jane para Message Drive');
    const page = await t.app.inject({ method: 'GET', url: `${V1}/public/fundraisers/${doe.slug}` });
    expect(page.statusCode).not.toBe(500);
    for (const [payload, path] of [
      [{ subject: 'ok subject', message: 'hi' }, 'body.message'],
      [{ subject: '', message: 'hello there' }, 'body.subject'],
      [{ subject: 'ok subject', message: 'hello there', ids: [] }, 'body.ids'],
    ] as const) {
      const r = await expectStatus(
        ta.call({
          method: 'POST',
          url: `${V1}/campaign_fundraisers/bulk_message`,
          payload: { campaignId: c.id, ids: [doe.id], ...payload },
        }),
        400,
      );
      expect(paths(r)).toContain(path);
    }
  });

  it('limits one sender to 40 message batches per 15 minutes; the 41st is a 429 that sends nothing', async () => {
    const sender = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
    const c = await insertCampaign(t.db, a.team.id, { title: 'Busy Drive' });
    await expectStatus(
      bulkAdd(sender.call, { campaignId: c.id, divisionIds: [a.division.id], sendInvites: false }),
      200,
    );
    const family = roster.d1![0]!;
    const first = (await cfRows(c.id)).find((r) => r.playerId === family.player.id);
    const send = () =>
      sender.call({
        method: 'POST',
        url: `${V1}/campaign_fundraisers/bulk_message`,
        payload: { campaignId: c.id, ids: [first!.id], subject: 'Practice', message: 'See you at six.' },
      });
    for (let i = 0; i < MESSAGE_BATCHES_PER_WINDOW; i++) await expectStatus(send(), 200);
    const before = (await outboxFor(t.db, family.email)).length;
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ hasError: true, code: 'THROTTLED' });
    expect(refused.headers['retry-after']).toBe('900');
    expect((await outboxFor(t.db, family.email)).length).toBe(before);
  });
});
