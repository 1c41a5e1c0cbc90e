/**
 * Who may call which affiliate endpoint (issue 16, decision 018, DECISIONS §3; the
 * registrations-access.test.ts pattern): every call × every role → the expected status, a
 * refused call changes nothing, and the lists leak no affiliate outside the caller's scope
 * (checked against SQL written here).
 */
import {
  affiliateInvitations,
  affiliateOffers,
  affiliatePrograms,
  affiliates,
  type Db,
  organizationAffiliates,
  rows,
} from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateBody, insertAffiliate, insertConversion, insertProgram, programBody } from './affiliates-support.js';
import { multipart, smallPng } from './fixtures.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
const callers = new Map<string, Call>();
let target: { id: number };
let program: { id: number };
let offerId: number;
let png: Buffer;
let freeOrgId: number;
let attachedOrgId: number;

const ROLES = [
  'super_admin',
  'fys_sales',
  'org_admin_attached',
  'org_admin_unattached',
  'org_user_attached',
  'league_admin',
  'team_admin',
  'division_admin',
  'fundraiser',
  'donor',
  'affiliate_self',
  'affiliate_other',
  'anonymous',
] as const;
type Role = (typeof ROLES)[number];

beforeAll(async () => {
  t = await createTestApp();
  png = await smallPng();
  const tree = await createTree(t.db);
  const other = await createTree(t.db);
  freeOrgId = (await createTree(t.db)).org.id;
  attachedOrgId = tree.org.id;
  const specs: [Role, Parameters<typeof actor>[1]][] = [
    ['super_admin', { staffRole: 'super_admin' }],
    ['fys_sales', { staffRole: 'fys_sales' }],
    ['org_admin_attached', { membership: { organizationId: tree.org.id, role: 'org_admin' } }],
    ['org_admin_unattached', { membership: { organizationId: other.org.id, role: 'org_admin' } }],
    ['org_user_attached', { membership: { organizationId: tree.org.id, role: 'org_user' } }],
    ['league_admin', { membership: { organizationId: tree.league.id, role: 'league_admin' } }],
    ['team_admin', { membership: { organizationId: tree.team.id, role: 'team_admin' } }],
    ['division_admin', { membership: { organizationId: tree.division.id, role: 'division_admin' } }],
    ['fundraiser', { profiles: ['fundraiser'] }],
    ['donor', { profiles: ['donor'] }],
    ['affiliate_self', { profiles: ['affiliate'] }],
    ['affiliate_other', { profiles: ['affiliate'] }],
  ];
  const ids = new Map<string, number>();
  for (const [role, spec] of specs) {
    const a = await actor(t, spec);
    callers.set(role, a.call);
    ids.set(role, a.user.id);
  }
  callers.set('anonymous', (o) => t.app.inject(o));
  program = await insertProgram(t.db);
  target = await insertAffiliate(t.db, {
    userId: ids.get('affiliate_self')!,
    organizationIds: [tree.org.id],
    acceptedProgramId: program.id,
  });
  // The other affiliate brought a team outside every tested membership's scope.
  const far = await createTree(t.db);
  await insertAffiliate(t.db, { userId: ids.get('affiliate_other')!, organizationIds: [far.team.id] });
  for (let i = 0; i < 3; i++) await insertAffiliate(t.db);
  const open = await insertProgram(t.db);
  const [o] = await t.db
    .insert(affiliateOffers)
    .values({ affiliateId: target.id, programId: open.id })
    .returning({ id: affiliateOffers.id });
  offerId = o!.id;
});
afterAll(async () => t.close());

const snapshot = async (db: Db) =>
  JSON.stringify(
    await Promise.all([
      db.select().from(affiliates).orderBy(affiliates.id),
      db.select().from(affiliatePrograms).orderBy(affiliatePrograms.id),
      db.select().from(affiliateOffers).orderBy(affiliateOffers.id),
      db.select().from(affiliateInvitations).orderBy(affiliateInvitations.id),
      db.select().from(organizationAffiliates).orderBy(organizationAffiliates.id),
    ]),
  );

type Expect = Partial<Record<Role, number>> & { default: number };
const staffOnlyWrite: Expect = { super_admin: 200, anonymous: 401, default: 403 };
/** Read calls: the affiliates subject (staff, organization admins and users, affiliates). */
const readers = (over: Partial<Record<Role, number>>): Expect => ({
  super_admin: 200,
  fys_sales: 200,
  org_admin_attached: 200,
  org_admin_unattached: 200,
  org_user_attached: 200,
  affiliate_self: 200,
  affiliate_other: 200,
  anonymous: 401,
  default: 403,
  ...over,
});

/** Every endpoint; writes that would succeed build a fresh body per call. */
const endpoints = (): [string, () => Promise<InjectOptions>, Expect][] => [
  [
    'list programs',
    async () => ({ method: 'GET', url: `${V1}/affiliate/program` }),
    readers({ org_admin_attached: 403, org_admin_unattached: 403, org_user_attached: 403 }),
  ],
  [
    'create program',
    async () => ({ method: 'POST', url: `${V1}/affiliate/program`, payload: programBody() }),
    staffOnlyWrite,
  ],
  [
    'update program',
    async () => ({
      method: 'PUT',
      url: `${V1}/affiliate/program/${program.id}`,
      payload: programBody({ terms: 'T1' }),
    }),
    staffOnlyWrite,
  ],
  ['list', async () => ({ method: 'GET', url: `${V1}/affiliate/?perPage=100` }), readers({})],
  ['csv', async () => ({ method: 'GET', url: `${V1}/affiliate/?format=csv` }), readers({})],
  [
    'detail',
    async () => ({ method: 'GET', url: `${V1}/affiliate/${target.id}` }),
    readers({ org_admin_unattached: 404, affiliate_other: 404 }),
  ],
  ['create', async () => ({ method: 'POST', url: `${V1}/affiliate`, payload: affiliateBody() }), staffOnlyWrite],
  [
    'update',
    async () => ({ method: 'PUT', url: `${V1}/affiliate/`, payload: { id: target.id, bio: 'New bio.' } }),
    { ...staffOnlyWrite, affiliate_self: 200, affiliate_other: 404 },
  ],
  [
    'avatar',
    async () => ({ method: 'POST', url: `${V1}/affiliate/${target.id}/avatar`, ...multipart(png) }),
    { ...staffOnlyWrite, affiliate_self: 200, affiliate_other: 404 },
  ],
  [
    'offer',
    async () => ({
      method: 'POST',
      url: `${V1}/affiliate/offer`,
      payload: { affiliateId: target.id, programId: (await insertProgram(t.db)).id },
    }),
    staffOnlyWrite,
  ],
  [
    'accept',
    async () => ({ method: 'POST', url: `${V1}/affiliate/offer/accept`, payload: { offerId, termsVersion: 1 } }),
    { anonymous: 401, affiliate_self: 200, affiliate_other: 404, default: 403 },
  ],
  [
    'invite',
    async () => ({
      method: 'POST',
      url: `${V1}/affiliate/invite`,
      payload: { affiliateId: (await insertAffiliate(t.db, { status: 'invited' })).id },
    }),
    staffOnlyWrite,
  ],
  [
    'bulkadd',
    async () => ({
      method: 'POST',
      url: `${V1}/organization_affiliate/bulkadd`,
      payload: {
        affiliateId: target.id,
        organizations: [{ organizationId: attachedOrgId, giftShareBpsOverride: 1200 }],
      },
    }),
    staffOnlyWrite,
  ],
  [
    'detach',
    async () => ({ method: 'DELETE', url: `${V1}/organization_affiliate/${freeOrgId}` }),
    { ...staffOnlyWrite, super_admin: 404 },
  ],
];

describe('affiliate endpoints by role', () => {
  it('every call × role answers the expected status; refused calls change nothing', async () => {
    let tried = 0;
    let refused = 0;
    for (const role of ROLES) {
      const call = callers.get(role)!;
      for (const [name, build, expected] of endpoints()) {
        const want = expected[role] ?? expected.default;
        const req = await build();
        const before = want === 200 ? null : await snapshot(t.db);
        const res = await call(req);
        expect(res.statusCode, `${role} ${name}: ${res.body.slice(0, 300)}`).toBe(want);
        if (before !== null) {
          expect(await snapshot(t.db), `${role} ${name} changed something`).toBe(before);
          refused++;
        }
        tried++;
      }
    }
    console.log(`[issue 16] affiliate access: ${tried} calls by ${ROLES.length} roles, ${refused} refused, 0 changes`);
  });

  it('lists hold only the affiliates in scope (0 leaked rows), in JSON and CSV', async () => {
    const visible = async (role: Role) => {
      const res = await callers.get(role)!({ method: 'GET', url: `${V1}/affiliate/?perPage=100` });
      return (res.json().data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    };
    const all = (await rows<{ id: number }>(t.db, sql`select id from affiliates order by id`)).map((r) => Number(r.id));
    expect(await visible('super_admin')).toEqual(all);
    expect(await visible('fys_sales')).toEqual(all);
    const attached = (
      await rows<{ id: number }>(
        t.db,
        sql`select distinct affiliate_id as id from organization_affiliates where organization_id = ${attachedOrgId} order by 1`,
      )
    ).map((r) => Number(r.id));
    expect(await visible('org_admin_attached')).toEqual(attached);
    expect(await visible('org_user_attached')).toEqual(attached);
    expect(await visible('org_admin_unattached')).toEqual([]);
    expect(await visible('affiliate_self')).toEqual([target.id]);
    const other = await visible('affiliate_other');
    expect(other).toHaveLength(1);
    expect(other).not.toContain(target.id);
    const csv = await callers.get('org_admin_unattached')!({ method: 'GET', url: `${V1}/affiliate/?format=csv` });
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    const selfCsv = await callers.get('affiliate_self')!({ method: 'GET', url: `${V1}/affiliate/?format=csv` });
    expect(selfCsv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it("organization staff count only the affiliate's conversions on their organizations", async () => {
    const far = await createTree(t.db);
    await insertConversion(t.db, target.id, program.id, { organizationId: attachedOrgId, commissionCents: 300 });
    await insertConversion(t.db, target.id, program.id, { organizationId: far.org.id, commissionCents: 700 });
    const row = async (role: Role) =>
      (
        (await callers.get(role)!({ method: 'GET', url: `${V1}/affiliate/?perPage=100` })).json().data as {
          id: number;
          conversions: number;
          earnedCents: number;
        }[]
      ).find((r) => r.id === target.id);
    expect(await row('org_admin_attached')).toMatchObject({ conversions: 1, earnedCents: 300 });
    expect(await row('super_admin')).toMatchObject({ conversions: 2, earnedCents: 1000 });
    const d = (await callers.get('org_user_attached')!({ method: 'GET', url: `${V1}/affiliate/${target.id}` })).json();
    expect(d.data).toMatchObject({ conversions: 1, earnedCents: 300 });
  });

  it('organization staff see the affiliate on their organizations, not their money or payout details', async () => {
    const d = (await callers.get('org_admin_attached')!({ method: 'GET', url: `${V1}/affiliate/${target.id}` })).json()
      .data;
    expect(d.payoutTo).toBeNull();
    expect(d.payoutRequests).toEqual([]);
    expect(d.organizations.map((o: { organizationId: number }) => o.organizationId)).toEqual([attachedOrgId]);
  });
});
