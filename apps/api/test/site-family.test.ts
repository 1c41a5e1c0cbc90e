/**
 * The family pages rendered on the server (issue 14; rendered.family.ts) over plain HTTP: an
 * invitation (`/onboarding/campaign/accept-invite/{cfid}?token=`, `/onboarding/player/{cfid}`)
 * and player registration (`/register/{organization}/player[/{fundraiser}]`) answer every kind of
 * client and HEAD with their real status, what the family came to see in the HTML (the campaign,
 * the player, the organization, the divisions), in the language asked for, never indexed and
 * never stored by a cache; the invitation's token stays out of the server log.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { campaignFundraisers, organizations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../src/lib/crypto.js';
import { createOrg, createTestApp, logCapture, type TestApp } from './helpers.js';
import { CLIENTS, fakeDist, langOf, metaContent, open, PUBLIC_URL, siteData, titleOf } from './site-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
type Tree = { [k: string]: string | Tree };
const strings = (lang: 'en' | 'es') =>
  (JSON.parse(readFileSync(path.resolve(here, `../../web/src/locales/${lang}/public.json`), 'utf8')) as Tree)
    .public as Record<string, Record<string, string>>;
/** As the renderer writes text: `&` and `<` escaped (attributes also `"`). */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const { lines, stream } = logCapture();
let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;

beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/`, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { serveWeb: true, logStream: stream },
  );
  data = await siteData(t);
});
afterAll(async () => t.close());

/** A live invitation: its cfid, token, campaign title and player. */
async function invitation() {
  const campaign = await data.campaign({ title: `Spring <Drive> & Co ${randomToken().slice(0, 6)}` });
  const { player, cf } = await data.player(campaign.id, {
    firstName: 'Ella',
    lastName: "O'Baker",
    parentFirstName: 'Morgan',
    parentLastName: 'Baker',
  });
  const token = randomToken();
  await t.db
    .update(campaignFundraisers)
    .set({ inviteTokenHash: sha256(token), inviteExpiresAt: new Date(Date.now() + 86_400_000) })
    .where(eq(campaignFundraisers.id, cf.id));
  return { cfid: cf.id, token, campaign, player };
}

/** The headers every family page answers with, whatever its status. */
function expectPrivate(res: { headers: Record<string, unknown> }, label: string) {
  expect(res.headers['content-type'], label).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control'], label).toBe('private, no-store');
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
}

/** Never indexed, and no canonical or preview tags (a page for one family). */
function expectUnlisted(html: string, label: string) {
  expect(metaContent(html, 'robots'), label).toBe('noindex');
  expect(html, label).not.toContain('rel="canonical"');
  expect(html, label).not.toContain('og:');
  expect(html, label).not.toContain('<div id="root">');
}

describe('invitation pages', () => {
  it('answer 200 to every client and HEAD, private and not stored, with the campaign, the player and the organization', async () => {
    const inv = await invitation();
    const s = strings('en');
    for (const base of ['/onboarding/campaign/accept-invite', '/onboarding/player']) {
      const url = `${base}/${inv.cfid}?token=${inv.token}`;
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        const label = `${base} ${client.name}`;
        expect(res.statusCode, label).toBe(200);
        expectPrivate(res, label);
        if (client.method === 'HEAD') {
          expect(res.body, label).toBe('');
          continue;
        }
        const html = res.body;
        expect(langOf(html), label).toBe('en');
        expect(titleOf(html), label).toBe(escaped(`${s.invite!.title} · FUNDRAISER CONSOLE`));
        expectUnlisted(html, label);
        const summary = /data-testid="invite-summary">([^<]*)</.exec(html)?.[1];
        expect(summary, label).toBe(
          text(`Ella O'Baker is invited to fundraise in ${inv.campaign.title} (${data.tree.team.name}).`),
        );
        // The form before any script: the names prefilled from the invitation, the island's root.
        expect(html, label).toContain('data-island="invite"');
        expect(html, label).toContain('<input id="invite-first-name" name="firstName" value="Morgan"');
        expect(html, label).toContain('data-testid="invite-create-submit"');
        // The language links keep the token: the other language is the same invitation.
        expect(html, label).toContain(`href="${base}/${inv.cfid}?token=${inv.token}&amp;lang=es"`);
      }
    }
  });

  it('is written in the language asked for (?lang=es, cookie, Accept-Language)', async () => {
    const inv = await invitation();
    const s = strings('es');
    const url = `/onboarding/campaign/accept-invite/${inv.cfid}?token=${inv.token}`;
    for (const headers of [{}, { 'accept-language': 'es-MX,es;q=0.9' }, { cookie: 'lang=es' }]) {
      const target = Object.keys(headers).length ? url : `${url}&lang=es`;
      const html = (await open(t, target, { headers })).body;
      expect(langOf(html)).toBe('es');
      expect(titleOf(html)).toBe(escaped(`${s.invite!.title} · FUNDRAISER CONSOLE`));
      expect(html).toContain(escaped(s.invite!.createTitle!));
      expect(html).toContain(text(inv.campaign.title));
    }
  });

  it('a wrong, used or expired token answers 404 with the invalid message; a link without its token, 404 with the missing one', async () => {
    const inv = await invitation();
    const invalid = [
      `/onboarding/campaign/accept-invite/${inv.cfid}?token=${randomToken()}`,
      `/onboarding/player/${inv.cfid + 100_000}?token=${inv.token}`,
    ];
    const missing = [
      '/onboarding/campaign/accept-invite',
      '/onboarding/player',
      `/onboarding/campaign/accept-invite/${inv.cfid}`,
      `/onboarding/campaign/accept-invite/${inv.cfid}?token=short`,
      `/onboarding/player/abc?token=${inv.token}`,
    ];
    for (const [urls, testId, titleKey] of [
      [invalid, 'invite-invalid', 'invalidTitle'],
      [missing, 'invite-missing', 'missingTitle'],
    ] as const) {
      for (const url of urls)
        for (const client of CLIENTS) {
          const res = await open(t, url, { method: client.method, headers: client.headers });
          const label = `${url} ${client.name}`;
          expect(res.statusCode, label).toBe(404);
          expectPrivate(res, label);
          if (client.method === 'HEAD') continue;
          expectUnlisted(res.body, label);
          expect(res.body, label).toContain(`data-testid="${testId}"`);
          expect(res.body, label).toContain(escaped(strings('en').invite![titleKey]!));
          expect(res.body, label).not.toContain('data-island="invite"');
        }
    }
    // Used: accepting clears the hash.
    await t.db.update(campaignFundraisers).set({ inviteTokenHash: null }).where(eq(campaignFundraisers.id, inv.cfid));
    const used = await open(t, `/onboarding/campaign/accept-invite/${inv.cfid}?token=${inv.token}&lang=es`);
    expect(used.statusCode).toBe(404);
    expect(used.body).toContain(escaped(strings('es').invite!.invalidTitle!));
    // Expired.
    const late = await invitation();
    await t.db
      .update(campaignFundraisers)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(campaignFundraisers.id, late.cfid));
    expect((await open(t, `/onboarding/player/${late.cfid}?token=${late.token}`)).statusCode).toBe(404);
  });

  it('counts against the same allowance per network as the JSON look-up: past it, 429 with retry-after', async () => {
    const inv = await invitation();
    const remoteAddress = '10.77.0.1';
    const url = `/onboarding/campaign/accept-invite/${inv.cfid}?token=${inv.token}`;
    // Half through the API, half through the page: one allowance (PUBLIC_LIMITS.inviteLookup, 60).
    for (let i = 0; i < 30; i++)
      expect(
        (await open(t, `/api/v1/onboarding/campaign/invite/${inv.cfid}?token=${inv.token}`, { remoteAddress }))
          .statusCode,
      ).toBe(200);
    for (let i = 0; i < 30; i++) expect((await open(t, url, { remoteAddress })).statusCode).toBe(200);
    const res = await open(t, `${url}&lang=es`, { remoteAddress });
    expect(res.statusCode).toBe(429);
    expectPrivate(res, '429');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toContain('data-testid="invite-invalid"');
    const throttled = (strings('es').family as unknown as { codes: Record<string, string> }).codes.THROTTLED!;
    expect(res.body).toContain(escaped(throttled));
    expect(res.body).not.toContain(inv.token);
    // Another network is not affected.
    expect((await open(t, url, { remoteAddress: '10.77.0.2' })).statusCode).toBe(200);
  });

  it('keeps the token out of the server log', async () => {
    const inv = await invitation();
    const before = lines.length;
    await open(t, `/onboarding/campaign/accept-invite/${inv.cfid}?token=${inv.token}`);
    await open(t, `/onboarding/player/${inv.cfid}?token=${inv.token}`, { method: 'HEAD' });
    const logged = lines.slice(before);
    expect(logged.some((l) => l.includes(`/onboarding/campaign/accept-invite/${inv.cfid}`))).toBe(true);
    expect(logged.filter((l) => l.includes(inv.token))).toEqual([]);
  });
});

describe('player registration pages', () => {
  it('answer 200 to every client and HEAD, private and not stored, with the organization and its divisions', async () => {
    const s = strings('en');
    const team = data.tree.team;
    const { player } = await data.player((await data.campaign()).id);
    for (const url of [`/register/${team.slug}/player`, `/register/${team.slug}/player/${player.id}`])
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        const label = `${url} ${client.name}`;
        expect(res.statusCode, label).toBe(200);
        expectPrivate(res, label);
        if (client.method === 'HEAD') {
          expect(res.body, label).toBe('');
          continue;
        }
        const html = res.body;
        expect(langOf(html), label).toBe('en');
        expect(titleOf(html), label).toBe(escaped(`${s.register!.title} · FUNDRAISER CONSOLE`));
        expectUnlisted(html, label);
        expect(html, label).toContain(`Join ${team.name}`);
        expect(html, label).toMatch(new RegExp(`<option [^>]*value="${data.tree.division.id}"`));
        expect(html, label).toContain(data.tree.division.name);
        expect(html, label).toContain('data-island="register"');
        for (const id of ['reg-first-name', 'reg-parent-first-name', 'reg-email', 'reg-password', 'reg-submit'])
          expect(html, label).toContain(`data-testid="${id}"`);
        expect(html, label).toContain(`href="/login?returnTo=${encodeURIComponent(url)}"`);
      }
  });

  it('is written in Spanish with ?lang=es', async () => {
    const s = strings('es');
    const html = (await open(t, `/register/${data.tree.team.slug}/player?lang=es`)).body;
    expect(langOf(html)).toBe('es');
    expect(titleOf(html)).toBe(escaped(`${s.register!.title} · FUNDRAISER CONSOLE`));
    expect(html).toContain(escaped(s.register!.parentSection!));
    expect(html).toContain(escaped(s.register!.submit!));
  });

  it('an unknown or inactive organization, and a fundraiser that is no player, answer 404 with the SPA message', async () => {
    const inactive = await createOrg(t.db, 3, data.tree.league.id);
    await t.db.update(organizations).set({ status: 'inactive' }).where(eq(organizations.id, inactive.id));
    const urls = [
      '/register/no-such-organization/player',
      `/register/${inactive.slug}/player`,
      `/register/${data.tree.team.slug}/player/999999999`,
      `/register/${data.tree.team.slug}/player/not-a-player`,
    ];
    for (const url of urls)
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        const label = `${url} ${client.name}`;
        expect(res.statusCode, label).toBe(404);
        expectPrivate(res, label);
        if (client.method === 'HEAD') continue;
        expectUnlisted(res.body, label);
        expect(res.body, label).toContain('data-testid="register-not-found"');
        expect(res.body, label).toContain(escaped(strings('en').register!.notFoundTitle!));
      }
  });

  it('an organization with no division says registration is not open, without the form', async () => {
    const lone = await createOrg(t.db, 3, data.tree.league.id);
    const res = await open(t, `/register/${lone.slug}/player`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="register-closed"');
    expect(res.body).not.toContain('data-island="register"');
  });

  it('leaves the JSON endpoints to the API', async () => {
    const res = await open(t, `/api/v1/register/${data.tree.team.slug}/player`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organization.slug).toBe(data.tree.team.slug);
  });
});
