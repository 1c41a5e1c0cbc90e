/**
 * Who may call the conversion, dashboard and payment calls (decision 018 "Access"): every role on
 * every call, an affiliate reads only their own, an Organization Admin or User only the
 * conversions on the organizations in their scope (0 leaked, in JSON and CSV), an affiliate the
 * caller may not see is a 404; bad input on every call is a 400 naming the field, nothing changed.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateActor, attach, one, program } from './affiliates-money-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let callers: Record<string, Call>;
let mine: number;
let other: number;
let treeX: Awaited<ReturnType<typeof createTree>>;
let treeY: Awaited<ReturnType<typeof createTree>>;
const V1 = '/api/v1';

async function conversion(affiliateId: number, programId: number, organizationId: number, status = 'approved') {
  await t.db.execute(sql`insert into affiliate_conversions (affiliate_id, program_id, kind, source, organization_id,
      base_cents, commission_cents, status, qualified_at, due_at)
    values (${affiliateId}, ${programId}, 'gift', 'organization', ${organizationId}, 10000, 500, ${status}, now(), now())`);
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await program(t.db, { minPayoutCents: 0 });
  treeX = await createTree(t.db);
  treeY = await createTree(t.db);
  const me = await affiliateActor(t, [p]);
  mine = me.affiliate.id;
  const someone = await affiliateActor(t, [p]);
  other = someone.affiliate.id;
  await attach(t.db, mine, treeX.league.id);
  await attach(t.db, other, treeY.org.id);
  // The affiliate's conversions on X (attached) and on Y (through a link): X's staff see only X's.
  await conversion(mine, p, treeX.team.id);
  await conversion(mine, p, treeX.division.id, 'pending');
  await conversion(mine, p, treeY.team.id);
  await conversion(mine, p, treeY.team.id, 'paid');
  await conversion(other, p, treeY.team.id);
  const as = async (spec: Parameters<typeof actor>[1]) => (await actor(t, spec)).call;
  callers = {
    anonymous: (o) => t.app.inject(o),
    super_admin: await as({ staffRole: 'super_admin' }),
    fys_sales: await as({ staffRole: 'fys_sales' }),
    org_admin_x: await as({ membership: { organizationId: treeX.org.id, role: 'org_admin' } }),
    org_user_x: await as({ membership: { organizationId: treeX.org.id, role: 'org_user' } }),
    org_admin_y: await as({ membership: { organizationId: treeY.org.id, role: 'org_admin' } }),
    team_admin_x: await as({ membership: { organizationId: treeX.team.id, role: 'team_admin' } }),
    donor: await as({ profiles: ['donor'] }),
    affiliate_self: me.call,
    affiliate_other: someone.call,
  };
});
afterAll(() => t.close());

const fingerprint = async () =>
  (await one<{ h: string }>(
    t.db,
    sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from (
        select row(c.*)::text as x from affiliate_conversions c
        union all select row(r.*)::text from affiliate_payout_requests r) s`,
  ))!.h;

const CALLS: Record<string, (id: number) => InjectOptions> = {
  conversions: (id) => ({ method: 'GET', url: `${V1}/affiliate/${id}/conversions` }),
  csv: (id) => ({ method: 'GET', url: `${V1}/affiliate/${id}/conversions?format=csv` }),
  dashboard: (id) => ({ method: 'GET', url: `${V1}/affiliate/${id}/dashboard` }),
  payoutRequest: (id) => ({ method: 'POST', url: `${V1}/affiliate/${id}/payout-request`, payload: {} }),
  decline: (id) => ({ method: 'POST', url: `${V1}/affiliate/${id}/payout-request/decline`, payload: { reason: 'No' } }),
  pay: (id) => ({ method: 'POST', url: `${V1}/affiliate/${id}/commissions/pay`, payload: { reference: 'R-1' } }),
};

// Expected status of each role on each call about `mine` (the signed-in affiliate's own record).
// Writes run last in the order below (payout request, decline, then pay), so each state is known.
const EXPECTED: Record<string, Record<string, number>> = {
  anonymous: { conversions: 401, csv: 401, dashboard: 401, payoutRequest: 401, decline: 401, pay: 401 },
  donor: { conversions: 403, csv: 403, dashboard: 403, payoutRequest: 403, decline: 403, pay: 403 },
  team_admin_x: { conversions: 403, csv: 403, dashboard: 403, payoutRequest: 403, decline: 403, pay: 403 },
  fys_sales: { conversions: 200, csv: 200, dashboard: 200, payoutRequest: 403, decline: 403, pay: 403 },
  org_admin_x: { conversions: 200, csv: 200, dashboard: 403, payoutRequest: 403, decline: 403, pay: 403 },
  org_user_x: { conversions: 200, csv: 200, dashboard: 403, payoutRequest: 403, decline: 403, pay: 403 },
  org_admin_y: { conversions: 404, csv: 404, dashboard: 404, payoutRequest: 403, decline: 403, pay: 403 },
  affiliate_other: { conversions: 404, csv: 404, dashboard: 404, payoutRequest: 404, decline: 403, pay: 403 },
  affiliate_self: { conversions: 200, csv: 200, dashboard: 200, payoutRequest: 200, decline: 403, pay: 403 },
  super_admin: { conversions: 200, csv: 200, dashboard: 200, payoutRequest: 403, decline: 200, pay: 200 },
};
const ORDER = ['conversions', 'csv', 'dashboard', 'payoutRequest', 'decline', 'pay'];
const ROLES = [
  'anonymous',
  'donor',
  'team_admin_x',
  'fys_sales',
  'org_admin_x',
  'org_user_x',
  'org_admin_y',
  'affiliate_other',
  'affiliate_self',
  'super_admin',
];

describe('every role on every call', () => {
  it('answers the expected status, and reads show only what the caller may see', async () => {
    const seen: string[] = [];
    for (const call of ORDER)
      for (const role of ROLES) {
        const res = await callers[role]!(CALLS[call]!(mine));
        seen.push(`${role} ${call} ${res.statusCode}`);
        expect(`${role} ${call} ${res.statusCode}`, res.body).toBe(`${role} ${call} ${EXPECTED[role]![call]}`);
        if (call === 'conversions' && res.statusCode === 200) {
          const body = res.json();
          const scoped = role.startsWith('org_');
          const ids = scoped ? [treeX.org.id, treeX.league.id, treeX.team.id, treeX.division.id] : null;
          const oracle = await one<{ n: number }>(
            t.db,
            ids
              ? sql`select count(*)::int as n from affiliate_conversions
                  where affiliate_id = ${mine} and organization_id = any(${`{${ids.join(',')}}`}::int[])`
              : sql`select count(*)::int as n from affiliate_conversions where affiliate_id = ${mine}`,
          );
          expect(body.total).toBe(oracle!.n);
          expect(body.data).toHaveLength(oracle!.n);
          for (const c of body.data) expect(c.affiliateId).toBe(mine);
          if (scoped)
            expect(body.data.map((c: { organizationName: string }) => c.organizationName).sort()).toEqual(
              [treeX.team.name, treeX.division.name].sort(),
            );
        }
        if (call === 'csv' && res.statusCode === 200) {
          const lines = res.body.trim().split(/\r?\n/);
          expect(lines.length - 1).toBe(role.startsWith('org_') ? 2 : 4);
          if (role.startsWith('org_')) expect(res.body).not.toContain(treeY.team.name);
        }
      }
    expect(seen).toHaveLength(ORDER.length * ROLES.length);
  });

  it("an affiliate never reads another affiliate's conversions or dashboard, nor asks for their payout", async () => {
    for (const call of ['conversions', 'csv', 'dashboard', 'payoutRequest'])
      expect((await callers.affiliate_self!(CALLS[call]!(other))).statusCode).toBe(404);
    // An affiliate id that does not exist is the same 404 for everyone who can read affiliates.
    expect((await callers.super_admin!(CALLS.conversions!(999_999))).statusCode).toBe(404);
    expect((await callers.super_admin!(CALLS.pay!(999_999))).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const BAD: [string, InjectOptions, string][] = [
    ['conversions status', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?status=bogus` }, 'status'],
    ['conversions kind', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?kind=both` }, 'kind'],
    ['conversions from', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?from=2026-13-40` }, 'from'],
    [
      'conversions from > to',
      { method: 'GET', url: `${V1}/affiliate/MINE/conversions?from=2026-05-02&to=2026-05-01` },
      'from',
    ],
    ['conversions perPage', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?perPage=1000` }, 'perPage'],
    ['conversions sort', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?sort=sideways` }, 'sort'],
    ['conversions format', { method: 'GET', url: `${V1}/affiliate/MINE/conversions?format=xml` }, 'format'],
    ['conversions id', { method: 'GET', url: `${V1}/affiliate/abc/conversions` }, 'id'],
    ['dashboard from', { method: 'GET', url: `${V1}/affiliate/MINE/dashboard?from=yesterday` }, 'from'],
    [
      'dashboard from > to',
      { method: 'GET', url: `${V1}/affiliate/MINE/dashboard?from=2026-05-02&to=2026-05-01` },
      'from',
    ],
    ['dashboard range', { method: 'GET', url: `${V1}/affiliate/MINE/dashboard?from=2020-01-01&to=2026-05-01` }, 'from'],
    [
      'payout note',
      { method: 'POST', url: `${V1}/affiliate/MINE/payout-request`, payload: { note: 'x'.repeat(1001) } },
      'note',
    ],
    [
      'payout extra',
      { method: 'POST', url: `${V1}/affiliate/MINE/payout-request`, payload: { amountCents: 5 } },
      'amountCents',
    ],
    ['decline reason', { method: 'POST', url: `${V1}/affiliate/MINE/payout-request/decline`, payload: {} }, 'reason'],
    [
      'decline blank',
      { method: 'POST', url: `${V1}/affiliate/MINE/payout-request/decline`, payload: { reason: '  ' } },
      'reason',
    ],
    ['pay reference', { method: 'POST', url: `${V1}/affiliate/MINE/commissions/pay`, payload: {} }, 'reference'],
    [
      'pay ids empty',
      { method: 'POST', url: `${V1}/affiliate/MINE/commissions/pay`, payload: { reference: 'R', conversionIds: [] } },
      'conversionIds',
    ],
    [
      'pay ids type',
      {
        method: 'POST',
        url: `${V1}/affiliate/MINE/commissions/pay`,
        payload: { reference: 'R', conversionIds: ['a'] },
      },
      'conversionIds',
    ],
    [
      'pay status',
      { method: 'POST', url: `${V1}/affiliate/MINE/commissions/pay`, payload: { reference: 'R', status: 'paid' } },
      'status',
    ],
  ];
  it.each(BAD)('%s: a 400 naming the field, nothing changed', async (_name, o, field) => {
    const before = await fingerprint();
    const url = String(o.url).replace('MINE', String(mine));
    const who =
      o.method === 'GET' || (String(o.url).includes('payout-request') && !String(o.url).includes('decline'))
        ? callers.affiliate_self!
        : callers.super_admin!;
    const res = await who({ ...o, url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
    expect(await fingerprint()).toBe(before);
  });
});
