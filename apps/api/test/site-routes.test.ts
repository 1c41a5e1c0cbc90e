/**
 * The addresses around the public pages: donor-only pages and fee requests with their real
 * status, the catch-all `/{slug}`, the home address, the console routes the SPA still owns,
 * files of the build, and the API and files prefixes that keep their JSON 404.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { opportunity } from './site-sponsorships-support.js';
import { CLIENTS, createSiteApp, metaContent, open, PUBLIC_URL, siteData, titleOf } from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
});
afterAll(async () => t.close());

async function expectPage(url: string, status: number) {
  for (const client of CLIENTS) {
    const res = await open(t, url, { method: client.method, headers: client.headers });
    expect(res.statusCode, `${client.name} ${url}`).toBe(status);
    expect(res.headers['content-type'], `${client.name} ${url}`).toBe('text/html; charset=utf-8');
  }
  return (await open(t, url)).body;
}

describe('donor pages and fee requests', () => {
  it('a donation cart and thank-you page: 200 when the donation exists, 404 otherwise; never indexed', async () => {
    const c = await data.campaign();
    const id = await data.donation(c.id);
    for (const page of ['cart', 'thank-you']) {
      const html = await expectPage(`/donations/${id}/${page}`, 200);
      expect(metaContent(html, 'robots')).toBe('noindex');
      // The cart is rendered by the server (site-checkout.test.ts), its document with the site's card tags.
      if (page === 'thank-you') expect(metaContent(html, 'og:title')).toBeNull();
      await expectPage(`/donations/${'x'.repeat(24)}/${page}`, 404);
      await expectPage(`/donations/short/${page}`, 404);
    }
    expect(metaContent(await expectPage('/cart/notfound', 200), 'robots')).toBe('noindex');
  });

  it('a fee request page: 200 for a fee of a public campaign, 404 for an unknown, malformed or draft one', async () => {
    const c = await data.campaign();
    const draft = await data.campaign({ status: 'draft' });
    const fee = await data.fee(c.id);
    const draftFee = await data.fee(draft.id);
    // The JSON endpoint the fee page calls agrees.
    expect((await open(t, `/api/v1/fee_requests/${fee.id}`)).statusCode).toBe(200);
    await expectPage(`/campaigns/pay_fees/${fee.id}`, 200);
    await expectPage(`/campaigns/pay_fees/${fee.id + 1000}`, 404);
    await expectPage('/campaigns/pay_fees/abc', 404);
    await expectPage('/campaigns/pay_fees/99999999999', 404);
    expect((await open(t, `/api/v1/fee_requests/${draftFee.id}`)).statusCode).toBe(404);
    await expectPage(`/campaigns/pay_fees/${draftFee.id}`, 404);
  });
});

describe('the catch-all /{slug}', () => {
  it("an organization, league or team web address is its server-rendered page, 200 with the organization's card; a division or unknown one is the site's not-found page, 404", async () => {
    const { org, league, team, division } = data.tree;
    for (const node of [org, league, team]) {
      const html = await expectPage(`/${node.slug}`, 200);
      // The page itself, not the SPA shell (decision 017).
      expect(html).not.toContain('<div id="root">');
      expect(html).toContain(`<h1>${node.name}</h1>`);
      expect(metaContent(html, 'og:title')).toBe(node.name);
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/${node.slug}`);
      expect(metaContent(html, 'robots')).toBeNull();
    }
    for (const url of [`/${division.slug}`, '/no-such-organization']) {
      const html = await expectPage(url, 404);
      expect(html).not.toContain('<div id="root">');
      expect(html).toContain('<h1>Page not found</h1>');
      expect(metaContent(html, 'robots')).toBe('noindex');
    }
  });

  it('/api and /files are not web addresses; a file name with a dot goes to the build files', async () => {
    for (const url of ['/api', '/files']) {
      const res = await open(t, url, { headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ hasError: true, code: 'NOT_FOUND' });
    }
    const card = await open(t, '/og-card.png');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect((await open(t, '/missing.png', { headers: { accept: 'image/*' } })).statusCode).toBe(404);
  });
});

describe('the sponsorship pages (issue 17)', () => {
  it("/{slug}/sponsorships is a node's page, 200; /sponsorships/{slug} an opportunity's; unknown ones are the site's not-found page, 404", async () => {
    const o = await opportunity(t.db, { organizationId: data.tree.team.id });
    await expectPage(`/${data.tree.team.slug}/sponsorships`, 200);
    await expectPage(`/sponsorships/${o.slug}`, 200);
    for (const url of [
      `/${data.tree.division.slug}/sponsorships`,
      '/no-such-node/sponsorships',
      '/sponsorships/no-such-thing',
    ])
      expect(await expectPage(url, 404)).toContain('<html');
  });
});

describe('the home address and the API', () => {
  it('/ answers the server-rendered home page to GET and HEAD whatever the Accept header', async () => {
    const html = await expectPage('/', 200);
    expect(titleOf(html)).toMatch(/ · FUNDRAISER CONSOLE$/);
    expect(html).not.toContain('<div id="root">');
    expect(html).toContain('data-home');
  });

  it('unknown API routes and files keep their JSON 404, whatever the Accept header', async () => {
    for (const url of ['/api/v1/no-such-route', '/api/v1/public/campaigns/a/b/c', '/files/nope.png']) {
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        expect(res.statusCode, `${client.name} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${client.name} ${url}`).toContain('application/json');
      }
    }
  });
});

/**
 * Every route of the SPA's table (apps/web/src/app/routes/routes.tsx), opened by a browser,
 * still gets the shell with 200: the data routes above must not swallow a console page such
 * as /campaigns/list or /login. Parameters are filled with `1`; data pages are checked above.
 */
describe('the SPA route table', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = readFileSync(path.resolve(here, '../../web/src/app/routes/routes.tsx'), 'utf8');
  const paths = [
    ...[...source.matchAll(/(?:path: |authed\()'([^']+)'/g)].map((m) => m[1]!),
    // bareView('/x', …) is the route `x/view`.
    ...[...source.matchAll(/bareView\('([^']+)'/g)].map((m) => `${m[1]}/view`),
  ];
  // Rendered by the server (the affiliate pages: test/site-affiliate.test.ts), whatever the SPA's table still lists.
  const DATA =
    /^(campaigns\/:campaign_slug|campaigns\/pay_fees|fundraisers\/:fundraiser_slug|donations\/:donation_(id|slug)|:slug$|affiliate\/)/;
  const browserPaths = paths
    .filter((p) => p !== '/' && p !== '*' && !DATA.test(p))
    .map(
      (p) =>
        `/${p
          .replace(/^\//, '')
          .replace(/\*$/, 'x')
          .replace(/:[a-z_]+/gi, '1')}`,
    );

  it('reads the table', () => {
    expect(browserPaths).toContain('/login');
    expect(browserPaths).toContain('/campaigns/list');
    expect(browserPaths).toContain('/fundraisers/home');
    expect(browserPaths.length).toBeGreaterThan(60);
  });

  it('answers each with the shell, 200, for a browser (GET and HEAD)', async () => {
    for (const url of browserPaths) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await open(t, url, { method, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type'], `${method} ${url}`).toBe('text/html; charset=utf-8');
      }
    }
  });
});
