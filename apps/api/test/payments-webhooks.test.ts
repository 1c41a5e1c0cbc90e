/**
 * RELIABILITY row 8: every event type the webhook handler applies, built as Stripe sends it and
 * signed, delivered 10 times in a row, 10 times at once, and as 10 distinct events carrying the same
 * change at once. Each change takes effect once: one completion, one ledger booking, one receipt,
 * one status change of the donation or payout. Bad or stale signatures are 400 and record nothing.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaign } from './fundraisers-fixtures.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import {
  auditStatusChanges,
  chargeObject,
  count,
  DECLINE,
  deliver,
  deliverSigned,
  donationRow,
  effectsOf,
  expectLedgerSound,
  intentObject,
  paid,
  payoutAccount,
  type StripeEvent,
  sandboxOf,
  startCheckout,
  statusChanges,
  stripeEvent,
  V1,
} from './payments-support.js';

let t: TestApp;
let superCall: Awaited<ReturnType<typeof actor>>['call'];
let campaignSlug = '';
const figures = { replays: 0, sameChange: 0, duplicateEffects: 0, badTried: 0, badAccepted: 0 };

beforeAll(async () => {
  t = await createTestApp();
  superCall = (await actor(t, { staffRole: 'super_admin' })).call;
  const tree = await createTree(t.db);
  campaignSlug = (await campaign(t.db, tree.team.id)).slug;
  await auditStatusChanges(t.db);
});
afterAll(() => t.close());

/** Every table a delivery could write, hashed. */
async function fingerprint() {
  const res = (await t.db.execute(sql`select md5(string_agg(h, ',' order by h)) as fp from (
      select 'pe' || md5(x::text) as h from provider_events x
      union all select 'd' || md5(x::text) from donations x
      union all select 'de' || md5(x::text) from donation_events x
      union all select 'lt' || md5(x::text) from ledger_transactions x
      union all select 'le' || md5(x::text) from ledger_entries x
      union all select 'e' || md5(x::text) from emails x
      union all select 'p' || md5(x::text) from payouts x
      union all select 'tr' || md5(x::text) from transfers x) s`)) as unknown as { rows: { fp: string }[] };
  return res.rows[0]!.fp;
}

interface Target {
  /** Builds the event for this target (a fresh id each call). */
  event: () => StripeEvent;
  /** The effects of the change, measured. */
  effects: () => Promise<Record<string, number>>;
  /** What they must be after the change took effect once. */
  once: Record<string, number>;
  /**
   * What 10 distinct events carrying this change must leave, when that differs: each failure event
   * is another failed attempt, so the timeline lists each one (the status changes once, no money moves).
   */
  distinct?: Record<string, number>;
}

const transferChanges = () => count(t.db, sql`select count(*)::int as n from t_status_changes where tbl = 'transfers'`);

/** A checkout that has not been paid. */
async function openDonation() {
  const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 3100, coverFee: true });
  const row = await donationRow(t.db, c.donationId);
  return { c, row, intent: row.payment_intent_id! };
}

const donationEffects = (id: number, kind: string) => async () => ({
  ...(await effectsOf(t.db, id)),
  [kind]: await count(
    t.db,
    sql`select count(*)::int as n from donation_events where donation_id = ${id} and kind = ${kind}`,
  ),
});

/** A node with one paid gift moved to its payout account and paid out (status `paid`). */
async function paidOut() {
  const tree = await createTree(t.db);
  const camp = await campaign(t.db, tree.team.id);
  await paid(t, { campaign: camp.slug, amountCents: 4200 });
  const account = await payoutAccount(superCall, tree.team.id);
  const tr = await superCall({
    method: 'POST',
    url: `${V1}/stripe/processTransfers`,
    payload: { isEscrow: false, account },
  });
  expect(tr.statusCode, tr.body).toBe(200);
  const po = await superCall({ method: 'POST', url: `${V1}/stripe/${account}/payout`, payload: {} });
  expect(po.statusCode, po.body).toBe(200);
  const res = (await t.db.execute(
    sql`select id, provider_payout_id, amount_cents from payouts where organization_id = ${tree.team.id}`,
  )) as unknown as { rows: { id: number; provider_payout_id: string; amount_cents: string | number }[] };
  const p = res.rows[0]!;
  return { id: p.id, providerId: p.provider_payout_id, amount: Number(p.amount_cents), account, orgId: tree.team.id };
}

const payoutObject = (p: { providerId: string; amount: number }, status: string) => ({
  id: p.providerId,
  object: 'payout',
  amount: p.amount,
  currency: 'usd',
  status,
  arrival_date: Math.floor(Date.now() / 1000) + 2 * 86_400,
  failure_code: status === 'failed' ? 'account_closed' : null,
  failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
});

const payoutEffects = (p: { id: number }, base: number) => async () => ({
  statusChanges: (await statusChanges(t.db, 'payouts', p.id)) - base,
  reversals: await count(
    t.db,
    sql`select count(*)::int as n from ledger_transactions where payout_id = ${p.id} and key like '%:failed'`,
  ),
});

/** A fresh target per event type: a record the event changes, the event, and its effects. */
const TYPES: Record<string, () => Promise<Target>> = {
  'payment_intent.succeeded': async () => {
    const { c, row, intent } = await openDonation();
    return {
      event: () => stripeEvent('payment_intent.succeeded', intentObject(intent, c, 'succeeded')),
      effects: donationEffects(row.id, 'succeeded'),
      once: { completions: 1, refundEvents: 0, ledger: 1, receipts: 1, statusChanges: 1, succeeded: 1 },
    };
  },
  'payment_intent.processing': async () => {
    const { c, row, intent } = await openDonation();
    return {
      event: () => stripeEvent('payment_intent.processing', intentObject(intent, c, 'processing')),
      effects: donationEffects(row.id, 'processing'),
      // Processing keeps the donation pending (status 0): the change is the intent status and the timeline.
      once: { completions: 0, refundEvents: 0, ledger: 0, receipts: 0, statusChanges: 0, processing: 1 },
    };
  },
  'payment_intent.payment_failed': async () => {
    const { c, row, intent } = await openDonation();
    return {
      event: () =>
        stripeEvent('payment_intent.payment_failed', intentObject(intent, c, 'requires_payment_method', DECLINE)),
      effects: donationEffects(row.id, 'failed'),
      once: { completions: 0, refundEvents: 0, ledger: 0, receipts: 0, statusChanges: 1, failed: 1 },
      distinct: { completions: 0, refundEvents: 0, ledger: 0, receipts: 0, statusChanges: 1, failed: 10 },
    };
  },
  'payment_intent.canceled': async () => {
    const { c, row, intent } = await openDonation();
    return {
      event: () => stripeEvent('payment_intent.canceled', intentObject(intent, c, 'canceled')),
      effects: donationEffects(row.id, 'cancelled'),
      once: { completions: 0, refundEvents: 0, ledger: 0, receipts: 0, statusChanges: 1, cancelled: 1 },
    };
  },
  'charge.refunded': async () => {
    const { checkout: c } = await paid(t, { campaign: campaignSlug, amountCents: 2700, coverFee: true });
    const row = await donationRow(t.db, c.donationId);
    const before = await effectsOf(t.db, row.id);
    const measure = donationEffects(row.id, 'refunded');
    return {
      event: () => stripeEvent('charge.refunded', chargeObject(row.payment_intent_id!, c, c.totalCents)),
      effects: async () => {
        const now = await measure();
        return { ...now, ledger: now.ledger - before.ledger, statusChanges: now.statusChanges - before.statusChanges };
      },
      // Already completed and receipted: the refund adds one refund booking and one change (1 → 3).
      once: { completions: 1, refundEvents: 1, ledger: 1, receipts: 1, statusChanges: 1, refunded: 1 },
    };
  },
  'payout.paid': async () => {
    const p = await paidOut();
    // Stripe answers a payout `pending` and sends payout.paid when it lands; the sandbox pays at once.
    await t.db.execute(sql`update payouts set status = 'pending' where id = ${p.id}`);
    const base = await statusChanges(t.db, 'payouts', p.id);
    return {
      event: () => stripeEvent('payout.paid', payoutObject(p, 'paid'), { account: p.account }),
      effects: payoutEffects(p, base),
      once: { statusChanges: 1, reversals: 0 },
    };
  },
  'payout.failed': async () => {
    const p = await paidOut();
    const base = await statusChanges(t.db, 'payouts', p.id);
    return {
      event: () => stripeEvent('payout.failed', payoutObject(p, 'failed'), { account: p.account }),
      effects: payoutEffects(p, base),
      // The bank refused it: paid → failed once, and the money booked back to the payout account once.
      once: { statusChanges: 1, reversals: 1 },
    };
  },
};

/** Effects beyond `once` (a missing effect fails the test's equality check instead). */
const extra = (got: Record<string, number>, once: Record<string, number>) =>
  Object.entries(once).reduce((n, [k, v]) => n + Math.max(0, (got[k] ?? 0) - v), 0);

/** Bad deliveries of `event`: each must be a 400 that records nothing. */
function badDeliveries(event: StripeEvent): [string, string, string | null][] {
  const body = JSON.stringify(event);
  const sandbox = sandboxOf(t);
  const now = Math.floor(Date.now() / 1000);
  const good = sandbox.sign(body);
  const v1 = /v1=([0-9a-f]+)/.exec(good)![1]!;
  const other = JSON.stringify({ ...event, id: `${event.id}x` });
  return [
    ['wrong secret', body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_attacker' })],
    ['tampered body', body.replace(/"amount":(\d+)/, '"amount":1$1'), good],
    ['another event under this signature', other, good],
    ['timestamp 301 s old', body, sandbox.sign(body, now - 301)],
    [
      'a fresh timestamp on an old signature',
      body,
      `t=${now},v1=${/v1=([0-9a-f]+)/.exec(sandbox.sign(body, now - 600))![1]}`,
    ],
    ['missing header', body, null],
    ['garbage header', body, 'not-a-signature'],
    ['timestamp only', body, `t=${now}`],
    ['truncated signature', body, `t=${now},v1=${v1.slice(0, 40)}`],
  ];
}

describe('webhook replays (RELIABILITY row 8)', () => {
  for (const [type, make] of Object.entries(TYPES)) {
    it(`${type}: bad signatures record nothing; 10 sequential, 10 concurrent and 10 same-change deliveries take effect once`, async () => {
      // Sequential: bad deliveries first (nothing may happen), then the same event 10 times.
      const a = await make();
      const transfersBefore = await transferChanges();
      const event = a.event();
      const eventsBefore = await count(t.db, sql`select count(*)::int as n from provider_events`);
      const before = await fingerprint();
      for (const [label, body, signature] of badDeliveries(event)) {
        const res = await deliver(t, body, signature);
        figures.badTried++;
        if (res.statusCode !== 400) {
          figures.badAccepted++;
          expect.soft(res.statusCode, `${type} ${label}: ${res.body}`).toBe(400);
        }
        expect(res.json()).toMatchObject({ hasError: true });
      }
      expect(await fingerprint(), `${type}: bad deliveries changed data`).toBe(before);
      expect(await count(t.db, sql`select count(*)::int as n from provider_events`)).toBe(eventsBefore);

      const outcomes: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await deliverSigned(t, event);
        expect(res.statusCode, res.body).toBe(200);
        outcomes.push(res.json().outcome);
      }
      figures.replays += 10;
      expect(outcomes.slice(1)).toEqual(Array(9).fill('duplicate'));
      expect(await transferChanges()).toBe(transfersBefore);
      const seq = await a.effects();
      figures.duplicateEffects += extra(seq, a.once);
      expect(seq, `${type} sequential`).toEqual(a.once);

      // Concurrent: the same event 10 times at once on a fresh target.
      const b = await make();
      const transfersBeforeB = await transferChanges();
      const once = b.event();
      const all = await Promise.all(Array.from({ length: 10 }, () => deliverSigned(t, once)));
      figures.replays += 10;
      expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(all.filter((r) => r.json().outcome !== 'duplicate')).toHaveLength(1);
      expect(await transferChanges()).toBe(transfersBeforeB);
      const conc = await b.effects();
      figures.duplicateEffects += extra(conc, b.once);
      expect(conc, `${type} concurrent`).toEqual(b.once);

      // The same change under 10 distinct event ids at once (a provider retrying with new events).
      const c = await make();
      const transfersBeforeC = await transferChanges();
      const distinct = await Promise.all(Array.from({ length: 10 }, () => deliverSigned(t, c.event())));
      figures.sameChange += 10;
      expect(distinct.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const same = await c.effects();
      figures.duplicateEffects += extra(same, c.distinct ?? c.once);
      expect(same, `${type} same change, new ids`).toEqual(c.distinct ?? c.once);
      // No event type moves a transfer.
      expect(await transferChanges()).toBe(transfersBeforeC);

      await expectLedgerSound(t.db, `after ${type} replays`);
    });
  }

  it('a replayed success completes a donation once: one receipt email, one booking, status 1', async () => {
    const { c, row, intent } = await openDonation();
    const event = stripeEvent('payment_intent.succeeded', intentObject(intent, c, 'succeeded'));
    await Promise.all(Array.from({ length: 5 }, () => deliverSigned(t, event)));
    for (let i = 0; i < 5; i++) await deliverSigned(t, event);
    figures.replays += 10;
    expect((await donationRow(t.db, c.donationId)).status).toBe(DONATION_STATUS.completed);
    const mails = await count(
      t.db,
      sql`select count(*)::int as n from emails where template = 'donation-receipt' and (meta->>'donationId')::int = ${row.id}`,
    );
    expect(mails).toBe(1);
    await expectLedgerSound(t.db, 'after replayed success');
  });

  it('prints the figures', () => {
    console.log(
      `[row 8] webhook replays: ${figures.replays} (plus ${figures.sameChange} distinct events carrying the same change), duplicate effects: ${figures.duplicateEffects}; bad or stale signatures accepted: ${figures.badAccepted} of ${figures.badTried}`,
    );
    expect(figures.replays).toBeGreaterThanOrEqual(140);
    expect(figures.badTried).toBeGreaterThanOrEqual(7 * 9);
    expect(figures.duplicateEffects).toBe(0);
    expect(figures.badAccepted).toBe(0);
  });
});
