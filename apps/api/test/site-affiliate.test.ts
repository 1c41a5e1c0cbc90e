/**
 * The affiliate's public page and referral visits (issue 16, decision 018 "Attribution" and
 * "Consent") over plain HTTP: `/affiliate/{slug}` renders whole without JavaScript for active and
 * paused affiliates (404 otherwise), every visit writes a click row (checked in SQL), the `fc_ref`
 * cookie carries a random visitor id unless the browser or the visitor refuses, `?ref=` on any
 * rendered page does the same and is never cached, the notice names the affiliate, and
 * "Don't remember" deletes the cookie.
 */
import { affiliateClicks, campaigns } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { affiliate, clicksOf, cookieNamed, setCookies } from './site-affiliate-support.js';
import { canonicalOf, fakeDist, metaContent, open, PUBLIC_URL, siteData, titleOf } from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
let ipSeq = 0;
/** Each test visits from its own address: the click throttle counts per address. */
const ip = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const DAY = 86_400;

beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/`, PUBLIC_PAGE_CACHE_SECONDS: '60' },
    { serveWeb: true },
  );
  data = await siteData(t);
});
afterAll(async () => t.close());

const visit = (url: string, headers: Record<string, string> = {}, remoteAddress = ip()) =>
  open(t, url, { headers, remoteAddress });

describe('/affiliate/{slug}', () => {
  it('renders the affiliate whole without JavaScript, records the click and sets the cookie', async () => {
    const a = await affiliate(
      t.db,
      {},
      {
        windows: [
          { days: 45, status: 'accepted' },
          { days: 60, status: 'accepted' },
          { days: 90, status: 'offered' },
        ],
        orgIds: [data.tree.team.id, data.tree.division.id],
      },
    );
    const res = await visit(`/affiliate/${a.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain(`Ava ${a.lastName}`);
    // The bio is text, escaped.
    expect(html).toContain('I help &lt;teams> raise &quot;more&quot;.');
    expect(html).toContain('href="https://ava.example.org"');
    // The team has a page; the division does not.
    expect(html).toContain(`href="/${data.tree.team.slug}?lang=en"`);
    expect(html).not.toContain(`/${data.tree.division.slug}?`);
    expect(html).toContain('href="/onboarding/team?lang=en"');
    // Open Graph like the other public pages, canonical without any query.
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/affiliate/${a.slug}`);
    expect(metaContent(html, 'og:title')).toBe(`Ava ${a.lastName} · Affiliate`);
    expect(titleOf(html)).toBe(`Ava ${a.lastName} · Affiliate · FUNDRAISER CONSOLE`);
    // The notice, in the HTML: whose link, how many days (the longest ACCEPTED window).
    expect(html).toContain('data-island="referral"');
    expect(html).toContain(`You arrived through Ava ${a.lastName}'s link. We remember this visit for 60 days`);

    const cookie = cookieNamed(res.headers, 'fc_ref');
    expect(cookie).toBeDefined();
    const parts = cookie!.split(';').map((p) => p.trim());
    const visitor = parts[0]!.slice('fc_ref='.length);
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(parts).toEqual(expect.arrayContaining(['Path=/', `Max-Age=${60 * DAY}`, 'HttpOnly', 'SameSite=Lax']));
    // Test over plain http: no Secure (a local browser would drop the cookie).
    expect(parts).not.toContain('Secure');

    const rows = await clicksOf(t.db, a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visitorId: visitor, landingPath: `/affiliate/${a.slug}` });

    // A second visit keeps the same visitor id, and the notice until it is answered.
    const again = await visit(`/affiliate/${a.slug}?utm=x`, { cookie: `fc_ref=${visitor}` });
    expect(cookieNamed(again.headers, 'fc_ref')).toContain(`fc_ref=${visitor};`);
    const after = await clicksOf(t.db, a.id);
    expect(after.map((r) => [r.visitorId, r.landingPath])).toEqual([
      [visitor, `/affiliate/${a.slug}`],
      [visitor, `/affiliate/${a.slug}`],
    ]);
    const answered = await visit(`/affiliate/${a.slug}`, { cookie: `fc_ref=${visitor}; fc_ref_consent=ok` });
    expect(answered.body).not.toContain('data-island="referral"');
  });

  it('is in Spanish when asked, and remembers 30 days without an accepted program', async () => {
    const a = await affiliate(t.db, {}, { windows: [{ days: 90, status: 'withdrawn' }] });
    const res = await visit(`/affiliate/${a.slug}?lang=es`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain('Registra tu equipo');
    expect(res.body).toContain(
      `Llegaste a través del enlace de Ava ${a.lastName}. Recordamos esta visita durante 30 días`,
    );
    expect(cookieNamed(res.headers, 'fc_ref')).toContain(`Max-Age=${30 * DAY}`);
    // Without organizations, "Give to a team" leads to the home page.
    expect(res.body).toMatch(/href="\/\?lang=es" data-testid="affiliate-give"/);
  });

  it('a paused affiliate keeps the page and the click is counted', async () => {
    const a = await affiliate(t.db, { status: 'paused' });
    const res = await visit(`/affiliate/${a.slug}`);
    expect(res.statusCode).toBe(200);
    expect(await clicksOf(t.db, a.id)).toHaveLength(1);
  });

  it('is the not-found page (404) for an invited, disabled or unknown affiliate, with nothing recorded', async () => {
    for (const status of ['invited', 'disabled'] as const) {
      const a = await affiliate(t.db, { status });
      const res = await visit(`/affiliate/${a.slug}`);
      expect(res.statusCode, status).toBe(404);
      expect(res.body, status).toContain('Page not found');
      expect(res.body, status).not.toContain(a.lastName);
      expect(cookieNamed(res.headers, 'fc_ref'), status).toBeUndefined();
      expect(await clicksOf(t.db, a.id), status).toHaveLength(0);
    }
    const res = await visit('/affiliate/nobody-at-all');
    expect(res.statusCode).toBe(404);
    const ref = await visit(`/${data.tree.team.slug}?ref=nobody-at-all`);
    expect(ref.statusCode).toBe(200);
    expect(cookieNamed(ref.headers, 'fc_ref')).toBeUndefined();
  });

  it('counts a visit without a cookie (visitor id null) when the browser or the visitor refuses', async () => {
    const a = await affiliate(t.db);
    const refusals: Record<string, string>[] = [{ 'sec-gpc': '1' }, { dnt: '1' }, { cookie: 'fc_ref_consent=no' }];
    for (const headers of refusals) {
      const res = await visit(`/affiliate/${a.slug}`, headers);
      const label = JSON.stringify(headers);
      expect(res.statusCode, label).toBe(200);
      expect(cookieNamed(res.headers, 'fc_ref'), label).toBeUndefined();
      expect(res.body, label).not.toContain('data-island="referral"');
    }
    const rows = await clicksOf(t.db, a.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.visitorId === null)).toBe(true);
  });

  it('records at most 30 clicks per network address in 15 minutes; the page still answers', async () => {
    const a = await affiliate(t.db);
    const from = '10.78.0.1';
    for (let i = 0; i < 33; i++) {
      const res = await visit(`/affiliate/${a.slug}`, { 'sec-gpc': '1' }, from);
      expect(res.statusCode).toBe(200);
    }
    expect(await clicksOf(t.db, a.id)).toHaveLength(30);
    await visit(`/affiliate/${a.slug}`, {}, '10.78.0.2');
    expect(await clicksOf(t.db, a.id)).toHaveLength(31);
  });
});

describe('?ref= on any rendered page', () => {
  it('records the click on a campaign page, never from or into the page cache, canonical clean', async () => {
    const a = await affiliate(t.db, {}, { windows: [{ days: 14, status: 'accepted' }] });
    const c = await data.campaign();
    const url = `/campaigns/${c.slug}`;
    const plain = await visit(url);
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    // Changed behind this instance's back: a page from the cache would still show the old title.
    await t.db.update(campaigns).set({ title: 'Renamed Quietly' }).where(eq(campaigns.id, c.id));
    expect((await visit(url)).body).toContain(c.title);

    const res = await visit(`${url}?ref=${a.slug}&utm_source=mail`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Renamed Quietly');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}${url}`);
    expect(res.body).toContain('data-island="referral"');
    expect(cookieNamed(res.headers, 'fc_ref')).toContain(`Max-Age=${14 * DAY}`);
    const rows = await clicksOf(t.db, a.id);
    expect(rows.map((r) => r.landingPath)).toEqual([url]);
    // The referral page did not replace the kept one either.
    expect((await visit(url)).body).toContain(c.title);
  });

  it('records the click on an organization page and the home page; a HEAD or an API call records nothing', async () => {
    const a = await affiliate(t.db);
    for (const url of [`/${data.tree.org.slug}`, '/', '/how-it-works', '/onboarding/team']) {
      const res = await visit(`${url}?ref=${a.slug}`);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(cookieNamed(res.headers, 'fc_ref'), url).toBeDefined();
    }
    await open(t, `/${data.tree.org.slug}?ref=${a.slug}`, { method: 'HEAD', remoteAddress: ip() });
    await visit(`/api/v1/public/campaigns/nope?ref=${a.slug}`);
    const rows = await clicksOf(t.db, a.id);
    expect(rows.map((r) => r.landingPath)).toEqual([
      `/${data.tree.org.slug}`,
      '/',
      '/how-it-works',
      '/onboarding/team',
    ]);
  });

  it('brings the notice back on later pages until answered, privately', async () => {
    const a = await affiliate(t.db);
    const first = await visit(`/how-it-works?ref=${a.slug}`);
    const visitor = /fc_ref=([^;]+)/.exec(cookieNamed(first.headers, 'fc_ref')!)![1]!;
    const later = await visit('/our-story', { cookie: `fc_ref=${visitor}` });
    expect(later.headers['cache-control']).toBe('private, no-store');
    expect(later.body).toContain(`You arrived through Ava ${a.lastName}'s link.`);
    expect(cookieNamed(later.headers, 'fc_ref')).toBeUndefined();
    const ok = await visit('/our-story', { cookie: `fc_ref=${visitor}; fc_ref_consent=ok` });
    expect(ok.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(ok.body).not.toContain('data-island="referral"');
    // No click is written by a later page.
    expect(await clicksOf(t.db, a.id)).toHaveLength(1);
    const total = await t.db.select().from(affiliateClicks).where(eq(affiliateClicks.visitorId, visitor));
    expect(total).toHaveLength(1);
  });
});

describe('POST /api/v1/public/referral/forget', () => {
  it('deletes the cookie and remembers the refusal for a year: 204', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/referral/forget',
      headers: { cookie: 'fc_ref=abcdefghijklmnopqrstuv' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const ref = cookieNamed(res.headers, 'fc_ref')!
      .split(';')
      .map((p) => p.trim());
    expect(ref).toEqual(expect.arrayContaining(['fc_ref=', 'Max-Age=0', 'Path=/', 'HttpOnly']));
    const consent = cookieNamed(res.headers, 'fc_ref_consent')!
      .split(';')
      .map((p) => p.trim());
    expect(consent).toEqual(
      expect.arrayContaining(['fc_ref_consent=no', `Max-Age=${365 * DAY}`, 'Path=/', 'SameSite=Lax']),
    );
    expect(setCookies(res.headers)).toHaveLength(2);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/public/referral/forget', payload: {} });
    expect(empty.statusCode).toBe(204);
    const extra = await t.app.inject({ method: 'POST', url: '/api/v1/public/referral/forget', payload: { all: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain('all');
    expect(cookieNamed(extra.headers, 'fc_ref_consent')).toBeUndefined();
  });
});
