/** The checkout end to end on the sandbox: gift, fee, receipt, totals, decline and resume, refund, payout. */
import { coverFeeCents, DONATION_STATUS, processingFeeCents } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from './campaigns-support.js';
import { actor, createTestApp, type TestApp } from './helpers.js';
import {
  donationRow,
  expectLedgerSound,
  type GivingWorld,
  givingWorld,
  paid,
  payWith,
  SANDBOX_CARDS,
  someIp,
  startCheckout,
  V1,
} from './payments-support.js';

let t: TestApp;
let w: GivingWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await givingWorld(t);
});
afterAll(() => t.close());

describe('checkout on the sandbox', () => {
  it('a $25 gift with the fee covered completes from the provider event, once, with a receipt', async () => {
    const email = 'cover.fee@example.test';
    const { checkout, result } = await paid(t, { fundraiser: w.cf.slug, amountCents: 2500, coverFee: true, email });
    expect(checkout.coverFeeCents).toBe(coverFeeCents(2500));
    expect(checkout.totalCents).toBe(2500 + checkout.coverFeeCents);
    expect(result.result).toBe('succeeded');
    const d = await donationRow(t.db, checkout.donationId);
    expect(d.status).toBe(DONATION_STATUS.completed);
    expect(d.processing_fee_cents).toBe(processingFeeCents(checkout.totalCents));
    // The organization nets the gift: charge minus the processor's fee covers it.
    expect(checkout.totalCents - d.processing_fee_cents).toBeGreaterThanOrEqual(2500);
    const mails = await outboxFor(t.db, email);
    expect(mails.filter((m) => m.template === 'donation-receipt')).toHaveLength(1);
    const page = await t.app.inject({ url: `${V1}/public/fundraisers/${w.cf.slug}` });
    expect(page.json().data.raisedCents).toBe(2500);
    await expectLedgerSound(t.db, 'after a covered-fee gift');
  });

  it('a declined card shows the provider message and the cart completes it later with the same intent', async () => {
    const c = await startCheckout(t, { fundraiser: w.cf.slug, amountCents: 4000 });
    const declined = await payWith(t, c.donationId, SANDBOX_CARDS.declined);
    expect(declined.json().data).toMatchObject({
      result: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect((await donationRow(t.db, c.donationId)).status).toBe(DONATION_STATUS.failed);
    const cart = await t.app.inject({ url: `${V1}/abandoned_cart/${c.donationId}` });
    expect(cart.json().data).toMatchObject({ donationAmount: 4000, status: 2 });
    expect(JSON.parse(cart.json().data.paymentStatus).client_secret).toBe(c.clientSecret);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `${V1}/abandoned_cart/${c.donationId}`,
      remoteAddress: someIp(),
      payload: {},
    });
    expect(resumed.json().data.clientSecret).toBe(c.clientSecret);
    const ok = await payWith(t, c.donationId);
    expect(ok.json().data.result).toBe('succeeded');
    const intents = (await t.db.execute(
      sql`select count(*)::int as n from sandbox_objects where kind = 'payment_intent' and data->'metadata'->>'donation' = ${c.donationId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(intents.rows[0]!.n).toBe(1);
    await expectLedgerSound(t.db, 'after decline and resume');
  });

  it('staff refund part, then the rest; totals fall by exactly the gift refunded', async () => {
    const admin = await actor(t, { staffRole: 'super_admin' });
    const { checkout } = await paid(t, { campaign: w.campaign.slug, amountCents: 10000, coverFee: true });
    const d = await donationRow(t.db, checkout.donationId);
    const part = await admin.call({
      method: 'POST',
      url: `${V1}/donation/${d.id}/refund`,
      payload: { amountCents: 3000, reason: 'Asked for part back', requestKey: 'partial-refund-1' },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 1, refundedCents: 3000, netCents: 7000 });
    const rest = await admin.call({
      method: 'POST',
      url: `${V1}/donation/${d.id}/refund`,
      payload: { reason: 'Changed mind', requestKey: 'full-refund-2' },
    });
    expect(rest.json().data).toMatchObject({
      status: 3,
      refundedCents: 10000,
      refundedFeeCents: checkout.coverFeeCents,
      refundableCents: 0,
    });
    await expectLedgerSound(t.db, 'after partial and full refunds');
  });

  it('an organization connects its payout account, transfers and pays out every cent it holds', async () => {
    const admin = await actor(t, { staffRole: 'super_admin' });
    const setup = await admin.call({
      method: 'POST',
      url: `${V1}/admin/stripe/complete-setup`,
      payload: { organizationId: w.team.id },
    });
    expect(setup.json().data.status).toBe('verified');
    const account = setup.json().data.accountId as string;
    const before = (await admin.call({ url: `${V1}/admin/organization/${w.team.id}/payouts` })).json().data.balances;
    expect(before.pendingCents).toBeGreaterThan(0);
    const tr = await admin.call({
      method: 'POST',
      url: `${V1}/stripe/processTransfers`,
      payload: { isEscrow: false, account },
    });
    expect(tr.statusCode, tr.body).toBe(200);
    expect(tr.json().data.balances).toMatchObject({ pendingCents: 0, availableCents: before.pendingCents });
    const po = await admin.call({ method: 'POST', url: `${V1}/stripe/${account}/payout`, payload: {} });
    expect(po.json().data.balances).toMatchObject({ availableCents: 0, paidOutCents: before.pendingCents });
    await expectLedgerSound(t.db, 'after transfer and payout');
  });
});
