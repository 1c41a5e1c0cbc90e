/** Users routes, end to end; lists and totals checked against a SQL ground truth per role (row 2 spirit). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { emails, sessions, users } from '@fc/db';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng } from './fixtures.js';
import { actor, bearer, createOrg, createTestApp, createTree, createUser, login, type TestApp } from './helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let sa: Awaited<ReturnType<typeof actor>>;
let oa: Awaited<ReturnType<typeof actor>>;
let ou: Awaited<ReturnType<typeof actor>>;
const known: { id: number; lastName: string; email: string; role: string; status: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTree(t.db);
  b = await createTree(t.db);
  const teamA2 = await createOrg(t.db, 3, a.league.id);
  sa = await actor(t, { staffRole: 'super_admin' });
  oa = await actor(t, { membership: { organizationId: a.org.id, role: 'org_admin' } });
  ou = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
  const specs = [
    [a.league.id, 'league_admin', 'active'],
    [a.team.id, 'team_admin', 'invited'],
    [a.division.id, 'division_admin', 'active'],
    [a.division.id, 'division_admin', 'disabled'],
    [teamA2.id, 'team_admin', 'active'],
    [b.org.id, 'org_admin', 'active'],
    [b.team.id, 'team_admin', 'invited'],
    [b.division.id, 'division_admin', 'active'],
  ] as const;
  for (let i = 0; i < 3; i++) {
    for (const [organizationId, role, status] of specs) {
      const u = await createUser(t.db, { membership: { organizationId, role }, status });
      known.push({ id: u.id, lastName: u.lastName, email: u.email, role, status });
    }
    await createUser(t.db, { profiles: ['donor'] });
    await createUser(t.db, { staffRole: 'fys_sales' });
  }
});
afterAll(async () => t.close());

type Caller = Awaited<ReturnType<typeof actor>>;
type Row = { id: number; lastName: string; role: string | null; status: string };

async function listAll(who: Caller, query: string, perPage = 7) {
  const rows: Row[] = [];
  let total = -1;
  for (let page = 1; page < 100; page++) {
    const res = await who.call({
      method: 'GET',
      url: `/api/v1/admin/user/list?perPage=${perPage}&page=${page}&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Row[]; total: number };
    total = body.total;
    rows.push(...body.data);
    if (body.data.length < perPage) break;
  }
  return { rows, total };
}

/** Ground truth: live users with a membership in the subtree of `root` (null = every live user). */
async function visibleIds(root: number | null): Promise<number[]> {
  const res = (await t.db.execute(
    root === null
      ? sql`select id from users where deleted_at is null order by id`
      : sql`with recursive s(id) as (select id from organizations where id = ${root}
          union all select o.id from organizations o join s on o.parent_id = s.id)
        select u.id from users u where u.deleted_at is null and exists (
          select 1 from organization_users m where m.user_id = u.id and m.organization_id in (select id from s))
        order by u.id`,
  )) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}

describe('GET /admin/user/list', () => {
  it('lists exactly the users each role may see, with the right totals', async () => {
    let checked = 0;
    let foreign = 0;
    for (const [who, root] of [
      [sa, null],
      [oa, a.org.id],
      [ou, a.org.id],
    ] as const) {
      const truth = await visibleIds(root);
      const { rows, total } = await listAll(who, 'sort=asc&sortColumn=id');
      checked += rows.length;
      foreign += rows.filter((r) => !truth.includes(r.id)).length;
      expect(total).toBe(truth.length);
      expect(rows.map((r) => r.id)).toEqual(truth);
      for (const status of ['active', 'invited', 'disabled'] as const) {
        const f = await listAll(who, `status=${status}`);
        const expected = known.filter((k) => k.status === status && truth.includes(k.id)).map((k) => k.id);
        expect(f.rows.every((r) => r.status === status && truth.includes(r.id))).toBe(true);
        expect(f.rows.map((r) => r.id)).toEqual(expect.arrayContaining(expected));
        expect(f.total).toBe(f.rows.length);
      }
      const teamAdmins = await listAll(who, 'role=team_admin&sort=desc&sortColumn=id');
      const expectedTA = known.filter((k) => k.role === 'team_admin' && truth.includes(k.id)).map((k) => k.id);
      expect(teamAdmins.rows.map((r) => r.id)).toEqual(expectedTA.sort((x, y) => y - x));
      expect(teamAdmins.total).toBe(expectedTA.length);
    }
    console.log(`[row 2] users list rows checked against SQL per role: ${checked}, foreign rows seen: ${foreign}`);
    expect(foreign).toBe(0);
  });

  it('searches by name or email, sorts by a column and pages', async () => {
    const target = known[2]!;
    const byEmail = await listAll(sa, `q=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(byEmail.rows.map((r) => r.id)).toEqual([target.id]);
    const byName = await listAll(sa, `q=${encodeURIComponent(target.lastName)}`);
    expect(byName.rows.map((r) => r.id)).toContain(target.id);
    expect((await listAll(sa, 'q=%25')).total).toBe(0);
    const sorted = await listAll(sa, 'sortColumn=lastName&sort=desc', 100);
    const order = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`deleted_at is null`)
      .orderBy(desc(users.lastName), users.id);
    expect(sorted.rows.map((r) => r.id)).toEqual(order.map((r) => r.id));
    const p2 = await sa.call({ method: 'GET', url: '/api/v1/admin/user/list?perPage=5&page=2&sortColumn=id' });
    expect(p2.json().data.map((r: Row) => r.id)).toEqual(
      sorted.rows
        .map((r) => r.id)
        .sort((x, y) => x - y)
        .slice(5, 10),
    );
    const beyond = await sa.call({ method: 'GET', url: '/api/v1/admin/user/list?page=999' });
    expect(beyond.json()).toMatchObject({ data: [], total: sorted.total });
  });

  it('refuses roles without list rights and a mismatched userId', async () => {
    const donor = await actor(t, { profiles: ['donor'] });
    expect((await donor.call({ method: 'GET', url: '/api/v1/admin/user/list' })).statusCode).toBe(403);
    const res = await oa.call({ method: 'GET', url: `/api/v1/admin/user/list?userId=${sa.user.id}` });
    expect(res.statusCode).toBe(403);
    expect((await oa.call({ method: 'GET', url: `/api/v1/admin/user/list?userId=${oa.user.id}` })).statusCode).toBe(
      200,
    );
  });
});

describe('user detail, create and activation', () => {
  it('creates an invited user, emails an activation link that signs them in once', async () => {
    const res = await oa.call({
      method: 'POST',
      url: '/api/v1/admin/user/create',
      payload: {
        firstName: 'Ines',
        lastName: 'Vega',
        email: 'Ines.Vega@Example.test',
        role: 'team_admin',
        organizationId: a.team.id,
        language: 'es',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      email: 'ines.vega@example.test',
      status: 'invited',
      role: 'team_admin',
      language: 'es',
    });
    expect(created.memberships).toEqual([expect.objectContaining({ organizationId: a.team.id, role: 'team_admin' })]);
    const detail = await oa.call({ method: 'GET', url: `/api/v1/admin/user/${created.id}` });
    expect(detail.json().data).toEqual(created);
    const [mail] = await t.db
      .select()
      .from(emails)
      .where(eq(emails.to, 'ines.vega@example.test'))
      .orderBy(desc(emails.id));
    expect(mail?.template).toBe('activate');
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const dup = await oa.call({
      method: 'POST',
      url: '/api/v1/admin/user/create',
      payload: {
        firstName: 'I',
        lastName: 'V',
        email: 'ines.vega@example.test',
        role: 'team_admin',
        organizationId: a.team.id,
      },
    });
    expect(dup.statusCode).toBe(409);
    const activate = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/account/activate', payload: { token, password } });
    const ok = await activate('my-own-new-secret-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userData).toMatchObject({ id: created.id, role: 'team_admin', organizationId: a.team.id });
    expect((await activate('my-own-new-secret-2')).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ status: 'active' });
    expect(row!.emailConfirmedAt).not.toBeNull();
    await login(t.app, 'ines.vega@example.test', 'my-own-new-secret-1');
  });

  it('resends an invitation only to invited users, replacing the old link', async () => {
    const invited = await createUser(t.db, {
      status: 'invited',
      password: null,
      membership: { organizationId: a.division.id, role: 'division_admin' },
    });
    const send = () => oa.call({ method: 'POST', url: '/api/v1/user/resendInvite', payload: { id: invited.id } });
    expect((await send()).statusCode).toBe(200);
    const first = (await t.db.select().from(emails).where(eq(emails.to, invited.email)))[0]!.text.match(
      /token=([\w-]+)/,
    )![1]!;
    expect((await send()).statusCode).toBe(200);
    const mails = await t.db.select().from(emails).where(eq(emails.to, invited.email)).orderBy(desc(emails.id));
    expect(mails).toHaveLength(2);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token: first, password: 'new-secret-words-3' },
    });
    expect(stale.statusCode).toBe(400);
    const active = known.find((k) => k.status === 'active' && k.role === 'division_admin')!;
    const refused = await oa.call({ method: 'POST', url: '/api/v1/user/resendInvite', payload: { id: active.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NOT_INVITED');
  });
});

describe('update, delete, salespeople, avatar', () => {
  it('updates your own profile, and an Org Admin updates a user of its tree', async () => {
    const own = await ou.call({
      method: 'PATCH',
      url: '/api/v1/user',
      payload: { firstName: '  Olga ', language: 'es', phone: null },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: ou.user.id, firstName: 'Olga', language: 'es', phone: null });
    const target = known.find((k) => k.role === 'league_admin')!;
    const other = await oa.call({
      method: 'PATCH',
      url: '/api/v1/user',
      payload: { id: target.id, lastName: 'Renamed' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ id: target.id, lastName: 'Renamed' });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.lastName).toBe('Renamed');
    expect((await oa.call({ method: 'PATCH', url: '/api/v1/user', payload: { firstName: '' } })).statusCode).toBe(400);
  });

  it('soft-deletes a user, ending their sessions and hiding them', async () => {
    const victim = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
    expect((await victim.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(200);
    const res = await oa.call({ method: 'DELETE', url: `/api/v1/user/${victim.user.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await victim.call({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/refresh-token',
      payload: { refreshToken: victim.session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, victim.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await oa.call({ method: 'GET', url: `/api/v1/admin/user/${victim.user.id}` })).statusCode).toBe(404);
    expect((await oa.call({ method: 'DELETE', url: `/api/v1/user/${victim.user.id}` })).statusCode).toBe(404);
    expect((await listAll(oa, `q=${encodeURIComponent(victim.user.email)}`)).total).toBe(0);
    expect((await oa.call({ method: 'DELETE', url: `/api/v1/user/${oa.user.id}` })).statusCode).toBe(400);
  });

  it('lists salespeople for roles that manage teams', async () => {
    const res = await sa.call({ method: 'GET', url: '/api/v1/user/salespeople' });
    expect(res.statusCode).toBe(200);
    const truth = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`staff_role = 'fys_sales' and deleted_at is null`);
    expect(
      res
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(truth.map((r) => r.id).sort());
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['email', 'firstName', 'id', 'lastName']);
    const donor = await actor(t, { profiles: ['donor'] });
    expect((await donor.call({ method: 'GET', url: '/api/v1/user/salespeople' })).statusCode).toBe(403);
  });

  it('stores an uploaded avatar as a 256×256 WebP and serves it', async () => {
    const me = await actor(t, { profiles: ['donor'] });
    const res = await me.call({ method: 'POST', url: '/api/v1/upload-avatar', ...multipart(await smallPng()) });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.avatar as string;
    expect(url).toMatch(/^\/files\/avatars\/u\d+-[a-z0-9x]{16}\.webp$/);
    const file = path.join(t.app.files.root, url.replace('/files/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const who = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(me.token) });
    expect(who.json().data.avatar).toBe(url);
  });
});
