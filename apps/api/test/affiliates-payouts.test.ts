/**
 * Decision 018 payments and payout requests: two payments at once pay each commission once, ids
 * not approved are a 409 naming them, a payout request needs payable ≥ the minimum and > 0 with
 * one open at a time, declining stores the reason and e-mails the affiliate; the dashboard's
 * totals equal SQL over affiliate_conversions; the demo seed has every state.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedDemoGifts } from '../src/modules/system/demo-seed.js';
import { seedDemoConversions } from '../src/modules/system/demo-seed-conversions.js';
import { moneyKit } from './affiliates-money-kit.js';
import { affiliateActor, click, expectedGift, one, program, visitor } from './affiliates-money-support.js';
import { actor, createTestApp, PASSWORD, type TestApp } from './helpers.js';
import { type GivingWorld, givingWorld, V1 } from './payments-support.js';

const FEE_BPS = 730;
let t: TestApp;
let w: GivingWorld;
let sa: Awaited<ReturnType<typeof actor>>;
let k: ReturnType<typeof moneyKit>;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_BPS: String(FEE_BPS), CHECKOUT_LIMIT_PER_IP: '100000' });
  w = await givingWorld(t);
  sa = await actor(t, { staffRole: 'super_admin' });
  k = moneyKit(t, w, sa);
});
afterAll(() => t.close());

describe('payments and payout requests', () => {
  it('two payments at once pay each commission once; paying ids not approved is a 409 naming them', async () => {
    const { a, v } = await k.linked();
    const g1 = await k.give({ v, amountCents: 9000 });
    await k.give({ v, amountCents: 9000 });
    const c1 = (await k.conversionOf(g1.id))!.id;
    const bad = await k.pay(a.id, { reference: 'X', conversionIds: [c1] });
    expect(bad.statusCode).toBe(409);
    expect(bad.body).toContain(String(c1));
    await k.approveAll(a.id);
    const results = await Promise.all([k.pay(a.id, { reference: 'A' }), k.pay(a.id, { reference: 'B' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sum = await one<{ n: number; refs: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct payment_reference)::int as refs from affiliate_conversions
        where affiliate_id = ${a.id} and status = 'paid'`,
    );
    expect(sum).toEqual({ n: 2, refs: 1 });
    const paidBody = results.find((r) => r.statusCode === 200)!.json().data;
    expect(paidBody).toEqual({ paidCount: 2, paidCents: 2 * expectedGift(9000, FEE_BPS, 1000), clawbackCents: 0 });
  });

  it('payout request: the affiliate only, payable ≥ minimum and > 0, one open; paying closes it as paid', async () => {
    const p = await program(t.db, { giftShareBps: 1000, minPayoutCents: 100 });
    const me = await affiliateActor(t, [p]);
    const ask = (body: Record<string, unknown> = {}) =>
      me.call({ method: 'POST', url: `${V1}/affiliate/${me.affiliate.id}/payout-request`, payload: body });
    expect((await ask()).statusCode).toBe(409); // nothing payable
    const v = visitor();
    await click(t.db, me.affiliate.id, v, 1);
    await k.give({ v, amountCents: 1000 }); // 7 cents: below the 100 minimum
    await k.approveAll(me.affiliate.id);
    const low = await ask();
    expect(low.statusCode).toBe(409);
    expect(low.json().code).toBe('PAYOUT_BELOW_MINIMUM');
    await k.give({ v, amountCents: 20000 });
    await k.approveAll(me.affiliate.id);
    const payable = expectedGift(1000, FEE_BPS, 1000) + expectedGift(20000, FEE_BPS, 1000);
    const [r1, r2] = await Promise.all([ask({ note: 'Thanks' }), ask()]);
    expect([r1!.statusCode, r2!.statusCode].sort(), `${r1!.body} ${r2!.body}`).toEqual([200, 409]);
    const ok = [r1!, r2!].find((r) => r.statusCode === 200)!.json().data;
    expect(ok).toMatchObject({ amountCents: payable, status: 'requested' });
    // Staff may not ask on the affiliate's behalf.
    expect(
      (await sa.call({ method: 'POST', url: `${V1}/affiliate/${me.affiliate.id}/payout-request`, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await k.pay(me.affiliate.id, { reference: 'PP-9' })).statusCode).toBe(200);
    const req = await one<{ status: string; reference: string }>(
      t.db,
      sql`select status, reference from affiliate_payout_requests where id = ${ok.id}`,
    );
    expect(req).toEqual({ status: 'paid', reference: 'PP-9' });
  });

  it('declining stores the reason and e-mails the affiliate; the balance stays', async () => {
    const p = await program(t.db, { giftShareBps: 1000 });
    const me = await affiliateActor(t, [p]);
    const v = visitor();
    await click(t.db, me.affiliate.id, v, 1);
    await k.give({ v, amountCents: 5000 });
    await k.approveAll(me.affiliate.id);
    const asked = await me.call({
      method: 'POST',
      url: `${V1}/affiliate/${me.affiliate.id}/payout-request`,
      payload: {},
    });
    expect(asked.statusCode).toBe(200);
    const res = await sa.call({
      method: 'POST',
      url: `${V1}/affiliate/${me.affiliate.id}/payout-request/decline`,
      payload: { reason: 'Payout details missing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined' });
    expect(res.json().data.note).toContain('Payout details missing');
    const mail = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from emails where "to" = ${me.affiliate.email} and template = 'affiliate-payout-declined'`,
    );
    expect(mail!.n).toBe(1);
    const again = await sa.call({
      method: 'POST',
      url: `${V1}/affiliate/${me.affiliate.id}/payout-request/decline`,
      payload: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('dashboard', () => {
  it('totals equal SQL over affiliate_conversions and affiliate_clicks', async () => {
    const { a, v } = await k.linked(1500);
    await click(t.db, a.id, visitor(), 2, '/c/other');
    await click(t.db, a.id, null, 3, '/c/other');
    const g1 = await k.give({ v, amountCents: 8000 });
    await k.give({ v, amountCents: 3000 });
    const g3 = await k.give({ v, amountCents: 5000 });
    expect((await k.refund(g1.id, 8000)).statusCode).toBe(200);
    expect((await k.refund(g3.id, 1000)).statusCode).toBe(200);
    await k.approveAll(a.id);
    await k.pay(a.id, { reference: 'D-1' });
    await k.give({ v, amountCents: 6000 });
    const res = await sa.call({ method: 'GET', url: `${V1}/affiliate/${a.id}/dashboard` });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const oracle = await one<Record<string, number>>(
      t.db,
      sql`select
        coalesce(sum(commission_cents) filter (where status = 'pending'), 0)::int as pending,
        coalesce(sum(commission_cents) filter (where status = 'approved'), 0)::int as approved,
        coalesce(sum(commission_cents) filter (where status = 'paid'), 0)::int as paid,
        coalesce(sum(commission_cents) filter (where status = 'voided'), 0)::int as voided,
        count(*) filter (where kind = 'gift' and status <> 'voided')::int as gifts,
        coalesce(sum(base_cents) filter (where kind = 'gift' and status <> 'voided'), 0)::int as gift_cents,
        (select count(*)::int from affiliate_clicks where affiliate_id = ${a.id}) as clicks,
        (select count(distinct visitor_id)::int from affiliate_clicks where affiliate_id = ${a.id}) as visitors
      from affiliate_conversions where affiliate_id = ${a.id}`,
    );
    expect(d.earnings).toEqual({
      pendingCents: oracle!.pending,
      approvedCents: oracle!.approved,
      paidCents: oracle!.paid,
      voidedCents: oracle!.voided,
    });
    expect(d.funnel).toMatchObject({
      clicks: oracle!.clicks,
      visitors: oracle!.visitors,
      gifts: oracle!.gifts,
      giftCents: oracle!.gift_cents,
    });
    expect(d.balances).toMatchObject({ pendingCents: oracle!.pending, paidCents: oracle!.paid });
    expect(d.series).toHaveLength(30);
    expect(d.series.reduce((s: number, x: { clicks: number }) => s + x.clicks, 0)).toBe(oracle!.clicks);
    const gift = d.links.find((l: { path: string }) => l.path === '/c/gift');
    expect(gift).toMatchObject({ clicks: 1, conversions: 4 });
    expect(d.referral).toEqual({ slug: a.slug, pagePath: `/affiliate/${a.slug}`, param: 'ref' });
  });
});

describe('the demo seed', () => {
  it('gives Ava clicks on several pages and commissions in every state, through the real paths; idempotent', async () => {
    const demo = await createTestApp({ CHECKOUT_LIMIT_PER_IP: '100000' });
    try {
      await seedDemo(demo.db, PASSWORD);
      await seedDemoGifts(demo.app);
      expect(await seedDemoConversions(demo.app)).toBeGreaterThan(0);
      expect(await seedDemoConversions(demo.app)).toBe(0);
      const ava = await one<{ id: number }>(demo.db, sql`select id from affiliates where slug = 'ava-abbott'`);
      const states = await one<Record<string, number>>(
        demo.db,
        sql`select count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'approved')::int as approved,
            count(*) filter (where status = 'paid')::int as paid,
            count(*) filter (where status = 'voided')::int as voided,
            count(*) filter (where source = 'link')::int as link,
            count(*) filter (where source = 'organization')::int as org,
            (select count(distinct landing_path)::int from affiliate_clicks where affiliate_id = ${ava!.id}) as paths
          from affiliate_conversions where affiliate_id = ${ava!.id}`,
      );
      for (const k of ['pending', 'approved', 'paid', 'voided', 'link', 'org'])
        expect(states![k], k).toBeGreaterThan(0);
      expect(states!.paths).toBe(3);
      // Every gift commission is the decision's formula on its gift (demo env: the default 5 % fee).
      const wrong = await one<{ n: number }>(
        demo.db,
        sql`select count(*)::int as n from affiliate_conversions c join donations d on d.id = c.donation_id
          where c.affiliate_id = ${ava!.id} and c.status <> 'voided'
            and c.commission_cents <> floor((d.amount_cents - d.refunded_cents)::bigint * 500 * 1000 / 100000000)`,
      );
      expect(wrong!.n).toBe(0);
    } finally {
      await demo.close();
    }
  });
});
