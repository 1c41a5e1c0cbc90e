/**
 * Organization hierarchy routes, end to end (spec §7, DECISIONS §2, §3): lists with their filters,
 * sorts and totals, details with ancestors, children and roll-ups checked against the tables, the
 * type rules of create and move, logos, web addresses, members, division rosters and FYS Sales.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  emails,
  organizationFundraisers,
  organizations,
  organizationUsers,
  players,
  userProfiles,
  users,
} from '@fc/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, createUser, type TestApp } from './helpers.js';

type Caller = Awaited<ReturnType<typeof actor>>;
type Node = Awaited<ReturnType<typeof createOrg>>;
type Summary = {
  id: number;
  typeId: number;
  name: string;
  slug: string;
  parentId: number | null;
  parentName: string | null;
  salesUserId: number | null;
  salesName: string | null;
  status: string;
  players: number;
  childrenCount: number;
  createdAt: string;
};

const V1 = '/api/v1';
let t: TestApp;
let sa: Caller;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let playerSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  sa = await actor(t, { staffRole: 'super_admin' });
  a = await createTree(t.db);
  b = await createTree(t.db);
});
afterAll(async () => t.close());

/** Puts `n` new players (each with their own parent) on a division's roster, straight in the tables. */
async function rosterPlayers(divisionId: number, n: number, reuse: number[] = []) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = ++playerSeq;
    const [p] = await t.db
      .insert(players)
      .values({ firstName: `Kid${k}`, lastName: 'Roster', email: `family${k}@example.test`, slug: `kid-${k}-roster` })
      .returning();
    ids.push(p!.id);
  }
  for (const playerId of [...ids, ...reuse])
    await t.db
      .insert(organizationFundraisers)
      .values({ organizationId: divisionId, playerId, naturalKey: `k${playerId}|roster|x@example.test` });
  return ids;
}

const get = (who: Caller, url: string) => who.call({ method: 'GET', url: `${V1}${url}` });
const detailOf = async (who: Caller, id: number) => {
  const res = await get(who, `/admin/organization/?organization=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function listAll(who: Caller, query: string, perPage = 3) {
  const rows: Summary[] = [];
  let total = -1;
  for (let page = 1; page < 200; page++) {
    const res = await get(who, `/admin/user_organization/filter?perPage=${perPage}&page=${page}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Summary[]; total: number };
    if (page > 1) expect(body.total).toBe(total);
    total = body.total;
    rows.push(...body.data);
    if (body.data.length < perPage) break;
  }
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  return { rows, total };
}

describe('GET /admin/user_organization/filter', () => {
  let root: Node;
  const teams: Node[] = [];
  const leagues: Node[] = [];
  let salesAnn: Awaited<ReturnType<typeof createUser>>;
  let salesBob: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    salesAnn = await createUser(t.db, { staffRole: 'fys_sales' });
    salesBob = await createUser(t.db, { staffRole: 'fys_sales' });
    await t.db.update(users).set({ firstName: 'Ann', lastName: 'Zeta' }).where(eq(users.id, salesAnn.id));
    await t.db.update(users).set({ firstName: 'Bob', lastName: 'Alpha' }).where(eq(users.id, salesBob.id));
    root = await createOrg(t.db, 1, null);
    await t.db.update(organizations).set({ name: 'Sortroot' }).where(eq(organizations.id, root.id));
    for (const name of ['Sortleague delta', 'Sortleague Bravo']) {
      const l = await createOrg(t.db, 2, root.id);
      await t.db.update(organizations).set({ name }).where(eq(organizations.id, l.id));
      leagues.push({ ...l, name });
    }
    // name, slug, parent, salesperson, players on the roster of its one division
    const specs: [string, string, Node, number | null, number][] = [
      ['Sortteam charlie', 'sortc-team', leagues[0]!, salesAnn.id, 3],
      ['Sortteam Alpha', 'sorta-team', leagues[1]!, salesBob.id, 1],
      ['Sortteam echo', 'sorte-team', root, null, 0],
      ['Sortteam Bravo', 'sortb-team', leagues[0]!, salesAnn.id, 2],
      ['100% Sortteam', 'sortd-team', leagues[1]!, null, 1],
    ];
    // Creation dates in an order unlike the ids, a day apart (no tie at millisecond precision).
    const days = [3, 1, 5, 2, 4];
    for (const [i, [name, slug, parent, sales, n]] of specs.entries()) {
      const team = await createOrg(t.db, 3, parent.id);
      await t.db
        .update(organizations)
        .set({ name, slug, salesUserId: sales, createdAt: new Date(Date.UTC(2026, 0, days[i]!)) })
        .where(eq(organizations.id, team.id));
      const div = await createOrg(t.db, 4, team.id);
      await rosterPlayers(div.id, n);
      teams.push({ ...team, name, slug, salesUserId: sales });
    }
    // A name with an underscore, to tell a literal "_" from the LIKE wildcard.
    const odd = await createOrg(t.db, 3, root.id);
    await t.db.update(organizations).set({ name: 'Under_score Club' }).where(eq(organizations.id, odd.id));
  });

  it('filters by type, parent, salesperson, status and text, with totals from the tables', async () => {
    const allTeams = await listAll(sa, 'organizationType=3');
    const [teams3] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(eq(organizations.typeId, 3));
    expect(allTeams.total).toBe(teams3!.n);
    expect(allTeams.rows.every((r) => r.typeId === 3)).toBe(true);

    const underLeague = await listAll(sa, `parent=${leagues[0]!.id}`);
    expect(underLeague.rows.map((r) => r.id).sort()).toEqual([teams[0]!.id, teams[3]!.id].sort());
    expect(underLeague.rows.every((r) => r.parentName === 'Sortleague delta')).toBe(true);

    const ann = await listAll(sa, `sales=${salesAnn.id}`);
    expect(ann.rows.map((r) => r.id).sort()).toEqual([teams[0]!.id, teams[3]!.id].sort());
    expect(ann.rows.every((r) => r.salesName === 'Ann Zeta' && r.salesUserId === salesAnn.id)).toBe(true);
    expect(ann.total).toBe(2);

    const off = await sa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: teams[2]!.id, status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await listAll(sa, 'status=inactive');
    expect(inactive.rows.map((r) => r.id)).toEqual([teams[2]!.id]);
    const active = await listAll(sa, `status=active&parent=${root.id}`);
    expect(active.rows.map((r) => r.id)).not.toContain(teams[2]!.id);
    expect(active.rows.every((r) => r.status === 'active')).toBe(true);

    const byText = await listAll(sa, 'q=SORTTEAM');
    expect(byText.total).toBe(5);
    const bySlug = await listAll(sa, 'q=sortb-te');
    expect(bySlug.rows.map((r) => r.id)).toEqual([teams[3]!.id]);
  });

  it('treats LIKE wildcards in q literally', async () => {
    const pct = await listAll(sa, `q=${encodeURIComponent('100%')}`);
    expect(pct.rows.map((r) => r.name)).toEqual(['100% Sortteam']);
    expect((await listAll(sa, `q=${encodeURIComponent('%')}`)).rows.map((r) => r.name)).toEqual(['100% Sortteam']);
    const under = await listAll(sa, 'q=_');
    expect(under.rows.map((r) => r.name)).toEqual(['Under_score Club']);
    expect((await listAll(sa, `q=${encodeURIComponent('Sortteam_')}`)).total).toBe(0);
    expect((await listAll(sa, `q=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('sorts by every column both ways (nulls last, ties by id) and pages', async () => {
    const lower = (s: string | null) => (s == null ? null : s.toLowerCase());
    const keys: Record<string, (r: Summary) => string | number | null> = {
      id: (r) => r.id,
      name: (r) => lower(r.name),
      slug: (r) => r.slug,
      parentName: (r) => lower(r.parentName),
      salesName: (r) => lower(r.salesName),
      players: (r) => r.players,
      createdAt: (r) => r.createdAt,
    };
    const expectedPlayers = new Map([
      [teams[0]!.id, 3],
      [teams[1]!.id, 1],
      [teams[2]!.id, 0],
      [teams[3]!.id, 2],
      [teams[4]!.id, 1],
    ]);
    for (const [column, key] of Object.entries(keys)) {
      for (const dir of ['asc', 'desc'] as const) {
        const { rows, total } = await listAll(sa, `q=sortteam&sortColumn=${column}&sort=${dir}`, 2);
        expect(total).toBe(5);
        for (const r of rows) expect(r.players).toBe(expectedPlayers.get(r.id));
        const expected = [...rows].sort((x, y) => {
          const kx = key(x);
          const ky = key(y);
          if (kx === ky) return x.id - y.id;
          if (kx == null) return 1;
          if (ky == null) return -1;
          const c = kx < ky ? -1 : 1;
          return dir === 'asc' ? c : -c;
        });
        expect(
          rows.map((r) => r.id),
          `${column} ${dir}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
    const byPlayers = await listAll(sa, 'q=sortteam&sortColumn=players&sort=desc', 100);
    expect(byPlayers.rows.map((r) => r.name)).toEqual([
      'Sortteam charlie',
      'Sortteam Bravo',
      ...[teams[1]!, teams[4]!].sort((x, y) => x.id - y.id).map((x) => x.name),
      'Sortteam echo',
    ]);
    const byDate = await listAll(sa, 'q=sortteam&sortColumn=createdAt&sort=desc', 100);
    expect(byDate.rows.map((r) => r.id)).toEqual([2, 4, 0, 3, 1].map((i) => teams[i]!.id));
    const byName = await listAll(sa, 'q=sortteam&sortColumn=name', 100);
    expect(byName.rows.map((r) => r.name)).toEqual([
      '100% Sortteam',
      'Sortteam Alpha',
      'Sortteam Bravo',
      'Sortteam charlie',
      'Sortteam echo',
    ]);
    const beyond = await get(sa, '/admin/user_organization/filter?q=sortteam&page=50');
    expect(beyond.json()).toMatchObject({ data: [], total: 5 });
  });

  it('refuses roles that cannot read organizations and rejects unknown sort columns', async () => {
    const donor = await actor(t, { profiles: ['donor'] });
    expect((await get(donor, '/admin/user_organization/filter')).statusCode).toBe(403);
    expect((await get(sa, '/admin/user_organization/filter?sortColumn=password')).statusCode).toBe(400);
    expect((await get(sa, '/admin/user_organization/filter?organizationType=7')).statusCode).toBe(400);
  });
});

describe('GET /user_organization/', () => {
  it("lists the caller's own organization profiles and nobody else's", async () => {
    const me = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
    await t.db.insert(organizationUsers).values({ userId: me.user.id, organizationId: b.org.id, role: 'org_user' });
    await createUser(t.db, { membership: { organizationId: a.league.id, role: 'league_admin' } });
    const res = await get(me, '/user_organization/');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ organizationId: b.org.id, typeId: 1, role: 'org_user', organization: b.org.name }),
      expect.objectContaining({ organizationId: a.team.id, typeId: 3, role: 'team_admin' }),
    ]);
    const nobody = await actor(t, { profiles: ['donor'] });
    expect((await get(nobody, '/user_organization/')).json().data).toEqual([]);
  });
});

/** No campaigns or donations in these trees: the campaign figures of a roll-up stay at zero. */
const NO_CAMPAIGNS = { activeCampaigns: 0, raisedCents: 0, donors: 0 };

describe('GET /admin/organization/ (detail, ancestors, children, roll-up)', () => {
  /** Ground truth for the roll-up of `id`, straight from the tables. */
  async function truth(id: number) {
    const res = (await t.db.execute(sql`with recursive s(id) as (select ${id}::int union all
        select o.id from organizations o join s on o.parent_id = s.id)
      select
        (select count(*) from organizations o where o.id in (select id from s) and o.type_id = 2 and o.id <> ${id})::int as leagues,
        (select count(*) from organizations o where o.id in (select id from s) and o.type_id = 3 and o.id <> ${id})::int as teams,
        (select count(*) from organizations o where o.id in (select id from s) and o.type_id = 4 and o.id <> ${id})::int as divisions,
        (select count(distinct player_id) from organization_fundraisers where organization_id in (select id from s))::int as players,
        (select count(distinct m.user_id) from organization_users m join users u on u.id = m.user_id
          where u.deleted_at is null and m.organization_id in (select id from s))::int as members,
        (select count(*) from campaigns c where c.organization_id in (select id from s)
          and c.status in ('draft', 'active'))::int as "activeCampaigns",
        (select coalesce(sum(d.amount_cents - d.refunded_cents), 0) from donations d
          where d.status = 1 and d.organization_id in (select id from s))::int as "raisedCents",
        (select count(distinct d.donor_email) from donations d
          where d.status = 1 and d.organization_id in (select id from s))::int as donors`)) as unknown as {
      rows: Record<string, number>[];
    };
    const r = res.rows[0]!;
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
  }

  it('returns ancestors root first, readable children and roll-ups that follow moves, rosters and members', async () => {
    const org = await createOrg(t.db, 1, null);
    const l1 = await createOrg(t.db, 2, org.id);
    const l2 = await createOrg(t.db, 2, org.id);
    const t1 = await createOrg(t.db, 3, l1.id);
    const t2 = await createOrg(t.db, 3, l1.id);
    const t3 = await createOrg(t.db, 3, org.id);
    const d1 = await createOrg(t.db, 4, t1.id);
    const d2 = await createOrg(t.db, 4, t1.id);
    const d3 = await createOrg(t.db, 4, t2.id);
    const shared = await rosterPlayers(d1.id, 2);
    await rosterPlayers(d2.id, 1, [shared[0]!]); // one child plays in two divisions: counted once above them
    await rosterPlayers(d3.id, 4);
    const m1 = await createUser(t.db, { membership: { organizationId: t1.id, role: 'team_admin' } });
    await t.db.insert(organizationUsers).values({ userId: m1.id, organizationId: d3.id, role: 'division_admin' });
    await createUser(t.db, { membership: { organizationId: org.id, role: 'org_user' } });
    const gone = await createUser(t.db, { membership: { organizationId: l2.id, role: 'league_admin' } });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    const top = await detailOf(sa, org.id);
    expect(top.rollup).toEqual({ leagues: 2, teams: 3, divisions: 3, players: 7, members: 2, ...NO_CAMPAIGNS });
    expect(top.rollup).toEqual(await truth(org.id));
    expect(top.players).toBe(7);
    expect(top.ancestors).toEqual([]);
    expect(top.children.map((c: Summary) => c.id).sort()).toEqual([l1.id, l2.id, t3.id].sort());
    expect(top.children.find((c: Summary) => c.id === l1.id)).toMatchObject({ childrenCount: 2, players: 7 });
    expect(top.can).toEqual({
      update: true,
      addChild: true,
      manageMembers: true,
      manageRoster: false,
      move: false,
      setSales: false,
      delete: true,
    });

    const div = await detailOf(sa, d1.id);
    expect(div.ancestors).toEqual([
      { id: org.id, name: org.name, typeId: 1 },
      { id: l1.id, name: l1.name, typeId: 2 },
      { id: t1.id, name: t1.name, typeId: 3 },
    ]);
    expect(div.parentName).toBe(t1.name);
    expect(div.rollup).toEqual({ leagues: 0, teams: 0, divisions: 0, players: 2, members: 0, ...NO_CAMPAIGNS });
    expect(div.can.manageRoster).toBe(true);
    expect((await detailOf(sa, t1.id)).rollup).toEqual({
      leagues: 0,
      teams: 0,
      divisions: 2,
      players: 3,
      members: 1,
      ...NO_CAMPAIGNS,
    });
    expect((await detailOf(sa, l1.id)).rollup).toEqual(await truth(l1.id));

    // Move t2 (a division, 4 players, one member) from league 1 to league 2.
    const moved = await sa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: t2.id, parentId: l2.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.ancestors.map((x: { id: number }) => x.id)).toEqual([org.id, l2.id]);
    const l1After = await detailOf(sa, l1.id);
    const l2After = await detailOf(sa, l2.id);
    expect(l1After.rollup).toEqual({ leagues: 0, teams: 1, divisions: 2, players: 3, members: 1, ...NO_CAMPAIGNS });
    expect(l2After.rollup).toEqual({ leagues: 0, teams: 1, divisions: 1, players: 4, members: 1, ...NO_CAMPAIGNS });
    expect(l2After.rollup).toEqual(await truth(l2.id));
    expect((await detailOf(sa, org.id)).rollup).toEqual({
      leagues: 2,
      teams: 3,
      divisions: 3,
      players: 7,
      members: 2,
      ...NO_CAMPAIGNS,
    });
    expect((await detailOf(sa, d3.id)).ancestors.map((x: { id: number }) => x.id)).toEqual([org.id, l2.id, t2.id]);

    // A roster player added through the API counts everywhere above the division.
    const added = await sa.call({
      method: 'POST',
      url: `${V1}/division/${d3.id}/player`,
      payload: {
        firstName: 'Nia',
        lastName: 'Moves',
        parentFirstName: 'Pat',
        parentLastName: 'Moves',
        email: 'pat.moves@example.test',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await detailOf(sa, l2.id)).rollup.players).toBe(5);
    expect((await detailOf(sa, org.id)).rollup.players).toBe(8);

    // Removing the org user's membership: one member fewer at the top, none fewer below.
    const orgMembers = await get(sa, `/admin/organization/${org.id}/users`);
    const membership = orgMembers.json().data[0];
    expect(
      (await sa.call({ method: 'DELETE', url: `${V1}/admin/user_organization/${membership.id}` })).statusCode,
    ).toBe(200);
    const final = await detailOf(sa, org.id);
    expect(final.rollup).toEqual({ leagues: 2, teams: 3, divisions: 3, players: 8, members: 1, ...NO_CAMPAIGNS });
    expect(final.rollup).toEqual(await truth(org.id));
    expect((await detailOf(sa, l2.id)).rollup.members).toBe(1);
  });

  it('is a 404 for a node outside the caller access and for an unknown id', async () => {
    const oa = await actor(t, { membership: { organizationId: a.org.id, role: 'org_admin' } });
    const res = await get(oa, `/admin/organization/?organization=${b.team.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(b.team.name);
    expect((await get(sa, '/admin/organization/?organization=99999999')).statusCode).toBe(404);
    expect((await get(sa, '/admin/organization/?organization=abc')).statusCode).toBe(400);
  });
});

describe('GET /admin/organization/filter', () => {
  it('lists readable options under a parent, and only nodes the caller may add to with writable=1', async () => {
    const tree = await createTree(t.db);
    const team2 = await createOrg(t.db, 3, tree.league.id);
    const la = await actor(t, { membership: { organizationId: tree.league.id, role: 'league_admin' } });
    const opts = async (q: string) => {
      const res = await get(la, `/admin/organization/filter?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((r) => r.id).sort((x, y) => x - y);
    };
    const all = await opts('');
    expect(all).toEqual([tree.org.id, tree.league.id, tree.team.id, tree.division.id, team2.id].sort((x, y) => x - y));
    expect(await opts(`parent=${tree.league.id}`)).toEqual([tree.team.id, team2.id].sort((x, y) => x - y));
    expect(await opts(`parent=${a.org.id}`)).toEqual([]);
    // The organization is readable (the league's parent) but not writable; divisions take no children.
    expect(await opts('writable=1')).toEqual([tree.league.id, tree.team.id, team2.id].sort((x, y) => x - y));
    expect(await opts('organizationType=3&writable=1')).toEqual([tree.team.id, team2.id].sort((x, y) => x - y));
    const saOpts = await get(sa, `/admin/organization/filter?parent=${tree.org.id}`);
    expect(saOpts.json().data).toEqual([{ id: tree.league.id, name: tree.league.name, typeId: 2 }]);
  });
});

describe('POST /admin/organization/create and /admin/division/create (DECISIONS §2 type rules)', () => {
  let slugN = 0;
  const create = (who: Caller, typeId: number, parentId: number | null | undefined, extra: object = {}) =>
    who.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId, name: `Created ${typeId}`, slug: `created-node-${++slugN}`, parentId, ...extra },
    });

  it('accepts exactly the allowed parent types and refuses the rest on body.parentId', async () => {
    const tree = await createTree(t.db);
    const parents = { none: null, 1: tree.org, 2: tree.league, 3: tree.team, 4: tree.division } as const;
    const allowed: Record<number, (keyof typeof parents)[]> = { 1: ['none'], 2: [1], 3: [2, 1], 4: [3] };
    let checked = 0;
    for (const typeId of [1, 2, 3, 4]) {
      for (const [key, parent] of Object.entries(parents)) {
        const ok = allowed[typeId]!.map(String).includes(key);
        const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
        const res = await create(sa, typeId, parent?.id ?? null);
        checked++;
        if (ok) {
          expect(res.statusCode, `${typeId} under ${key}: ${res.body}`).toBe(200);
          const data = res.json().data;
          expect(data).toMatchObject({ typeId, parentId: parent?.id ?? null });
          const [row] = await t.db.select().from(organizations).where(eq(organizations.id, data.id));
          expect(row).toMatchObject({ typeId, parentId: parent?.id ?? null, slug: data.slug });
        } else {
          expect(res.statusCode, `${typeId} under ${key}: ${res.body}`).toBe(400);
          const body = res.json();
          expect(body.errors).toEqual([expect.objectContaining({ path: 'body.parentId' })]);
          expect(body.message).toMatch(/organization|league|team/);
          const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
          expect(after).toEqual(before);
        }
      }
    }
    expect(checked).toBe(20);
    const team = await create(sa, 3, tree.division.id);
    expect(team.json().message).toBe('A team can only be placed under a league or organization, not under a division.');
    expect((await create(sa, 2, undefined)).json().message).toBe('A league must belong to a organization.');
    expect((await create(sa, 1, tree.org.id)).json().message).toMatch(/top of its tree/);
  });

  it('creates a division under a team through /admin/division/create, and only there', async () => {
    const tree = await createTree(t.db);
    const ok = await sa.call({
      method: 'POST',
      url: `${V1}/admin/division/create`,
      payload: { parentId: tree.team.id, name: 'Gold', slug: 'gold-division-x1', city: 'Springfield' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      typeId: 4,
      parentId: tree.team.id,
      city: 'Springfield',
      slug: 'gold-division-x1',
    });
    const bad = await sa.call({
      method: 'POST',
      url: `${V1}/admin/division/create`,
      payload: { parentId: tree.league.id, name: 'Gold', slug: 'gold-division-x2' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'body.parentId', message: 'Must be a team' }]);
    const typed = await sa.call({
      method: 'POST',
      url: `${V1}/admin/division/create`,
      payload: { parentId: tree.team.id, name: 'Gold', slug: 'gold-division-x3', typeId: 2 },
    });
    expect(typed.statusCode).toBe(400);
  });

  it('refuses a duplicate slug with 409 on body.slug and an invalid slug with 400', async () => {
    const first = await sa.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 1, name: 'Slug Owner', slug: 'slug-owner' },
    });
    expect(first.statusCode).toBe(200);
    const dup = await sa.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 1, name: 'Slug Thief', slug: 'Slug-Owner' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'SLUG_TAKEN',
      errors: [{ path: 'body.slug', message: 'Already in use' }],
    });
    for (const slug of ['ab', 'has space', 'double--hyphen', '-lead', 'ünï', 'a'.repeat(61), 'semi;colon']) {
      const res = await sa.call({
        method: 'POST',
        url: `${V1}/admin/organization/create`,
        payload: { typeId: 1, name: 'Bad Slug', slug },
      });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().errors[0].path).toBe('body.slug');
    }
    const n = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(eq(organizations.name, 'Bad Slug'));
    expect(n[0]!.n).toBe(0);
  });

  it('lets an Org Admin add inside its tree only, and only a Super Admin create organizations', async () => {
    const oa = await actor(t, { membership: { organizationId: a.org.id, role: 'org_admin' } });
    // The answer shows the new node (it is inside the caller's scope, though created after sign-in).
    const made = await create(oa, 2, a.org.id);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ typeId: 2, parentId: a.org.id, can: { update: true } });
    expect((await create(oa, 2, b.org.id)).statusCode).toBe(400);
    expect((await create(oa, 1, null)).statusCode).toBe(403);
    const ou = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
    expect((await create(ou, 2, a.org.id)).statusCode).toBe(403);
    const ta = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
    const div = await create(ta, 4, a.team.id);
    expect(div.statusCode, div.body).toBe(200);
    expect(div.json().data.ancestors.map((x: { id: number }) => x.id)).toEqual([a.org.id, a.league.id, a.team.id]);
    expect((await create(ta, 3, a.league.id)).statusCode).toBe(403);
  });
});

describe('PATCH /organization', () => {
  it('edits details, renames the slug and moves inside the caller scope', async () => {
    const tree = await createTree(t.db);
    const l2 = await createOrg(t.db, 2, tree.org.id);
    const oa = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const res = await oa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: {
        id: tree.team.id,
        name: '  Rockets  ',
        description: 'Under 12',
        contactEmail: 'Coach@Example.test',
        website: 'https://rockets.example.org',
        city: 'Riverside',
        slug: 'rockets-renamed',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(row).toMatchObject({
      name: 'Rockets',
      description: 'Under 12',
      contactEmail: 'coach@example.test',
      website: 'https://rockets.example.org',
      city: 'Riverside',
      slug: 'rockets-renamed',
      parentId: tree.league.id,
    });
    const oldFree = await t.app.inject({
      method: 'GET',
      url: `${V1}/team/validate-url/${tree.team.slug}?showDetail=0`,
    });
    expect(oldFree.json().data.available).toBe(true);
    const taken = await oa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.division.id, slug: 'rockets-renamed' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'body.slug', message: 'Already in use' }]);

    const moved = await oa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, parentId: l2.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.parentId).toBe(l2.id);
    const toOrg = await oa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, parentId: tree.org.id },
    });
    expect(toOrg.statusCode).toBe(200);
    const [after] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(after!.parentId).toBe(tree.org.id);
    // Protected and unknown fields are refused by the schema.
    const typeChange = await oa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, typeId: 2 },
    });
    expect(typeChange.statusCode).toBe(400);
  });

  it('refuses moves that break the type rules, make a cycle or leave the caller scope, changing nothing', async () => {
    const tree = await createTree(t.db);
    const oa = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const snapshot = async () => JSON.stringify(await t.db.select().from(organizations).orderBy(organizations.id));
    const before = await snapshot();
    const move = (id: number, parentId: number | null) =>
      oa.call({ method: 'PATCH', url: `${V1}/organization`, payload: { id, parentId } });
    // Under its own descendant or itself: the type rules already refuse it, on body.parentId.
    for (const [id, parentId] of [
      [tree.league.id, tree.team.id],
      [tree.league.id, tree.league.id],
      [tree.team.id, tree.division.id],
      [tree.team.id, tree.team.id],
    ] as const) {
      const res = await move(id, parentId);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe('body.parentId');
    }
    const orgMove = await move(tree.org.id, a.org.id);
    expect(orgMove.statusCode).toBe(400);
    expect(orgMove.json().code).toBe('PARENT_NOT_ALLOWED');
    const noParent = await move(tree.team.id, null);
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().code).toBe('PARENT_REQUIRED');
    // Out of scope: into another organization's league.
    const out = await move(tree.team.id, b.league.id);
    expect(out.statusCode).toBe(400);
    expect(out.json().code).toBe('PARENT_INVALID');
    expect(out.body).not.toContain(b.league.name);
    expect(await snapshot()).toBe(before);

    // A League Admin may not hang its team under the organization it can only read.
    const la = await actor(t, { membership: { organizationId: tree.league.id, role: 'league_admin' } });
    const up = await la.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, parentId: tree.org.id },
    });
    expect(up.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('answers MOVE_CYCLE when a type-valid parent lies inside the node (inconsistent data)', async () => {
    const tree = await createTree(t.db);
    // A league wrongly stored under the team (legacy data): moving the team under it is a cycle.
    const stray = await createOrg(t.db, 2, tree.team.id);
    const res = await sa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, parentId: stray.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'MOVE_CYCLE',
      errors: [{ path: 'body.parentId', message: 'Inside this node' }],
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(row!.parentId).toBe(tree.league.id);
  });
});

describe('POST /admin/organization/{id}/avatar', () => {
  it('accepts a PNG, stores it re-encoded as WebP, and refuses a text file', async () => {
    const tree = await createTree(t.db);
    const ta = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const res = await ta.call({
      method: 'POST',
      url: `${V1}/admin/organization/${tree.team.id}/avatar`,
      ...multipart(await smallPng()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.logoUrl as string;
    expect(url).toMatch(/^\/files\/logos\/o\d+-[a-z0-9]+\.webp$/);
    const file = path.join(t.app.files.root, url.replace('/files/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(row!.logoUrl).toBe(url);
    expect((await detailOf(ta, tree.team.id)).logoUrl).toBe(url);

    const text = await ta.call({
      method: 'POST',
      url: `${V1}/admin/organization/${tree.team.id}/avatar`,
      ...multipart(Buffer.from('just some text, not an image\n'), 'logo.png', 'image/png'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('INVALID_IMAGE');
    const [after] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(after!.logoUrl).toBe(url);
    // The parent league is readable to a Team Admin, not writable.
    const up = await ta.call({
      method: 'POST',
      url: `${V1}/admin/organization/${tree.league.id}/avatar`,
      ...multipart(await smallPng()),
    });
    expect(up.statusCode).toBe(403);
  });
});

describe('GET /{type}/validate-url/{url}', () => {
  it('reports available, taken with a free suggestion, invalid, and excludes the node being edited', async () => {
    const tree = await createTree(t.db);
    await t.db.update(organizations).set({ slug: 'lions-club' }).where(eq(organizations.id, tree.team.id));
    await t.db.update(organizations).set({ slug: 'lions-club-2' }).where(eq(organizations.id, tree.division.id));
    const check = async (url: string, extra = '') => {
      const res = await t.app.inject({ method: 'GET', url: `${V1}/team/validate-url/${url}?showDetail=0${extra}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await check('tigers-club')).toEqual({ url: 'tigers-club', available: true });
    expect(await check('Lions-Club')).toMatchObject({
      url: 'lions-club',
      available: false,
      reason: 'taken',
      suggestion: 'lions-club-3',
    });
    const bad = await check('no%20spaces');
    expect(bad).toMatchObject({ available: false, reason: 'invalid' });
    expect(bad.message).toMatch(/lower-case/);
    expect(await check('ab')).toMatchObject({ available: false, reason: 'invalid' });
    expect(await check('lions-club', `&exclude=${tree.team.id}`)).toEqual({ url: 'lions-club', available: true });
    expect(await check('lions-club', `&exclude=${tree.league.id}`)).toMatchObject({ available: false });
    const other = await t.app.inject({ method: 'GET', url: `${V1}/division/validate-url/lions-club-2?showDetail=0` });
    expect(other.json().data).toMatchObject({ available: false, suggestion: 'lions-club-2-2' });
    expect((await t.app.inject({ method: 'GET', url: `${V1}/planet/validate-url/x-y-z` })).statusCode).toBe(400);
  });
});

describe('members of a node', () => {
  let tree: Awaited<ReturnType<typeof createTree>>;
  let ta: Caller;
  beforeAll(async () => {
    tree = await createTree(t.db);
    ta = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  });
  const add = (who: Caller, id: number, payload: object) =>
    who.call({ method: 'POST', url: `${V1}/organization/${id}/user`, payload });
  const mailsTo = (to: string) => t.db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.id));

  it('invites a new email, links an existing account, and refuses duplicates, wrong roles and missing names', async () => {
    const res = await add(ta, tree.team.id, { email: 'New.Coach@Example.test', firstName: 'Nora', lastName: 'Coach' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { email: 'new.coach@example.test', role: 'team_admin', status: 'invited', firstName: 'Nora' },
      message: 'Invitation sent to new.coach@example.test.',
    });
    const [u] = await t.db.select().from(users).where(eq(users.email, 'new.coach@example.test'));
    expect(u).toMatchObject({ status: 'invited', passwordHash: null });
    const mails = await mailsTo('new.coach@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('activate');
    expect(mails[0]!.text).toMatch(/token=/);

    const existing = await createUser(t.db, { profiles: ['donor'] });
    const linked = await add(ta, tree.team.id, { email: existing.email });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().message).toBe(`${existing.email} now has access.`);
    expect(await mailsTo(existing.email)).toHaveLength(0);
    const m = await t.db
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.userId, existing.id), eq(organizationUsers.organizationId, tree.team.id)));
    expect(m).toEqual([expect.objectContaining({ role: 'team_admin' })]);

    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(organizationUsers))[0]!.n;
    const before = await count();
    const dup = await add(ta, tree.team.id, { email: existing.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_MEMBER', errors: [{ path: 'body.email' }] });
    const wrongRole = await add(ta, tree.division.id, {
      email: 'other@example.test',
      firstName: 'O',
      lastName: 'T',
      role: 'org_admin',
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json()).toMatchObject({
      code: 'ROLE_NODE_MISMATCH',
      errors: [{ path: 'body.role', message: 'Must be division_admin' }],
    });
    const noNames = await add(ta, tree.team.id, { email: 'nameless@example.test' });
    expect(noNames.statusCode).toBe(400);
    expect(noNames.json().errors).toEqual([
      { path: 'body.firstName', message: 'Required for a new person' },
      { path: 'body.lastName', message: 'Required for a new person' },
    ]);
    expect(await count()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'nameless@example.test'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, 'other@example.test'))).toEqual([]);
    // An Org User may list members but not add them.
    const ou = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_user' } });
    expect(
      (await add(ou, tree.team.id, { email: 'x-ou@example.test', firstName: 'X', lastName: 'Y' })).statusCode,
    ).toBe(403);
    expect((await get(ou, `/admin/organization/${tree.team.id}/users`)).statusCode).toBe(200);
  });

  it('lists, searches, sorts and pages members', async () => {
    const node = await createOrg(t.db, 1, null);
    const made: { id: number; email: string; lastName: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await createUser(t.db, {
        membership: { organizationId: node.id, role: i % 2 ? 'org_user' : 'org_admin' },
      });
      made.push(u);
    }
    const res = await get(sa, `/admin/organization/${node.id}/users?perPage=2&page=2&sortColumn=email&sort=desc`);
    expect(res.statusCode).toBe(200);
    const sortedEmails = made
      .map((m) => m.email)
      .sort()
      .reverse();
    expect(res.json().total).toBe(5);
    expect(res.json().data.map((r: { email: string }) => r.email)).toEqual(sortedEmails.slice(2, 4));
    const q = await get(sa, `/admin/organization/${node.id}/users?q=${encodeURIComponent(made[3]!.email)}`);
    expect(q.json().data.map((r: { userId: number }) => r.userId)).toEqual([made[3]!.id]);
    const roles = await get(sa, `/admin/organization/${node.id}/users?sortColumn=role&perPage=100`);
    expect(roles.json().data.map((r: { role: string }) => r.role)).toEqual([
      'org_admin',
      'org_admin',
      'org_admin',
      'org_user',
      'org_user',
    ]);
  });

  it('changes a role, removes a member whose session then ends, and refuses the caller own membership', async () => {
    const member = await actor(t, { membership: { organizationId: tree.division.id, role: 'division_admin' } });
    const [m] = await t.db.select().from(organizationUsers).where(eq(organizationUsers.userId, member.user.id));
    const wrong = await ta.call({
      method: 'PATCH',
      url: `${V1}/admin/user_organization/${m!.id}`,
      payload: { role: 'team_admin' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ROLE_NODE_MISMATCH');
    const same = await ta.call({
      method: 'PATCH',
      url: `${V1}/admin/user_organization/${m!.id}`,
      payload: { role: 'division_admin' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ id: m!.id, userId: member.user.id, role: 'division_admin' });

    expect((await get(member, `/divisions/${tree.division.id}`)).statusCode).toBe(200);
    const del = await ta.call({ method: 'DELETE', url: `${V1}/admin/user_organization/${m!.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toMatch(/no longer has access/);
    expect(await t.db.select().from(organizationUsers).where(eq(organizationUsers.id, m!.id))).toEqual([]);
    const after = await get(member, `/divisions/${tree.division.id}`);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('PROFILE_REVOKED');
    expect((await ta.call({ method: 'DELETE', url: `${V1}/admin/user_organization/${m!.id}` })).statusCode).toBe(404);

    const [own] = await t.db.select().from(organizationUsers).where(eq(organizationUsers.userId, ta.user.id));
    for (const req of [
      { method: 'DELETE' as const, url: `${V1}/admin/user_organization/${own!.id}` },
      { method: 'PATCH' as const, url: `${V1}/admin/user_organization/${own!.id}`, payload: { role: 'team_admin' } },
    ]) {
      const res = await ta.call(req);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OWN_MEMBERSHIP');
    }
    expect(await t.db.select().from(organizationUsers).where(eq(organizationUsers.id, own!.id))).toHaveLength(1);
  });

  it('lets a Team Admin resend the invitation of a member of its team', async () => {
    const invited = await createUser(t.db, {
      status: 'invited',
      password: null,
      membership: { organizationId: tree.team.id, role: 'team_admin' },
    });
    const res = await ta.call({ method: 'POST', url: `${V1}/user/resendInvite`, payload: { id: invited.id } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(invited.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('activate');
    const elsewhere = await createUser(t.db, {
      status: 'invited',
      password: null,
      membership: { organizationId: b.team.id, role: 'team_admin' },
    });
    const refused = await ta.call({ method: 'POST', url: `${V1}/user/resendInvite`, payload: { id: elsewhere.id } });
    expect([403, 404]).toContain(refused.statusCode);
    expect(await mailsTo(elsewhere.email)).toHaveLength(0);
  });
});

describe('divisions and rosters', () => {
  let tree: Awaited<ReturnType<typeof createTree>>;
  let da: Caller;
  beforeAll(async () => {
    tree = await createTree(t.db);
    da = await actor(t, { membership: { organizationId: tree.division.id, role: 'division_admin' } });
  });
  const addPlayer = (who: Caller, id: number, payload: object) =>
    who.call({ method: 'POST', url: `${V1}/division/${id}/player`, payload });
  const mailsTo = (to: string) => t.db.select().from(emails).where(eq(emails.to, to));

  it('adds players with a new parent (invited, emailed) or an existing one, and refuses duplicates', async () => {
    const res = await addPlayer(da, tree.division.id, {
      firstName: 'Mia',
      lastName: 'Stone',
      parentFirstName: 'Lara',
      parentLastName: 'Stone',
      email: 'Lara.Stone@Example.test',
      phone: '555-0101',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().data;
    expect(entry).toMatchObject({
      firstName: 'Mia',
      email: 'lara.stone@example.test',
      status: 'invited',
      phone: '555-0101',
    });
    expect(entry.invitedAt).not.toBeNull();
    const [parent] = await t.db.select().from(users).where(eq(users.email, 'lara.stone@example.test'));
    expect(parent).toMatchObject({ status: 'invited', firstName: 'Lara' });
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.userId, parent!.id))).toEqual([
      expect.objectContaining({ type: 'fundraiser' }),
    ]);
    const mails = await mailsTo('lara.stone@example.test');
    expect(mails.map((m) => m.template)).toEqual(['activate']);

    const known = await createUser(t.db, { profiles: ['donor'] });
    const second = await addPlayer(da, tree.division.id, { firstName: 'Leo', lastName: 'Known', email: known.email });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ status: 'active', invitedAt: null, parentFirstName: 'Test' });
    expect(await mailsTo(known.email)).toEqual([]);
    const profiles = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, known.id));
    expect(profiles.map((p) => p.type).sort()).toEqual(['donor', 'fundraiser']);

    const entries = async () =>
      (
        await t.db
          .select()
          .from(organizationFundraisers)
          .where(eq(organizationFundraisers.organizationId, tree.division.id))
      ).length;
    const before = await entries();
    const dup = await addPlayer(da, tree.division.id, {
      firstName: ' mia ',
      lastName: 'STONE',
      email: 'lara.stone@example.test',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ALREADY_ON_ROSTER');
    expect(await entries()).toBe(before);
    const newNoNames = await addPlayer(da, tree.division.id, {
      firstName: 'Ada',
      lastName: 'Nobody',
      email: 'unknown.parent@example.test',
    });
    expect(newNoNames.statusCode).toBe(400);
    expect(newNoNames.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.parentFirstName',
      'body.parentLastName',
    ]);
    expect(await t.db.select().from(users).where(eq(users.email, 'unknown.parent@example.test'))).toEqual([]);
    // Not a division: 404.
    expect((await addPlayer(sa, tree.team.id, { firstName: 'A', lastName: 'B', email: known.email })).statusCode).toBe(
      404,
    );

    const detail = await get(da, `/divisions/${tree.division.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id: tree.division.id, parentId: tree.team.id });
    expect(detail.json().data.players.map((p: { firstName: string }) => p.firstName)).toEqual(['Leo', 'Mia']);
    expect(detail.json().data.users.map((u: { userId: number }) => u.userId)).toEqual([da.user.id]);
    expect((await get(da, `/divisions/${tree.team.id}`)).statusCode).toBe(404);
  });

  it('adds a division admin, resends invitations and removes roster entries', async () => {
    const res = await da.call({
      method: 'POST',
      url: `${V1}/division/${tree.division.id}/user`,
      payload: { email: 'co.admin@example.test', firstName: 'Co', lastName: 'Admin', role: 'org_admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'division_admin', status: 'invited' });
    expect((await mailsTo('co.admin@example.test')).length).toBe(1);

    const added = await addPlayer(da, tree.division.id, {
      firstName: 'Zed',
      lastName: 'Resend',
      parentFirstName: 'Par',
      parentLastName: 'Resend',
      email: 'par.resend@example.test',
    });
    const entryId = added.json().data.id as number;
    const resend = await da.call({ method: 'POST', url: `${V1}/organization_fundraiser/${entryId}/resend_invites` });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().message).toBe('Invitation sent to par.resend@example.test.');
    expect((await mailsTo('par.resend@example.test')).length).toBe(2);

    const active = await createUser(t.db, {});
    const act = await addPlayer(da, tree.division.id, { firstName: 'Act', lastName: 'Ive', email: active.email });
    const noNeed = await da.call({
      method: 'POST',
      url: `${V1}/organization_fundraiser/${act.json().data.id}/resend_invites`,
    });
    expect(noNeed.statusCode).toBe(400);
    expect(noNeed.json().code).toBe('NOT_INVITED');

    const del = await da.call({ method: 'DELETE', url: `${V1}/organization_fundraiser/${entryId}` });
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(organizationFundraisers).where(eq(organizationFundraisers.id, entryId))).toEqual(
      [],
    );
    // The player page and the parent account stay; only the roster entry goes.
    expect(await t.db.select().from(players).where(eq(players.id, added.json().data.playerId))).toHaveLength(1);
    expect((await da.call({ method: 'DELETE', url: `${V1}/organization_fundraiser/${entryId}` })).statusCode).toBe(404);
  });
});

describe('FYS Sales', () => {
  it('adds teams as their salesperson, edits their teams and not another salesperson team', async () => {
    const tree = await createTree(t.db);
    const fys = await actor(t, { staffRole: 'fys_sales' });
    const other = await createUser(t.db, { staffRole: 'fys_sales' });
    const res = await fys.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 3, name: 'Sold Team', slug: 'sold-team-fys', parentId: tree.league.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json().data;
    expect(team).toMatchObject({ salesUserId: fys.user.id, parentId: tree.league.id });
    expect(team.salesName).toBe(`${fys.user.firstName} ${fys.user.lastName}`);
    const forOther = await fys.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 3, name: 'Not Mine', slug: 'not-mine-fys', parentId: tree.league.id, salesUserId: other.id },
    });
    expect(forOther.statusCode).toBe(403);
    const league = await fys.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 2, name: 'A League', slug: 'a-league-fys', parentId: tree.org.id },
    });
    expect(league.statusCode).toBe(403);

    const edit = await fys.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: team.id, description: 'Signed' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.db.select().from(organizations).where(eq(organizations.id, team.id)))[0]!.description).toBe(
      'Signed',
    );
    const steal = await fys.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: team.id, salesUserId: other.id },
    });
    expect(steal.statusCode).toBe(403);

    await t.db.update(organizations).set({ salesUserId: other.id }).where(eq(organizations.id, tree.team.id));
    const theirs = await fys.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, description: 'Mine now' },
    });
    expect(theirs.statusCode).toBe(403);
    expect(
      (await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id)))[0]!.description,
    ).toBeNull();

    const mine = await listAll(fys, `sales=${fys.user.id}`);
    expect(mine.rows.map((r) => r.id)).toEqual([team.id]);
    const others = await listAll(fys, `sales=${other.id}`);
    expect(others.rows.map((r) => r.id)).toEqual([tree.team.id]);
    const detail = await detailOf(fys, team.id);
    expect(detail.can).toMatchObject({ update: true, setSales: false, move: true });
    expect((await detailOf(fys, tree.team.id)).can.update).toBe(false);
  });
});
