/**
 * Who may review team registrations (issue 15, DECISIONS §3; the cross-tenant.test.ts pattern):
 * Super Admin every record; FYS Sales their own and unassigned ones (another salesperson's is not
 * found); every other role 403 on every staff endpoint; a refused call changes nothing. The list's
 * figures equal an independent SQL count; the demo seed gives both staff accounts rows.
 */
import { type Db, teamRegistrations, users } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/modules/system/demo-seed.js';
import { actor, createTestApp, createTree, login, PASSWORD, type TestApp } from './helpers.js';
import { insertRegistration } from './registrations-support.js';

let t: TestApp;
type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let superAdmin: { call: Call; id: number };
let sales: { call: Call; id: number };
let otherSales: { call: Call; id: number };
const others: [string, Call][] = [];
let mine: Awaited<ReturnType<typeof insertRegistration>>;
let unassigned: Awaited<ReturnType<typeof insertRegistration>>;
let theirs: Awaited<ReturnType<typeof insertRegistration>>;

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createTree(t.db);
  const a = await actor(t, { staffRole: 'super_admin' });
  superAdmin = { call: a.call, id: a.user.id };
  const s = await actor(t, { staffRole: 'fys_sales' });
  sales = { call: s.call, id: s.user.id };
  const o = await actor(t, { staffRole: 'fys_sales' });
  otherSales = { call: o.call, id: o.user.id };
  const specs: [string, Parameters<typeof actor>[1]][] = [
    ['org_admin', { membership: { organizationId: tree.org.id, role: 'org_admin' } }],
    ['org_user', { membership: { organizationId: tree.org.id, role: 'org_user' } }],
    ['league_admin', { membership: { organizationId: tree.league.id, role: 'league_admin' } }],
    ['team_admin', { membership: { organizationId: tree.team.id, role: 'team_admin' } }],
    ['division_admin', { membership: { organizationId: tree.division.id, role: 'division_admin' } }],
    ['fundraiser', { profiles: ['fundraiser'] }],
    ['donor', { profiles: ['donor'] }],
    ['affiliate', { profiles: ['affiliate'] }],
  ];
  for (const [name, spec] of specs) others.push([name, (await actor(t, spec)).call]);
  mine = await insertRegistration(t, { salesUserId: sales.id });
  unassigned = await insertRegistration(t);
  theirs = await insertRegistration(t, { salesUserId: otherSales.id });
});
afterAll(async () => t.close());

/** Every staff endpoint, on record `id` (the writes with bodies that would succeed). */
const endpoints = (id: number, answers: Record<string, unknown>): [string, InjectOptions][] => [
  ['list all', { method: 'GET', url: '/api/v1/onboarding/' }],
  ['list paged', { method: 'GET', url: '/api/v1/onboarding/?status=all&page=1' }],
  ['detail', { method: 'GET', url: `/api/v1/onboarding/${id}` }],
  ['edit', { method: 'PUT', url: '/api/v1/onboarding/', payload: { id, answers: { team: answers.team } } }],
  ['claim', { method: 'POST', url: `/api/v1/onboarding/${id}/claim` }],
  ['approve', { method: 'POST', url: `/api/v1/onboarding/${id}/approve` }],
  ['reject', { method: 'POST', url: `/api/v1/onboarding/${id}/reject`, payload: { reason: 'No.' } }],
  ['delete', { method: 'DELETE', url: `/api/v1/onboardings/delete?id=${id}` }],
];

const snapshot = async (db: Db) =>
  JSON.stringify(await db.select().from(teamRegistrations).orderBy(teamRegistrations.id));

describe('staff endpoints by role', () => {
  it('every role but Super Admin and FYS Sales: 403 on every staff endpoint, nothing changed', async () => {
    const before = await snapshot(t.db);
    let tried = 0;
    for (const [role, call] of others)
      for (const [name, req] of endpoints(mine.id, mine.answersGiven)) {
        const res = await call(req);
        expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(403);
        tried++;
      }
    for (const [, req] of endpoints(mine.id, mine.answersGiven)) {
      const res = await t.app.inject(req);
      expect(res.statusCode).toBe(401);
      tried++;
    }
    expect(await snapshot(t.db)).toBe(before);
    console.log(`[row 1] registrations: ${tried} refused calls by ${others.length} roles and anonymous, 0 changes`);
  });

  it("FYS Sales: another salesperson's record is not found on every endpoint, nothing changed", async () => {
    const before = await snapshot(t.db);
    for (const [name, req] of endpoints(theirs.id, theirs.answersGiven).slice(2)) {
      const res = await sales.call(req);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
    }
    expect(await snapshot(t.db)).toBe(before);
  });

  it('FYS Sales sees their own and unassigned records only; Super Admin sees all', async () => {
    const ids = async (call: Call) =>
      ((await call({ method: 'GET', url: '/api/v1/onboarding/' })).json().data as { id: number }[]).map((r) => r.id);
    const salesIds = await ids(sales.call);
    expect(salesIds).toEqual(expect.arrayContaining([mine.id, unassigned.id]));
    expect(salesIds).not.toContain(theirs.id);
    expect(await ids(superAdmin.call)).toEqual(expect.arrayContaining([mine.id, unassigned.id, theirs.id]));
    expect((await sales.call({ method: 'GET', url: `/api/v1/onboarding/${unassigned.id}` })).statusCode).toBe(200);
    expect((await superAdmin.call({ method: 'GET', url: `/api/v1/onboarding/${theirs.id}` })).statusCode).toBe(200);
  });

  it('claims: FYS Sales takes an unassigned record once; a second salesperson is then refused', async () => {
    const r = await insertRegistration(t);
    const first = await sales.call({ method: 'POST', url: `/api/v1/onboarding/${r.id}/claim` });
    expect(first.statusCode, first.body).toBe(200);
    expect((await sales.call({ method: 'POST', url: `/api/v1/onboarding/${r.id}/claim` })).statusCode).toBe(200);
    expect((await otherSales.call({ method: 'POST', url: `/api/v1/onboarding/${r.id}/claim` })).statusCode).toBe(404);
    const claim = await superAdmin.call({ method: 'POST', url: `/api/v1/onboarding/${r.id}/claim` });
    expect(claim.statusCode).toBe(403);
    expect(claim.json().code).toBe('CLAIM_SALES_ONLY');
  });

  it('only Super Admin assigns another salesperson', async () => {
    const r = await insertRegistration(t);
    const put = (call: Call, salesUserId: number | null) =>
      call({ method: 'PUT', url: '/api/v1/onboarding/', payload: { id: r.id, salesUserId } });
    expect((await put(sales.call, otherSales.id)).statusCode).toBe(403);
    const byAdmin = await put(superAdmin.call, otherSales.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data.data.salesperson.id).toBe(otherSales.id);
    const [me] = await t.db.select().from(users).where(eq(users.id, superAdmin.id));
    const notSales = await put(superAdmin.call, me!.id);
    expect(notSales.statusCode).toBe(400);
    expect(notSales.json().errors[0].path).toBe('body.salesUserId');
  });
});

describe('the list: filters, search, sort, pages and summary', () => {
  const FILTER_SQL: Record<string, string> = {
    all: 'true',
    in_progress: "submitted_at is null and decision = 'pending'",
    submitted: 'submitted_at is not null',
    pending: "submitted_at is not null and decision = 'pending'",
    approved: "decision = 'approved'",
    rejected: "decision = 'rejected'",
    withdrawn: "decision = 'withdrawn'",
  };
  const count = async (where: string) => {
    const r = (await t.db.execute(
      sql.raw(`select count(*)::int as n from team_registrations where ${where}`),
    )) as unknown as {
      rows: { n: number }[];
    };
    return Number(r.rows[0]!.n);
  };

  beforeAll(async () => {
    for (const [i, spec] of [
      { submitted: false },
      { submitted: false, salesUserId: null },
      { decision: 'rejected' },
      { decision: 'withdrawn' },
      { decision: 'approved' },
      { daysAgo: 3 },
    ].entries())
      await insertRegistration(t, { ...spec, daysAgo: spec.daysAgo ?? i });
  });

  it.each(Object.keys(FILTER_SQL))(
    'status=%s: total and summary equal SQL counts (Super Admin and FYS Sales)',
    async (status) => {
      for (const [who, call, vis] of [
        ['super', superAdmin.call, 'true'],
        ['sales', sales.call, `(sales_user_id = ${sales.id} or sales_user_id is null)`],
      ] as const) {
        const res = await call({ method: 'GET', url: `/api/v1/onboarding/?status=${status}&perPage=100` });
        expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
        const body = res.json();
        expect(body.total).toBe(await count(`${vis} and ${FILTER_SQL[status]}`));
        expect(body.data.data).toHaveLength(body.total);
        expect(body.data.summary).toEqual({
          total: await count(vis),
          submitted: await count(`${vis} and ${FILTER_SQL.submitted}`),
          pending: await count(`${vis} and ${FILTER_SQL.pending}`),
          approved: await count(`${vis} and ${FILTER_SQL.approved}`),
          rejected: await count(`${vis} and ${FILTER_SQL.rejected}`),
        });
      }
    },
  );

  it('searches by team, organization and registrant email; sorts; pages', async () => {
    const q = mine.answersGiven.team.name;
    const found = (
      await superAdmin.call({ method: 'GET', url: `/api/v1/onboarding/?q=${encodeURIComponent(q)}` })
    ).json();
    expect(found.data.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    const byEmail = (
      await superAdmin.call({
        method: 'GET',
        url: `/api/v1/onboarding/?q=${encodeURIComponent(theirs.registrant.email)}`,
      })
    ).json();
    expect(byEmail.data.data.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    const none = (await superAdmin.call({ method: 'GET', url: '/api/v1/onboarding/?q=%25_nothing' })).json();
    expect(none.total).toBe(0);
    const asc = (
      await superAdmin.call({ method: 'GET', url: '/api/v1/onboarding/?sortColumn=createdAt&sort=asc&perPage=100' })
    ).json().data.data as { createdAt: string }[];
    expect(asc.map((r) => r.createdAt)).toEqual([...asc.map((r) => r.createdAt)].sort());
    const p1 = (await superAdmin.call({ method: 'GET', url: '/api/v1/onboarding/?perPage=2&page=1' })).json();
    const p2 = (await superAdmin.call({ method: 'GET', url: '/api/v1/onboarding/?perPage=2&page=2' })).json();
    expect(p1.data.data).toHaveLength(2);
    expect(p2.data.data[0].id).not.toBe(p1.data.data[0].id);
    expect(p1.total).toBe(await count('true'));
  });
});

describe('the demo', () => {
  it('gives the demo FYS Sales and Super Admin accounts registrations in several states', async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo.db, PASSWORD);
      for (const email of ['sales@demo.test', 'super@demo.test']) {
        const s = await login(demo.app, email);
        const res = await demo.app.inject({
          method: 'GET',
          url: '/api/v1/onboarding/?status=all',
          headers: { authorization: `Bearer ${s.accessToken}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        const statuses = new Set((res.json().data.data as { status: string }[]).map((r) => r.status));
        expect(statuses.size, email).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await demo.close();
    }
  });
});
