/**
 * Notification preferences (issue 18, decision 023): the choices' API (read back from the table),
 * bad input refused naming the field, the unsubscribe link (signed, single-purpose, no sign-in,
 * never logged), transactional e-mails unaffected, and the Super Admin's product news reaching
 * exactly the opted-in readers in their e-mail language.
 */
import { NOTIFICATION_TOPICS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribe, withUnsubscribe } from '../src/lib/notifications.js';
import { smtpMail } from '../src/providers/mail/index.js';
import { actor, createTestApp, createTree, logCapture, type TestApp } from './helpers.js';
import { V1 } from './payments-support.js';

let t: TestApp;
const capture = logCapture();
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: capture.stream });
});
afterAll(async () => t?.close());

const prefRows = async (userId: number) =>
  (
    (await t.db.execute(
      sql`select topic, enabled from notification_preferences where user_id = ${userId} order by topic`,
    )) as unknown as { rows: { topic: string; enabled: boolean }[] }
  ).rows;
const emailLanguageOf = async (userId: number) =>
  (
    (await t.db.execute(sql`select email_language from users where id = ${userId}`)) as unknown as {
      rows: { email_language: string | null }[];
    }
  ).rows[0]!.email_language;
const mails = async (to: string, template?: string) =>
  (
    (await t.db.execute(
      sql`select subject, text, html, template, meta from emails where "to" = ${to}
        ${template ? sql`and template = ${template}` : sql``} order by id`,
    )) as unknown as {
      rows: { subject: string; text: string; html: string | null; template: string; meta: Record<string, unknown> }[];
    }
  ).rows;

const unsubscribeOf = (text: string) => /\/unsubscribe\?t=([^\s"<]+)/.exec(text)?.[1];

describe('GET and PUT /user/notifications', () => {
  it('reads the defaults, saves a partial update, and reads it back from the table', async () => {
    const tree = await createTree(t.db);
    const admin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const first = await admin.call({ method: 'GET', url: `${V1}/user/notifications` });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data.emailLanguage).toBeNull();
    expect(data.topics).toEqual(
      NOTIFICATION_TOPICS.map((topic) => ({
        id: topic.id,
        enabled: topic.defaultOn,
        applies: topic.id === 'daily_summary' || topic.id === 'product_news',
      })),
    );
    expect(await prefRows(admin.user.id)).toEqual([]);

    const put = await admin.call({
      method: 'PUT',
      url: `${V1}/user/notifications`,
      payload: { emailLanguage: 'es', topics: { daily_summary: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.topics.find((x: { id: string }) => x.id === 'daily_summary').enabled).toBe(false);
    expect(await prefRows(admin.user.id)).toEqual([{ topic: 'daily_summary', enabled: false }]);
    expect(await emailLanguageOf(admin.user.id)).toBe('es');

    // Partial: another topic leaves the first one's choice and the language alone.
    await admin.call({ method: 'PUT', url: `${V1}/user/notifications`, payload: { topics: { product_news: true } } });
    expect(await prefRows(admin.user.id)).toEqual([
      { topic: 'daily_summary', enabled: false },
      { topic: 'product_news', enabled: true },
    ]);
    expect(await emailLanguageOf(admin.user.id)).toBe('es');
    // Back to the console language.
    await admin.call({ method: 'PUT', url: `${V1}/user/notifications`, payload: { emailLanguage: null } });
    expect(await emailLanguageOf(admin.user.id)).toBeNull();
  });

  it('refuses bad input with 4xx naming the field, and changes nothing', async () => {
    const parent = await actor(t, { profiles: ['fundraiser'] });
    const put = (payload: Record<string, unknown>) =>
      parent.call({ method: 'PUT', url: `${V1}/user/notifications`, payload });
    const cases: [Record<string, unknown>, string][] = [
      [{ topics: { gift_to_player: false, birthday_cards: false } }, 'body.topics.birthday_cards'],
      [{ topics: { gift_to_player: 'no' } }, 'body.topics.gift_to_player'],
      [{ emailLanguage: 'fr' }, 'body.emailLanguage'],
      [{ theme: 'dark' }, 'body'],
      // Applies to node administrators only.
      [{ topics: { gift_to_player: false, daily_summary: true } }, 'body.topics.daily_summary'],
    ];
    for (const [payload, path] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
      expect(
        paths.some((p) => p.startsWith(path)),
        `${JSON.stringify(payload)} → ${paths}`,
      ).toBe(true);
    }
    expect((await put({ topics: { birthday_cards: true } })).json().message).toContain('birthday_cards');
    expect(await prefRows(parent.user.id)).toEqual([]);
    expect(await emailLanguageOf(parent.user.id)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${V1}/user/notifications` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${V1}/user/notifications`, payload: { topics: {} } })).statusCode,
    ).toBe(401);
  });
});

describe('unsubscribe link', () => {
  it('needs no sign-in: GET shows the page and changes nothing, POST (one-click) opts out', async () => {
    const parent = await actor(t, { profiles: ['fundraiser'] });
    const token = signUnsubscribe(t.app.jwtKey, parent.user.id, 'gift_to_player');
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Stop these e-mails?');
    expect(page.body).toContain('<form method="post"');
    expect(await prefRows(parent.user.id)).toEqual([]);
    // Spanish, by the reader's choice.
    const es = await t.app.inject({ method: 'GET', url: `/unsubscribe?t=${token}&lang=es` });
    expect(es.body).toContain('¿Dejar de recibir estos correos?');
    expect(es.body).toContain('<html lang="es">');

    const done = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?t=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await prefRows(parent.user.id)).toEqual([{ topic: 'gift_to_player', enabled: false }]);
    // Again: still off, still 200 (a mail client may retry).
    const again = await t.app.inject({ method: 'POST', url: `/unsubscribe?t=${token}` });
    expect(again.statusCode).toBe(200);
    expect(await prefRows(parent.user.id)).toEqual([{ topic: 'gift_to_player', enabled: false }]);
  });

  it('is signed and single-purpose: tampered, other user, other topic or a sign-in token → 400, nothing changed', async () => {
    const a = await actor(t, { profiles: ['fundraiser'] });
    const b = await actor(t, { profiles: ['fundraiser'] });
    const good = signUnsubscribe(t.app.jwtKey, a.user.id, 'gift_to_player');
    const sig = good.split('.')[2]!;
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      flip(good), // tampered signature
      `${b.user.id}.gift_to_player.${sig}`, // the signature of another user's link
      `${a.user.id}.product_news.${sig}`, // another topic with this link's signature
      `${a.user.id}.birthday_cards.${sig}`, // not a topic
      a.session.accessToken, // a sign-in token
      a.session.refreshToken ?? 'x',
      '',
      'a'.repeat(200),
    ];
    // A link signed with another key (another install, or the JWT key itself) is not ours either.
    const { createHmac } = await import('node:crypto');
    const foreign = createHmac('sha256', t.app.jwtKey).update(`unsubscribe\0${a.user.id}.gift_to_player`);
    bad.push(`${a.user.id}.gift_to_player.${foreign.digest('base64url')}`);
    for (const token of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/unsubscribe?t=${encodeURIComponent(token)}` });
        expect(res.statusCode, `${method} ${token.slice(0, 30)}`).toBe(400);
        expect(res.body).toContain('This link does not work');
      }
    }
    expect(await prefRows(a.user.id)).toEqual([]);
    expect(await prefRows(b.user.id)).toEqual([]);
    // Nor does the unsubscribe token sign anyone in.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `${V1}/user/notifications`,
      headers: { authorization: `Bearer ${good}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('never writes a token to the logs', async () => {
    const u = await actor(t, { profiles: ['fundraiser'] });
    const token = signUnsubscribe(t.app.jwtKey, u.user.id, 'at_risk_nudge');
    capture.lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/unsubscribe?t=${token}` });
    await t.app.inject({ method: 'POST', url: `/unsubscribe?t=${token}` });
    await t.app.inject({ method: 'POST', url: `/unsubscribe?t=${token}x` });
    expect(capture.lines.length).toBeGreaterThan(0);
    const sig = token.split('.')[2]!;
    expect(capture.lines.filter((l) => l.includes(sig))).toEqual([]);
    expect(capture.lines.some((l) => l.includes('/unsubscribe?t=[redacted]'))).toBe(true);
  });
});

describe('transactional e-mails', () => {
  it('still go when every topic is off, in the chosen e-mail language', async () => {
    const parent = await actor(t, { profiles: ['fundraiser'] });
    const off = Object.fromEntries(
      NOTIFICATION_TOPICS.filter((x) => x.id !== 'daily_summary').map((x) => [x.id, false]),
    );
    expect(
      (
        await parent.call({
          method: 'PUT',
          url: `${V1}/user/notifications`,
          payload: { topics: off, emailLanguage: 'es' },
        })
      ).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `${V1}/password/forgot`,
      payload: { email: parent.user.email },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    await t.app.background.idle();
    const reset = await mails(parent.user.email);
    expect(reset).toHaveLength(1);
    expect(reset[0]!.text).toContain('/reset-password?token=');
    // The console stays English; the e-mail follows the e-mail language.
    expect(reset[0]!.subject).toBe('Restablece tu contraseña');
    // A transactional e-mail has no unsubscribe link.
    expect(reset[0]!.text).not.toContain('/unsubscribe');
  });
});

describe('product news', () => {
  const body = {
    subjectEn: 'New: team messages',
    messageEn: 'You can now message your team from the console.',
    subjectEs: 'Nuevo: mensajes al equipo',
    messageEs: 'Ahora puedes escribir a tu equipo desde la consola.',
  };

  it('only a Super Admin sends it; bad input names the field', async () => {
    const tree = await createTree(t.db);
    const admin = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const refused = await admin.call({ method: 'POST', url: `${V1}/admin/notifications/product-news`, payload: body });
    expect(refused.statusCode).toBe(403);
    const sales = await actor(t, { staffRole: 'fys_sales' });
    expect(
      (await sales.call({ method: 'POST', url: `${V1}/admin/notifications/product-news`, payload: body })).statusCode,
    ).toBe(403);
    const superAdmin = await actor(t, { staffRole: 'super_admin' });
    const bad = await superAdmin.call({
      method: 'POST',
      url: `${V1}/admin/notifications/product-news`,
      payload: { ...body, subjectEs: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.subjectEs');
  });

  it('reaches exactly the opted-in readers, each in their e-mail language, with a working unsubscribe link', async () => {
    const superAdmin = await actor(t, { staffRole: 'super_admin' });
    const yesEn = await actor(t, { profiles: ['donor'] });
    const yesEs = await actor(t, { profiles: ['fundraiser'] });
    const no = await actor(t, { profiles: ['donor'] });
    const silent = await actor(t, { profiles: ['donor'] }); // never chose: off by default
    await yesEn.call({ method: 'PUT', url: `${V1}/user/notifications`, payload: { topics: { product_news: true } } });
    await yesEs.call({
      method: 'PUT',
      url: `${V1}/user/notifications`,
      payload: { topics: { product_news: true }, emailLanguage: 'es' },
    });
    await no.call({ method: 'PUT', url: `${V1}/user/notifications`, payload: { topics: { product_news: false } } });
    const optedIn = Number(
      (
        (await t.db.execute(
          sql`select count(*)::int as n from notification_preferences p join users u on u.id = p.user_id
            where p.topic = 'product_news' and p.enabled and u.deleted_at is null and u.status <> 'disabled'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );
    const res = await superAdmin.call({ method: 'POST', url: `${V1}/admin/notifications/product-news`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recipients).toBe(optedIn);

    const en = await mails(yesEn.user.email, 'product-news');
    expect(en.map((m) => m.subject)).toEqual(['New: team messages']);
    const es = await mails(yesEs.user.email, 'product-news');
    expect(es.map((m) => m.subject)).toEqual(['Nuevo: mensajes al equipo']);
    expect(es[0]!.text).toContain('Dejar de recibir estos correos');
    expect(await mails(no.user.email)).toEqual([]);
    expect(await mails(silent.user.email)).toEqual([]);
    expect(en[0]!.meta.listUnsubscribe).toMatch(/\/unsubscribe\?t=/);

    // The link read from the stored e-mail opts the reader out, and the next news skips them.
    const token = unsubscribeOf(es[0]!.text)!;
    expect((await t.app.inject({ method: 'POST', url: `/unsubscribe?t=${token}` })).statusCode).toBe(200);
    const second = await superAdmin.call({
      method: 'POST',
      url: `${V1}/admin/notifications/product-news`,
      payload: body,
    });
    expect(second.json().data.recipients).toBe(optedIn - 1);
    expect(await mails(yesEs.user.email, 'product-news')).toHaveLength(1);
    expect(await mails(yesEn.user.email, 'product-news')).toHaveLength(2);
  });
});

describe('SMTP delivery of an optional e-mail', () => {
  it('sends the List-Unsubscribe headers (RFC 2369, RFC 8058) and keeps no usable link afterwards', async () => {
    const u = await actor(t, { profiles: ['donor'] });
    const sent: Record<string, unknown>[] = [];
    const smtp = smtpMail(t.db, t.app.log, {
      url: 'smtp://127.0.0.1:1',
      from: 'FUNDRAISER CONSOLE <no-reply@example.test>',
      retrySeconds: 30,
      transporter: {
        sendMail: async (m) => {
          sent.push(m);
          return {};
        },
      },
    });
    const mail = withUnsubscribe(
      t.app,
      { subject: 'News', text: 'Hello.', html: '<p>Hello.</p>' },
      { userId: u.user.id, lang: 'en' },
      'product_news',
    );
    await smtp.send({ to: u.user.email, ...mail, template: 'product-news', meta: { topic: 'product_news' } });
    expect(sent).toHaveLength(1);
    const url = `${t.app.env.PUBLIC_URL}/unsubscribe?t=${signUnsubscribe(t.app.jwtKey, u.user.id, 'product_news')}`;
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(String(sent[0]!.text)).toContain(url);
    // The stored copy: delivered, without the link in its body or its meta.
    const [row] = await mails(u.user.email, 'product-news');
    expect(row!.text).not.toContain(url.split('t=')[1]!);
    expect(row!.html).not.toContain(url.split('t=')[1]!);
    expect(row!.meta).not.toHaveProperty('listUnsubscribe');
    expect(row!.meta).toMatchObject({ topic: 'product_news' });
  });
});
