/**
 * Affiliates (issue 16): the list (filters, search, sort, pages, CSV) and the detail's balances
 * against SQL written here (not the code under test), offers (one open per program, stale terms),
 * the organizations an affiliate brought, and the demo seed.
 */
import { affiliateOffers, organizationAffiliates, rows } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/modules/system/demo-seed.js';
import { insertAffiliate, insertConversion, insertProgram, programBody } from './affiliates-support.js';
import { actor, createTestApp, createTree, login, PASSWORD, type TestApp } from './helpers.js';

const V1 = '/api/v1';
type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let su: Call;

beforeAll(async () => {
  t = await createTestApp();
  su = (await actor(t, { staffRole: 'super_admin' })).call;
});
afterAll(async () => t.close());

describe('the list', () => {
  it('filters, searches, sorts and pages like SQL; CSV has every matching row', async () => {
    const program = await insertProgram(t.db);
    const made = [];
    for (const [i, status] of ['active', 'paused', 'active', 'disabled', 'active'].entries()) {
      const a = await insertAffiliate(t.db, {
        status,
        lastName: `Listcase ${String.fromCharCode(69 - i)}`,
        acceptedProgramId: program.id,
      });
      for (let k = 0; k < i; k++) await insertConversion(t.db, a.id, program.id, { commissionCents: 100 * (k + 1) });
      await insertConversion(t.db, a.id, program.id, { status: 'voided', commissionCents: 9999 });
      made.push(a);
    }
    const get = async (qs: string) => {
      const res = await su({ method: 'GET', url: `${V1}/affiliate/?${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; conversions: number; earnedCents: number }[]; total: number };
    };
    const active = await get('status=active&q=listcase&perPage=100');
    const expected = await rows<{ id: number }>(
      t.db,
      sql`select id from affiliates where status = 'active' and (last_name ilike '%listcase%') order by lower(last_name), lower(first_name), id`,
    );
    expect(active.data.map((r) => r.id)).toEqual(expected.map((r) => Number(r.id)));
    expect(active.total).toBe(expected.length);
    const byEarned = await get('q=listcase&sortColumn=earnedCents&sort=desc&perPage=100');
    const sums = await rows<{ id: number; n: number; s: number }>(
      t.db,
      sql`select a.id, count(c.id) filter (where c.status <> 'voided')::int as n,
        coalesce(sum(c.commission_cents) filter (where c.status <> 'voided'), 0)::int as s
        from affiliates a left join affiliate_conversions c on c.affiliate_id = a.id
        where a.last_name ilike '%listcase%' group by a.id order by s desc, lower(a.last_name) asc, a.id desc`,
    );
    expect(byEarned.data.map((r) => [r.id, r.conversions, r.earnedCents])).toEqual(
      sums.map((r) => [Number(r.id), Number(r.n), Number(r.s)]),
    );
    const page2 = await get('q=listcase&perPage=2&page=2');
    expect(page2.data.map((r) => r.id)).toEqual(
      (
        await rows<{ id: number }>(
          t.db,
          sql`select id from affiliates where last_name ilike '%listcase%' order by lower(last_name), lower(first_name), id limit 2 offset 2`,
        )
      ).map((r) => Number(r.id)),
    );
    expect(page2.total).toBe(5);
    const csv = await su({ method: 'GET', url: `${V1}/affiliate/?q=listcase&format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,first_name,last_name,email,slug,status,programs,organizations,conversions,earned,created',
    );
    expect(lines).toHaveLength(6);
    expect(made).toHaveLength(5);
  });

  it('the detail balances equal SQL sums (pending, approved, paid, unsettled clawback, payable, minimum)', async () => {
    const p1 = await insertProgram(t.db, { minPayoutCents: 2500 });
    const p2 = await insertProgram(t.db, { minPayoutCents: 4000 });
    const a = await insertAffiliate(t.db, { acceptedProgramId: p1.id });
    await t.db.insert(affiliateOffers).values({ affiliateId: a.id, programId: p2.id, status: 'accepted' });
    const p3 = await insertProgram(t.db, { minPayoutCents: 9000 });
    await t.db.insert(affiliateOffers).values({ affiliateId: a.id, programId: p3.id, status: 'offered' });
    for (const [status, cents, claw, settled] of [
      ['pending', 300, 0, false],
      ['approved', 1000, 0, false],
      ['approved', 500, 0, false],
      ['paid', 700, 0, false],
      ['voided', 0, 400, false],
      ['voided', 0, 250, true],
    ] as const)
      await insertConversion(t.db, a.id, p1.id, {
        status,
        commissionCents: cents,
        clawbackCents: claw,
        clawbackSettledAt: settled ? new Date() : null,
      });
    const d = (await su({ method: 'GET', url: `${V1}/affiliate/${a.id}` })).json().data;
    const [s] = await rows<Record<string, number>>(
      t.db,
      sql`select
        coalesce(sum(commission_cents) filter (where status = 'pending'), 0)::int as pending,
        coalesce(sum(commission_cents) filter (where status = 'approved'), 0)::int as approved,
        coalesce(sum(commission_cents) filter (where status = 'paid'), 0)::int as paid,
        coalesce(sum(clawback_cents) filter (where clawback_settled_at is null), 0)::int as clawback
        from affiliate_conversions where affiliate_id = ${a.id}`,
    );
    expect(d.balances).toEqual({
      pendingCents: Number(s!.pending),
      approvedCents: Number(s!.approved),
      paidCents: Number(s!.paid),
      clawbackCents: Number(s!.clawback),
      payableCents: Math.max(0, Number(s!.approved) - Number(s!.clawback)),
      minPayoutCents: 4000,
    });
    expect(d.balances).toMatchObject({
      pendingCents: 300,
      approvedCents: 1500,
      clawbackCents: 400,
      payableCents: 1100,
    });
    expect(d.programsDetail.map((p: { id: number }) => p.id).sort()).toEqual([p1.id, p2.id].sort());
  });
});

describe('offers and organizations', () => {
  it('one open offer per program; accepting needs the current terms version (stale → 409)', async () => {
    const a = await actor(t, { profiles: ['affiliate'] });
    const aff = await insertAffiliate(t.db, { userId: a.user.id });
    const program = await insertProgram(t.db);
    const made = await su({
      method: 'POST',
      url: `${V1}/affiliate/offer`,
      payload: { affiliateId: aff.id, programId: program.id },
    });
    expect(made.statusCode, made.body).toBe(200);
    const offerId = made.json().data.id;
    const again = await su({
      method: 'POST',
      url: `${V1}/affiliate/offer`,
      payload: { affiliateId: aff.id, programId: program.id },
    });
    expect(again.statusCode).toBe(409);
    await su({
      method: 'PUT',
      url: `${V1}/affiliate/program/${program.id}`,
      payload: programBody({ name: program.name, terms: 'New terms.' }),
    });
    const stale = await a.call({
      method: 'POST',
      url: `${V1}/affiliate/offer/accept`,
      payload: { offerId, termsVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/terms changed/);
    expect((await t.db.select().from(affiliateOffers).where(eq(affiliateOffers.id, offerId)))[0]!.status).toBe(
      'offered',
    );
    const other = await actor(t, { profiles: ['affiliate'] });
    await insertAffiliate(t.db, { userId: other.user.id });
    const notMine = await other.call({
      method: 'POST',
      url: `${V1}/affiliate/offer/accept`,
      payload: { offerId, termsVersion: 2 },
    });
    expect(notMine.statusCode).toBe(404);
    const okRes = await a.call({
      method: 'POST',
      url: `${V1}/affiliate/offer/accept`,
      payload: { offerId, termsVersion: 2 },
    });
    expect(okRes.statusCode, okRes.body).toBe(200);
    const [row] = await t.db.select().from(affiliateOffers).where(eq(affiliateOffers.id, offerId));
    expect(row).toMatchObject({ status: 'accepted', acceptedTermsVersion: 2, acceptedByUserId: a.user.id });
  });

  it("bulkadd: another affiliate's organization is a 409 naming it and nothing changes; detach", async () => {
    const tree = await createTree(t.db);
    const tree2 = await createTree(t.db);
    const owner = await insertAffiliate(t.db, { organizationIds: [tree2.org.id] });
    const aff = await insertAffiliate(t.db);
    const snapshot = async () =>
      JSON.stringify(await t.db.select().from(organizationAffiliates).orderBy(organizationAffiliates.id));
    const before = await snapshot();
    const clash = await su({
      method: 'POST',
      url: `${V1}/organization_affiliate/bulkadd`,
      payload: {
        affiliateId: aff.id,
        organizations: [{ organizationId: tree.org.id }, { organizationId: tree2.org.id }],
      },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].path).toBe('body.organizations.1.organizationId');
    expect(await snapshot()).toBe(before);
    const add = await su({
      method: 'POST',
      url: `${V1}/organization_affiliate/bulkadd`,
      payload: {
        affiliateId: aff.id,
        organizations: [{ organizationId: tree.org.id }, { organizationId: tree.team.id }],
      },
    });
    expect(add.json().data).toEqual({ added: 2, updated: 0 });
    const upd = await su({
      method: 'POST',
      url: `${V1}/organization_affiliate/bulkadd`,
      payload: { affiliateId: aff.id, organizations: [{ organizationId: tree.org.id, giftShareBpsOverride: 1500 }] },
    });
    expect(upd.json().data).toEqual({ added: 0, updated: 1 });
    const mine = await t.db.select().from(organizationAffiliates).where(eq(organizationAffiliates.affiliateId, aff.id));
    expect(mine.map((r) => [r.organizationId, r.giftShareBpsOverride]).sort()).toEqual(
      [
        [tree.org.id, 1500],
        [tree.team.id, null],
      ].sort(),
    );
    const del = await su({ method: 'DELETE', url: `${V1}/organization_affiliate/${tree.team.id}` });
    expect(del.statusCode).toBe(200);
    expect((await su({ method: 'DELETE', url: `${V1}/organization_affiliate/${tree.team.id}` })).statusCode).toBe(404);
    const missing = await su({
      method: 'POST',
      url: `${V1}/organization_affiliate/bulkadd`,
      payload: { affiliateId: aff.id, organizations: [{ organizationId: 99999999 }] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].path).toBe('body.organizations.0.organizationId');
    expect(owner.id).toBeGreaterThan(0);
  });
});

describe('the demo seed', () => {
  it('gives Ava an active affiliate record with the accepted Community Partner program and Riverside', async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo.db, PASSWORD);
      await seedDemo(demo.db, PASSWORD);
      const found = await rows<Record<string, unknown>>(
        demo.db,
        sql`select a.status, a.slug, p.name, p.gift_share_bps, p.team_flat_cents, p.team_qualify_cents, p.window_days,
            p.min_payout_cents, p.due_days, o.status as offer, (select count(*)::int from organization_affiliates oa
              where oa.affiliate_id = a.id) as orgs
          from affiliates a join users u on u.id = a.user_id join affiliate_offers o on o.affiliate_id = a.id
          join affiliate_programs p on p.id = o.program_id where u.email = 'affiliate@demo.test'`,
      );
      expect(found).toEqual([
        {
          status: 'active',
          slug: 'ava-abbott',
          name: 'Community Partner',
          gift_share_bps: 1000,
          team_flat_cents: 5000,
          team_qualify_cents: 100000,
          window_days: 30,
          min_payout_cents: 2500,
          due_days: 30,
          offer: 'accepted',
          orgs: 1,
        },
      ]);
      const session = await login(demo.app, 'affiliate@demo.test');
      const detail = await demo.app.inject({
        method: 'GET',
        url: `${V1}/affiliate/?perPage=10`,
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(detail.json().data.map((r: { slug: string }) => r.slug)).toEqual(['ava-abbott']);
      const olivia = await login(demo.app, 'orgadmin@demo.test');
      const seen = await demo.app.inject({
        method: 'GET',
        url: `${V1}/affiliate/`,
        headers: { authorization: `Bearer ${olivia.accessToken}` },
      });
      expect(seen.json().total).toBe(1);
    } finally {
      await demo.close();
    }
  });
});
