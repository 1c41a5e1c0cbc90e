/**
 * The receipt of a completion is stored in the mail outbox by the completing transaction, so a
 * failure (or a crash) after that commit cannot lose it, and replays never add a second one.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaign } from './fundraisers-fixtures.js';
import { createTestApp, createTree, type TestApp } from './helpers.js';
import {
  auditStatusChanges,
  count,
  deliverSigned,
  donationRow,
  effectsOf,
  expectLedgerSound,
  intentObject,
  payWith,
  startCheckout,
  stripeEvent,
} from './payments-support.js';

let t: TestApp;
let campaignSlug = '';

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createTree(t.db);
  campaignSlug = (await campaign(t.db, tree.team.id)).slug;
  await auditStatusChanges(t.db);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

/** Every step after the completing commit fails, as if the instance crashed there. */
function failAfterCommit() {
  const boom = () => Promise.reject(new Error('instance stopped after the commit'));
  vi.spyOn(t.app.mail, 'deliver').mockImplementation(boom);
  vi.spyOn(t.app.mail, 'send').mockImplementation(boom);
}

const receiptEvents = (id: number) =>
  count(t.db, sql`select count(*)::int as n from donation_events where donation_id = ${id} and kind = 'receipt_sent'`);

describe('receipts through the mail outbox', () => {
  it('a webhook completion whose post-commit step fails still leaves exactly one receipt; replays add none', async () => {
    const email = 'receipt-outbox@example.test';
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 4200, email });
    const row = await donationRow(t.db, c.donationId);
    const event = stripeEvent('payment_intent.succeeded', intentObject(String(row.payment_intent_id), c, 'succeeded'));
    failAfterCommit();
    const first = await deliverSigned(t, event);
    // The change committed, so the delivery is acknowledged (the outbox job retries the email).
    expect(first.statusCode, first.body).toBe(200);
    vi.restoreAllMocks();
    const id = Number(row.id);
    const done = await donationRow(t.db, c.donationId);
    expect(done.status).toBe(DONATION_STATUS.completed);
    expect((await effectsOf(t.db, id)).receipts).toBe(1);
    expect(await receiptEvents(id)).toBe(1);
    const [mail] = (
      (await t.db.execute(
        sql`select "to", subject, meta from emails where template = 'donation-receipt' and (meta->>'donationId')::int = ${id}`,
      )) as unknown as { rows: { to: string; subject: string; meta: { receiptNumber: string } }[] }
    ).rows;
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toContain(String(done.receipt_number));

    for (let i = 0; i < 3; i++) expect((await deliverSigned(t, event)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 3 }, () => deliverSigned(t, event)));
    const again = stripeEvent('payment_intent.succeeded', intentObject(String(row.payment_intent_id), c, 'succeeded'));
    expect((await deliverSigned(t, again)).statusCode).toBe(200);
    expect(await effectsOf(t.db, id)).toMatchObject({ completions: 1, receipts: 1 });
    expect(await receiptEvents(id)).toBe(1);
    await expectLedgerSound(t.db, 'after a completion whose delivery failed');
  });

  it('the checkout completion (sandbox card) with a failing post-commit step keeps its one receipt', async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 2600 });
    failAfterCommit();
    await payWith(t, c.donationId);
    vi.restoreAllMocks();
    const row = await donationRow(t.db, c.donationId);
    expect(row.status).toBe(DONATION_STATUS.completed);
    const claimed = await count(
      t.db,
      sql`select count(*)::int as n from donations where id = ${row.id} and receipt_sent_at is not null`,
    );
    expect(claimed).toBe(1);
    expect((await effectsOf(t.db, Number(row.id))).receipts).toBe(1);
    // Paying again (a double click, a replayed page) never receipts twice.
    await payWith(t, c.donationId);
    expect((await effectsOf(t.db, Number(row.id))).receipts).toBe(1);
  });
});
