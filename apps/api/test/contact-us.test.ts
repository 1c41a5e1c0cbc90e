/**
 * Contact-Us (issue 14): the public form's endpoint (validation per field, spam trap, throttle per
 * address and per sender, the two emails) and Super Admin's list of its messages.
 */
import { contactMessages, emails, throttleEvents } from '@fc/db';
import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createOrg, createTestApp, logCapture, type TestApp } from './helpers.js';
import { smtpSink } from './smtp-sink.js';

const SUPPORT = 'help-desk@example.test';
const { lines, stream: capture } = logCapture();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT, LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: capture });
});
afterAll(async () => t.close());

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Pérez',
  email: `ana-${ipSeq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
  organization: 'Rockets Youth Soccer',
  message: 'We would like to run a spring fundraiser for our league.',
  ...over,
});
const send = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/public/contact', payload, remoteAddress: ip });

const stored = async () => (await t.db.select().from(contactMessages)).length;
const contactMails = async () => {
  await t.app.background.idle();
  return t.db.select().from(emails).where(like(emails.template, 'contact-%'));
};

describe('POST /public/contact: bad input', () => {
  it.each([
    ['name', { name: '' }, 'Enter your name'],
    ['name', { name: 'x'.repeat(101) }, 'Use at most 100 characters'],
    ['name', { name: undefined }, 'Enter your name'],
    ['email', { email: 'not-an-address' }, 'Enter a valid email address, e.g. name@example.org'],
    ['email', { email: '   ' }, 'Enter your email address'],
    ['email', { email: `${'a'.repeat(250)}@x.org` }, 'Enter a valid email address, e.g. name@example.org'],
    ['organization', { organization: 'o'.repeat(151) }, 'Use at most 150 characters'],
    ['message', { message: 'too short' }, 'Write at least 10 characters'],
    ['message', { message: '          short     ' }, 'Write at least 10 characters'],
    ['message', { message: 'm'.repeat(5001) }, 'Use at most 5000 characters'],
  ])('%s %j → 400 naming the field, nothing stored or sent', async (field, over, message) => {
    const res = await send(valid(over));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ hasError: true, code: 'VALIDATION_FAILED' });
    // One actionable sentence for the field (no second, generic one).
    expect(body.errors).toEqual([{ path: `body.${field}`, message }]);
    expect(await stored()).toBe(0);
    expect(await contactMails()).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const res = await send({ name: '', email: 'x', message: 'hi', language: 'fr' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths.sort()).toEqual(['body.email', 'body.language', 'body.message', 'body.name']);
    expect(await stored()).toBe(0);
  });
});

describe('POST /public/contact: a message', () => {
  it('is stored and sent: a notification to the support address (reply-to the visitor), a confirmation in Spanish', async () => {
    const body = valid({ language: 'es', message: 'Hola, queremos organizar una recaudación.\nGracias.' });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasError: false });
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      organization: body.organization,
      message: body.message,
      language: 'es',
      handledAt: null,
    });
    const mails = await contactMails();
    const notification = mails.find((m) => m.template === 'contact-notification')!;
    const confirmation = mails.find((m) => m.template === 'contact-confirmation')!;
    expect(notification).toMatchObject({ to: SUPPORT, replyTo: body.email });
    expect(notification.text).toContain(body.message.split('\n')[0]);
    expect(notification.text).toContain(body.email);
    expect(notification.text).toContain(body.organization);
    expect(confirmation).toMatchObject({ to: body.email, replyTo: null, subject: 'Recibimos tu mensaje' });
    expect(confirmation.text).toContain('> Hola, queremos organizar una recaudación.\n> Gracias.');
    expect(confirmation.text).toMatch(/^Hola Ana Pérez:/);
    // No link of any kind, so nothing that looks like a sign-in email.
    for (const m of [notification, confirmation]) {
      expect(m.text).not.toMatch(/https?:|token|login|otl/i);
      expect(m.html).toBeNull();
    }
    // The outbox log line names neither the visitor's address nor the message.
    expect(lines.filter((l) => l.includes('"template":"contact-confirmation"'))[0]).toContain(
      '"to":"a***@example.test"',
    );
    expect(lines.filter((l) => l.includes(body.email) || l.includes('queremos organizar'))).toEqual([]);
    await t.db.delete(contactMessages);
    await t.db.delete(emails);
  });

  it('in English by default, without an organization', async () => {
    const body = valid({ organization: '' });
    expect((await send(body)).statusCode).toBe(200);
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ organization: null, language: 'en' });
    const confirmation = (await contactMails()).find((m) => m.template === 'contact-confirmation')!;
    expect(confirmation).toMatchObject({ to: body.email, subject: 'We received your message' });
    expect(confirmation.text).toContain(`> ${body.message}`);
    await t.db.delete(contactMessages);
    await t.db.delete(emails);
  });

  it('with the spam trap filled gets the same answer, and nothing is stored or sent', async () => {
    const real = await send(valid());
    await t.db.delete(contactMessages);
    await t.db.delete(emails);
    const trapped = await send(valid({ website: 'https://spam.example' }));
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual(real.json());
    expect(await stored()).toBe(0);
    expect(await contactMails()).toEqual([]);
  });
});

describe('POST /public/contact: throttle', () => {
  it('refuses the 11th message from one address in an hour (429), keeps no address, and other addresses still get through', async () => {
    const ip = '203.0.113.77';
    const before = await stored();
    for (let i = 0; i < 10; i++) {
      const res = await send(valid({ email: `throttle-ip-${i}@example.test` }), ip);
      expect(res.statusCode, `message ${i + 1}`).toBe(200);
    }
    const eleventh = await send(valid({ email: 'throttle-ip-10@example.test' }), ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('3600');
    expect(eleventh.json()).toMatchObject({ hasError: true, code: 'CONTACT_THROTTLED' });
    expect(eleventh.json().message).toMatch(/wait an hour/);
    expect(await stored()).toBe(before + 10);
    expect((await send(valid(), '203.0.113.78')).statusCode).toBe(200);
    // The throttle's keys hold neither the address nor the email.
    const keys = await t.db
      .select({ key: throttleEvents.key })
      .from(throttleEvents)
      .where(like(throttleEvents.key, 'contact:%'));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => k.key.includes('203.0.113') || k.key.includes('@'))).toEqual([]);
  });

  it('refuses the 6th message from one sender in an hour, from any address', async () => {
    const email = 'Same.Sender@example.test';
    for (let i = 0; i < 5; i++) expect((await send(valid({ email }))).statusCode).toBe(200);
    const sixth = await send(valid({ email: email.toLowerCase() }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('CONTACT_THROTTLED');
  });

  it('counts over the hour, not the sign-in throttle’s 15 minutes', async () => {
    const ip = '203.0.113.90';
    for (let i = 0; i < 10; i++) expect((await send(valid(), ip)).statusCode).toBe(200);
    // The ten are 40 minutes old: still inside the hour.
    await t.db.execute(
      sql`update throttle_events set created_at = now() - interval '40 minutes' where key like 'contact:ip:%'`,
    );
    expect((await send(valid(), ip)).statusCode).toBe(429);
    await t.db.execute(
      sql`update throttle_events set created_at = now() - interval '61 minutes' where key like 'contact:ip:%'`,
    );
    expect((await send(valid(), ip)).statusCode).toBe(200);
  });
});

describe('Super Admin: /admin/contact-messages', () => {
  it('lists newest first, searches, filters open/handled, marks handled and reopens', async () => {
    await t.db.delete(contactMessages);
    const tag = Math.random().toString(36).slice(2, 8);
    const ids: number[] = [];
    for (const [i, over] of [
      { name: `Zed ${tag}`, organization: null },
      { email: `club-${tag}@example.test` },
      { organization: `League ${tag}` },
      { message: `Question about payouts ${tag} please` },
    ].entries()) {
      const [row] = await t.db
        .insert(contactMessages)
        .values({
          name: 'Visitor',
          email: `v${i}@example.test`,
          organization: 'Org',
          message: 'A message long enough.',
          language: 'en',
          createdAt: new Date(Date.now() - (10 - i) * 60_000),
          ...over,
        })
        .returning({ id: contactMessages.id });
      ids.push(row!.id);
    }
    const sa = await actor(t, { staffRole: 'super_admin' });
    const list = await sa.call({ url: '/api/v1/admin/contact-messages?perPage=2' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(4);
    expect(list.json().data.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[2]]);
    const page2 = await sa.call({ url: '/api/v1/admin/contact-messages?perPage=2&page=2' });
    expect(page2.json().data.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[0]]);

    // The search looks in the name, email, organization and message, case-insensitively.
    const found = await sa.call({ url: `/api/v1/admin/contact-messages?q=${tag.toUpperCase()}` });
    expect(found.json().total).toBe(4);
    for (const [q, id] of [
      [`Zed ${tag}`, ids[0]],
      [`club-${tag}`, ids[1]],
      [`League ${tag}`, ids[2]],
      [`payouts ${tag}`, ids[3]],
    ] as const) {
      const r = await sa.call({ url: `/api/v1/admin/contact-messages?q=${encodeURIComponent(q)}` });
      expect(r.json().data.map((m: { id: number }) => m.id)).toEqual([id]);
    }
    // % is searched for as itself.
    expect((await sa.call({ url: '/api/v1/admin/contact-messages?q=%25' })).json().total).toBe(0);

    const patched = await sa.call({
      method: 'PATCH',
      url: `/api/v1/admin/contact-messages/${ids[1]}`,
      payload: { handled: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      id: ids[1],
      handledBy: { id: sa.user.id },
      handledAt: expect.any(String),
    });
    const open = await sa.call({ url: '/api/v1/admin/contact-messages?status=open' });
    expect(open.json().data.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[2], ids[0]]);
    const handled = await sa.call({ url: '/api/v1/admin/contact-messages?status=handled' });
    expect(handled.json().data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);

    const reopened = await sa.call({
      method: 'PATCH',
      url: `/api/v1/admin/contact-messages/${ids[1]}`,
      payload: { handled: false },
    });
    expect(reopened.json().data).toMatchObject({ handledAt: null, handledBy: null });
    expect((await sa.call({ url: '/api/v1/admin/contact-messages?status=handled' })).json().total).toBe(0);

    const missing = await sa.call({
      method: 'PATCH',
      url: '/api/v1/admin/contact-messages/999999',
      payload: { handled: true },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await sa.call({
      method: 'PATCH',
      url: `/api/v1/admin/contact-messages/${ids[0]}`,
      payload: { handled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to every other role (403) and to visitors (401), and changes nothing', async () => {
    const [row] = await t.db
      .insert(contactMessages)
      .values({ name: 'V', email: 'v@example.test', message: 'A message long enough.' })
      .returning({ id: contactMessages.id });
    const org = await createOrg(t.db, 1, null);
    const team = await createOrg(t.db, 3, org.id);
    const others = [
      await actor(t, { staffRole: 'fys_sales' }),
      await actor(t, { membership: { organizationId: org.id, role: 'org_admin' } }),
      await actor(t, { membership: { organizationId: team.id, role: 'team_admin' } }),
      await actor(t, { profiles: ['fundraiser'] }),
      await actor(t, { profiles: ['donor'] }),
    ];
    for (const other of others) {
      expect((await other.call({ url: '/api/v1/admin/contact-messages' })).statusCode).toBe(403);
      const patch = await other.call({
        method: 'PATCH',
        url: `/api/v1/admin/contact-messages/${row!.id}`,
        payload: { handled: true },
      });
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/v1/admin/contact-messages' })).statusCode).toBe(401);
    const [after] = await t.db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.id, [row!.id]));
    expect(after!.handledAt).toBeNull();
  });
});

describe('Contact-Us over SMTP', () => {
  it('delivers the notification with a Reply-To header naming the visitor', async () => {
    const sink = await smtpSink();
    const smtp = await createTestApp({ SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT });
    try {
      const res = await smtp.app.inject({
        method: 'POST',
        url: '/api/v1/public/contact',
        payload: valid({ email: 'reply-here@example.test' }),
        remoteAddress: '192.0.2.5',
      });
      expect(res.statusCode).toBe(200);
      await smtp.app.background.idle();
      const toSupport = sink.received.find((m) => m.to.includes(SUPPORT))!;
      expect(toSupport.body).toMatch(/^reply-to: reply-here@example\.test\r?$/im);
      const toVisitor = sink.received.find((m) => m.to.includes('reply-here@example.test'))!;
      expect(toVisitor.body).not.toMatch(/^reply-to:/im);
    } finally {
      await smtp.close();
      await sink.close();
    }
  });
});
