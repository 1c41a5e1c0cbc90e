/**
 * Campaign routes end to end (spec §7 "Campaigns", DECISIONS §3, §5): create, edit, delete, list,
 * detail, logo, fee requests and sharing, with their validation errors (400 with field paths),
 * 404 outside the caller's scope and 403 when the campaign is readable but not writable.
 */
import {
  campaignDivisions,
  campaignFundraisers,
  campaigns,
  feeRequests,
  fundraiserContacts,
  organizationCampaigns,
} from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Call,
  campaignBody,
  donate,
  expectStatus,
  insertCampaign,
  rosterPlayer,
  V1,
} from './campaigns-support.js';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let div2: Awaited<ReturnType<typeof createOrg>>;
let teamA2: Awaited<ReturnType<typeof createOrg>>;
let sa: Awaited<ReturnType<typeof actor>>;
let ta: Awaited<ReturnType<typeof actor>>;
let la: Awaited<ReturnType<typeof actor>>;
let da: Awaited<ReturnType<typeof actor>>;
let ou: Awaited<ReturnType<typeof actor>>;
let sibling: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTree(t.db);
  b = await createTree(t.db);
  div2 = await createOrg(t.db, 4, a.team.id);
  teamA2 = await createOrg(t.db, 3, a.league.id);
  sa = await actor(t, { staffRole: 'super_admin' });
  ta = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  la = await actor(t, { membership: { organizationId: a.league.id, role: 'league_admin' } });
  da = await actor(t, { membership: { organizationId: a.division.id, role: 'division_admin' } });
  ou = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
  sibling = await actor(t, { membership: { organizationId: teamA2.id, role: 'team_admin' } });
});
afterAll(async () => t.close());

const create = (call: Call, payload: Record<string, unknown>) =>
  call({ method: 'POST', url: `${V1}/campaign/`, payload });
const detailOf = async (call: Call, id: number) =>
  (await expectStatus(call({ method: 'GET', url: `${V1}/campaign/${id}` }), 200)).data;
const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('POST /campaign/', () => {
  it('creates a campaign owned by a node the caller manages, with divisions, and answers its detail', async () => {
    const body = campaignBody(a.team.id, {
      divisionIds: [a.division.id, div2.id],
      startDate: '2030-03-01',
      endDate: '2030-04-30',
      playerGoalCents: 25000,
      shortDescription: 'New uniforms',
      story: 'We travel to the state finals.',
    });
    const res = await expectStatus(create(ta.call, body), 200);
    const c = res.data;
    expect(c).toMatchObject({
      title: 'Spring Drive',
      slug: body.slug,
      status: 'draft',
      organization: a.team.id,
      organization_name: a.team.name,
      first_name: ta.user.firstName,
      last_name: ta.user.lastName,
      divisionId: Math.min(a.division.id, div2.id),
      startDate: '2030-03-01',
      endDate: '2030-04-30',
      goalCents: 500000,
      playerGoalCents: 25000,
      shortDescription: 'New uniforms',
      story: 'We travel to the state finals.',
      players: 0,
      raisedCents: 0,
      donors: 0,
      donations: 0,
      sharedWith: [],
      feeRequests: [],
      can: { update: true, managePlayers: true, delete: true },
    });
    expect(c.divisions.map((d: { id: number }) => d.id).sort()).toEqual([a.division.id, div2.id].sort());
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row).toMatchObject({ organizationId: a.team.id, createdByUserId: ta.user.id, goalCents: 500000 });
  });

  it('refuses invalid fields with their paths', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, 'body.title'],
      [{ slug: 'Not A Slug!' }, 'body.slug'],
      [{ goalCents: -1 }, 'body.goalCents'],
      [{ goalCents: 12.5 }, 'body.goalCents'],
      [{ status: 'paused' }, 'body.status'],
      [{ startDate: '2030-02-30' }, 'body.startDate'],
      [{ startDate: '2030-05-01', endDate: '2030-04-01' }, 'body.endDate'],
      [{ organizationId: 'x' }, 'body.organizationId'],
      [{ logoUrl: 'https://evil.example/x.png' }, 'body.logoUrl'],
    ];
    for (const [extra, path] of cases) {
      const body = await expectStatus(create(ta.call, campaignBody(a.team.id, extra)), 400);
      expect(paths(body), JSON.stringify(extra)).toContain(path);
    }
    const { title: _t, ...noTitle } = campaignBody(a.team.id);
    expect(paths(await expectStatus(create(ta.call, noTitle), 400))).toContain('body.title');
  });

  it('keeps divisions to divisions under the owner (400 on divisionIds)', async () => {
    for (const bad of [[b.division.id], [a.team.id], [999999]]) {
      const body = await expectStatus(create(ta.call, campaignBody(a.team.id, { divisionIds: bad })), 400);
      expect(body.code).toBe('DIVISION_INVALID');
      expect(paths(body)).toEqual(['body.divisionIds']);
    }
    expect(await t.db.$count(campaigns, sql`organization_id = ${a.team.id} and title = 'Never'`)).toBe(0);
  });

  it('answers 409 on a taken web address, with a free suggestion', async () => {
    await expectStatus(create(ta.call, campaignBody(a.team.id, { slug: 'taken-drive' })), 200);
    const body = await expectStatus(create(ta.call, campaignBody(a.team.id, { slug: 'taken-drive' })), 409);
    expect(body.code).toBe('SLUG_TAKEN');
    expect(body.errors).toEqual([{ path: 'body.slug', message: 'Already in use. Try "taken-drive-2".' }]);
  });

  it('refuses owners outside the caller scope (400) and readable owners it may not manage (403)', async () => {
    const outside = await expectStatus(create(ta.call, campaignBody(b.team.id)), 400);
    expect(paths(outside)).toEqual(['body.organizationId']);
    expect(paths(await expectStatus(create(ta.call, campaignBody(teamA2.id)), 400))).toEqual(['body.organizationId']);
    // The league above a Team Admin is readable to it, not manageable.
    await expectStatus(create(ta.call, campaignBody(a.league.id)), 403);
    // Division Admins and Organization Users read campaigns only.
    await expectStatus(create(da.call, campaignBody(a.division.id)), 403);
    await expectStatus(create(ou.call, campaignBody(a.org.id)), 403);
    // A League Admin creates for a team below it.
    await expectStatus(create(la.call, campaignBody(a.team.id)), 200);
  });
});

describe('GET /admin/campaign/listbyuser/ and /campaign/filter', () => {
  it('lists what the caller may read and checks userId and userRole against the token', async () => {
    const own = await insertCampaign(t.db, a.team.id, { title: 'Listed one' });
    const other = await insertCampaign(t.db, b.team.id, { title: 'Other tree' });
    const res = await expectStatus(
      ta.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/?userId=${ta.user.id}&userRole=team_admin` }),
      200,
    );
    const ids = res.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    const all = await expectStatus(sa.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` }), 200);
    expect(all.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([own.id, other.id]));
    await expectStatus(
      ta.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/?userId=${sa.user.id}&userRole=team_admin` }),
      403,
    );
    await expectStatus(
      ta.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/?userId=${ta.user.id}&userRole=super_admin` }),
      403,
    );
    expect(
      paths(await expectStatus(ta.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/?userId=abc` }), 400)),
    ).toEqual(['querystring.userId']);
    expect((await t.app.inject({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` })).statusCode).toBe(401);
  });

  it('filters by a node: campaigns it owns or that are shared with it; 404 for a node outside scope', async () => {
    const owned = await insertCampaign(t.db, teamA2.id);
    const shared = await insertCampaign(t.db, a.team.id);
    await t.db.insert(organizationCampaigns).values({ campaignId: shared.id, organizationId: teamA2.id });
    const res = await expectStatus(
      la.call({ method: 'GET', url: `${V1}/campaign/filter?organization=${teamA2.id}` }),
      200,
    );
    expect(res.data.map((c: { id: number }) => c.id).sort()).toEqual([owned.id, shared.id].sort());
    await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/filter?organization=${teamA2.id}` }), 404);
    await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/filter?organization=${b.team.id}` }), 404);
    expect(paths(await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/filter` }), 400))).toEqual([
      'querystring.organization',
    ]);
  });
});

describe('GET /campaign/:id', () => {
  it('gives can flags by role and 404 outside scope', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    expect((await detailOf(ta.call, c.id)).can).toEqual({ update: true, managePlayers: true, delete: true });
    expect((await detailOf(da.call, c.id)).can).toEqual({ update: false, managePlayers: false, delete: false });
    expect((await detailOf(ou.call, c.id)).can).toEqual({ update: false, managePlayers: false, delete: false });
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/${c.id}` }), 404);
    await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/99999999` }), 404);
    expect(paths(await expectStatus(ta.call({ method: 'GET', url: `${V1}/campaign/abc` }), 400))).toEqual([
      'params.id',
    ]);
  });

  it('counts players and money from the tables; delete is off once any donation exists', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const { player } = await rosterPlayer(t.db, a.division.id);
    const [cf] = await t.db
      .insert(campaignFundraisers)
      .values({ campaignId: c.id, playerId: player.id, slug: `cf-${c.id}` })
      .returning();
    await donate(t.db, {
      campaignId: c.id,
      organizationId: a.team.id,
      cfId: cf!.id,
      amount: 5000,
      email: 'x@example.test',
    });
    await donate(t.db, {
      campaignId: c.id,
      organizationId: a.team.id,
      amount: 2500,
      refunded: 500,
      email: 'x@example.test',
    });
    await donate(t.db, { campaignId: c.id, organizationId: a.team.id, amount: 9999, status: 0 });
    const d = await detailOf(ta.call, c.id);
    expect(d).toMatchObject({ players: 1, raisedCents: 7000, donors: 1, donations: 2 });
    expect(d.can).toEqual({ update: true, managePlayers: true, delete: false });
  });
});

describe('PUT /campaign/', () => {
  it('changes only the fields sent, replaces divisions, and never the owner', async () => {
    const c = (
      await expectStatus(create(ta.call, campaignBody(a.team.id, { divisionIds: [a.division.id], story: 'Keep' })), 200)
    ).data;
    const res = await expectStatus(
      ta.call({
        method: 'PUT',
        url: `${V1}/campaign/`,
        payload: { id: c.id, title: 'Renamed drive', divisionIds: [div2.id], status: 'active' },
      }),
      200,
    );
    expect(res.data).toMatchObject({
      title: 'Renamed drive',
      status: 'active',
      story: 'Keep',
      slug: c.slug,
      goalCents: 500000,
    });
    expect(res.data.divisions.map((x: { id: number }) => x.id)).toEqual([div2.id]);
    const moved = await expectStatus(
      ta.call({ method: 'PUT', url: `${V1}/campaign/`, payload: { id: c.id, organizationId: a.league.id } }),
      400,
    );
    expect(paths(moved)).toEqual(['body.organizationId']);
    const cleared = await expectStatus(
      ta.call({ method: 'PUT', url: `${V1}/campaign/`, payload: { id: c.id, story: null, divisionIds: [] } }),
      200,
    );
    expect(cleared.data).toMatchObject({ story: null, divisions: [], title: 'Renamed drive' });
  });

  it('checks dates against the stored ones, slugs, divisions; 403 and 404 by scope', async () => {
    const c = await insertCampaign(t.db, a.team.id, { startDate: '2030-05-01', endDate: '2030-06-01' });
    const put = (call: Call, payload: Record<string, unknown>) =>
      call({ method: 'PUT', url: `${V1}/campaign/`, payload: { id: c.id, ...payload } });
    expect(paths(await expectStatus(put(ta.call, { endDate: '2030-04-01' }), 400))).toEqual(['body.endDate']);
    expect(paths(await expectStatus(put(ta.call, { startDate: '2030-07-01' }), 400))).toEqual(['body.startDate']);
    const other = await insertCampaign(t.db, a.team.id);
    expect((await expectStatus(put(ta.call, { slug: other.slug }), 409)).code).toBe('SLUG_TAKEN');
    await expectStatus(put(ta.call, { slug: c.slug }), 200);
    expect(paths(await expectStatus(put(ta.call, { divisionIds: [b.division.id] }), 400))).toEqual([
      'body.divisionIds',
    ]);
    await expectStatus(put(da.call, { title: 'Nope nope' }), 403);
    await expectStatus(put(ou.call, { title: 'Nope nope' }), 403);
    await expectStatus(put(sibling.call, { title: 'Nope nope' }), 404);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row!.title).toBe(c.title);
  });
});

describe('DELETE /campaign', () => {
  it('removes a campaign without donations with its players, contacts, fee requests, shares and divisions', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const { player } = await rosterPlayer(t.db, a.division.id);
    await t.db.insert(campaignDivisions).values({ campaignId: c.id, organizationId: a.division.id });
    await t.db.insert(organizationCampaigns).values({ campaignId: c.id, organizationId: a.league.id });
    await t.db.insert(feeRequests).values({ campaignId: c.id, label: 'Dues', amountCents: 5000 });
    await t.db.insert(campaignFundraisers).values({ campaignId: c.id, playerId: player.id, slug: `del-${c.id}` });
    await t.db.insert(fundraiserContacts).values({
      campaignId: c.id,
      playerId: player.id,
      name: 'Gran',
      email: 'gran@example.test',
      trackToken: `tt${c.id}`,
    });
    await expectStatus(da.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }), 403);
    await expectStatus(sibling.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }), 404);
    const res = await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }), 200);
    expect(res.message).toContain(c.title);
    for (const table of [
      campaignDivisions,
      organizationCampaigns,
      feeRequests,
      campaignFundraisers,
      fundraiserContacts,
    ])
      expect(await t.db.$count(table, sql`campaign_id = ${c.id}`)).toBe(0);
    expect(await t.db.$count(campaigns, eq(campaigns.id, c.id))).toBe(0);
    await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }), 404);
  });

  it('refuses (409) once any donation exists, even an incomplete one, and changes nothing', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    await t.db.insert(feeRequests).values({ campaignId: c.id, label: 'Dues', amountCents: 5000 });
    await donate(t.db, { campaignId: c.id, organizationId: a.team.id, amount: 1000, status: 2 });
    const res = await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } }), 409);
    expect(res.code).toBe('CAMPAIGN_HAS_DONATIONS');
    expect(await t.db.$count(campaigns, eq(campaigns.id, c.id))).toBe(1);
    expect(await t.db.$count(feeRequests, eq(feeRequests.campaignId, c.id))).toBe(1);
    expect(paths(await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/campaign`, payload: {} }), 400))).toEqual([
      'body.id',
    ]);
  });
});

describe('POST /admin/campaign/:id/avatar', () => {
  it('stores a re-encoded logo for writers only', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const up = await expectStatus(
      ta.call({ method: 'POST', url: `${V1}/admin/campaign/${c.id}/avatar`, ...multipart(await smallPng()) }),
      200,
    );
    expect(up.data.logoUrl).toMatch(/^\/files\/logos\/c\d+-[a-z0-9]+\.webp$/);
    expect((await detailOf(ta.call, c.id)).logoImage).toBe(up.data.logoUrl);
    const file = await t.app.inject({ method: 'GET', url: up.data.logoUrl });
    expect(file.statusCode).toBe(200);
    await expectStatus(
      ou.call({ method: 'POST', url: `${V1}/admin/campaign/${c.id}/avatar`, ...multipart(await smallPng()) }),
      403,
    );
    await expectStatus(
      sibling.call({ method: 'POST', url: `${V1}/admin/campaign/${c.id}/avatar`, ...multipart(await smallPng()) }),
      404,
    );
    const bad = await expectStatus(
      ta.call({
        method: 'POST',
        url: `${V1}/admin/campaign/${c.id}/avatar`,
        ...multipart(Buffer.from('not an image')),
      }),
      400,
    );
    expect(paths(bad)).toEqual(['body.file']);
  });
});

describe('fee requests', () => {
  it('are added, edited and removed by campaign editors and read publicly once the campaign is live', async () => {
    const c = await insertCampaign(t.db, a.team.id, { status: 'draft' });
    const made = await expectStatus(
      ta.call({
        method: 'POST',
        url: `${V1}/fee_requests`,
        payload: { campaignId: c.id, label: 'Tournament fee', amountCents: 7500, dueDate: '2030-05-01' },
      }),
      200,
    );
    const fee = made.data;
    expect(fee).toMatchObject({ campaignId: c.id, label: 'Tournament fee', amountCents: 7500, dueDate: '2030-05-01' });
    expect((await detailOf(da.call, c.id)).feeRequests).toEqual([fee]);
    // A draft campaign's fees are not public yet.
    await expectStatus(t.app.inject({ method: 'GET', url: `${V1}/fee_requests/${fee.id}` }), 404);
    await t.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, c.id));
    const pub = await expectStatus(t.app.inject({ method: 'GET', url: `${V1}/fee_requests/${fee.id}` }), 200);
    expect(pub.data).toEqual({ ...fee, campaignTitle: c.title, campaignSlug: c.slug, organizationName: a.team.name });

    const edited = await expectStatus(
      ta.call({ method: 'PUT', url: `${V1}/fee_requests/${fee.id}`, payload: { amountCents: 8000, dueDate: null } }),
      200,
    );
    expect(edited.data).toEqual({ ...fee, amountCents: 8000, dueDate: null });
    const errs: [Record<string, unknown>, string][] = [
      [{ amountCents: 50 }, 'body.amountCents'],
      [{ label: 'x' }, 'body.label'],
      [{ dueDate: 'soon' }, 'body.dueDate'],
      [{ campaignId: c.id }, 'body.campaignId'],
    ];
    for (const [payload, path] of errs)
      expect(
        paths(await expectStatus(ta.call({ method: 'PUT', url: `${V1}/fee_requests/${fee.id}`, payload }), 400)),
      ).toContain(path);
    expect(
      paths(
        await expectStatus(
          ta.call({
            method: 'POST',
            url: `${V1}/fee_requests`,
            payload: { campaignId: c.id, label: 'Fee', amountCents: 0 },
          }),
          400,
        ),
      ),
    ).toEqual(['body.amountCents']);
    await expectStatus(
      da.call({ method: 'PUT', url: `${V1}/fee_requests/${fee.id}`, payload: { label: 'Mine now' } }),
      403,
    );
    await expectStatus(
      sibling.call({ method: 'PUT', url: `${V1}/fee_requests/${fee.id}`, payload: { label: 'Mine now' } }),
      404,
    );
    await expectStatus(sibling.call({ method: 'DELETE', url: `${V1}/fee_requests/${fee.id}` }), 404);
    await expectStatus(
      sibling.call({
        method: 'POST',
        url: `${V1}/fee_requests`,
        payload: { campaignId: c.id, label: 'Fee', amountCents: 500 },
      }),
      404,
    );
    await expectStatus(ta.call({ method: 'DELETE', url: `${V1}/fee_requests/${fee.id}` }), 200);
    expect(await t.db.$count(feeRequests, eq(feeRequests.campaignId, c.id))).toBe(0);
    await expectStatus(t.app.inject({ method: 'GET', url: `${V1}/fee_requests/${fee.id}` }), 404);
  });
});

describe('sharing', () => {
  it('lets the owner side share with readable nodes, idempotently; the shared node sees it and adds players only', async () => {
    const c = await insertCampaign(t.db, a.team.id);
    const share = (call: Call, method: 'PUT' | 'DELETE', organizationId: number) =>
      call({ method, url: `${V1}/organization_campaign/`, payload: { campaignId: c.id, organizationId } });
    // The Team Admin cannot see the sibling team: not a target it may choose.
    expect(paths(await expectStatus(share(ta.call, 'PUT', teamA2.id), 400))).toEqual(['body.organizationId']);
    expect((await expectStatus(share(la.call, 'PUT', a.team.id), 400)).code).toBe('SHARE_WITH_OWNER');
    const first = await expectStatus(share(la.call, 'PUT', teamA2.id), 200);
    expect(first.data).toEqual([{ id: teamA2.id, name: teamA2.name, typeId: 3 }]);
    await expectStatus(share(la.call, 'PUT', teamA2.id), 200);
    expect(await t.db.$count(organizationCampaigns, eq(organizationCampaigns.campaignId, c.id))).toBe(1);

    // The sibling team now reads it and may manage players, but not edit or share it.
    expect((await detailOf(sibling.call, c.id)).can).toEqual({ update: false, managePlayers: true, delete: false });
    await expectStatus(share(sibling.call, 'PUT', teamA2.id), 403);
    await expectStatus(share(sibling.call, 'DELETE', teamA2.id), 403);
    await expectStatus(
      sibling.call({ method: 'PUT', url: `${V1}/campaign/`, payload: { id: c.id, title: 'Taken over' } }),
      403,
    );

    const bulk = await expectStatus(
      la.call({
        method: 'POST',
        url: `${V1}/organization_campaign/bulkadd`,
        payload: { campaignId: c.id, organizationIds: [teamA2.id, a.league.id] },
      }),
      200,
    );
    expect(bulk.data.map((x: { id: number }) => x.id).sort()).toEqual([teamA2.id, a.league.id].sort());
    const badBulk = await expectStatus(
      la.call({
        method: 'POST',
        url: `${V1}/organization_campaign/bulkadd`,
        payload: { campaignId: c.id, organizationIds: [b.team.id] },
      }),
      400,
    );
    expect(paths(badBulk)).toEqual(['body.organizationIds']);
    expect(
      paths(
        await expectStatus(
          la.call({
            method: 'POST',
            url: `${V1}/organization_campaign/bulkadd`,
            payload: { campaignId: c.id, organizationIds: [] },
          }),
          400,
        ),
      ),
    ).toEqual(['body.organizationIds']);

    const after = await expectStatus(share(la.call, 'DELETE', teamA2.id), 200);
    expect(after.data).toEqual([{ id: a.league.id, name: a.league.name, typeId: 2 }]);
    await expectStatus(share(la.call, 'DELETE', teamA2.id), 200);
    await expectStatus(sibling.call({ method: 'GET', url: `${V1}/campaign/${c.id}` }), 404);
  });
});

describe('GET /{type}/validate-url/{url} per type', () => {
  it('checks campaigns, player pages and nodes in their own tables and excludes the record edited', async () => {
    const c = await insertCampaign(t.db, a.team.id, { slug: 'lions-drive' });
    await insertCampaign(t.db, a.team.id, { slug: 'lions-drive-2' });
    const { player } = await rosterPlayer(t.db, a.division.id);
    const [cf] = await t.db
      .insert(campaignFundraisers)
      .values({ campaignId: c.id, playerId: player.id, slug: 'jane-d-lions-drive' })
      .returning();
    const check = async (type: string, url: string, extra = '') =>
      (
        await expectStatus(
          t.app.inject({ method: 'GET', url: `${V1}/${type}/validate-url/${url}?showDetail=0${extra}` }),
          200,
        )
      ).data;
    expect(await check('campaigns', 'lions-drive')).toMatchObject({
      available: false,
      reason: 'taken',
      suggestion: 'lions-drive-3',
    });
    expect(await check('campaigns', 'lions-drive', `&exclude=${c.id}`)).toEqual({
      url: 'lions-drive',
      available: true,
    });
    expect(await check('campaigns', 'tigers-drive')).toEqual({ url: 'tigers-drive', available: true });
    expect(await check('campaigns', 'No Way')).toMatchObject({ available: false, reason: 'invalid' });
    // A campaign address does not block a node's, and the reverse.
    expect(await check('team', 'lions-drive')).toEqual({ url: 'lions-drive', available: true });
    expect(await check('campaigns', a.team.slug)).toEqual({ url: a.team.slug, available: true });
    expect(await check('team', a.team.slug)).toMatchObject({ available: false });
    // Affiliates have their own addresses (`/affiliate/{slug}`, decision 018): a team's does not block one.
    expect(await check('affiliate', a.team.slug)).toEqual({ url: a.team.slug, available: true });
    expect(await check('fundraiser', 'jane-d-lions-drive')).toMatchObject({
      available: false,
      suggestion: 'jane-d-lions-drive-2',
    });
    expect(await check('fundraiser', 'jane-d-lions-drive', `&exclude=${cf!.id}`)).toEqual({
      url: 'jane-d-lions-drive',
      available: true,
    });
    expect(await check('fundraiser', 'lions-drive')).toEqual({ url: 'lions-drive', available: true });
  });
});

describe('organization roll-up', () => {
  it('counts active campaigns in the subtree and money credited to it, from the tables', async () => {
    const org = await createOrg(t.db, 1, null);
    const league = await createOrg(t.db, 2, org.id);
    const team = await createOrg(t.db, 3, league.id);
    const other = await createOrg(t.db, 3, league.id);
    const c1 = await insertCampaign(t.db, team.id, { status: 'active' });
    const c2 = await insertCampaign(t.db, other.id, { status: 'draft' });
    await insertCampaign(t.db, team.id, { status: 'closed' });
    await donate(t.db, { campaignId: c1.id, organizationId: team.id, amount: 10000, email: 'one@example.test' });
    await donate(t.db, {
      campaignId: c1.id,
      organizationId: team.id,
      amount: 4000,
      refunded: 1000,
      email: 'two@example.test',
    });
    await donate(t.db, {
      campaignId: c1.id,
      organizationId: team.id,
      amount: 3000,
      status: 3,
      refunded: 3000,
      email: 'three@example.test',
    });
    await donate(t.db, {
      campaignId: c1.id,
      organizationId: team.id,
      amount: 2000,
      status: 0,
      email: 'four@example.test',
    });
    await donate(t.db, { campaignId: c2.id, organizationId: other.id, amount: 500, email: 'one@example.test' });
    const rollup = async (id: number) =>
      (await expectStatus(sa.call({ method: 'GET', url: `${V1}/admin/organization/?organization=${id}` }), 200)).data
        .rollup;
    expect(await rollup(org.id)).toMatchObject({ activeCampaigns: 2, raisedCents: 13500, donors: 2 });
    expect(await rollup(team.id)).toMatchObject({ activeCampaigns: 1, raisedCents: 13000, donors: 2 });
    expect(await rollup(other.id)).toMatchObject({ activeCampaigns: 1, raisedCents: 500, donors: 1 });
  });
});

describe('malformed ids and bodies', () => {
  it('answer 400 naming the parameter or field on every campaign route', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['GET', '/campaign/0', undefined, 'params.id'],
      ['GET', '/campaign/1.5/fundraisers', undefined, 'params.id'],
      ['GET', '/campaign/x/candidates', undefined, 'params.id'],
      ['GET', '/campaign/x/summary', undefined, 'params.id'],
      ['GET', '/campaign/1/division/abc', undefined, 'params.divisionId'],
      ['GET', '/fee_requests/-1', undefined, 'params.id'],
      ['PUT', '/fee_requests/x', { label: 'Fine label' }, 'params.id'],
      ['DELETE', '/fee_requests/x', undefined, 'params.id'],
      ['DELETE', '/campaign_fundraiser/x', undefined, 'params.id'],
      ['POST', '/admin/campaign/x/avatar', undefined, 'params.id'],
      ['PUT', '/campaign/', { title: 'No id here' }, 'body.id'],
      ['PUT', '/organization_campaign/', { campaignId: 1 }, 'body.organizationId'],
      ['DELETE', '/organization_campaign/', { organizationId: 1 }, 'body.campaignId'],
      ['POST', '/campaign_fundraiser/bulkadd', { divisionIds: [1] }, 'body.campaignId'],
      ['POST', '/campaign_fundraisers/resend_invite', { campaignId: 1, ids: ['a'] }, 'body.ids.0'],
    ];
    for (const [method, url, payload, path] of cases) {
      const res = await sa.call({
        method: method as 'GET',
        url: `${V1}${url}`,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(paths(res.json()), `${method} ${url}`).toContain(path);
    }
  });
});
