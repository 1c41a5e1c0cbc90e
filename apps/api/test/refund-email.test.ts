/**
 * Issue 12: a refunded donor is told, once per refund. The refund email is stored with the rise of
 * the donation's refunded level, so a staff refund, the processor's event for it, replays of that
 * event and of the staff request store one email; a later refund (at the processor's dashboard)
 * stores one more. In the donor's language, with the refunded amount.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRefund } from '../src/modules/donations/refund-email.js';
import { outboxFor } from './campaigns-support.js';
import { actor, createTestApp, type TestApp } from './helpers.js';
import {
  chargeObject,
  deliverSigned,
  donationRow,
  expectLedgerSound,
  type GivingWorld,
  givingWorld,
  paid,
  stripeEvent,
  V1,
} from './payments-support.js';

type Actor = Awaited<ReturnType<typeof actor>>;
let t: TestApp;
let w: GivingWorld;
let sa: Actor;

beforeAll(async () => {
  t = await createTestApp();
  w = await givingWorld(t);
  sa = await actor(t, { staffRole: 'super_admin' });
});
afterAll(() => t.close());

const mailbox = () => `refunded-${randomBytes(4).toString('hex')}@example.test`;
const refundMails = async (to: string) => (await outboxFor(t.db, to)).filter((m) => m.template === 'donation-refund');

async function staffRefund(id: number, amountCents: number, requestKey: string) {
  const res = await sa.call({
    method: 'POST',
    url: `${V1}/donation/${id}/refund`,
    payload: { amountCents, reason: 'Asked by the donor', requestKey },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('refund email', () => {
  it('one refund sends the donor exactly one email with its amount; replays of the request or the event send none', async () => {
    const email = mailbox();
    const gift = await paid(t, { fundraiser: w.cf.slug, amountCents: 2000, email });
    const row = await donationRow(t.db, gift.checkout.donationId);
    const id = Number(row.id);
    const intent = String(row.payment_intent_id);
    const c = { donationId: gift.checkout.donationId, totalCents: 2000 };
    expect(await refundMails(email)).toHaveLength(0);

    await staffRefund(id, 500, 'refund-first');
    let mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund of $5.00: your donation to ${w.campaign.title}`);
    expect(mails[0]!.text).toContain('We refunded $5.00 of your donation');
    expect(mails[0]!.text).toContain('Refunded so far: $5.00 of the $20.00 charged.');
    expect(mails[0]!.meta).toMatchObject({ donationId: id, refundedCents: 500, refundedToCents: 500 });

    // The same request again, and the processor's event for that refund delivered twice: nothing new.
    await staffRefund(id, 500, 'refund-first');
    const event = stripeEvent('charge.refunded', chargeObject(intent, c, 500));
    expect((await deliverSigned(t, event)).statusCode).toBe(200);
    expect((await deliverSigned(t, event)).statusCode).toBe(200);
    expect((await deliverSigned(t, stripeEvent('charge.refunded', chargeObject(intent, c, 500)))).statusCode).toBe(200);
    expect(await refundMails(email)).toHaveLength(1);

    // The rest refunded at the processor's dashboard: one more email, for the rest, once.
    const rest = stripeEvent('charge.refunded', chargeObject(intent, c, 2000));
    expect((await deliverSigned(t, rest)).statusCode).toBe(200);
    expect((await deliverSigned(t, rest)).statusCode).toBe(200);
    mails = await refundMails(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('We refunded $15.00 of your donation');
    expect(mails[0]!.text).toContain('The whole charge was refunded: $20.00.');
    expect(mails[0]!.meta).toMatchObject({ refundedCents: 1500, refundedToCents: 2000 });
    await expectLedgerSound(t.db, 'after the refunds');
  });

  it('concurrent full refunds under different keys return the charge once and mail once', async () => {
    const email = mailbox();
    const gift = await paid(t, { campaign: w.campaign.slug, amountCents: 3000, email });
    const row = await donationRow(t.db, gift.checkout.donationId);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        sa.call({
          method: 'POST',
          url: `${V1}/donation/${row.id}/refund`,
          payload: { reason: 'Asked by the donor', requestKey: `refund-race-${n}` },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.meta).toMatchObject({ refundedCents: 3000, refundedToCents: 3000 });
  });

  it('a Spanish-speaking donor gets it in Spanish', async () => {
    const email = mailbox();
    const gift = await paid(t, { campaign: w.campaign.slug, amountCents: 4000, email, extra: { language: 'es' } });
    const row = await donationRow(t.db, gift.checkout.donationId);
    await staffRefund(Number(row.id), 4000, 'refund-all');
    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Reembolsamos');
    expect(mails[0]!.text).toContain('Se reembolsó el total cobrado');
    expect(mails[0]!.text).not.toContain('We refunded');
  });

  it('escapes what people typed in the HTML part', () => {
    const mail = renderRefund({
      language: 'en',
      donorFirstName: '<b>Eve</b>',
      receiptNumber: 'FC-00000001',
      refundedCents: 100,
      totalRefundedCents: 100,
      chargeCents: 1000,
      organizationName: 'Org & Co',
      campaignTitle: 'Spring <script>',
      playerName: null,
      date: new Date('2026-11-26T00:00:00Z'),
      link: 'http://localhost:3000/donations/x/thank-you',
    });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
