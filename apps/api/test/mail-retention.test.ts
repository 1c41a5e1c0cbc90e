/**
 * Issue 12 item 2, over the real SMTP path (nodemailer to a local smtp-server): once a message is
 * delivered, its stored copy holds no usable link; the token from the delivered email still works;
 * delivered bodies are purged after MAIL_RETENTION_DAYS by the background job. The embedded
 * outbox (no SMTP_URL) keeps its links.
 */
import { emails } from '@fc/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/lib/crypto.js';
import { days } from '../src/lib/time.js';
import { runJobs } from '../src/plugins/jobs.js';
import { PURGED_TEXT } from '../src/providers/mail/index.js';
import { actor, createTestApp, createUser, type TestApp } from './helpers.js';
import { type SmtpSink, smtpSink } from './smtp-sink.js';

let sink: SmtpSink;
let t: TestApp;
let local: TestApp;
beforeAll(async () => {
  sink = await smtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_RETENTION_DAYS: '30' });
  local = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await local.close();
  await sink.close();
});

const post = (app: TestApp, url: string, payload: object) =>
  app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w-]{20,})`).exec(text)?.[1];

describe('stored copies of delivered email', () => {
  it('hold no usable link after SMTP delivery; the delivered link still works', async () => {
    const u = await createUser(t.db, { profiles: ['donor'] });
    await post(t, '/password/forgot', { email: u.email });
    await post(t, '/jwt/login-link', { email: u.email });
    await post(t, '/jwt/register', {
      firstName: 'New',
      lastName: 'Person',
      email: 'new-person@example.test',
      password: 'a-long-unusual-pass',
    });
    // Other link shapes the product mails: an invitation, a cart (capability id in the path), a tracked page.
    const invite = randomToken();
    const cart = randomToken().slice(0, 22);
    const track = randomToken().slice(0, 22);
    await t.app.mail.send({
      to: 'guardian@example.test',
      subject: 'Invitation',
      template: 'campaign-invite',
      text: `Join: http://localhost:3000/onboarding/campaign/accept-invite/7?token=${invite}\nCart: http://localhost:3000/donations/${cart}/cart\nPage: http://localhost:3000/fundraisers/ana?c=${track}`,
    });
    await t.app.background.idle();

    const delivered = sink.received.map((m) => m.body).join('\n');
    const reset = tokenIn(delivered, '/reset-password');
    const otl = tokenIn(delivered, '/otl');
    const confirm = tokenIn(delivered, '/email-confirm');
    const tokens = [reset, otl, confirm, invite, cart, track];
    expect(tokens.every(Boolean)).toBe(true);

    const stored = await t.db.select().from(emails);
    const smtpRows = stored.filter((e) => e.transport === 'smtp' && e.sentAt);
    expect(smtpRows.length).toBe(4);
    const usable = smtpRows.filter((e) => tokens.some((tk) => `${e.text}${e.html ?? ''}`.includes(tk!)));
    console.log(
      `[issue 12] usable links left in stored emails after SMTP delivery: ${usable.length} (of ${smtpRows.length} emails, ${tokens.length} links)`,
    );
    expect(usable).toEqual([]);
    expect(smtpRows.find((e) => e.template === 'reset')?.text).toMatch(
      /reset-password\?token=\[removed-after-delivery\]/,
    );

    // The hashes still work, through the delivered email only.
    expect((await post(t, '/password/recover', { token: reset, password: 'brand-new-secret-7' })).statusCode).toBe(200);
    expect((await post(t, '/jwt/otl', { token: otl })).statusCode).toBe(200);
    expect((await post(t, '/email/confirm', { token: confirm })).statusCode).toBe(200);
  });

  it('the job purges delivered bodies after the retention period, not before', async () => {
    const ids = (await t.db.select({ id: emails.id }).from(emails)).map((r) => r.id);
    expect((await runJobs(t.app, new Date(Date.now() + days(29)))).mailPurged).toBe(0);
    const purged = (await runJobs(t.app, new Date(Date.now() + days(31)))).mailPurged;
    expect(purged).toBe(ids.length);
    const rows = await t.db.select().from(emails).where(inArray(emails.id, ids));
    expect(rows.every((r) => r.text === PURGED_TEXT && r.subject)).toBe(true);
  });

  it('the embedded outbox keeps the link readable (it is the install’s mailbox)', async () => {
    const u = await createUser(local.db, { profiles: ['donor'] });
    await post(local, '/password/forgot', { email: u.email });
    await local.app.background.idle();
    const [m] = await local.db.select().from(emails).where(eq(emails.to, u.email));
    const token = tokenIn(m!.text, '/reset-password');
    expect(token).toBeTruthy();
    expect((await runJobs(local.app, new Date(Date.now() + days(400)))).mailPurged).toBe(0);
    expect((await post(local, '/password/recover', { token, password: 'brand-new-secret-7' })).statusCode).toBe(200);
    // The outbox screen is told which messages are the embedded outbox's (it says their links work).
    const admin = await actor(local, { staffRole: 'super_admin' });
    const list = await admin.call({ method: 'GET', url: '/api/v1/admin/outbox' });
    expect(list.json().data[0]).toMatchObject({ to: u.email, transport: 'outbox', sentAt: null });
  });
});
