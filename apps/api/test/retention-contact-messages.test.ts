/**
 * Privacy Policy, "How long we keep information" (modules/contact/contact.retention.ts): a
 * Contact-Us message is deleted CONTACT_MESSAGE_RETENTION_MONTHS (24) after it was sent, with the
 * stored copies of its two emails. Messages sent through the product; with a batch of 2: the three
 * sent 25 months ago go two then one a run, with their emails' recipients and bodies; one sent 23
 * months ago keeps its row and emails; twice is once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldContactMessages } from '../src/modules/contact/contact.retention.js';
import { runJobs } from '../src/plugins/jobs.js';
import { REMOVED_RECIPIENT } from '../src/providers/mail/index.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const SUPPORT = 'help-desk@example.test';
type Row = Record<string, unknown>;
const all = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString();
};

const ids: Record<'old' | 'young', number[]> = { old: [], young: [] };
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: '2', SUPPORT_EMAIL: SUPPORT });
  let n = 0;
  const send = async (kind: 'old' | 'young') => {
    n++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact',
      remoteAddress: `10.77.0.${n}`,
      payload: { name: `Sender ${n}`, email: `sender-${n}@example.test`, message: `Please call me back, number ${n}.` },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await all(sql`select id from contact_messages where email = ${`sender-${n}@example.test`}`);
    const id = Number(row!.id);
    const at = kind === 'old' ? monthsAgo(25) : monthsAgo(23);
    await t.db.execute(sql`update contact_messages set created_at = ${at}::timestamptz where id = ${id}`);
    ids[kind].push(id);
  };
  for (const k of ['old', 'young', 'old', 'old'] as const) await send(k);
});
afterAll(async () => t?.close());

const emailsOf = (id: number) =>
  all(sql`select "to", text from emails where meta->>'contactMessageId' = ${String(id)} order by id`);

describe('Contact-Us message retention', () => {
  it('deletes messages older than 24 months with their emails, a batch at a time; younger ones stay', async () => {
    for (const id of [...ids.old, ...ids.young]) expect(await emailsOf(id)).toHaveLength(2);
    expect(await purgeOldContactMessages(t.app)).toBe(2);
    expect(await purgeOldContactMessages(t.app)).toBe(1);
    expect(await purgeOldContactMessages(t.app)).toBe(0);
    const left = await all(sql`select id from contact_messages order by id`);
    expect(left.map((r) => Number(r.id))).toEqual(ids.young);
    for (const id of ids.old) {
      const mails = await emailsOf(id);
      expect(mails).toHaveLength(2);
      for (const m of mails) {
        expect(m.to).toBe(REMOVED_RECIPIENT);
        expect(String(m.text)).not.toContain('Please call me back');
      }
    }
    for (const id of ids.young) {
      const mails = await emailsOf(id);
      expect(mails.map((m) => m.to).sort()).toEqual([SUPPORT, `sender-2@example.test`].sort());
    }
    // Registered with the other jobs, and a second pass finds nothing more.
    expect((await runJobs(t.app)).contactMessagesPurged).toBe(0);
  });
});
