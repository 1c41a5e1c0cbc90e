/**
 * RELIABILITY row 10: the same request 20 times at once. A card confirmed 20 times is charged and
 * receipted once; a cart resumed 20 times keeps one intent and one client secret; 20 refunds (one
 * key or 20 keys) return the charge once; 20 transfers and 20 payouts move the money once and the
 * others are refused (409). On PGlite the transactions run one after another; with TEST_DB=postgres
 * the row locks and advisory locks are contended for real.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaign } from './fundraisers-fixtures.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import {
  auditStatusChanges,
  count,
  donationRow,
  effectsOf,
  expectLedgerSound,
  paid,
  payoutAccount,
  payWith,
  SANDBOX_CARDS,
  someIp,
  startCheckout,
  V1,
} from './payments-support.js';

const N = 20;
let t: TestApp;
let staff: Awaited<ReturnType<typeof actor>>['call'];
let campaignSlug = '';
const extra: Record<string, number> = {};
const note = (what: string, n: number) => {
  extra[what] = (extra[what] ?? 0) + Math.max(0, n);
};

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_LIMIT_PER_IP: '100000' });
  staff = (await actor(t, { staffRole: 'super_admin' })).call;
  const tree = await createTree(t.db);
  campaignSlug = (await campaign(t.db, tree.team.id)).slug;
  await auditStatusChanges(t.db);
});
afterAll(() => t.close());

const times = <T>(f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => f(i)));
const statuses = (rs: LightMyRequestResponse[]) =>
  rs.reduce<Record<number, number>>((m, r) => {
    m[r.statusCode] = (m[r.statusCode] ?? 0) + 1;
    return m;
  }, {});
const intentsOf = (publicId: string) =>
  count(
    t.db,
    sql`select count(*)::int as n from sandbox_objects where kind = 'payment_intent' and data->'metadata'->>'donation' = ${publicId}`,
  );
const resume = (publicId: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${V1}/abandoned_cart/${publicId}`, remoteAddress: someIp(), payload });

/** A node holding `gifts` paid gifts, with its payout account connected. */
async function fundedNode(gifts: number[]) {
  const tree = await createTree(t.db);
  const camp = await campaign(t.db, tree.team.id);
  for (const amountCents of gifts) await paid(t, { campaign: camp.slug, amountCents });
  const account = await payoutAccount(staff, tree.team.id);
  const overview = async () =>
    (await staff({ url: `${V1}/admin/organization/${tree.team.id}/payouts` })).json().data as {
      balances: { pendingCents: number; availableCents: number; paidOutCents: number };
    };
  return { orgId: tree.team.id, account, overview };
}

describe('concurrent duplicates (RELIABILITY row 10)', () => {
  it(`${N}× confirm with 4242: one charge, one completion, one receipt, one booking`, async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 4500, coverFee: true });
    const all = await times(() => payWith(t, c.donationId, SANDBOX_CARDS.success));
    expect(statuses(all)).toEqual({ 200: N });
    expect(new Set(all.map((r) => r.json().data.result))).toEqual(new Set(['succeeded']));
    const row = await donationRow(t.db, c.donationId);
    expect(row.status).toBe(DONATION_STATUS.completed);
    const e = await effectsOf(t.db, row.id);
    note('confirm', e.completions - 1 + (e.receipts - 1) + (e.ledger - 1) + (e.statusChanges - 1));
    expect(e).toEqual({ completions: 1, refundEvents: 0, ledger: 1, receipts: 1, statusChanges: 1 });
    expect(await intentsOf(c.donationId)).toBe(1);
    await expectLedgerSound(t.db, `after ${N} concurrent confirmations`);
  });

  it(`${N}× resume (as is, with one new amount, and after a lost intent): one intent, one client secret`, async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 3000 });
    expect((await payWith(t, c.donationId, SANDBOX_CARDS.declined)).json().data.result).toBe('requires_payment_method');
    const same = await times(() => resume(c.donationId));
    expect(statuses(same)).toEqual({ 200: N });
    expect(new Set(same.map((r) => r.json().data.clientSecret))).toEqual(new Set([c.clientSecret]));

    // The same new amount 20 times: changed once (one amount_changed event), still one intent.
    const changed = await times(() => resume(c.donationId, { amountCents: 4000, coverFee: true }));
    expect(statuses(changed)).toEqual({ 200: N });
    expect(new Set(changed.map((r) => r.json().data.clientSecret))).toEqual(new Set([c.clientSecret]));
    expect(new Set(changed.map((r) => r.json().data.totalCents)).size).toBe(1);
    const row = await donationRow(t.db, c.donationId);
    const amountChanges = await count(
      t.db,
      sql`select count(*)::int as n from donation_events where donation_id = ${row.id} and kind = 'amount_changed'`,
    );
    note('resume', amountChanges - 1 + ((await intentsOf(c.donationId)) - 1));
    expect(amountChanges).toBe(1);
    expect(await intentsOf(c.donationId)).toBe(1);
    const pi = (await t.db.execute(
      sql`select (data->>'amount')::int as amount from sandbox_objects where id = ${row.payment_intent_id}`,
    )) as unknown as { rows: { amount: number }[] };
    expect(pi.rows[0]!.amount).toBe(row.amount_cents + row.cover_fee_cents);

    // The intent's id was lost (creation answered after a timeout): 20 resumes find the same intent again.
    const lost = await startCheckout(t, { campaign: campaignSlug, amountCents: 2200 });
    await t.db.execute(sql`update donations set payment_intent_id = null, client_secret = null, status = 2,
      failure_source = 'platform' where public_id = ${lost.donationId}`);
    const reopened = await times(() => resume(lost.donationId));
    expect(statuses(reopened)).toEqual({ 200: N });
    expect(new Set(reopened.map((r) => r.json().data.clientSecret))).toEqual(new Set([lost.clientSecret]));
    note('resume', (await intentsOf(lost.donationId)) - 1);
    expect(await intentsOf(lost.donationId)).toBe(1);

    for (const id of [c.donationId, lost.donationId])
      expect((await payWith(t, id)).json().data.result).toBe('succeeded');
    await expectLedgerSound(t.db, `after ${N} concurrent resumes`);
  });

  it(`${N}× full refund under ${N} keys, and ${N}× under one key: the charge is returned once`, async () => {
    for (const mode of ['distinct keys', 'one key'] as const) {
      const { checkout } = await paid(t, { campaign: campaignSlug, amountCents: 5000, coverFee: true });
      const row = await donationRow(t.db, checkout.donationId);
      const all = await times((i) =>
        staff({
          method: 'POST',
          url: `${V1}/donation/${row.id}/refund`,
          payload: {
            reason: 'Duplicate gift',
            requestKey: mode === 'one key' ? 'refund-once-0001' : `refund-key-${i}-x`,
          },
        }),
      );
      const after = await donationRow(t.db, checkout.donationId);
      const refunds = (await t.db.execute(
        sql`select status, amount_cents from refunds where donation_id = ${row.id}`,
      )) as unknown as { rows: { status: string; amount_cents: number }[] };
      const bookings = await count(
        t.db,
        sql`select count(*)::int as n from ledger_transactions where donation_id = ${row.id} and kind = 'refund'`,
      );
      note('refund', refunds.rows.length - 1 + (bookings - 1));
      // One key: every answer is the one refund (200). Distinct keys: one refund, the rest "nothing left" (409).
      expect(statuses(all), mode).toEqual(mode === 'one key' ? { 200: N } : { 200: 1, 409: N - 1 });
      expect(refunds.rows).toEqual([{ status: 'succeeded', amount_cents: checkout.totalCents }]);
      expect(bookings).toBe(1);
      expect(after.status).toBe(DONATION_STATUS.refunded);
      expect(after.refunded_cents + after.refunded_fee_cents).toBe(checkout.totalCents);
    }

    // 20 partial refunds of a twentieth each, at once: all go through and return exactly the charge.
    const { checkout } = await paid(t, { campaign: campaignSlug, amountCents: 2000 });
    const row = await donationRow(t.db, checkout.donationId);
    const parts = await times((i) =>
      staff({
        method: 'POST',
        url: `${V1}/donation/${row.id}/refund`,
        payload: { amountCents: 100, reason: 'Part back', requestKey: `part-${i}-of-twenty` },
      }),
    );
    expect(statuses(parts)).toEqual({ 200: N });
    const after = await donationRow(t.db, checkout.donationId);
    expect([after.status, after.refunded_cents]).toEqual([DONATION_STATUS.refunded, 2000]);
    const more = await staff({
      method: 'POST',
      url: `${V1}/donation/${row.id}/refund`,
      payload: { amountCents: 100, reason: 'One more', requestKey: 'part-21-of-twenty' },
    });
    expect(more.statusCode).toBe(409);
    await expectLedgerSound(t.db, `after ${N} concurrent refunds`);
  });

  it(`${N}× processTransfers and ${N}× payout: the money moves once, the others are 409`, async () => {
    const node = await fundedNode([2500, 4000]);
    const pending = (await node.overview()).balances.pendingCents;
    const transfers = await times(() =>
      staff({
        method: 'POST',
        url: `${V1}/stripe/processTransfers`,
        payload: { isEscrow: false, account: node.account },
      }),
    );
    expect(statuses(transfers)).toEqual({ 200: 1, 409: N - 1 });
    const moved = await count(
      t.db,
      sql`select count(*)::int as n from transfers where organization_id = ${node.orgId} and status <> 'failed'`,
    );
    note('transfer', moved - 1);
    expect(moved).toBe(1);

    const payouts = await times(() =>
      staff({ method: 'POST', url: `${V1}/stripe/${node.account}/payout`, payload: {} }),
    );
    expect(statuses(payouts)).toEqual({ 200: 1, 409: N - 1 });
    const paidOut = await count(
      t.db,
      sql`select count(*)::int as n from payouts where organization_id = ${node.orgId} and status <> 'failed'`,
    );
    note('payout', paidOut - 1);
    expect(paidOut).toBe(1);
    expect((await node.overview()).balances).toMatchObject({
      pendingCents: 0,
      availableCents: 0,
      paidOutCents: pending,
    });

    // Twenty payouts of a tenth each: exactly ten fit, the other ten are refused for the balance.
    const second = await fundedNode([10_000]);
    await staff({
      method: 'POST',
      url: `${V1}/stripe/processTransfers`,
      payload: { isEscrow: false, account: second.account },
    });
    const available = (await second.overview()).balances.availableCents;
    const tenth = Math.floor(available / 10);
    const slices = await times(() =>
      staff({ method: 'POST', url: `${V1}/stripe/${second.account}/payout`, payload: { amountCents: tenth } }),
    );
    expect(statuses(slices)).toEqual({ 200: 10, 409: 10 });
    expect((await second.overview()).balances).toMatchObject({
      availableCents: available - 10 * tenth,
      paidOutCents: 10 * tenth,
    });
    await expectLedgerSound(t.db, `after ${N} concurrent transfers and payouts`);
  });

  it(`${N}× complete-setup: one payout account`, async () => {
    const tree = await createTree(t.db);
    const all = await times(() =>
      staff({ method: 'POST', url: `${V1}/admin/stripe/complete-setup`, payload: { organizationId: tree.team.id } }),
    );
    expect(statuses(all)).toEqual({ 200: N });
    expect(new Set(all.map((r) => r.json().data.accountId)).size).toBe(1);
    const accounts = await count(
      t.db,
      sql`select count(*)::int as n from sandbox_objects where kind = 'account' and (data->'metadata'->>'organizationId')::int = ${tree.team.id}`,
    );
    note('setup', accounts - 1);
    expect(accounts).toBe(1);
  });

  it(`${N}× staff cancel of an unpaid card gift: cancelled once, with the staff's reason, the others 409`, async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 2400 });
    const row = await donationRow(t.db, c.donationId);
    const all = await times((i) =>
      staff({ method: 'PUT', url: `${V1}/donation/${row.id}/status/4`, payload: { reason: `Donor asked ${i}` } }),
    );
    expect(statuses(all)).toEqual({ 200: 1, 409: N - 1 });
    const events = (await t.db.execute(
      sql`select message, actor_user_id from donation_events where donation_id = ${row.id} and kind = 'cancelled'`,
    )) as unknown as { rows: { message: string; actor_user_id: number | null }[] };
    note('cancel', events.rows.length - 1);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]!.message).toMatch(/^Cancelled by staff: Donor asked \d+$/);
    expect(events.rows[0]!.actor_user_id).not.toBeNull();
    expect((await donationRow(t.db, c.donationId)).status).toBe(DONATION_STATUS.cancelled);
  });

  it(`${N / 2}× confirm racing ${N / 2}× cancel: exactly one of them wins`, async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 2600 });
    const row = await donationRow(t.db, c.donationId);
    const all = await times((i) =>
      i % 2
        ? payWith(t, c.donationId)
        : staff({ method: 'PUT', url: `${V1}/donation/${row.id}/status/4`, payload: { reason: 'Donor asked' } }),
    );
    const after = await donationRow(t.db, c.donationId);
    const e = await effectsOf(t.db, row.id);
    const cancelled = await count(
      t.db,
      sql`select count(*)::int as n from donation_events where donation_id = ${row.id} and kind = 'cancelled'`,
    );
    expect(
      all.every((r) => r.statusCode < 500),
      JSON.stringify(statuses(all)),
    ).toBe(true);
    if (after.status === DONATION_STATUS.completed) {
      expect([e.completions, e.receipts, cancelled]).toEqual([1, 1, 0]);
    } else {
      expect(after.status).toBe(DONATION_STATUS.cancelled);
      expect([e.completions, e.receipts, e.ledger, cancelled]).toEqual([0, 0, 0, 1]);
    }
    note('confirm/cancel', e.completions + cancelled - 1);
    await expectLedgerSound(t.db, 'after confirm racing cancel');
  });

  it('prints the figures', () => {
    const total = Object.values(extra).reduce((n, v) => n + v, 0);
    console.log(
      `[row 10] concurrent duplicates: ${N}× confirm, ${N}× resume (×3), ${N}× refund (×3), ${N}× transfer, ${N}× payout (×2), ${N}× setup, ${N}× cancel, ${N} confirm/cancel race; extra effects: ${total} ${JSON.stringify(extra)}`,
    );
    expect(total).toBe(0);
  });
});
