/**
 * The thank-you pages and /cart/notfound rendered by the server (issue 14 port): for every kind of
 * client (Accept `*\/*`, `text/html`, none, and HEAD) the real status; a paid gift's amount, total,
 * receipt number and names equal to `GET /api/v1/public/donations/{id}`'s; a payment still
 * processing shown as the database knows it (the page does not ask the processor); the campaign
 * and player variants with and without `?donation=`; 404 with the site's not-found page for an
 * unknown or malformed id and a page that is not public; 410 for a removed attempt; Spanish with
 * `?lang=es`; `noindex` everywhere; a donor's page `private, no-store`, the others the shared
 * cache's lifetime.
 */
import { formatMoney } from '@fc/contracts/money';
import { donations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REMOVED_DONOR } from '../src/modules/donations/retention.js';
import { RENDERED_CACHE } from '../src/modules/site/rendered.routes.js';
import { PRIVATE_CACHE } from '../src/modules/site/rendered.thanks.js';
import type { TestApp } from './helpers.js';
import { paid, payWith, SANDBOX_CARDS, startCheckout, V1 } from './payments-support.js';
import {
  CLIENTS,
  canonicalOf,
  createSiteApp,
  langOf,
  metaContent,
  open,
  PUBLIC_URL,
  siteData,
  titleOf,
} from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
let campaignSlug: string;
let campaignTitle: string;
let playerSlug: string;
beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
  const c = await data.campaign();
  campaignSlug = c.slug;
  campaignTitle = c.title;
  playerSlug = (await data.player(c.id)).cf.slug;
});
afterAll(async () => t.close());

/** Every client gets the status; the body of a plain GET. */
async function expectPage(url: string, status: number, headers: Record<string, string> = {}) {
  for (const client of CLIENTS) {
    const res = await open(t, url, { method: client.method, headers: { ...client.headers, ...headers } });
    expect(res.statusCode, `${client.name} ${url}`).toBe(status);
    expect(res.headers['content-type'], `${client.name} ${url}`).toBe('text/html; charset=utf-8');
    if (client.method === 'HEAD') expect(res.body).toBe('');
  }
  return open(t, url, { headers });
}

const json = async (url: string) => {
  const res = await open(t, `${V1}${url}`, { headers: { accept: 'application/json' } });
  expect(res.statusCode, url).toBe(200);
  return res.json().data;
};
/** The text of the element with this test id (no nested tags in these). */
const testId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

describe('/donations/{id}/thank-you', () => {
  it("a paid gift: the amount, total, receipt number and names are the JSON endpoint's, for every client", async () => {
    const { checkout } = await paid(t, { fundraiser: playerSlug, amountCents: 2500, coverFee: true });
    const url = `/donations/${checkout.donationId}/thank-you`;
    const res = await expectPage(url, 200);
    const html = res.body;
    const api = await json(`/public/donations/${checkout.donationId}`);
    expect(api.status).toBe(1);
    expect(testId(html, 'thankyou-amount')).toBe(formatMoney(api.amountCents, 'en', { whole: true }));
    expect(testId(html, 'thankyou-total')).toBe(formatMoney(api.totalCents, 'en', { whole: true }));
    expect(api.totalCents).toBe(api.amountCents + api.coverFeeCents);
    expect(api.coverFeeCents).toBeGreaterThan(0);
    expect(testId(html, 'thankyou-receipt')).toBe(api.receiptNumber);
    expect(testId(html, 'page-title')).toBe(`Thank you, ${api.donorFirstName}!`);
    for (const name of [api.organization.name, api.campaign.title, api.fundraiser.name]) expect(html).toContain(name);
    // The share card names the player's page; its island and the theme switch are the only islands.
    expect(html).toContain(`value="${PUBLIC_URL}/fundraisers/${playerSlug}"`);
    expect(html).toContain('data-island="share"');
    expect(html).not.toContain('data-island="thankyou"');
    // A donor's own page: never indexed, never shared, never stored.
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(metaContent(html, 'og:title')).toBeNull();
    expect(canonicalOf(html)).toBeNull();
    expect(titleOf(html)).toBe('Thank you · FUNDRAISER CONSOLE');
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE);
  });

  it('in Spanish with ?lang=es', async () => {
    const { checkout } = await paid(t, { campaign: campaignSlug, amountCents: 123_456 });
    const html = (await expectPage(`/donations/${checkout.donationId}/thank-you?lang=es`, 200)).body;
    expect(langOf(html)).toBe('es');
    expect(testId(html, 'thankyou-amount')).toBe(formatMoney(123_456, 'es', { whole: true }));
    expect(testId(html, 'page-title')).toBe('¡Gracias, Dana!');
    expect(titleOf(html)).toBe('Gracias · FUNDRAISER CONSOLE');
  });

  it('a payment still processing: what the database knows, without asking the processor; the island asks', async () => {
    const c = await startCheckout(t, { campaign: campaignSlug, amountCents: 4000 });
    expect((await payWith(t, c.donationId, SANDBOX_CARDS.processing)).statusCode).toBe(200);
    const asked = vi.spyOn(t.app.payments, 'retrieveIntent');
    const html = (await expectPage(`/donations/${c.donationId}/thank-you`, 200)).body;
    expect(testId(html, 'page-title')).toBe('Your payment is processing.');
    expect(html).toContain('data-island="thankyou"');
    expect(html).toContain('<noscript>');
    expect(testId(html, 'thankyou-amount')).toBe('$40');
    expect(asked).not.toHaveBeenCalled();
    // The JSON endpoint the island asks does check with the processor.
    expect((await json(`/public/donations/${c.donationId}`)).status).toBe(0);
    expect(asked).toHaveBeenCalled();
    asked.mockRestore();
  });

  it('a declined attempt offers to finish it in the cart', async () => {
    const id = (await startCheckout(t, { campaign: campaignSlug })).donationId;
    expect((await payWith(t, id, SANDBOX_CARDS.declined)).statusCode).toBe(200);
    const html = (await expectPage(`/donations/${id}/thank-you`, 200)).body;
    expect(testId(html, 'page-title')).toBe(
      (await json(`/public/donations/${id}`)).status === 2
        ? 'Your payment was not successful, please try again.'
        : 'This donation is not paid yet',
    );
    expect(html).toContain(`href="/donations/${id}/cart?lang=en"`);
  });

  it('404 with the site not-found page for an unknown or malformed id; 410 for a removed attempt', async () => {
    for (const id of ['x'.repeat(24), 'short', 'bad%20id%20with%20spaces']) {
      const res = await expectPage(`/donations/${id}/thank-you`, 404);
      expect(metaContent(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('class="prose not-found"');
      expect(res.headers['cache-control']).toBe(PRIVATE_CACHE);
      // The JSON endpoint agrees (400 for an id its schema refuses).
      expect([400, 404]).toContain((await open(t, `${V1}/public/donations/${id}`)).statusCode);
    }
    const id = await data.donation((await data.campaign()).id);
    await t.db.update(donations).set({ donorEmail: REMOVED_DONOR.email }).where(eq(donations.publicId, id));
    expect((await open(t, `${V1}/public/donations/${id}`)).statusCode).toBe(410);
    const gone = await expectPage(`/donations/${id}/thank-you`, 410);
    expect(gone.body).toContain('This donation is no longer available');
    expect(metaContent(gone.body, 'robots')).toBe('noindex');
  });
});

describe('/campaigns/{slug}/thank-you and /fundraisers/{slug}/thank-you', () => {
  it('without a donation: a message and the way back; the head shares the page, noindex, shared cache', async () => {
    for (const [kind, slug] of [
      ['campaigns', campaignSlug],
      ['fundraisers', playerSlug],
    ] as const) {
      const res = await expectPage(`/${kind}/${slug}/thank-you`, 200);
      const html = res.body;
      expect(html).toContain('data-testid="thankyou-missing"');
      expect(html).toContain(`href="/${kind}/${slug}?lang=en"`);
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/${kind}/${slug}`);
      expect(res.headers['cache-control']).toBe(RENDERED_CACHE);
    }
    const html = (await open(t, `/campaigns/${campaignSlug}/thank-you`)).body;
    expect(metaContent(html, 'og:title')).toBe(`Thank you for supporting ${campaignTitle}`);
    expect(titleOf(html)).toBe(`Thank you for supporting ${campaignTitle} · FUNDRAISER CONSOLE`);
    const es = (await open(t, `/campaigns/${campaignSlug}/thank-you?lang=es`)).body;
    expect(titleOf(es)).toBe(`Gracias por apoyar a ${campaignTitle} · FUNDRAISER CONSOLE`);
    expect(langOf(es)).toBe('es');
  });

  it("with ?donation=ID: the donation's page, private; unknown ids and pages that are not public are 404", async () => {
    const { checkout } = await paid(t, { campaign: campaignSlug, amountCents: 5000 });
    const res = await expectPage(`/campaigns/${campaignSlug}/thank-you?donation=${checkout.donationId}`, 200);
    expect(testId(res.body, 'thankyou-amount')).toBe('$50');
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE);
    await expectPage(`/campaigns/${campaignSlug}/thank-you?donation=${'y'.repeat(20)}`, 404);
    await expectPage(`/campaigns/${campaignSlug}/thank-you?donation=nope`, 404);
    await expectPage('/campaigns/no-such-campaign/thank-you', 404);
    await expectPage('/fundraisers/no-such-player/thank-you', 404);
    const draft = await data.campaign({ status: 'draft' });
    expect((await open(t, `${V1}/public/campaigns/${draft.slug}`)).statusCode).toBe(404);
    const notFound = await expectPage(`/campaigns/${draft.slug}/thank-you`, 404);
    expect(metaContent(notFound.body, 'robots')).toBe('noindex');
  });
});

describe('/cart/notfound', () => {
  it('says the donation was not found, or that it expired with ?expired=1; noindex', async () => {
    const html = (await expectPage('/cart/notfound', 200)).body;
    expect(html).toContain('data-testid="cart-not-found"');
    expect(html).toContain('We could not find this donation');
    expect(metaContent(html, 'robots')).toBe('noindex');
    const expired = (await expectPage('/cart/notfound?expired=1&lang=es', 200)).body;
    expect(expired).toContain('data-testid="cart-expired"');
    expect(expired).toContain('Esta donación ya no está disponible');
  });
});
