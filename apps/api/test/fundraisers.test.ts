/**
 * Players ("fundraisers"), end to end (spec §7 "Fundraisers", DECISIONS §3, decision 007): the
 * scoped list with search, paging, sorting and filters; the detail with divisions, campaign pages,
 * totals and contacts; edits and the family's privacy choices; page settings; the parent's
 * invitation; the photo; the family home; the roster delete by body. Every refusal is checked
 * across sibling teams, other organizations and other families.
 */
import path from 'node:path';
import { campaignFundraisers, emails, organizationFundraisers, players } from '@fc/db';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng } from './fixtures.js';
import { addPlayer, campaign, contact, donate, family, invitedParent, page } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

type Caller = Awaited<ReturnType<typeof actor>>;
type Family = Awaited<ReturnType<typeof family>>;
const V1 = '/api/v1';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
/** A sibling team under league A with its own division. */
let teamA2: { id: number };
let divA2: { id: number };
let sa: Caller;
let orgAdminA: Caller;
let orgUserA: Caller;
let teamAdminA: Caller;
let teamAdminA2: Caller;
let divAdminA: Caller;
let orgAdminB: Caller;
let donor: Caller;
let famA: Family; // on divA
let famA2: Family; // on divA2 (sibling team)
let famB: Family; // on divB (other organization)
let campA: { id: number; title: string };
let campB: { id: number };
let cfA: { id: number; campaignId: number; slug: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://fc.example.org' });
  a = await createTree(t.db);
  b = await createTree(t.db);
  teamA2 = await createOrg(t.db, 3, a.league.id);
  divA2 = await createOrg(t.db, 4, teamA2.id);
  sa = await actor(t, { staffRole: 'super_admin' });
  orgAdminA = await actor(t, { membership: { organizationId: a.org.id, role: 'org_admin' } });
  orgUserA = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
  teamAdminA = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  teamAdminA2 = await actor(t, { membership: { organizationId: teamA2.id, role: 'team_admin' } });
  divAdminA = await actor(t, { membership: { organizationId: a.division.id, role: 'division_admin' } });
  orgAdminB = await actor(t, { membership: { organizationId: b.org.id, role: 'org_admin' } });
  donor = await actor(t, { profiles: ['donor'] });
  famA = await family(t, a.division.id, { first: 'Alice', last: 'Anders', parentLast: 'Zephyr' });
  famA2 = await family(t, divA2.id, { first: 'Bruno', last: 'Baker' });
  famB = await family(t, b.division.id, { first: 'Carla', last: 'Cole' });
  campA = await campaign(t.db, a.team.id, { title: 'Spring Drive' });
  campB = await campaign(t.db, b.team.id);
  cfA = await page(t.db, campA.id, famA.player.id, { divisionId: a.division.id, goalCents: 30_000 });
});
afterAll(async () => t.close());

const get = (who: Caller, url: string) => who.call({ method: 'GET', url: `${V1}${url}` });
const patch = (who: Caller, url: string, payload: Record<string, unknown>) =>
  who.call({ method: 'PATCH', url: `${V1}${url}`, payload });
const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

describe('GET /fundraiser/filter', () => {
  it('lists only the players the caller may read', async () => {
    const all = [famA.player.id, famA2.player.id, famB.player.id];
    const seen = async (who: Caller) => {
      const res = await get(who, '/fundraiser/filter?limit=100');
      expect(res.statusCode, res.body).toBe(200);
      return ids(res).filter((id: number) => all.includes(id));
    };
    expect(await seen(teamAdminA)).toEqual([famA.player.id]);
    expect(await seen(divAdminA)).toEqual([famA.player.id]);
    expect(await seen(teamAdminA2)).toEqual([famA2.player.id]);
    expect((await seen(orgAdminA)).sort()).toEqual([famA.player.id, famA2.player.id].sort());
    expect((await seen(orgUserA)).sort()).toEqual([famA.player.id, famA2.player.id].sort());
    expect(await seen(orgAdminB)).toEqual([famB.player.id]);
    expect(await seen(famA.parent)).toEqual([famA.player.id]);
    expect(await seen(famB.parent)).toEqual([famB.player.id]);
    expect((await seen(sa)).sort()).toEqual([...all].sort());
    const res = await get(donor, '/fundraiser/filter');
    expect(res.statusCode).toBe(403);
  });

  it('searches player names, parent names and email', async () => {
    const search = async (q: string) =>
      ids(await get(orgAdminA, `/fundraiser/filter?limit=100&search=${encodeURIComponent(q)}`));
    expect(await search('alice')).toEqual([famA.player.id]);
    expect(await search('Alice Anders')).toEqual([famA.player.id]);
    expect(await search('zephyr')).toEqual([famA.player.id]);
    expect(await search(famA2.parent.user.email.toUpperCase())).toEqual([famA2.player.id]);
    // A player of another organization is never found, whatever the search.
    expect(await search('carla')).toEqual([]);
    expect(await search('100%_')).toEqual([]);
  });

  it('pages, sorts and filters by division and campaign', async () => {
    const extra = await addPlayer(t.db, a.division.id, { first: 'Aaron', last: 'Zimmer' });
    const res = await get(teamAdminA, '/fundraiser/filter?limit=1&page=1&sortColumn=name&sort=asc');
    expect(res.json().total).toBe(2);
    expect(ids(res)).toEqual([famA.player.id]); // Anders before Zimmer
    const p2 = await get(teamAdminA, '/fundraiser/filter?limit=1&page=2&sortColumn=name&sort=asc');
    expect(ids(p2)).toEqual([extra.id]);
    expect(p2.json().total).toBe(2);
    // Past the last page: no rows, the same total.
    const past = await get(teamAdminA, '/fundraiser/filter?limit=1&page=5&sortColumn=name&sort=asc');
    expect(ids(past)).toEqual([]);
    expect(past.json().total).toBe(2);
    const desc = await get(teamAdminA, '/fundraiser/filter?limit=10&sortColumn=name&sort=desc&order=1');
    expect(ids(desc)).toEqual([extra.id, famA.player.id]);

    const byDivision = await get(orgAdminA, `/fundraiser/filter?limit=100&division=${divA2.id}`);
    expect(ids(byDivision)).toEqual([famA2.player.id]);
    const byCampaign = await get(orgAdminA, `/fundraiser/filter?limit=100&campaign=${campA.id}`);
    expect(ids(byCampaign)).toEqual([famA.player.id]);
    // Filtering on another organization's division shows nothing of it.
    const foreign = await get(orgAdminA, `/fundraiser/filter?limit=100&division=${b.division.id}`);
    expect(foreign.json()).toMatchObject({ data: [], total: 0 });

    const row = (await get(teamAdminA, `/fundraiser/filter?search=alice`)).json().data[0];
    expect(row).toMatchObject({
      id: famA.player.id,
      firstName: 'Alice',
      lastName: 'Anders',
      parentFirstName: 'Pat',
      parentLastName: 'Zephyr',
      email: famA.parent.user.email,
      accountStatus: 'active',
      divisionNames: a.division.name,
      campaigns: 1,
    });
    await t.db.delete(organizationFundraisers).where(eq(organizationFundraisers.playerId, extra.id));
  });

  it('sorts by amount raised (completed minus refunds)', async () => {
    const cf2 = await page(t.db, campA.id, (await addPlayer(t.db, a.division.id, { first: 'Rich' })).id);
    await donate(t.db, cf2, { amountCents: 90_000, organizationId: a.team.id });
    const res = await get(teamAdminA, '/fundraiser/filter?limit=10&sortColumn=raised&sort=desc');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number; raisedCents: number }[];
    expect(rows[0]!.raisedCents).toBe(90_000);
    expect(rows.map((r) => r.raisedCents)).toEqual([...rows.map((r) => r.raisedCents)].sort((x, y) => y - x));
  });

  it('checks userRole and userId against the token', async () => {
    const { user } = teamAdminA;
    const okRes = await get(teamAdminA, `/fundraiser/filter?userId=${user.id}&userRole=team_admin&order=1`);
    expect(okRes.statusCode).toBe(200);
    const otherId = await get(teamAdminA, `/fundraiser/filter?userId=${orgAdminA.user.id}`);
    expect(otherId.statusCode).toBe(403);
    expect(otherId.json().code).toBe('IDENTITY_MISMATCH');
    const otherRole = await get(teamAdminA, `/fundraiser/filter?userRole=super_admin`);
    expect(otherRole.statusCode).toBe(403);
  });

  it('refuses bad query values with their field paths', async () => {
    const res = await get(teamAdminA, '/fundraiser/filter?limit=0&sortColumn=shoe');
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.limit', 'querystring.sortColumn']));
    const badDivision = await get(teamAdminA, '/fundraiser/filter?division=abc');
    expect(badDivision.json().errors[0].path).toBe('querystring.division');
  });
});

describe('GET /fundraiser/:id and its parts', () => {
  it('shows divisions, campaign pages with totals and invite status, contacts with status, and rights', async () => {
    const c1 = await contact(t.db, famA.player.id, campA.id);
    await donate(t.db, cfA, { amountCents: 5_000, organizationId: a.team.id, contactId: c1.id }); // completed
    await donate(t.db, cfA, { amountCents: 4_000, refundedCents: 1_500, organizationId: a.team.id }); // partly refunded
    await donate(t.db, cfA, { amountCents: 7_000, status: 0, organizationId: a.team.id }); // pending
    await donate(t.db, cfA, { amountCents: 8_000, status: 2, organizationId: a.team.id }); // failed
    await donate(t.db, cfA, { amountCents: 9_000, status: 3, refundedCents: 9_000, organizationId: a.team.id });
    const res = await get(teamAdminA, `/fundraiser/${famA.player.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: famA.player.id,
      firstName: 'Alice',
      guardianUserId: famA.parent.user.id,
      publicListing: false,
      showFullName: false,
      birthDate: null,
      raisedCents: 7_500,
      divisions: [{ id: a.division.id, name: a.division.name, teamId: a.team.id, teamName: a.team.name }],
      can: { update: true, resendInvitation: false },
    });
    expect(d.divisions[0].entryId).toBeGreaterThan(0);
    expect(d.campaigns).toHaveLength(1);
    expect(d.campaigns[0]).toMatchObject({
      id: cfA.id,
      campaignId: campA.id,
      title: 'Spring Drive',
      slug: cfA.slug,
      status: 'active',
      organizationName: a.team.name,
      startDate: '2026-09-01',
      goalCents: 30_000,
      inviteStatus: 'not_invited',
      raisedCents: 7_500,
      donations: 2,
      donors: 2,
      contacts: 1,
    });
    expect(d.campaigns[0]).not.toHaveProperty('playerId');
    expect(d.contacts).toEqual([expect.objectContaining({ id: c1.id, status: 'donated', donatedCents: 5_000 })]);
    expect(d).not.toHaveProperty('passwordHash');

    const viaRead = (await get(orgUserA, `/fundraiser/${famA.player.id}`)).json().data;
    expect(viaRead.can).toEqual({ update: false, resendInvitation: false });
    const parentView = (await get(famA.parent, `/fundraiser/${famA.player.id}`)).json().data;
    expect(parentView.can.update).toBe(true);
    expect(parentView.raisedCents).toBe(7_500);
  });

  it('answers 404 across sibling teams, other organizations, other families and non-staff', async () => {
    const id = famA.player.id;
    for (const who of [teamAdminA2, orgAdminB, famA2.parent, famB.parent, donor])
      for (const url of [
        `/fundraiser/${id}`,
        `/fundraiser/${id}/campaigns`,
        `/fundraiser/${id}/campaign/${campA.id}`,
        `/fundraiser/${id}/contacts`,
        `/fundraiser/${id}/divisions`,
      ]) {
        const res = await get(who, url);
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect(res.body).not.toContain('Alice');
      }
    expect((await get(sa, '/fundraiser/999999')).statusCode).toBe(404);
    expect((await get(sa, '/fundraiser/abc')).json().errors[0].path).toBe('params.id');
  });

  it('serves the campaign pages, one page, the contacts by campaign and the divisions', async () => {
    const id = famA.player.id;
    const list = await get(famA.parent, `/fundraiser/${id}/campaigns`);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([cfA.id]);
    const one = await get(famA.parent, `/fundraiser/${id}/campaign/${campA.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: cfA.id, campaignSlug: expect.any(String), goalCents: 30_000 });
    const notOn = await get(famA.parent, `/fundraiser/${id}/campaign/${campB.id}`);
    expect(notOn.statusCode).toBe(404);
    const other = await campaign(t.db, a.team.id);
    await page(t.db, other.id, id);
    const c2 = await contact(t.db, id, other.id);
    const filtered = await get(teamAdminA, `/fundraiser/${id}/contacts?campaign=${other.id}`);
    expect(filtered.json().data.map((c: { id: number }) => c.id)).toEqual([c2.id]);
    const all = await get(teamAdminA, `/fundraiser/${id}/contacts`);
    expect(all.json().data.length).toBeGreaterThanOrEqual(2);
    const divisions = await get(divAdminA, `/fundraiser/${id}/divisions`);
    expect(divisions.json().data.map((x: { id: number }) => x.id)).toEqual([a.division.id]);
  });

  it("shows staff only their own side of a player who is also on another organization's roster", async () => {
    const shared = await addPlayer(t.db, a.division.id, { first: 'Dual' });
    await t.db
      .insert(organizationFundraisers)
      .values({ organizationId: b.division.id, playerId: shared.id, naturalKey: `dual|${shared.id}` });
    const cfOwn = await page(t.db, campA.id, shared.id);
    const cfForeign = await page(t.db, campB.id, shared.id);
    await donate(t.db, cfOwn, { amountCents: 1_000, organizationId: a.team.id });
    await donate(t.db, cfForeign, { amountCents: 50_000, organizationId: b.team.id });
    const foreignContact = await contact(t.db, shared.id, campB.id);
    const d = (await get(teamAdminA, `/fundraiser/${shared.id}`)).json().data;
    expect(d.divisions.map((x: { id: number }) => x.id)).toEqual([a.division.id]);
    expect(d.campaigns.map((x: { id: number }) => x.id)).toEqual([cfOwn.id]);
    expect(d.raisedCents).toBe(1_000);
    expect(d.contacts.map((x: { id: number }) => x.id)).not.toContain(foreignContact.id);
    const row = (await get(teamAdminA, `/fundraiser/filter?search=dual`)).json().data[0];
    expect(row).toMatchObject({ raisedCents: 1_000, campaigns: 1, divisionNames: a.division.name });
    expect((await get(teamAdminA, `/fundraiser/${shared.id}/campaign/${campB.id}`)).statusCode).toBe(404);
    const bSide = (await get(orgAdminB, `/fundraiser/${shared.id}`)).json().data;
    expect(bSide.raisedCents).toBe(50_000);
    expect(bSide.divisions.map((x: { id: number }) => x.id)).toEqual([b.division.id]);
  });
});

describe('PATCH /fundraiser/:id', () => {
  it('lets staff with roster rights and the parent edit; keeps roster keys current', async () => {
    const id = famA2.player.id;
    const res = await patch(teamAdminA2, `/fundraiser/${id}`, {
      firstName: 'Bruna',
      phone: '555-0100',
      birthDate: '2014-05-02',
      fundraisingReason: 'New uniforms',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Bruna',
      phone: '555-0100',
      birthDate: '2014-05-02',
      fundraisingReason: 'New uniforms',
    });
    const [entry] = await t.db.select().from(organizationFundraisers).where(eq(organizationFundraisers.playerId, id));
    expect(entry!.naturalKey).toBe(`bruna|baker|${famA2.parent.user.email}`);
    const byParent = await patch(famA2.parent, `/fundraiser/${id}`, {
      parentFirstName: 'Paula',
      publicListing: true,
      showFullName: true,
    });
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(byParent.json().data).toMatchObject({ parentFirstName: 'Paula', publicListing: true, showFullName: true });
  });

  it('leaves the privacy choices to the parent', async () => {
    const id = famA.player.id;
    const res = await patch(teamAdminA, `/fundraiser/${id}`, { publicListing: true, showFullName: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PARENT_ONLY');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.publicListing', 'body.showFullName']);
    // The staff form may send the current values back unchanged.
    const same = await patch(teamAdminA, `/fundraiser/${id}`, { publicListing: false, lastName: 'Anders' });
    expect(same.statusCode, same.body).toBe(200);
    const [row] = await t.db.select().from(players).where(eq(players.id, id));
    expect(row!.publicListing).toBe(false);
  });

  it('refuses: 404 outside the scope or family, 403 when only readable; nothing changes', async () => {
    const id = famA.player.id;
    const [before] = await t.db.select().from(players).where(eq(players.id, id));
    for (const who of [teamAdminA2, orgAdminB, famB.parent, donor])
      expect((await patch(who, `/fundraiser/${id}`, { firstName: 'Hacked' })).statusCode).toBe(404);
    const ro = await patch(orgUserA, `/fundraiser/${id}`, { firstName: 'Hacked' });
    expect(ro.statusCode).toBe(403);
    const [after] = await t.db.select().from(players).where(eq(players.id, id));
    expect(after).toEqual(before);
  });

  it('validates with field paths and refuses fields it does not take', async () => {
    const id = famA.player.id;
    const res = await patch(teamAdminA, `/fundraiser/${id}`, { email: 'not-an-email', firstName: '' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.email', 'body.firstName']);
    const extra = await patch(teamAdminA, `/fundraiser/${id}`, { guardianUserId: teamAdminA.user.id });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].path).toBe('body.guardianUserId');
    const date = await patch(teamAdminA, `/fundraiser/${id}`, { birthDate: '2014-02-30' });
    expect(date.json().errors[0].path).toBe('body.birthDate');
  });

  it("moves a never-activated family's player to the corrected email's account", async () => {
    const old = await invitedParent(t.db);
    const kid = await addPlayer(t.db, a.division.id, { guardianUserId: old.id, email: old.email, first: 'Typo' });
    const res = await patch(teamAdminA, `/fundraiser/${kid.id}`, { email: 'Fixed.Parent@Example.test' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.email).toBe('fixed.parent@example.test');
    expect(d.guardianUserId).not.toBe(old.id);
    expect(d.accountStatus).toBe('invited');
    expect(d.can.resendInvitation).toBe(true);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${V1}/admin/fundraiser/${kid.id}/resendInvitation`,
      headers: { authorization: `Bearer ${teamAdminA.token}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.db.select().from(emails).orderBy(desc(emails.id)).limit(1);
    expect(mail!.to).toBe('fixed.parent@example.test');
    // An activated family keeps its account: the email is then just the player's contact address.
    const kept = await patch(teamAdminA, `/fundraiser/${famA.player.id}`, { email: 'other@example.test' });
    expect(kept.json().data.guardianUserId).toBe(famA.parent.user.id);
    await patch(teamAdminA, `/fundraiser/${famA.player.id}`, { email: famA.parent.user.email });
  });
});

describe('PATCH /fundraiser/:fundraiserId/campaign/:campaignId/', () => {
  it('sets the personal goal, reason and page address, with or without the trailing slash', async () => {
    const id = famA.player.id;
    const res = await patch(famA.parent, `/fundraiser/${id}/campaign/${campA.id}/`, {
      goalCents: 40_000,
      fundraisingReason: 'Travel to the finals',
      slug: 'Alice-Runs',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      goalCents: 40_000,
      fundraisingReason: 'Travel to the finals',
      slug: 'alice-runs',
    });
    const noSlash = await patch(teamAdminA, `/fundraiser/${id}/campaign/${campA.id}`, { goalCents: 45_000 });
    expect(noSlash.statusCode, noSlash.body).toBe(200);
    expect(noSlash.json().data).toMatchObject({ goalCents: 45_000, slug: 'alice-runs' });
    const [cf] = await t.db.select().from(campaignFundraisers).where(eq(campaignFundraisers.id, cfA.id));
    expect(cf).toMatchObject({ goalCents: 45_000, slug: 'alice-runs', fundraisingReason: 'Travel to the finals' });
  });

  it('refuses a page address another player uses (409 on body.slug) and bad values (400)', async () => {
    const other = await page(t.db, campB.id, famB.player.id);
    const taken = await patch(famA.parent, `/fundraiser/${famA.player.id}/campaign/${campA.id}/`, { slug: other.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'body.slug', message: 'Already in use' }]);
    const bad = await patch(famA.parent, `/fundraiser/${famA.player.id}/campaign/${campA.id}/`, {
      slug: 'a b',
      goalCents: -5,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.goalCents', 'body.slug']);
    const cents = await patch(famA.parent, `/fundraiser/${famA.player.id}/campaign/${campA.id}/`, { goalCents: 10.5 });
    expect(cents.json().errors[0].path).toBe('body.goalCents');
  });

  it('answers 404 for a campaign the player is not on and for other families; 403 when only readable', async () => {
    const id = famA.player.id;
    expect((await patch(famA.parent, `/fundraiser/${id}/campaign/${campB.id}/`, { goalCents: 1 })).statusCode).toBe(
      404,
    );
    expect((await patch(famB.parent, `/fundraiser/${id}/campaign/${campA.id}/`, { goalCents: 1 })).statusCode).toBe(
      404,
    );
    expect((await patch(teamAdminA2, `/fundraiser/${id}/campaign/${campA.id}/`, { goalCents: 1 })).statusCode).toBe(
      404,
    );
    expect((await patch(orgUserA, `/fundraiser/${id}/campaign/${campA.id}/`, { goalCents: 1 })).statusCode).toBe(403);
    const [cf] = await t.db.select().from(campaignFundraisers).where(eq(campaignFundraisers.id, cfA.id));
    expect(cf!.goalCents).toBe(45_000);
  });
});

describe('POST /admin/fundraiser/:id/resendInvitation', () => {
  it("re-sends a never-activated parent's invitation; 409 once the parent has a password", async () => {
    const parent = await invitedParent(t.db);
    const kid = await addPlayer(t.db, a.division.id, { guardianUserId: parent.id, email: parent.email });
    const post = (who: Caller, id: number) =>
      who.call({ method: 'POST', url: `${V1}/admin/fundraiser/${id}/resendInvitation` });
    const res = await post(teamAdminA, kid.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Invitation sent to ${parent.email}.`);
    const [mail] = await t.db.select().from(emails).where(eq(emails.to, parent.email));
    expect(mail).toMatchObject({ template: 'activate' });
    expect(mail!.text).toContain('https://fc.example.org/activate-account?token=');
    const [entry] = await t.db
      .select()
      .from(organizationFundraisers)
      .where(eq(organizationFundraisers.playerId, kid.id));
    expect(entry!.invitedAt).not.toBeNull();

    const active = await post(teamAdminA, famA.player.id);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('ALREADY_ACTIVE');
    // The family itself does not resend its own invitation; others outside the scope get 404.
    expect((await post(famA.parent, famA.player.id)).statusCode).toBe(403);
    expect((await post(orgUserA, kid.id)).statusCode).toBe(403);
    expect((await post(teamAdminA2, kid.id)).statusCode).toBe(404);
    expect((await post(orgAdminB, kid.id)).statusCode).toBe(404);
    const count = await t.db.select().from(emails).where(eq(emails.to, parent.email));
    expect(count).toHaveLength(1);
    const none = await addPlayer(t.db, a.division.id, { guardianUserId: null });
    expect((await post(teamAdminA, none.id)).json().code).toBe('NO_PARENT');
  });
});

describe('POST /admin/fundraiser/:id/avatar', () => {
  it("stores the player's photo re-encoded without EXIF; refuses other families and non-images", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#48c' } })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4644/100' } })
      .jpeg()
      .toBuffer();
    const up = (who: Caller, id: number, body = multipart(jpeg, 'kid.jpg', 'image/jpeg')) =>
      who.call({ method: 'POST', url: `${V1}/admin/fundraiser/${id}/avatar`, ...body });
    const res = await up(famA.parent, famA.player.id);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.avatarUrl as string;
    expect(url).toMatch(/\/files\/avatars\/p\d+-[a-z0-9x]{16}\.webp$/);
    const meta = await sharp(path.join(t.app.files.root, url.replace(/^.*\/files\//, ''))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    const [row] = await t.db.select().from(players).where(eq(players.id, famA.player.id));
    expect(row!.avatarUrl).toBe(url);
    expect((await up(famB.parent, famA.player.id)).statusCode).toBe(404);
    expect((await up(orgUserA, famA.player.id, multipart(await smallPng()))).statusCode).toBe(403);
    const html = await up(teamAdminA, famA.player.id, multipart(Buffer.from('<html></html>'), 'x.png', 'image/png'));
    expect(html.statusCode).toBe(400);
    expect(html.json().errors[0].path).toBe('body.file');
  });
});

describe('GET /admin/user/campaigns', () => {
  it("gives the parent their players and campaign pages, and nobody else's", async () => {
    const sibling = await addPlayer(t.db, a.division.id, {
      guardianUserId: famA.parent.user.id,
      email: famA.parent.user.email,
      first: 'Zoe',
    });
    const res = await get(famA.parent, '/admin/user/campaigns');
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json().data;
    expect(home.players.map((p: { id: number }) => p.id).sort()).toEqual([famA.player.id, sibling.id].sort());
    const own = [famA.player.id, sibling.id];
    // Alice is on two campaigns by now (Spring Drive and one added in an earlier test).
    expect(home.players.find((p: { id: number }) => p.id === famA.player.id)).toMatchObject({
      firstName: 'Alice',
      divisionNames: a.division.name,
      campaigns: 2,
      raisedCents: 7_500,
    });
    expect(home.campaigns.every((c: { playerId: number }) => own.includes(c.playerId))).toBe(true);
    expect(home.campaigns).toHaveLength(2);
    expect(home.campaigns).toContainEqual(
      expect.objectContaining({
        id: cfA.id,
        campaignId: campA.id,
        playerId: famA.player.id,
        playerFirstName: 'Alice',
        raisedCents: 7_500,
        goalCents: 45_000,
      }),
    );
    const other = (await get(famB.parent, '/admin/user/campaigns')).json().data;
    expect(other.players.map((p: { id: number }) => p.id)).toEqual([famB.player.id]);
    const staff = (await get(teamAdminA, '/admin/user/campaigns')).json().data;
    expect(staff).toEqual({ players: [], campaigns: [] });
  });
});

describe('DELETE /organization_fundraiser (id in the body)', () => {
  it('removes a roster entry like DELETE /organization_fundraiser/:id, with the same refusals', async () => {
    const kid = await addPlayer(t.db, a.division.id, { first: 'Leaving' });
    const [entry] = await t.db
      .select()
      .from(organizationFundraisers)
      .where(eq(organizationFundraisers.playerId, kid.id));
    const del = (who: Caller, payload: Record<string, unknown>) =>
      who.call({ method: 'DELETE', url: `${V1}/organization_fundraiser`, payload });
    expect((await del(teamAdminA2, { id: entry!.id })).statusCode).toBe(404);
    expect((await del(orgAdminB, { id: entry!.id })).statusCode).toBe(404);
    expect((await del(orgUserA, { id: entry!.id })).statusCode).toBe(403);
    expect((await del(famA.parent, { id: entry!.id })).statusCode).toBe(404);
    const bad = await del(teamAdminA, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.id');
    const res = await del(teamAdminA, { id: entry!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('was removed from the');
    const left = await t.db.select().from(organizationFundraisers).where(eq(organizationFundraisers.id, entry!.id));
    expect(left).toEqual([]);
  });
});

describe('routing', () => {
  it('keeps GET /fundraiser/validate-url/{url} reachable beside /fundraiser/{id}/…', async () => {
    const res = await get(teamAdminA, '/fundraiser/validate-url/some-free-address?showDetail=0');
    expect(res.statusCode, res.body).toBe(200);
  });
});
