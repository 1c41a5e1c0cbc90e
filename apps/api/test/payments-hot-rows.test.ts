/**
 * Issue 19, whole payment under load: every gift to a campaign updates the same kept-total rows (the
 * campaign's day, the player's page, each ancestor node, the platform), and holds them until its
 * commit. A completion therefore writes the donation's status, the column those totals count, as
 * its transaction's last statement (state.ts completeCard): the receipt, the family's notice, the
 * ledger and the hooks are written first, told that the gift is completing. Both databases: the
 * completion's effects are all there, once, and the kept totals equal a recomputation. PostgreSQL:
 * a payment that has to wait for a kept-total row (held by the test) waits at that last statement,
 * having written everything else. The notice's once-only test is one index lookup (migration 0023).
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { testDbKind } from './db-config.js';
import { createTestApp, planOf, type TestApp } from './helpers.js';
import {
  count,
  deliverSigned,
  expectLedgerSound,
  type GivingWorld,
  givingWorld,
  intentObject,
  payWith,
  startCheckout,
  stripeEvent,
} from './payments-support.js';

let t: TestApp;
let w: GivingWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await givingWorld(t);
});
afterAll(() => t.close());

/** The completion's effects, counted from the tables. */
async function effects(publicId: string) {
  const id = sql`(select id from donations where public_id = ${publicId})`;
  const n = (q: ReturnType<typeof sql>) => count(t.db, q);
  return {
    completed: await n(sql`select count(*)::int as n from donations where id = ${id} and status = 1
      and completed_at is not null and receipt_number is not null`),
    bookings: await n(
      sql`select count(*)::int as n from ledger_transactions where donation_id = ${id} and kind = 'donation'`,
    ),
    receipts: await n(
      sql`select count(*)::int as n from emails where template = 'donation-receipt' and meta ->> 'donationId' = ${id}::text`,
    ),
    notices: await n(sql`select count(*)::int as n from emails where template = 'gift-to-player'
      and meta ->> 'donationId' = ${id}::text`),
    succeeded: await n(
      sql`select count(*)::int as n from donation_events where donation_id = ${id} and kind = 'succeeded'`,
    ),
  };
}

const once = { completed: 1, bookings: 1, receipts: 1, notices: 1, succeeded: 1 };

describe('a completion writes its status last', () => {
  it('paid by card: completed, booked, receipted and noticed once; the kept totals equal a recomputation', async () => {
    const before = await count(t.db, sql`select count(*)::int as n from donations where status = 1`);
    const c = await startCheckout(t, { fundraiser: w.cf.slug, email: 'hot.rows@example.test', amountCents: 4200 });
    const res = await payWith(t, c.donationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ result: 'succeeded', status: DONATION_STATUS.completed });
    expect(await effects(c.donationId)).toEqual(once);
    // A second confirmation changes nothing.
    expect((await payWith(t, c.donationId)).json().data.result).toBe('succeeded');
    expect(await effects(c.donationId)).toEqual(once);
    expect(await count(t.db, sql`select count(*)::int as n from donations where status = 1`)).toBe(before + 1);
    expect(await rollupDrift(t.db)).toEqual([]);
    await expectLedgerSound(t.db, 'after a completion written last');
  });

  if (testDbKind() === 'postgres') {
    it('waits for a kept-total row only at its last statement, with everything else written', async () => {
      const c = await startCheckout(t, { fundraiser: w.cf.slug, email: 'hot.wait@example.test', amountCents: 3100 });
      const admin = new pg.Client({ connectionString: t.databaseUrl! });
      await admin.connect();
      try {
        // The platform's totals, one row per status that every gift updates: held by the test.
        await admin.query('begin');
        await admin.query('lock table donation_platform_totals in share mode');
        const pending = payWith(t, c.donationId);
        let waiting: { pid: number; query: string } | undefined;
        const end = Date.now() + 5000;
        while (!waiting) {
          if (Date.now() > end) throw new Error('timed out waiting for the payment to wait');
          await new Promise((r) => setTimeout(r, 20));
          await admin.query('select pg_stat_clear_snapshot()');
          const r = await admin.query(
            `select pid, query from pg_stat_activity where datname = current_database()
               and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          waiting = r.rows[0];
        }
        expect(waiting.query.replace(/\s+/g, ' ')).toMatch(
          /^update donations set status = \$1, completed_at = now\(\)/,
        );
        // What that transaction had written before it: the tables it holds a row-write lock on.
        const held = await admin.query(
          `select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
             where l.pid = $1 and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'`,
          [waiting.pid],
        );
        const tables = held.rows.map((r) => r.relname as string);
        expect(tables).toEqual(
          expect.arrayContaining([
            'emails',
            'ledger_entries',
            'ledger_transactions',
            'donation_events',
            'provider_events',
          ]),
        );
        await admin.query('rollback');
        const res = await pending;
        expect(res.statusCode, res.body).toBe(200);
        expect(await effects(c.donationId)).toEqual(once);
        expect(await rollupDrift(t.db)).toEqual([]);
      } finally {
        await admin.end();
      }
    });
  }

  it("the notice's once-only test finds a donation's e-mails by their own index, not by the parent's mailbox", async () => {
    // A parent with many notices (one per gift to a popular player).
    await t.db.execute(sql`insert into emails ("to", subject, text, html, template, meta, transport)
      select 'popular.parent@example.test', 's', 't', 'h', 'gift-to-player',
        jsonb_build_object('donationId', (900000 + i)::text), 'outbox'
      from generate_series(1, 300) i`);
    await t.db.execute(sql`analyze emails`);
    const p = await planOf(
      t.db,
      sql`select 1 from emails where template = 'gift-to-player'
      and "to" = 'popular.parent@example.test' and meta ->> 'donationId' = '900150'`,
    );
    expect(p).toContain('emails_donation_idx');
  });

  it('an event nothing acts on is recorded with its donation in one statement, and changes nothing', async () => {
    const c = await startCheckout(t, { fundraiser: w.cf.slug, email: 'ignored.event@example.test' });
    const row = sql`from donations where public_id = ${c.donationId}`;
    const before = (await t.db.execute(sql`select id, status, updated_at, payment_intent_id ${row}`)).rows[0]!;
    // The checkout's own payment_intent.created was recorded, linked to the donation.
    expect(
      await count(
        t.db,
        sql`select count(*)::int as n from provider_events where donation_id = ${before.id}
          and type = 'payment_intent.created' and outcome = 'ignored'`,
      ),
    ).toBe(1);
    // One Stripe also sends (the sandbox does not): matched by the stored intent.
    const intentId = String(before.payment_intent_id);
    const event = stripeEvent('charge.succeeded', {
      ...intentObject(intentId, { donationId: c.donationId, totalCents: 2500 }, 'succeeded'),
      object: 'charge',
      payment_intent: intentId,
    });
    for (const expected of ['ignored', 'duplicate']) {
      const res = await deliverSigned(t, event);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome, expected).toBe(expected);
    }
    const stored = (
      await t.db.execute(sql`select donation_id, outcome from provider_events where event_id = ${event.id}`)
    ).rows;
    expect(stored).toEqual([{ donation_id: before.id, outcome: 'ignored' }]);
    expect((await t.db.execute(sql`select id, status, updated_at, payment_intent_id ${row}`)).rows[0]).toEqual(before);
  });
});
