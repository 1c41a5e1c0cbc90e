/**
 * Background jobs and limits with several instances on one database (issue 6, docs/SCALING.md):
 * the cart reminder and its email are one transaction (transactional outbox), so a crash between
 * the claim and the email loses nothing; an SMTP delivery that an instance left half done is
 * finished by another once its lease runs out; two instances running the job at the same time send
 * each reminder once; the checkout allowance is counted across instances. On PostgreSQL the second
 * instance has its own connection pool; on PGlite it shares the one in-process database.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes } from '../src/lib/time.js';
import { sendCartReminders } from '../src/modules/donations/jobs.js';
import { runJobs } from '../src/plugins/jobs.js';
import { smtpMail, storeMessage } from '../src/providers/mail/index.js';
import { createPeerApp, createTestApp, type TestApp } from './helpers.js';
import { count, donationRow, type GivingWorld, givingWorld, startCheckout, V1 } from './payments-support.js';
import { type SmtpSink, smtpSink } from './smtp-sink.js';

const DELAY = 30;
const LIMIT = 6;
const RETRY_SECONDS = 30;

let t: TestApp;
let w: GivingWorld;
const later = (m: number) => new Date(Date.now() + minutes(m));
const mailbox = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.test`;

let sink: SmtpSink;

beforeAll(async () => {
  t = await createTestApp({ CART_REMINDER_DELAY_MINUTES: String(DELAY), CHECKOUT_LIMIT_PER_IP: String(LIMIT) });
  w = await givingWorld(t);
  sink = await smtpSink();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

const reminders = (to: string) =>
  count(t.db, sql`select count(*)::int as n from emails where "to" = ${to} and template = 'cart-reminder'`);
const reminderEvents = async (publicId: string) =>
  count(
    t.db,
    sql`select count(*)::int as n from donation_events
      where donation_id = ${(await donationRow(t.db, publicId)).id} and kind = 'reminder_sent'`,
  );
const claimed = async (publicId: string) =>
  count(
    t.db,
    sql`select count(*)::int as n from donations where public_id = ${publicId} and reminder_sent_at is not null`,
  );

describe('cart reminders are a transactional outbox', () => {
  it('a crash between the claim and the stored email loses no reminder: the claim rolls back with it', async () => {
    const email = mailbox('crash');
    const c = await startCheckout(t, { fundraiser: w.cf.slug, email });
    // The instance dies after claiming the donation, before its email is stored: simulated by the
    // database refusing the email row (a killed process's open transaction is rolled back the same way).
    await t.db.execute(sql`create or replace function t_crash_reminder() returns trigger language plpgsql as $$
      begin raise exception 'instance killed between claim and email'; end $$`);
    await t.db.execute(sql`create trigger t_crash_reminder before insert on emails for each row
      when (new.template = 'cart-reminder') execute function t_crash_reminder()`);
    await expect(sendCartReminders(t.app, later(DELAY + 1))).rejects.toThrow();
    const afterCrash = { claimed: await claimed(c.donationId), emails: await reminders(email) };
    await t.db.execute(sql`drop trigger t_crash_reminder on emails`);

    // Another run (this instance after a restart, or any other) sends it, once.
    expect(await sendCartReminders(t.app, later(DELAY + 2))).toBe(1);
    expect(await sendCartReminders(t.app, later(DELAY + 3))).toBe(0);
    const after = { claimed: await claimed(c.donationId), emails: await reminders(email) };
    console.log(
      `[jobs] crash between claim and email: after the crash claimed ${afterCrash.claimed}, emails ${afterCrash.emails}; after the next run claimed ${after.claimed}, emails ${after.emails}`,
    );
    expect(afterCrash).toEqual({ claimed: 0, emails: 0 });
    expect(after).toEqual({ claimed: 1, emails: 1 });
    expect(await reminderEvents(c.donationId)).toBe(1);
  });

  it('SMTP: an instance stopped in the middle of a delivery leaves it to another, delivered once', async () => {
    const email = mailbox('smtp-stop');
    const c = await startCheckout(t, { fundraiser: w.cf.slug, email });
    // Instance A stores the reminder, takes the delivery's lease, then never finishes (killed).
    const hung = smtpMail(t.db, t.app.log, {
      url: sink.url,
      from: t.app.env.MAIL_FROM,
      retrySeconds: RETRY_SECONDS,
      transporter: { sendMail: () => new Promise(() => {}) },
    });
    const a = await createPeerApp(t, { CART_REMINDER_DELAY_MINUTES: String(DELAY) }, { mail: hung });
    const b = await createPeerApp(t, {
      CART_REMINDER_DELAY_MINUTES: String(DELAY),
      SMTP_URL: sink.url,
      MAIL_RETRY_SECONDS: String(RETRY_SECONDS),
    });
    try {
      const at = later(DELAY + 10);
      void sendCartReminders(a.app, at);
      for (let i = 0; i < 200 && (await reminders(email)) === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await reminders(email)).toBe(1);

      // B's job, while A's lease holds: nothing to do. After the lease: delivered, once.
      expect((await runJobs(b.app, new Date(at.getTime() + 1000))).mailRetried).toBe(0);
      expect(sink.to(email)).toHaveLength(0);
      const retried = await runJobs(b.app, new Date(at.getTime() + (RETRY_SECONDS + 5) * 1000));
      expect(retried.mailRetried).toBe(1);
      expect((await runJobs(b.app, new Date(at.getTime() + 600_000))).mailRetried).toBe(0);
      const row = (await t.db.execute(
        sql`select id, transport, sent_at, error, (meta #>> '{delivery,attempts}')::int as attempts
          from emails where "to" = ${email}`,
      )) as unknown as {
        rows: { id: number; transport: string; sent_at: unknown; error: string | null; attempts: number }[];
      };
      console.log(
        `[jobs] smtp delivery left half done by a stopped instance: delivered by the other ${sink.to(email).length} time(s), attempts ${row.rows[0]?.attempts}`,
      );
      expect(sink.to(email).map(({ to, messageId }) => ({ to, messageId }))).toEqual([
        { to: [email], messageId: `<fc-email-${row.rows[0]!.id}@fundraiser-console.local>` },
      ]);
      expect(row.rows[0]).toMatchObject({ transport: 'smtp', error: null, attempts: 2 });
      expect(row.rows[0]!.sent_at).not.toBeNull();
      expect(await reminderEvents(c.donationId)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('SMTP: a refused delivery stays stored with its error and is retried after the wait, once', async () => {
    const email = mailbox('smtp-refused');
    await startCheckout(t, { fundraiser: w.cf.slug, email });
    const b = await createPeerApp(t, {
      CART_REMINDER_DELAY_MINUTES: String(DELAY),
      SMTP_URL: sink.url,
      MAIL_RETRY_SECONDS: String(RETRY_SECONDS),
    });
    try {
      sink.refuseNext(1);
      const at = later(DELAY + 20);
      expect(await sendCartReminders(b.app, at)).toBe(1);
      expect(sink.to(email)).toHaveLength(0);
      const failed = (await t.db.execute(sql`select sent_at, error from emails where "to" = ${email}`)) as unknown as {
        rows: { sent_at: unknown; error: string | null }[];
      };
      expect(failed.rows[0]!.sent_at).toBeNull();
      expect(failed.rows[0]!.error).toContain('try again later');
      expect((await runJobs(b.app, new Date(at.getTime() + 1000))).mailRetried).toBe(0);
      expect((await runJobs(b.app, new Date(at.getTime() + (RETRY_SECONDS + 5) * 1000))).mailRetried).toBe(1);
      expect((await runJobs(b.app, new Date(at.getTime() + 3_600_000))).mailRetried).toBe(0);
      expect(sink.to(email)).toHaveLength(1);
      expect(await reminders(email)).toBe(1);
    } finally {
      await b.close();
    }
  });

  it('SMTP: two instances delivering the same backlog at the same time send each message once', async () => {
    const boxes = Array.from({ length: 10 }, (_, i) => mailbox(`backlog-${i}`));
    for (const to of boxes)
      await storeMessage(t.db, { to, subject: 'Backlog', text: 'Hello', template: 'test-backlog' }, 'smtp');
    const sent: string[][] = [[], []];
    const instance = (k: 0 | 1) =>
      smtpMail(t.db, t.app.log, {
        url: sink.url,
        from: t.app.env.MAIL_FROM,
        retrySeconds: RETRY_SECONDS,
        transporter: {
          sendMail: async (m) => {
            await new Promise((r) => setTimeout(r, 15));
            sent[k]!.push(String(m.to));
          },
        },
      });
    const [a, b] = await Promise.all([instance(0).deliver(), instance(1).deliver()]);
    const ours = sent.map((list) => list.filter((to) => boxes.includes(to)));
    console.log(
      `[jobs] smtp backlog of ${boxes.length} delivered by 2 instances at once: ${ours[0]!.length} + ${ours[1]!.length}, distinct ${new Set(ours.flat()).size}`,
    );
    expect(new Set(ours.flat()).size).toBe(boxes.length);
    expect(ours.flat()).toHaveLength(boxes.length);
    expect(a + b).toBeGreaterThanOrEqual(boxes.length);
  });

  it('two instances running the job at the same time send each reminder once', async () => {
    const peer = await createPeerApp(t, { CART_REMINDER_DELAY_MINUTES: String(DELAY) });
    try {
      const boxes = Array.from({ length: 12 }, (_, i) => mailbox(`pair-${i}`));
      const started = [];
      for (const email of boxes) started.push(await startCheckout(t, { campaign: w.campaign.slug, email }));
      const at = later(DELAY + 30);
      const runs = await Promise.all([
        sendCartReminders(t.app, at),
        sendCartReminders(peer.app, at),
        sendCartReminders(t.app, at),
        sendCartReminders(peer.app, at),
        runJobs(t.app, at).then((r) => r.reminders ?? 0),
        runJobs(peer.app, at).then((r) => r.reminders ?? 0),
      ]);
      const perBox = await Promise.all(boxes.map(reminders));
      console.log(
        `[jobs] 6 concurrent runs on 2 instances: reminders sent ${runs.reduce((n, x) => n + x, 0)} for ${boxes.length} carts, per cart ${Math.min(...perBox)}..${Math.max(...perBox)}`,
      );
      expect(runs.reduce((n, x) => n + x, 0)).toBe(boxes.length);
      expect(perBox).toEqual(boxes.map(() => 1));
      for (const c of started) expect(await reminderEvents(c.donationId)).toBe(1);
      expect(await sendCartReminders(peer.app, later(DELAY + 90))).toBe(0);
    } finally {
      await peer.close();
    }
  });
});

describe('limits across instances', () => {
  it('the checkout allowance of one address is counted across instances: the limit in total', async () => {
    const peer = await createPeerApp(t, { CHECKOUT_LIMIT_PER_IP: String(LIMIT) });
    try {
      const ip = '203.0.113.77';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? peer : t).app.inject({
            method: 'POST',
            url: `${V1}/public/donations`,
            remoteAddress: ip,
            payload: {
              campaign: w.campaign.slug,
              amountCents: 2500,
              coverFee: false,
              firstName: 'Rate',
              lastName: 'Limited',
              email: mailbox('limit'),
            },
          }),
        ),
      );
      const accepted = answers.filter((r) => r.statusCode === 200).length;
      const throttled = answers.filter((r) => r.statusCode === 429).length;
      console.log(
        `[limits] 20 checkouts from one address over 2 instances, limit ${LIMIT}: accepted ${accepted}, 429 ${throttled}`,
      );
      expect({ accepted, throttled }).toEqual({ accepted: LIMIT, throttled: 20 - LIMIT });
    } finally {
      await peer.close();
    }
  });
});
