/**
 * RELIABILITY row 12: every write to the payment provider carries an idempotency key derived from
 * our own record (the donation, refund, transfer, payout or node), never a random one, and a
 * donation keeps one payment intent however many times its cart is resumed.
 * RELIABILITY row 13: amounts, fees, currency and status sent by the client are refused; the
 * charge is always the server's amount plus its covered fee, computed with the server's fee rule
 * (configured here to 3.5% + 45 cents, so a client assuming the default cannot match it).
 */
import { coverFeeCents, DONATION_STATUS, type FeeRule } from '@fc/contracts';
import { feeRequests } from '@fc/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, type TestApp } from './helpers.js';
import {
  CARD,
  count,
  donationRow,
  expectLedgerSound,
  type GivingWorld,
  givingWorld,
  payoutAccount,
  payWith,
  SANDBOX_CARDS,
  someIp,
  startCheckout,
  V1,
} from './payments-support.js';

const RULE: FeeRule = { percentBps: 350, fixedCents: 45 };
let t: TestApp;
let w: GivingWorld;
let staff: Awaited<ReturnType<typeof actor>>['call'];
let feeId = 0;
const FEE = 7500;
/** Every keyed provider write the app made: [method, key]. */
const writes: [string, string][] = [];
const KEYED = ['createIntent', 'updateIntentAmount', 'cancelIntent', 'refund', 'createAccount', 'transfer', 'payout'];

beforeAll(async () => {
  t = await createTestApp({
    FEE_PERCENT_BPS: String(RULE.percentBps),
    FEE_FIXED_CENTS: String(RULE.fixedCents),
    CHECKOUT_LIMIT_PER_IP: '100000',
  });
  w = await givingWorld(t);
  staff = (await actor(t, { staffRole: 'super_admin' })).call;
  const [fee] = await t.db
    .insert(feeRequests)
    .values({ campaignId: w.campaign.id, label: 'Season fee', amountCents: FEE })
    .returning();
  feeId = fee!.id;
  // Record every provider write with the key the app passed (the key is each method's last argument).
  const provider = t.app.payments as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of KEYED) {
    const original = provider[name]!.bind(provider);
    provider[name] = (...args: unknown[]) => {
      writes.push([name, String(args.at(-1))]);
      return original(...args);
    };
  }
});
afterAll(() => t.close());

const resume = (publicId: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${V1}/abandoned_cart/${publicId}`, remoteAddress: someIp(), payload });
const intentsOf = (publicId: string) =>
  count(
    t.db,
    sql`select count(*)::int as n from sandbox_objects where kind = 'payment_intent' and data->'metadata'->>'donation' = ${publicId}`,
  );
async function rowsOf<T>(q: ReturnType<typeof sql>) {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('idempotency keys derived from our records (RELIABILITY row 12)', () => {
  it('5 resumes keep one intent, with and without amount changes; every provider write has a derived key', async () => {
    const asIs = await startCheckout(t, { fundraiser: w.cf.slug, amountCents: 2500 });
    await payWith(t, asIs.donationId, SANDBOX_CARDS.declined);
    const changing = await startCheckout(t, { campaign: w.campaign.slug, amountCents: 3000, coverFee: true });
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const same = await resume(asIs.donationId);
      const moved = await resume(changing.donationId, { amountCents: 3000 + (i + 1) * 500, coverFee: i % 2 === 0 });
      expect([same.statusCode, moved.statusCode]).toEqual([200, 200]);
      secrets.add(same.json().data.clientSecret);
      secrets.add(moved.json().data.clientSecret);
    }
    const perDonation = [await intentsOf(asIs.donationId), await intentsOf(changing.donationId)];
    console.log(
      `[row 12] payment intents per donation after 5 resumes: ${perDonation[0]} (same amount), ${perDonation[1]} (amount changed 5 times)`,
    );
    expect(perDonation).toEqual([1, 1]);
    expect(secrets).toEqual(new Set([asIs.clientSecret, changing.clientSecret]));
    // The intent carries the last amount the donor chose, with the fee the server computed.
    const moved = await donationRow(t.db, changing.donationId);
    expect([moved.amount_cents, moved.cover_fee_cents]).toEqual([5500, coverFeeCents(5500, RULE)]);

    // The rest of a full flow: pay both, a fee, a cancelled attempt, two refunds, setup, transfer, payout.
    for (const id of [asIs.donationId, changing.donationId]) expect((await payWith(t, id)).statusCode).toBe(200);
    const fee = await startCheckout(t, { extra: { feeRequestId: feeId }, amountCents: FEE });
    await payWith(t, fee.donationId);
    const dropped = await startCheckout(t, { campaign: w.campaign.slug, amountCents: 1200 });
    const droppedRow = await donationRow(t.db, dropped.donationId);
    const cancel = await staff({
      method: 'PUT',
      url: `${V1}/donation/${droppedRow.id}/status/4`,
      payload: { reason: 'Test gift' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const paidRow = await donationRow(t.db, changing.donationId);
    for (const [amountCents, requestKey] of [
      [1000, 'idem-partial-1'],
      [undefined, 'idem-rest-2'],
    ] as const) {
      const r = await staff({
        method: 'POST',
        url: `${V1}/donation/${paidRow.id}/refund`,
        payload: { ...(amountCents ? { amountCents } : {}), reason: 'Asked back', requestKey },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const account = await payoutAccount(staff, w.team.id);
    await payoutAccount(staff, w.team.id); // a second setup only refreshes the status
    expect(
      (await staff({ method: 'POST', url: `${V1}/stripe/processTransfers`, payload: { isEscrow: false, account } }))
        .statusCode,
    ).toBe(200);
    expect((await staff({ method: 'POST', url: `${V1}/stripe/${account}/payout`, payload: {} })).statusCode).toBe(200);

    // The keys each record calls for, computed from our tables.
    const expected = new Set<string>();
    for (const d of await rowsOf<{ public_id: string; created: number; changes: number; cancelled: number }>(
      sql`select d.public_id,
          (select amount_cents from donation_events e where e.donation_id = d.id and e.kind = 'created') as created,
          (select count(*)::int from donation_events e where e.donation_id = d.id and e.kind = 'amount_changed') as changes,
          (select count(*)::int from donation_events e where e.donation_id = d.id and e.kind = 'cancelled') as cancelled
        from donations d where d.method = 'card'`,
    )) {
      expected.add(`donation-${d.public_id}-intent-${d.created}`);
      for (let v = 1; v <= d.changes; v++) expected.add(`donation-${d.public_id}-amount-v${v}`);
      if (d.cancelled) expected.add(`donation-${d.public_id}-cancel`);
    }
    for (const r of await rowsOf<{ id: number }>(sql`select id from refunds`)) expected.add(`refund-${r.id}`);
    for (const r of await rowsOf<{ id: number }>(sql`select id from transfers`)) expected.add(`transfer-${r.id}`);
    for (const r of await rowsOf<{ id: number }>(sql`select id from payouts`)) expected.add(`payout-${r.id}`);
    for (const r of await rowsOf<{ organization_id: number }>(sql`select organization_id from payout_accounts`))
      expected.add(`org-${r.organization_id}-payout-account`);

    const PATTERNS: Record<string, RegExp> = {
      createIntent: /^donation-[A-Za-z0-9_-]{16,40}-intent-\d+$/,
      updateIntentAmount: /^donation-[A-Za-z0-9_-]{16,40}-amount-v\d+$/,
      cancelIntent: /^donation-[A-Za-z0-9_-]{16,40}-cancel$/,
      refund: /^refund-\d+$/,
      createAccount: /^org-\d+-payout-account$/,
      transfer: /^transfer-\d+$/,
      payout: /^payout-\d+$/,
    };
    const unkeyed = writes.filter(([m, key]) => !PATTERNS[m]!.test(key) || !expected.has(key));
    const stored = await rowsOf<{ key: string }>(sql`select key from sandbox_idempotency order by key`);
    const strayKeys = stored.map((r) => r.key).filter((k) => !expected.has(k));
    const missingKeys = [...expected].filter((k) => !stored.some((r) => r.key === k));
    console.log(
      `[row 12] payment-provider writes: ${writes.length} (${[...new Set(writes.map(([m]) => m))].join(', ')}), without a key derived from our records: ${unkeyed.length}; stored keys ${stored.length}, not derived: ${strayKeys.length}`,
    );
    expect(writes.length).toBeGreaterThanOrEqual(15);
    expect(new Set(writes.map(([m]) => m))).toEqual(new Set(KEYED));
    expect(unkeyed).toEqual([]);
    expect(strayKeys).toEqual([]);
    expect(missingKeys).toEqual([]);
    await expectLedgerSound(t.db, 'after the keyed flow');
  });

  it('a repeated write under the same key returns the first answer and creates nothing', async () => {
    const c = await startCheckout(t, { campaign: w.campaign.slug, amountCents: 2100 });
    const before = await count(t.db, sql`select count(*)::int as n from sandbox_objects`);
    const key = `donation-${c.donationId}-intent-2100`;
    const input = { amountCents: 2100, donationPublicId: c.donationId, description: w.campaign.title };
    const again = await t.app.payments.createIntent(input, key);
    expect(again.clientSecret).toBe(c.clientSecret);
    // The same key with other parameters is refused, as Stripe does, and creates nothing either.
    await expect(t.app.payments.createIntent({ ...input, amountCents: 1 }, key)).rejects.toMatchObject({
      code: 'idempotency_key_in_use',
    });
    expect(await count(t.db, sql`select count(*)::int as n from sandbox_objects`)).toBe(before);
  });
});

describe('amount, fee, currency and status tampering (RELIABILITY row 13)', () => {
  const figures = { tried: 0, accepted: 0, charged: 0, wrongCharge: 0 };
  const body = (over: Record<string, unknown> = {}) => ({
    campaign: w.campaign.slug,
    amountCents: 2500,
    coverFee: true,
    firstName: 'Tam',
    lastName: 'Perer',
    email: 'tamper@example.test',
    ...over,
  });
  const EXTRA_FIELDS: Record<string, unknown>[] = [
    { coverFeeCents: 0 },
    { coverFeeAmount: 0 },
    { totalCents: 100 },
    { currency: 'eur' },
    { status: 1 },
    { processingFeeCents: 0 },
    { refundedCents: 2500 },
    { amount: 1 },
    { fee: { percentBps: 0, fixedCents: 0 } },
    { method: 'offline' },
    { provider: 'stripe' },
    { paymentIntentId: 'pi_attacker' },
    { organizationId: 1 },
    { receiptNumber: 'FC-00000001' },
    { amount_cents: 1 },
    { total: 1 },
    { chargeCents: 1 },
    { applicationFeeAmount: 0 },
    { transferData: { destination: 'acct_attacker' } },
  ];
  const AMOUNTS: unknown[] = [
    ...['2500', '25.00', '1e3', '', '-1', 'NaN', 'Infinity', '0x9c4'],
    ...[25.5, 2500.01, 4999.5, -2500, -1, 0, 1, 499, 5_000_001, 1e12, 2 ** 53, 1e308],
    ...[null, true, [2500], { v: 2500 }],
  ];

  async function refused(label: string, send: () => Promise<{ statusCode: number; body: string }>) {
    const res = await send();
    figures.tried++;
    if (res.statusCode < 300) figures.accepted++;
    expect.soft(res.statusCode, `${label}: ${res.body.slice(0, 160)}`).toBeGreaterThanOrEqual(400);
    expect.soft(res.statusCode, label).toBeLessThan(500);
  }

  it('POST /public/donations refuses every tampered amount, fee, currency and status; nothing is stored', async () => {
    const before = await count(t.db, sql`select count(*)::int as n from donations`);
    const post = (payload: object) => () =>
      t.app.inject({ method: 'POST', url: `${V1}/public/donations`, remoteAddress: someIp(), payload });
    for (const extra of EXTRA_FIELDS) await refused(`create ${JSON.stringify(extra)}`, post(body(extra)));
    for (const amountCents of AMOUNTS)
      await refused(`create amount ${JSON.stringify(amountCents)}`, post(body({ amountCents })));
    for (const coverFee of ['true', 1, 'yes', null])
      await refused(`create coverFee ${coverFee}`, post(body({ coverFee })));
    // A fee request's amount is the request's, not the client's.
    for (const amountCents of [FEE - 1, FEE + 1, 500, FEE * 2])
      await refused(`fee ${amountCents}`, post(body({ campaign: undefined, feeRequestId: feeId, amountCents })));
    expect(await count(t.db, sql`select count(*)::int as n from donations`)).toBe(before);
  });

  it('POST /abandoned_cart/{id} and /confirm refuse them too; the donation and its intent are unchanged', async () => {
    const c = await startCheckout(t, { campaign: w.campaign.slug, amountCents: 4100, coverFee: true });
    const fee = await startCheckout(t, { extra: { feeRequestId: feeId }, amountCents: FEE });
    const snapshot = () =>
      rowsOf<
        Record<string, unknown>
      >(sql`select d.amount_cents, d.cover_fee_cents, d.status, d.currency, d.intent_status,
          (o.data->>'amount')::int as charged, o.data->>'currency' as pi_currency
        from donations d join sandbox_objects o on o.id = d.payment_intent_id
        where d.public_id in (${c.donationId}, ${fee.donationId}) order by d.id`);
    const before = await snapshot();
    const cart = (id: string, payload: object) => () => resume(id, payload);
    for (const extra of EXTRA_FIELDS) await refused(`resume ${JSON.stringify(extra)}`, cart(c.donationId, extra));
    for (const amountCents of AMOUNTS)
      await refused(`resume amount ${JSON.stringify(amountCents)}`, cart(c.donationId, { amountCents }));
    for (const amountCents of [FEE - 100, FEE + 100])
      await refused(`fee resume ${amountCents}`, cart(fee.donationId, { amountCents }));
    const confirm = (extra: object) => () =>
      t.app.inject({
        method: 'POST',
        url: `${V1}/public/donations/${c.donationId}/confirm`,
        remoteAddress: someIp(),
        payload: { cardNumber: SANDBOX_CARDS.success, ...CARD, ...extra },
      });
    for (const extra of [...EXTRA_FIELDS, { amountCents: 100 }, { clientSecret: 'x' }])
      await refused(`confirm ${JSON.stringify(extra)}`, confirm(extra));
    expect(await snapshot()).toEqual(before);
    const ok = await payWith(t, c.donationId);
    expect(ok.json().data.result).toBe('succeeded');
    expect((await donationRow(t.db, c.donationId)).status).toBe(DONATION_STATUS.completed);
  });

  it('the charge is always the server amount plus its covered fee (sampled amounts, new and resumed)', async () => {
    const samples = fc.sample(
      fc.record({
        amountCents: fc.oneof(
          fc.integer({ min: 500, max: 5_000_000 }),
          fc.constantFrom(500, 501, 999, 2500, 3333, 5_000_000),
        ),
        coverFee: fc.boolean(),
        resumeTo: fc.option(fc.integer({ min: 500, max: 200_000 }), { nil: undefined }),
      }),
      { numRuns: 24, seed: 20261124 },
    );
    for (const s of samples) {
      const c = await startCheckout(t, { campaign: w.campaign.slug, amountCents: s.amountCents, coverFee: s.coverFee });
      let amount = s.amountCents;
      if (s.resumeTo !== undefined) {
        const r = await resume(c.donationId, { amountCents: s.resumeTo });
        expect(r.statusCode, r.body).toBe(200);
        amount = s.resumeTo;
      }
      const cover = s.coverFee ? coverFeeCents(amount, RULE) : 0;
      expect((await payWith(t, c.donationId)).json().data.result).toBe('succeeded');
      const [got] = await rowsOf<{ amount_cents: number; cover_fee_cents: number; charged: number; booked: number }>(
        sql`select d.amount_cents, d.cover_fee_cents, (o.data->>'amount')::int as charged,
            (select -sum(e.amount_cents)::int from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
              where x.donation_id = d.id and x.kind = 'donation' and e.account = 'donor_funds') as booked
          from donations d join sandbox_objects o on o.id = d.payment_intent_id where d.public_id = ${c.donationId}`,
      );
      figures.charged++;
      const want = { amount_cents: amount, cover_fee_cents: cover, charged: amount + cover, booked: amount + cover };
      if (JSON.stringify(got) !== JSON.stringify(want)) figures.wrongCharge++;
      expect(got).toEqual(want);
    }
    await expectLedgerSound(t.db, 'after sampled charges');
  });

  it('prints the figures', () => {
    console.log(
      `[row 13] amount / fee / currency / status tampering variants tried: ${figures.tried}, accepted: ${figures.accepted}; charges checked against server amount + covered fee: ${figures.charged}, wrong: ${figures.wrongCharge}`,
    );
    expect(figures.tried).toBeGreaterThanOrEqual(100);
    expect(figures.accepted).toBe(0);
    expect(figures.wrongCharge).toBe(0);
  });
});
