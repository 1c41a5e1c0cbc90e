/**
 * The payment pages rendered by the server (issue 14 port, decision 017): the donate pages of a
 * campaign and a player, a fee request's page and the abandoned cart, for every kind of client
 * (no Accept, `*\/*`, text/html, HEAD), with the figures the JSON endpoints give
 * (`GET /public/checkout`, `GET /abandoned_cart/{id}`), the site's not-found page (404) for
 * unknown, draft or malformed addresses, the head (`Donate to X`; fee and cart never indexed),
 * the cache rules, and Spanish with `?lang=es`.
 */
import type { AbandonedCart, CheckoutContext } from '@fc/contracts';
import { formatMoney } from '@fc/contracts/money';
import { donations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_DONOR } from '../src/modules/donations/retention.js';
import { RENDERED_CACHE } from '../src/modules/site/rendered.routes.js';
import type { TestApp } from './helpers.js';
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
beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
});
afterAll(async () => t.close());

const usd = (cents: number, lang = 'en') => formatMoney(cents, lang, { whole: true });
/** Text as the HTML writes it (the renderer escapes &, <, >, "). */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

async function expectPage(url: string, status: number) {
  for (const client of CLIENTS) {
    const res = await open(t, url, { method: client.method, headers: client.headers });
    expect(res.statusCode, `${client.name} ${url}`).toBe(status);
    expect(res.headers['content-type'], `${client.name} ${url}`).toBe('text/html; charset=utf-8');
    if (client.method === 'HEAD') expect(res.body).toBe('');
  }
  return open(t, url);
}

async function json<T>(url: string): Promise<T> {
  const res = await open(t, `/api/v1${url}`, { headers: { accept: 'application/json' } });
  expect(res.statusCode, url).toBe(200);
  return (res.json() as { data: T }).data;
}

/** The checkout island's props as the server wrote them. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const m = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no ${name} island`);
  const text = m[1]!
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as Record<string, unknown>;
}

describe('the donate pages', () => {
  it("a campaign's donate page: the whole form for every client, the context the JSON endpoint gives, the head site.service gives", async () => {
    const c = await data.campaign({ title: 'Spring <Drive> & "Friends"' });
    const url = `/campaigns/${c.slug}/donate`;
    const res = await expectPage(url, 200);
    const html = res.body;
    expect(res.headers['cache-control']).toBe(RENDERED_CACHE);
    const ctx = await json<CheckoutContext>(`/public/checkout?campaign=${c.slug}`);
    // The island's context is the endpoint's, and the form is in the HTML before any script.
    expect(islandProps(html, 'checkout').context).toEqual(ctx);
    expect(html).toContain(`Donate to ${esc(c.title)}`);
    expect(html).toContain(esc(ctx.organization.name));
    for (const id of [
      'donate-amount',
      'donate-cover-fee',
      'donate-first-name',
      'donate-last-name',
      'donate-email',
      'donate-message',
      'donate-submit',
      'donate-sandbox-label',
      'payment-consent',
    ])
      expect(html, id).toContain(`data-testid="${id}"`);
    for (const cents of ctx.presetsCents) expect(html).toContain(`data-testid="donate-preset-${cents}"`);
    expect(html).toContain('href="/terms-and-conditions?lang=en"');
    expect(html).toContain('href="/privacy-policy?lang=en"');
    expect(titleOf(html)).toBe(`Donate to ${esc(c.title)} · FUNDRAISER CONSOLE`);
    expect(metaContent(html, 'og:title')).toBe(`Donate to ${esc(c.title)}`);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/campaigns/${c.slug}`);
    expect(metaContent(html, 'robots')).toBeNull();
  });

  it("a player's donate page names the player and is never indexed; unknown and draft ones are the site's 404", async () => {
    const c = await data.campaign();
    const { cf } = await data.player(c.id);
    const html = (await expectPage(`/fundraisers/${cf.slug}/donate`, 200)).body;
    const ctx = await json<CheckoutContext>(`/public/checkout?fundraiser=${cf.slug}`);
    expect(ctx.fundraiser?.name).toBe('Ella B.');
    expect(html).toContain('Donate to Ella B.');
    expect(html).not.toContain('Baker');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/fundraisers/${cf.slug}`);

    const draft = await data.campaign({ status: 'draft' });
    const draftPlayer = await data.player(draft.id);
    for (const url of [
      `/campaigns/${draft.slug}/donate`,
      '/campaigns/no-such-campaign/donate',
      `/fundraisers/${draftPlayer.cf.slug}/donate`,
      '/fundraisers/no-such-player/donate',
    ]) {
      const res = await expectPage(url, 404);
      expect(metaContent(res.body, 'robots'), url).toBe('noindex');
      expect(res.body, url).not.toContain('data-island="checkout"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('in Spanish with ?lang=es: the language, the strings and the money of the page', async () => {
    const c = await data.campaign();
    const html = (await expectPage(`/campaigns/${c.slug}/donate?lang=es`, 200)).body;
    expect(langOf(html)).toBe('es');
    expect(titleOf(html)).toBe(`Dona a ${esc(c.title)} · FUNDRAISER CONSOLE`);
    expect(html).toContain('Donar ahora');
    expect(html).toContain(usd(2500, 'es'));
    expect(html).toContain('href="/terms-and-conditions?lang=es"');
  });
});

describe('the fee page', () => {
  it("the fee's amount and label and the campaign's name in the HTML; noindex; private", async () => {
    const c = await data.campaign({ title: 'Rockets Fall Season' });
    const fee = await data.fee(c.id);
    const res = await expectPage(`/campaigns/pay_fees/${fee.id}`, 200);
    const html = res.body;
    const ctx = await json<CheckoutContext>(`/public/checkout?feeRequest=${fee.id}`);
    expect(ctx.feeRequest?.amountCents).toBe(4000);
    expect(html).toContain(`data-testid="fee-amount"`);
    expect(html).toContain(usd(ctx.feeRequest!.amountCents));
    expect(html).toContain('Pay: Uniform fee');
    expect(html).toContain('Rockets Fall Season');
    // The amount field holds the fee, read-only.
    expect(html).toMatch(/id="donate-amount"[^>]*value="40"|value="40"[^>]*id="donate-amount"/);
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(islandProps(html, 'checkout').context).toEqual(ctx);

    const es = (await open(t, `/campaigns/pay_fees/${fee.id}?lang=es`)).body;
    expect(langOf(es)).toBe('es');
    expect(es).toContain('Pagar: Uniform fee');
    expect(es).toContain(usd(4000, 'es'));
  });

  it('unknown, malformed and draft fees are the site 404', async () => {
    const c = await data.campaign();
    const fee = await data.fee(c.id);
    const draft = await data.campaign({ status: 'draft' });
    const draftFee = await data.fee(draft.id);
    for (const url of [
      `/campaigns/pay_fees/${fee.id + 100000}`,
      '/campaigns/pay_fees/abc',
      '/campaigns/pay_fees/0',
      '/campaigns/pay_fees/99999999999',
      `/campaigns/pay_fees/${draftFee.id}`,
    ]) {
      const res = await expectPage(url, 404);
      expect(metaContent(res.body, 'robots'), url).toBe('noindex');
    }
  });
});

describe('the cart page', () => {
  it('a pending donation: "Continue Your Donation", the previous amount, the resume form; noindex; private', async () => {
    const c = await data.campaign();
    const id = await data.donation(c.id);
    const res = await expectPage(`/donations/${id}/cart`, 200);
    const html = res.body;
    const cart = await json<AbandonedCart>(`/abandoned_cart/${id}`);
    expect(html).toContain('Continue Your Donation');
    expect(html).toContain(`Hi ${cart.donorFirstName}`);
    expect(html).toMatch(new RegExp(`data-testid="cart-amount">${usd(cart.donationAmount).replace('$', '\\$')}<`));
    expect(html).toContain(esc(c.title));
    expect(html).toContain('data-island="cart"');
    expect(html).toContain('data-testid="card-number"');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const es = (await expectPage(`/donations/${id}/cart?lang=es`, 200)).body;
    expect(langOf(es)).toBe('es');
    expect(es).toContain('Continúa tu donación');
    expect(es).toContain(usd(2500, 'es'));
  });

  it('a completed donation thanks and offers no payment; a cancelled one says so', async () => {
    const c = await data.campaign();
    const paid = await data.donation(c.id);
    await t.db.update(donations).set({ status: 1 }).where(eq(donations.publicId, paid));
    const html = (await expectPage(`/donations/${paid}/cart`, 200)).body;
    expect(html).toContain('Thanks For Your Donation');
    expect(html).toContain('data-testid="cart-donate-again"');
    expect(html).not.toContain('data-testid="card-number"');
    const cancelled = await data.donation(c.id);
    await t.db.update(donations).set({ status: 4 }).where(eq(donations.publicId, cancelled));
    const closed = (await expectPage(`/donations/${cancelled}/cart`, 200)).body;
    expect(closed).toContain('This donation was cancelled');
    expect(closed).not.toContain('data-island="cart"');
  });

  it('an unfinished attempt removed after the retention period (410 DONATION_EXPIRED) goes to /cart/notfound, which says so', async () => {
    const c = await data.campaign();
    const id = await data.donation(c.id);
    await t.db.update(donations).set({ donorEmail: REMOVED_DONOR.email }).where(eq(donations.publicId, id));
    expect((await open(t, `/api/v1/abandoned_cart/${id}`)).statusCode).toBe(410);
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await open(t, `/donations/${id}/cart?lang=es`, { method });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cart/notfound?expired=1&lang=es');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('malformed and unknown ids are the site 404', async () => {
    for (const url of [`/donations/${'x'.repeat(24)}/cart`, '/donations/short/cart', '/donations/%3Cb%3E/cart']) {
      const res = await expectPage(url, 404);
      expect(metaContent(res.body, 'robots'), url).toBe('noindex');
    }
  });
});
