/**
 * Privacy Policy, "How long we keep information" (modules/donations/retention.ts): an unfinished
 * donation's donor details go UNFINISHED_DONATION_RETENTION_DAYS after the attempt if it was never
 * paid. Attempts made through the real checkout (pending, declined, cancelled, processing, paid),
 * the job run on a clock 91 days ahead with a batch of 2: the old unpaid ones lose names, email,
 * message and donor links, a batch at a time; younger ones, paid ones and a processing one keep
 * theirs; amounts, statuses, the ledger and every kept roll-up are unchanged; a second run changes
 * nothing; the purged attempt's cart and thank-you links answer 410 DONATION_EXPIRED.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days } from '../src/lib/time.js';
import { purgeUnfinishedDonations, REMOVED_DONOR } from '../src/modules/donations/retention.js';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { runJobs } from '../src/plugins/jobs.js';
import { PURGED_TEXT } from '../src/providers/mail/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  donationRow,
  expectLedgerSound,
  type GivingWorld,
  givingWorld,
  moneyFingerprint,
  paid,
  payWith,
  SANDBOX_CARDS,
  startCheckout,
  V1,
} from './payments-support.js';

let t: TestApp;
let g: GivingWorld;
/** The job's clock: 91 days from now, so every attempt made today is past the 90-day period. */
const LATER = new Date(Date.now() + days(91));
const BATCH = 2;

type Row = Record<string, unknown>;
const all = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
const purge = () => purgeUnfinishedDonations(t.app, LATER);
/** What totals and ledgers read of every donation: must never change. */
const kept = () =>
  all(sql`select id, public_id, status, kind, method, amount_cents, cover_fee_cents, refunded_cents, campaign_id,
    campaign_fundraiser_id, organization_id, division_id, contact_id, payment_intent_id, intent_status, created_at,
    completed_at, receipt_number from donations order by id`);
const details = async (publicId: string) =>
  (
    await all(sql`select donor_first_name, donor_last_name, donor_email, message, donor_id, donor_user_id
      from donations where public_id = ${publicId}`)
  )[0]!;
const get = (url: string) => t.app.inject({ method: 'GET', url: `${V1}${url}` });

type Attempt = 'pending' | 'declined' | 'cancelled' | 'processing' | 'paid' | 'young';
const ids = {} as Record<Attempt, string>;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: String(BATCH) });
  g = await givingWorld(t);
  const gift = (email: string) => ({ fundraiser: g.cf.slug, email, extra: { message: 'Go team!' } });
  ids.pending = (await startCheckout(t, gift('left@example.test'))).donationId;
  ids.declined = (await startCheckout(t, gift('repeat@example.test'))).donationId;
  expect((await payWith(t, ids.declined, SANDBOX_CARDS.declined)).statusCode).toBe(200);
  ids.cancelled = (await startCheckout(t, gift('cancel@example.test'))).donationId;
  ids.processing = (await startCheckout(t, gift('slow@example.test'))).donationId;
  expect((await payWith(t, ids.processing, SANDBOX_CARDS.processing)).statusCode).toBe(200);
  // The same donor gave successfully too: the donor record is a payment record and stays.
  ids.paid = (await paid(t, gift('repeat@example.test'))).checkout.donationId;
  ids.young = (await startCheckout(t, gift('young@example.test'))).donationId;
  // Staff cancelled one attempt before any payment (MANUAL_TRANSITIONS card 0 → 4).
  await t.db.execute(
    sql`update donations set status = ${DONATION_STATUS.cancelled} where public_id = ${ids.cancelled}`,
  );
  // 89 days old on the job's clock.
  await t.db.execute(
    sql`update donations set created_at = ${new Date(LATER.getTime() - days(89)).toISOString()}::timestamptz
      where public_id = ${ids.young}`,
  );
  // The reminder the pending attempt got (stored copy of the email).
  const pending = await donationRow(t.db, ids.pending);
  await t.app.mail.send({
    to: 'left@example.test',
    subject: 'Finish your gift',
    text: 'Hi Dana, finish your gift',
    template: 'cart-reminder',
    meta: { donationId: pending.id },
  });
});
afterAll(async () => t.close());

describe('unfinished donations after the retention period', () => {
  it('lose their donor details a batch at a time; nothing that counts money changes; twice is once', async () => {
    expect((await donationRow(t.db, ids.declined)).status).toBe(DONATION_STATUS.failed);
    expect((await get(`/abandoned_cart/${ids.pending}`)).statusCode).toBe(200);
    const before = await kept();
    const money = await moneyFingerprint(t.db, ['ledger_transactions', 'ledger_entries', 'refunds', 'payouts']);
    expect(await rollupDrift(t.db)).toEqual([]);

    // Three old unpaid attempts (pending, declined, cancelled), two per run.
    expect(await purge()).toBe(BATCH);
    expect(await purge()).toBe(1);
    expect(await purge()).toBe(0);

    for (const which of ['pending', 'declined', 'cancelled'] as const) {
      expect(await details(ids[which]), which).toEqual({
        donor_first_name: REMOVED_DONOR.firstName,
        donor_last_name: REMOVED_DONOR.lastName,
        donor_email: REMOVED_DONOR.email,
        message: null,
        donor_id: null,
        donor_user_id: null,
      });
    }
    for (const which of ['processing', 'paid', 'young'] as const) {
      const d = await details(ids[which]);
      expect(d.donor_email, which).not.toBe(REMOVED_DONOR.email);
      expect(d.message, which).toBe('Go team!');
      expect(d.donor_id, which).not.toBeNull();
    }
    // Rows, amounts, statuses and dates as they were; ledger, roll-ups and totals untouched.
    expect(await kept()).toEqual(before);
    expect(await moneyFingerprint(t.db, ['ledger_transactions', 'ledger_entries', 'refunds', 'payouts'])).toBe(money);
    expect(await rollupDrift(t.db)).toEqual([]);
    await expectLedgerSound(t.db, 'after the unfinished-donation purge');

    // Donor records: gone where only purged attempts named them, kept for a donor who paid.
    const donors = (await all(sql`select email from donors order by email`)).map((r) => r.email);
    expect(donors).not.toContain('left@example.test');
    expect(donors).not.toContain('cancel@example.test');
    expect(donors).toEqual(expect.arrayContaining(['repeat@example.test', 'slow@example.test', 'young@example.test']));
    // The reminder's stored copy no longer names the donor.
    const mail = await all(sql`select "to", text from emails where template = 'cart-reminder'`);
    expect(mail).toEqual([{ to: REMOVED_DONOR.email, text: PURGED_TEXT }]);

    // The processor's events about the declined attempt keep their id and type only.
    const declined = await donationRow(t.db, ids.declined);
    const events = await all(sql`select payload from provider_events where donation_id = ${declined.id}`);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(Object.keys(e.payload as object).sort()).toEqual(['id', 'removed', 'type']);

    // Running again changes nothing, in any table.
    const all4 = await moneyFingerprint(t.db, ['donations', 'donors', 'emails', 'provider_events', 'donation_events']);
    expect(await purge()).toBe(0);
    expect(await moneyFingerprint(t.db, ['donations', 'donors', 'emails', 'provider_events', 'donation_events'])).toBe(
      all4,
    );
  });

  it("answers 410 for a purged attempt's cart, resume, card form and thank-you page; others still work", async () => {
    for (const which of ['pending', 'declined'] as const) {
      const id = ids[which];
      const cart = await get(`/abandoned_cart/${id}`);
      expect(cart.statusCode, which).toBe(410);
      expect(cart.json()).toMatchObject({ hasError: true, code: 'DONATION_EXPIRED' });
      expect(cart.body).not.toContain('(removed)');
      const resume = await t.app.inject({ method: 'POST', url: `${V1}/abandoned_cart/${id}`, payload: {} });
      expect(resume.statusCode, which).toBe(410);
      expect((await get(`/public/donations/${id}`)).statusCode, which).toBe(410);
      expect((await payWith(t, id)).statusCode, which).toBe(410);
    }
    expect((await get(`/abandoned_cart/${ids.young}`)).statusCode).toBe(200);
    expect((await get(`/abandoned_cart/${ids.paid}`)).json().data.donorFirstName).toBe('Dana');
    expect((await get(`/public/donations/${ids.paid}`)).statusCode).toBe(200);
    // Nothing was paid on the refused attempts.
    expect((await donationRow(t.db, ids.pending)).status).toBe(DONATION_STATUS.pending);
  });

  it('is one of the registered background jobs', async () => {
    const done = await runJobs(t.app, LATER);
    expect(done).toHaveProperty('unfinishedDonationsPurged', 0);
    expect(await rollupDrift(t.db)).toEqual([]);
  });
});
