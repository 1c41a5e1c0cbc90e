/** RELIABILITY row 4: protected fields sent to write endpoints are refused and never persisted. */
import { storedUserSchema, userDetailSchema, userSummarySchema } from '@fc/contracts';
import { organizationUsers, sessions, userProfiles, users } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, createTree, createUser, type TestApp } from './helpers.js';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let other: Awaited<ReturnType<typeof createTree>>;
beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  other = await createTree(t.db);
});
afterAll(async () => t.close());

async function snapshot(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  const m = await t.db.select().from(organizationUsers).where(eq(organizationUsers.userId, userId));
  const p = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  const s = await t.db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return JSON.stringify({ row, m, p, s });
}
const userCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

const PROTECTED: Record<string, unknown> = {
  role: 'super_admin',
  staffRole: 'super_admin',
  status: 'disabled',
  organizationId: 1,
  passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$AAAA$BBBB',
  password_hash: 'x',
  password: 'a-new-sneaky-password',
  email: 'taken-over@example.test',
  deletedAt: '2026-01-01T00:00:00.000Z',
  emailConfirmedAt: '2026-01-01T00:00:00.000Z',
  avatarUrl: 'https://evil.example/x.png',
  avatar: 'https://evil.example/x.png',
  createdAt: '2020-01-01T00:00:00.000Z',
  lastLoginAt: '2020-01-01T00:00:00.000Z',
  memberships: [{ organizationId: 1, role: 'org_admin' }],
  abilities: [{ action: 'manage', subject: 'all' }],
};

let sent = 0;
let persisted = 0;

describe('write endpoints refuse protected fields', () => {
  it('PATCH /user (own profile and, as an Org Admin, another user)', async () => {
    const donor = await actor(t, { profiles: ['donor'] });
    const admin = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const member = await createUser(t.db, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    for (const [who, id] of [
      [donor, undefined],
      [admin, member.id],
    ] as const) {
      const target = id ?? who.user.id;
      for (const [field, value] of Object.entries({ ...PROTECTED, organizationId: other.org.id })) {
        const before = await snapshot(target);
        const res = await who.call({
          method: 'PATCH',
          url: '/api/v1/user',
          payload: { id, firstName: 'Changed', [field]: value },
        });
        sent++;
        expect(res.statusCode, field).toBe(400);
        expect(JSON.stringify(res.json().errors), field).toContain(field);
        if ((await snapshot(target)) !== before) persisted++;
      }
    }
    // The id of another user is refused (not found for a donor), and nothing changes there either.
    const before = await snapshot(member.id);
    const res = await donor.call({
      method: 'PATCH',
      url: '/api/v1/user',
      payload: { id: member.id, firstName: 'Mine' },
    });
    sent++;
    expect(res.statusCode).toBe(404);
    if ((await snapshot(member.id)) !== before) persisted++;
    // The allowed fields still save.
    const ok = await donor.call({
      method: 'PATCH',
      url: '/api/v1/user',
      payload: { firstName: 'Allowed', phone: '555-0100' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ firstName: 'Allowed', phone: '555-0100', role: 'donor', status: 'active' });
  });

  it('POST /jwt/register', async () => {
    // email and password are this form's own fields.
    const { email: _e, password: _p, ...fields } = PROTECTED;
    for (const [field, value] of Object.entries(fields)) {
      const email = `reg-${field.toLowerCase()}@example.test`;
      const before = await userCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/register',
        payload: { firstName: 'R', lastName: 'S', email, password: 'a-long-unusual-pass', [field]: value },
      });
      sent++;
      expect(res.statusCode, field).toBe(400);
      if ((await userCount()) !== before) persisted++;
    }
  });

  it('POST /admin/user/create (Super Admin and Org Admin)', async () => {
    const sa = await actor(t, { staffRole: 'super_admin' });
    const oa = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const extra = { ...PROTECTED, role: undefined, organizationId: undefined, email: undefined, id: 1 };
    for (const who of [sa, oa]) {
      for (const [field, value] of Object.entries(extra)) {
        if (value === undefined) continue;
        const before = await userCount();
        const res = await who.call({
          method: 'POST',
          url: '/api/v1/admin/user/create',
          payload: {
            firstName: 'N',
            lastName: 'U',
            email: `new-${field.toLowerCase()}-${who.user.id}@example.test`,
            role: 'team_admin',
            organizationId: tree.team.id,
            [field]: value,
          },
        });
        sent++;
        expect(res.statusCode, field).toBe(400);
        if ((await userCount()) !== before) persisted++;
      }
    }
    // An Org Admin cannot create staff or place users outside its tree.
    for (const body of [
      { role: 'super_admin' },
      { role: 'fys_sales' },
      { role: 'org_admin', organizationId: other.org.id },
      { role: 'division_admin', organizationId: other.division.id },
    ]) {
      const before = await userCount();
      const res = await oa.call({
        method: 'POST',
        url: '/api/v1/admin/user/create',
        payload: { firstName: 'N', lastName: 'U', email: `esc-${body.role}@example.test`, ...body },
      });
      sent++;
      expect([400, 403]).toContain(res.statusCode);
      if ((await userCount()) !== before) persisted++;
    }
  });

  it('POST /user/switch', async () => {
    const a = await actor(t, { membership: { organizationId: tree.division.id, role: 'division_admin' } });
    const attempts = [
      { loginRole: 'staff' },
      { loginRole: 'organization', organizationId: other.org.id },
      { loginRole: 'organization', organizationId: tree.org.id },
      { loginRole: 'fundraiser' },
      { loginRole: 'organization', role: 'org_admin' },
      { loginRole: 'organization', staffRole: 'super_admin' },
      { loginRole: 'donor', userId: 1 },
      { loginRole: 'super_admin' },
    ];
    for (const payload of attempts) {
      const before = await snapshot(a.user.id);
      const res = await a.call({ method: 'POST', url: '/api/v1/user/switch', payload });
      sent++;
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if ((await snapshot(a.user.id)) !== before) persisted++;
    }
    expect((await a.call({ method: 'GET', url: '/api/v1/user/me' })).json().data.role).toBe('division_admin');
  });

  it('prints the figure', () => {
    console.log(`[row 4] protected fields sent: ${sent}, persisted: ${persisted}`);
    expect(sent).toBeGreaterThan(80);
    expect(persisted).toBe(0);
  });
});

describe('responses carry nothing outside their schema', () => {
  it('login, /user/me, /admin/user/{id} and /admin/user/list', async () => {
    const sa = await actor(t, { staffRole: 'super_admin' });
    const u = await createUser(t.db, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const bodies: Record<string, string> = {};
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: sa.user.email, password: 'correct-horse-battery-9' },
    });
    bodies.login = login.body;
    const me = await sa.call({ method: 'GET', url: '/api/v1/user/me' });
    bodies.me = me.body;
    const detail = await sa.call({ method: 'GET', url: `/api/v1/admin/user/${u.id}` });
    bodies.detail = detail.body;
    const list = await sa.call({ method: 'GET', url: '/api/v1/admin/user/list?perPage=100' });
    bodies.list = list.body;
    for (const [name, body] of Object.entries(bodies)) {
      expect(body, name).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|\$argon2|"password"/);
    }
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(login.json().userData)).toEqual(keys(storedUserSchema.shape));
    expect(keys(me.json().data)).toEqual(keys(storedUserSchema.shape));
    expect(keys(detail.json().data)).toEqual(keys(userDetailSchema.shape));
    for (const row of list.json().data as object[]) expect(keys(row)).toEqual(keys(userSummarySchema.shape));
    console.log(`[row 4] responses checked for hashes and extra fields: ${4 + list.json().data.length}, found: 0`);
  });
});
