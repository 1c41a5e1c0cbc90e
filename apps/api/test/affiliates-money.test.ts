/**
 * Decision 018 "Money" and "States" on gifts, driven through the real checkout, provider events and
 * staff refunds: the commission equals an independent computation with PLATFORM_FEE_BPS (set to
 * 730 here), a replayed or concurrent completion credits once, a partial refund lowers it, a full
 * refund voids it, a paid one turns into a clawback taken off the next payment; fee payments,
 * self-referral and paused affiliates earn nothing; payments pay once under concurrency; payout
 * request rules; the dashboard's totals equal SQL over affiliate_conversions.
 */
import { randomBytes } from 'node:crypto';
import type { DonationCheckout } from '@fc/contracts';
import { feeRequests } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedDemoGifts } from '../src/modules/system/demo-seed.js';
import { seedDemoConversions } from '../src/modules/system/demo-seed-conversions.js';
import {
  affiliate,
  affiliateActor,
  attach,
  click,
  conversionsOf,
  cookie,
  expectedGift,
  one,
  program,
  visitor,
} from './affiliates-money-support.js';
import { campaign } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, PASSWORD, type TestApp } from './helpers.js';
import {
  chargeObject,
  deliverSigned,
  donationRow,
  type GivingWorld,
  givingWorld,
  intentObject,
  payWith,
  someIp,
  stripeEvent,
  V1,
} from './payments-support.js';

const FEE_BPS = 730;
let t: TestApp;
let w: GivingWorld;
let sa: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_BPS: String(FEE_BPS), CHECKOUT_LIMIT_PER_IP: '100000' });
  w = await givingWorld(t);
  sa = await actor(t, { staffRole: 'super_admin' });
});
afterAll(() => t.close());

async function checkout(
  target: { campaign?: string; feeRequestId?: number },
  o: { v?: string; amountCents?: number; email?: string; coverFee?: boolean } = {},
): Promise<DonationCheckout> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${V1}/public/donations`,
    remoteAddress: someIp(),
    headers: o.v ? cookie(o.v) : {},
    payload: {
      ...target,
      amountCents: o.amountCents ?? 2500,
      coverFee: o.coverFee ?? false,
      firstName: 'Dana',
      lastName: 'Giver',
      email: o.email ?? `giver-${randomBytes(4).toString('hex')}@example.test`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DonationCheckout;
}
async function give(o: Parameters<typeof checkout>[1] & { campaign?: string } = {}) {
  const c = await checkout({ campaign: o.campaign ?? w.campaign.slug }, o);
  const res = await payWith(t, c.donationId);
  expect(res.statusCode, res.body).toBe(200);
  const row = await donationRow(t.db, c.donationId);
  return { c, id: Number(row.id), intent: String(row.payment_intent_id), row };
}
const refund = (id: number, amountCents: number) =>
  sa.call({
    method: 'POST',
    url: `${V1}/donation/${id}/refund`,
    payload: { amountCents, reason: 'Asked by the donor', requestKey: `r-${randomBytes(4).toString('hex')}` },
  });
const conversionOf = (donationId: number) =>
  one<{
    id: number;
    affiliate_id: number;
    status: string;
    source: string;
    commission_cents: number;
    base_cents: number;
    clawback_cents: number;
    clawback_settled_at: Date | null;
    void_reason: string | null;
    click_id: number | null;
  }>(t.db, sql`select * from affiliate_conversions where donation_id = ${donationId}`);
const countFor = async (donationId: number) =>
  (await one<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from affiliate_conversions where donation_id = ${donationId}`,
  ))!.n;
const pay = (affiliateId: number, body: Record<string, unknown>) =>
  sa.call({ method: 'POST', url: `${V1}/affiliate/${affiliateId}/commissions/pay`, payload: body });
const approveAll = (affiliateId: number) =>
  t.db.execute(sql`update affiliate_conversions set status = 'approved', approved_at = now()
    where affiliate_id = ${affiliateId} and status = 'pending'`);

/** An active affiliate with a gift program and a fresh visitor who clicked their link. */
async function linked(share = 1000, extra: Parameters<typeof program>[1] = {}) {
  const p = await program(t.db, { giftShareBps: share, ...extra });
  const a = await affiliate(t.db, { programs: [p] });
  const v = visitor();
  const clickId = await click(t.db, a.id, v, 1, '/c/gift');
  return { a, v, clickId, p };
}

describe('gift commissions', () => {
  it('a gift through the link earns floor(kept × fee × share / 1e8); the covered card fee is not part of it', async () => {
    const { a, v, clickId } = await linked(1250);
    const g = await give({ v, amountCents: 12345, coverFee: true });
    expect(Number((g.row as Record<string, unknown>).affiliate_click_id)).toBe(clickId);
    const c = await conversionOf(g.id);
    expect(c).toMatchObject({
      affiliate_id: a.id,
      source: 'link',
      status: 'pending',
      base_cents: 12345,
      commission_cents: expectedGift(12345, FEE_BPS, 1250),
      click_id: clickId,
    });
  });

  it('a replayed completion event, ten at once and again, credits once', async () => {
    const { a, v } = await linked();
    const c = await checkout({ campaign: w.campaign.slug }, { v, amountCents: 4000 });
    const row = await donationRow(t.db, c.donationId);
    const intent = String(row.payment_intent_id);
    const event = stripeEvent('payment_intent.succeeded', intentObject(intent, c, 'succeeded'));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        deliverSigned(t, i % 2 ? event : stripeEvent('payment_intent.succeeded', intentObject(intent, c, 'succeeded'))),
      ),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    await deliverSigned(t, event);
    expect(await countFor(Number(row.id))).toBe(1);
    expect((await conversionsOf(t.db, a.id)).map((x) => x.commission_cents)).toEqual([
      expectedGift(4000, FEE_BPS, 1000),
    ]);
  });

  it('a partial refund lowers the commission to the kept amount; a full refund voids it (replays change nothing)', async () => {
    const { v } = await linked(2000);
    const g = await give({ v, amountCents: 10000 });
    expect((await refund(g.id, 3333)).statusCode).toBe(200);
    expect(await conversionOf(g.id)).toMatchObject({
      status: 'pending',
      base_cents: 6667,
      commission_cents: expectedGift(6667, FEE_BPS, 2000),
    });
    const partial = chargeObject(g.intent, { donationId: g.c.donationId, totalCents: 10000 }, 3333);
    await deliverSigned(t, stripeEvent('charge.refunded', partial));
    expect((await conversionOf(g.id))!.commission_cents).toBe(expectedGift(6667, FEE_BPS, 2000));
    const full = stripeEvent(
      'charge.refunded',
      chargeObject(g.intent, { donationId: g.c.donationId, totalCents: 10000 }, 10000),
    );
    await Promise.all([deliverSigned(t, full), deliverSigned(t, full)]);
    expect(await conversionOf(g.id)).toMatchObject({
      status: 'voided',
      void_reason: 'refunded',
      base_cents: 0,
      clawback_cents: 0,
    });
  });

  it('a refund of a paid commission becomes a clawback, taken off the next payment', async () => {
    const { a, v } = await linked(5000);
    const g = await give({ v, amountCents: 20000 });
    const first = expectedGift(20000, FEE_BPS, 5000);
    await approveAll(a.id);
    const paid = await pay(a.id, { reference: 'CHK-1' });
    expect(paid.json().data).toEqual({ paidCount: 1, paidCents: first, clawbackCents: 0 });
    expect((await refund(g.id, 5000)).statusCode).toBe(200);
    const partialClaw = first - expectedGift(15000, FEE_BPS, 5000);
    expect(await conversionOf(g.id)).toMatchObject({
      status: 'paid',
      commission_cents: first,
      clawback_cents: partialClaw,
    });
    expect((await refund(g.id, 15000)).statusCode).toBe(200);
    expect(await conversionOf(g.id)).toMatchObject({
      status: 'voided',
      void_reason: 'refunded',
      clawback_cents: first,
    });
    // The next gift's payment takes the clawback off (never below 0).
    const g2 = await give({ v, amountCents: 60000 });
    await approveAll(a.id);
    const second = expectedGift(60000, FEE_BPS, 5000);
    const res = await pay(a.id, { reference: 'CHK-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ paidCount: 1, paidCents: second - first, clawbackCents: first });
    expect((await conversionOf(g.id))!.clawback_settled_at).not.toBeNull();
    expect((await conversionOf(g2.id))!.status).toBe('paid');
  });

  it('organization source: the nearest attached ancestor, with its share override', async () => {
    const p = await program(t.db, { giftShareBps: 1000 });
    const a = await affiliate(t.db, { programs: [p] });
    const far = await affiliate(t.db, { programs: [p] });
    const org = await createOrg(t.db, 1, null);
    const team = await createOrg(t.db, 3, org.id);
    await attach(t.db, far.id, org.id);
    await attach(t.db, a.id, team.id, 3000);
    const camp = await campaign(t.db, team.id);
    const g = await give({ campaign: camp.slug, amountCents: 7777 });
    expect(await conversionOf(g.id)).toMatchObject({
      affiliate_id: a.id,
      source: 'organization',
      commission_cents: expectedGift(7777, FEE_BPS, 3000),
      click_id: null,
    });
    // The nearer affiliate paused: the ancestor's affiliate (program share) is credited.
    await t.db.execute(sql`update affiliates set status = 'paused' where id = ${a.id}`);
    const g2 = await give({ campaign: camp.slug, amountCents: 7777 });
    expect(await conversionOf(g2.id)).toMatchObject({
      affiliate_id: far.id,
      commission_cents: expectedGift(7777, FEE_BPS, 1000),
    });
  });

  it('nothing for self-referral, a paused link affiliate, a fee-request payment; a 0-cent commission is still recorded', async () => {
    const { a, v } = await linked();
    const self = await give({ v, email: a.email.toUpperCase() });
    expect(await countFor(self.id)).toBe(0);
    const [fee] = await t.db
      .insert(feeRequests)
      .values({ campaignId: w.campaign.id, label: 'Season fee', amountCents: 5000 })
      .returning();
    const fc = await checkout({ feeRequestId: fee!.id }, { v, amountCents: 5000 });
    expect((await payWith(t, fc.donationId)).statusCode).toBe(200);
    expect(await countFor(Number((await donationRow(t.db, fc.donationId)).id))).toBe(0);
    // 500 cents × 730 × 100 / 1e8 = 0.365: recorded with 0 (it is a conversion; it earns nothing).
    const small = await linked(100);
    const g0 = await give({ v: small.v, amountCents: 500 });
    expect(await conversionOf(g0.id)).toMatchObject({ commission_cents: 0, status: 'pending' });
    const paused = await linked();
    await t.db.execute(sql`update affiliates set status = 'paused' where id = ${paused.a.id}`);
    const gp = await give({ v: paused.v });
    expect(await countFor(gp.id)).toBe(0);
  });
});

describe('payments and payout requests', () => {
  it('two payments at once pay each commission once; paying ids not approved is a 409 naming them', async () => {
    const { a, v } = await linked();
    const g1 = await give({ v, amountCents: 9000 });
    await give({ v, amountCents: 9000 });
    const c1 = (await conversionOf(g1.id))!.id;
    const bad = await pay(a.id, { reference: 'X', conversionIds: [c1] });
    expect(bad.statusCode).toBe(409);
    expect(bad.body).toContain(String(c1));
    await approveAll(a.id);
    const results = await Promise.all([pay(a.id, { reference: 'A' }), pay(a.id, { reference: 'B' })]);
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
    await give({ v, amountCents: 1000 }); // 7 cents: below the 100 minimum
    await approveAll(me.affiliate.id);
    const low = await ask();
    expect(low.statusCode).toBe(409);
    expect(low.json().code).toBe('PAYOUT_BELOW_MINIMUM');
    await give({ v, amountCents: 20000 });
    await approveAll(me.affiliate.id);
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
    expect((await pay(me.affiliate.id, { reference: 'PP-9' })).statusCode).toBe(200);
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
    await give({ v, amountCents: 5000 });
    await approveAll(me.affiliate.id);
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
    const { a, v } = await linked(1500);
    await click(t.db, a.id, visitor(), 2, '/c/other');
    await click(t.db, a.id, null, 3, '/c/other');
    const g1 = await give({ v, amountCents: 8000 });
    await give({ v, amountCents: 3000 });
    const g3 = await give({ v, amountCents: 5000 });
    expect((await refund(g1.id, 8000)).statusCode).toBe(200);
    expect((await refund(g3.id, 1000)).statusCode).toBe(200);
    await approveAll(a.id);
    await pay(a.id, { reference: 'D-1' });
    await give({ v, amountCents: 6000 });
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
