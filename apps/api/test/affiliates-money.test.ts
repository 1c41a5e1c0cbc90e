/**
 * Decision 018 "Money" and "States" on gifts, driven through the real checkout, provider events and
 * staff refunds: the commission equals an independent computation with PLATFORM_FEE_BPS (set to
 * 730 here), a replayed or concurrent completion credits once, a partial refund lowers it, a full
 * refund voids it, a paid one turns into a clawback taken off the next payment; fee payments,
 * self-referral and paused affiliates earn nothing. Payments, payout requests, the dashboard and
 * the demo seed: affiliates-payouts.test.ts.
 */
import { feeRequests } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyKit } from './affiliates-money-kit.js';
import { affiliate, attach, conversionsOf, expectedGift, one, program } from './affiliates-money-support.js';
import { campaign } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, type TestApp } from './helpers.js';
import {
  chargeObject,
  deliverSigned,
  donationRow,
  type GivingWorld,
  givingWorld,
  intentObject,
  payWith,
  stripeEvent,
} from './payments-support.js';

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

describe('gift commissions', () => {
  it('a gift through the link earns floor(kept × fee × share / 1e8); the covered card fee is not part of it', async () => {
    const { a, v, clickId } = await k.linked(1250);
    const g = await k.give({ v, amountCents: 12345, coverFee: true });
    expect(Number((g.row as Record<string, unknown>).affiliate_click_id)).toBe(clickId);
    const c = await k.conversionOf(g.id);
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
    const { a, v } = await k.linked();
    const c = await k.checkout({ campaign: w.campaign.slug }, { v, amountCents: 4000 });
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
    expect(await k.countFor(Number(row.id))).toBe(1);
    expect((await conversionsOf(t.db, a.id)).map((x) => x.commission_cents)).toEqual([
      expectedGift(4000, FEE_BPS, 1000),
    ]);
  });

  it('a partial refund lowers the commission to the kept amount; a full refund voids it (replays change nothing)', async () => {
    const { v } = await k.linked(2000);
    const g = await k.give({ v, amountCents: 10000 });
    expect((await k.refund(g.id, 3333)).statusCode).toBe(200);
    expect(await k.conversionOf(g.id)).toMatchObject({
      status: 'pending',
      base_cents: 6667,
      commission_cents: expectedGift(6667, FEE_BPS, 2000),
    });
    const partial = chargeObject(g.intent, { donationId: g.c.donationId, totalCents: 10000 }, 3333);
    await deliverSigned(t, stripeEvent('charge.refunded', partial));
    expect((await k.conversionOf(g.id))!.commission_cents).toBe(expectedGift(6667, FEE_BPS, 2000));
    const full = stripeEvent(
      'charge.refunded',
      chargeObject(g.intent, { donationId: g.c.donationId, totalCents: 10000 }, 10000),
    );
    await Promise.all([deliverSigned(t, full), deliverSigned(t, full)]);
    expect(await k.conversionOf(g.id)).toMatchObject({
      status: 'voided',
      void_reason: 'refunded',
      base_cents: 0,
      clawback_cents: 0,
    });
  });

  it('a refund of a paid commission becomes a clawback, taken off the next payment', async () => {
    const { a, v } = await k.linked(5000);
    const g = await k.give({ v, amountCents: 20000 });
    const first = expectedGift(20000, FEE_BPS, 5000);
    await k.approveAll(a.id);
    const paid = await k.pay(a.id, { reference: 'CHK-1' });
    expect(paid.json().data).toEqual({ paidCount: 1, paidCents: first, clawbackCents: 0 });
    expect((await k.refund(g.id, 5000)).statusCode).toBe(200);
    const partialClaw = first - expectedGift(15000, FEE_BPS, 5000);
    expect(await k.conversionOf(g.id)).toMatchObject({
      status: 'paid',
      commission_cents: first,
      clawback_cents: partialClaw,
    });
    expect((await k.refund(g.id, 15000)).statusCode).toBe(200);
    expect(await k.conversionOf(g.id)).toMatchObject({
      status: 'voided',
      void_reason: 'refunded',
      clawback_cents: first,
    });
    // The next gift's payment takes the clawback off (never below 0).
    const g2 = await k.give({ v, amountCents: 60000 });
    await k.approveAll(a.id);
    const second = expectedGift(60000, FEE_BPS, 5000);
    const res = await k.pay(a.id, { reference: 'CHK-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ paidCount: 1, paidCents: second - first, clawbackCents: first });
    expect((await k.conversionOf(g.id))!.clawback_settled_at).not.toBeNull();
    expect((await k.conversionOf(g2.id))!.status).toBe('paid');
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
    const g = await k.give({ campaign: camp.slug, amountCents: 7777 });
    expect(await k.conversionOf(g.id)).toMatchObject({
      affiliate_id: a.id,
      source: 'organization',
      commission_cents: expectedGift(7777, FEE_BPS, 3000),
      click_id: null,
    });
    // An offline gift to the same organization earns nothing.
    const offline = await sa.call({
      method: 'POST',
      url: '/api/v1/admin/donation_form',
      payload: {
        campaignId: camp.id,
        amountCents: 9000,
        firstName: 'Cash',
        lastName: 'Giver',
        email: 'cash@example.test',
        offlineMethod: 'cash',
      },
    });
    expect(offline.statusCode, offline.body).toBe(200);
    const offlineId = offline.json().data.id as number;
    const method = await one<{ method: string; status: number }>(
      t.db,
      sql`select method, status from donations where id = ${offlineId}`,
    );
    expect(method).toEqual({ method: 'offline', status: 1 });
    expect(await k.countFor(offlineId)).toBe(0);
    // The nearer affiliate paused: the ancestor's affiliate (program share) is credited.
    await t.db.execute(sql`update affiliates set status = 'paused' where id = ${a.id}`);
    const g2 = await k.give({ campaign: camp.slug, amountCents: 7777 });
    expect(await k.conversionOf(g2.id)).toMatchObject({
      affiliate_id: far.id,
      commission_cents: expectedGift(7777, FEE_BPS, 1000),
    });
  });

  it('nothing for self-referral, a paused link affiliate, a fee-request payment; a 0-cent commission is still recorded', async () => {
    const { a, v } = await k.linked();
    const self = await k.give({ v, email: a.email.toUpperCase() });
    expect(await k.countFor(self.id)).toBe(0);
    const [fee] = await t.db
      .insert(feeRequests)
      .values({ campaignId: w.campaign.id, label: 'Season fee', amountCents: 5000 })
      .returning();
    const fc = await k.checkout({ feeRequestId: fee!.id }, { v, amountCents: 5000 });
    expect((await payWith(t, fc.donationId)).statusCode).toBe(200);
    expect(await k.countFor(Number((await donationRow(t.db, fc.donationId)).id))).toBe(0);
    // 500 cents × 730 × 100 / 1e8 = 0.365: recorded with 0 (it is a conversion; it earns nothing).
    const small = await k.linked(100);
    const g0 = await k.give({ v: small.v, amountCents: 500 });
    expect(await k.conversionOf(g0.id)).toMatchObject({ commission_cents: 0, status: 'pending' });
    const paused = await k.linked();
    await t.db.execute(sql`update affiliates set status = 'paused' where id = ${paused.a.id}`);
    const gp = await k.give({ v: paused.v });
    expect(await k.countFor(gp.id)).toBe(0);
  });
});
