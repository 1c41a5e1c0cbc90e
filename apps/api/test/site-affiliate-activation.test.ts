/**
 * The affiliate activation page `/affiliate/activate/{token}` (issue 16) over plain HTTP, with
 * invitations made through the real calls (Super Admin creates and invites; the link is read from
 * the outbox): the page renders the greeting, the terms and the form without JavaScript, private
 * and never indexed; an expired link is a 410 page, a used or unknown one a 404 page, both asking
 * for a new invitation; and the token is in no line of the request log.
 */
import { affiliateInvitations, emails } from '@fc/db';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateBody, freshIp, insertProgram } from './affiliates-support.js';
import { actor, createTestApp, logCapture, PASSWORD, type TestApp } from './helpers.js';
import { fakeDist, metaContent, open, PUBLIC_URL } from './site-support.js';

const { lines, stream } = logCapture();
let t: TestApp;
let su: (o: InjectOptions) => Promise<LightMyRequestResponse>;

beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/`, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { serveWeb: true, logStream: stream },
  );
  su = (await actor(t, { staffRole: 'super_admin' })).call;
});
afterAll(async () => t.close());

async function invited() {
  const program = await insertProgram(t.db);
  const res = await su({
    method: 'POST',
    url: '/api/v1/affiliate',
    payload: affiliateBody({ programId: program.id, invite: true }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, email } = res.json().data as { id: number; email: string };
  await t.app.background.idle();
  const [mail] = await t.db.select().from(emails).where(eq(emails.to, email)).orderBy(desc(emails.id)).limit(1);
  const token = /\/affiliate\/activate\/([\w-]+)/.exec(mail!.text)![1]!;
  return { id, email, program, token };
}

const page = (token: string, headers: Record<string, string> = {}) =>
  open(t, `/affiliate/activate/${token}`, { headers, remoteAddress: freshIp() });

describe('/affiliate/activate/{token}', () => {
  it('shows the greeting, the terms and the form in the HTML; private, no referrer, never indexed', async () => {
    const inv = await invited();
    const res = await page(inv.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body;
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toMatch(/<h1>Welcome, [^<]+!<\/h1>/);
    expect(html).toContain(`Your program: ${inv.program.name}`);
    expect(html).toContain('data-testid="activate-terms-text"');
    expect(html).toContain(inv.program.terms.slice(0, 20));
    expect(html).toContain('data-island="activate"');
    expect(html).toContain('Choose a password');
    expect(html).toContain('I accept the terms');
    // A one-task page: the brand, language and theme, no site navigation.
    expect(html).toContain('class="site-header"');
    expect(html).not.toContain('class="main-nav"');
    const es = await page(inv.token, { 'accept-language': 'es' });
    expect(es.body).toContain('Acepto los términos');
  });

  it('is a 410 page once expired, and a 404 page once used or for an unknown link', async () => {
    const expired = await invited();
    await t.db
      .update(affiliateInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(affiliateInvitations.affiliateId, expired.id));
    const gone = await page(expired.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect(gone.body).toContain('This invitation has expired');
    expect(gone.body).toContain('Ask the FUNDRAISER CONSOLE team for a new invitation.');

    const used = await invited();
    const act = await t.app.inject({
      method: 'POST',
      url: '/api/v1/affiliate/activation',
      payload: { token: used.token, password: PASSWORD, acceptTerms: true },
      remoteAddress: freshIp(),
    });
    expect(act.statusCode, act.body).toBe(200);
    const after = await page(used.token);
    expect(after.statusCode).toBe(404);
    expect(after.body).toContain('This invitation link no longer works');
    expect(after.body).not.toContain('data-island="activate"');

    const unknown = await page('AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGH');
    expect(unknown.statusCode).toBe(404);
    expect((await page('short')).statusCode).toBe(404);
  });

  it('never writes the token into the request log', async () => {
    const inv = await invited();
    lines.length = 0;
    await page(inv.token);
    await page(`${inv.token}?lang=es`);
    const requests = lines.filter((l) => l.includes('/affiliate/activate/'));
    expect(requests.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(inv.token);
  });
});
