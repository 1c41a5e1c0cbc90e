/**
 * Issue 17, the public sponsorship pages (decision 019): a visitor on a phone (390 px) opens an
 * opportunity made through the staff API, buys one unit with the sandbox card 4242 (the hold's
 * notice, then the checkout's own card step), lands on the sponsor's thank-you page, gives a
 * display name and uploads a logo (waiting for approval). The node's page lists it with one unit
 * fewer; in Spanish too. axe on each page; nothing scrolls sideways.
 */
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { login } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { CARD, freshCampaign, payWithCard, SUPER_ADMIN } from '../support/donations';
import { apiCall, apiLogin } from '../support/env';
import { stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

/** A 64×64 opaque PNG (a logo the image pipeline accepts), made here so the spec needs no file. */
function png(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) rows.set([40 + x * 3, 80, 160 + y], y * (size * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newOpportunity(label: string) {
  const c = await freshCampaign(label);
  const token = await apiLogin(SUPER_ADMIN);
  const slug = `e2e-${label.toLowerCase()}-banner-${stamp()}`;
  await apiCall(
    'POST',
    '/admin/sponsorship_opportunity',
    {
      campaignId: c.campaignId,
      slug,
      name: `Outfield Banner ${label}`,
      priceCents: 25_000,
      quantity: 3,
      benefits: ['Banner on the outfield fence', 'Logo on the website'],
      fairMarketValueCents: 5_000,
      tier: 'gold',
      status: 'active',
    },
    token,
  );
  return { ...c, opportunity: slug };
}

describe('the public sponsorship pages', () => {
  const { open } = useBrowser();

  for (const lang of ['en', 'es'] as const) {
    it(`a visitor at 390 px buys one unit with 4242 and gives a name and logo (${lang})`, async () => {
      const es = lang === 'es';
      const o = await newOpportunity(es ? 'SpEs' : 'SpEn');
      const { page } = await open({ viewport: NARROW });
      const res = await page.goto(`/sponsorships/${o.opportunity}?lang=${lang}`);
      expect(res?.status()).toBe(200);
      await page.getByTestId('sp-name').waitFor();
      expect(await page.getByTestId('sp-left').innerText()).toBe(es ? 'Quedan 3 de 3' : '3 of 3 left');
      expect(await page.getByTestId('sp-deductible').innerText()).toContain(es ? 'deducible' : 'may be tax-deductible');
      await page.locator('[data-island="buy"][data-hydrated]').waitFor();
      await axeScan(page, `/sponsorships/{slug} (${lang}, 390 px)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
      await screenshot(page, `sponsorship-buy-${lang}-390`);

      await page.getByTestId('sp-first-name').fill('Rosa');
      await page.getByTestId('sp-last-name').fill('Rivera');
      const buyerEmail = `rosa-${stamp()}@example.test`;
      await page.getByTestId('sp-email').fill(buyerEmail);
      await page.getByTestId('sp-business').fill('Rivera Plumbing');
      await page.getByTestId('sp-submit').click();
      await page.getByTestId('sp-held').waitFor();
      expect(await page.getByTestId('sp-held').innerText()).toContain(es ? '15 minutos' : '15 minutes');
      await axeScan(page, `/sponsorships/{slug} card step (${lang})`);
      await payWithCard(page, CARD.success);
      await page.waitForURL(/\/donations\/[^/]+\/thank-you/, { timeout: 15_000 });

      await page.getByTestId('sponsor-thanks-title').waitFor();
      expect(await page.getByTestId('sponsor-thanks-title').innerText()).toBe(
        `${es ? 'Gracias por patrocinar a' : 'Thank you for sponsoring'} ${o.orgName}`,
      );
      await page.locator('[data-island="sponsor"][data-hydrated]').waitFor();
      await axeScan(page, `sponsor thank-you (${lang})`);
      await page.getByTestId('sponsor-display-name').fill('Rivera Plumbing & Heating');
      await page.getByTestId('sponsor-website').fill('https://rivera.example.org');
      await page.getByTestId('sponsor-save').click();
      await page
        .getByTestId('sponsor-note')
        .filter({ hasText: es ? 'Guardado.' : 'Saved.' })
        .waitFor();
      await page
        .getByTestId('sponsor-logo-file')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
      await page.getByTestId('sponsor-upload').click();
      await page.locator('[data-testid="sponsor-logo-status"][data-status="submitted"]').waitFor();
      expect(await page.getByTestId('sponsor-logo-status').innerText()).toBe(
        es ? 'Tu logotipo está esperando aprobación.' : 'Your logo is waiting for approval.',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
      await screenshot(page, `sponsorship-thanks-${lang}-390`);

      // The node's page: one unit fewer; the logo is not shown before approval.
      await page.goto(`/sponsorships/${o.opportunity}?lang=${lang}`);
      await page.getByRole('link', { name: es ? /Todos los patrocinios/ : /All sponsorships/ }).click();
      await page.getByTestId('sponsorship-page').waitFor();
      expect(await page.getByTestId('sp-left').innerText()).toBe(es ? 'Quedan 2 de 3' : '2 of 3 left');
      expect(await page.getByTestId('sp-sponsors').count()).toBe(0);
      await axeScan(page, `/{slug}/sponsorships (${lang}, 390 px)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);

      // Staff approve the logo on the organization's Sponsorships tab; it then shows on the campaign page.
      const list = await apiCall<{ data: { id: number; buyer: { email: string } }[] }>(
        'GET',
        `/admin/sponsorship?campaignId=${o.campaignId}&filter=awaiting_approval`,
        undefined,
        await apiLogin(SUPER_ADMIN),
      );
      const sponsor = list.data.find((x) => x.buyer.email === buyerEmail);
      expect(sponsor).toBeDefined();
      const staff = (await open({ viewport: NARROW })).page;
      await login(staff, SUPER_ADMIN);
      await staff.goto(`/orgs/organizations/view/${o.orgId}?tab=sponsorships`);
      await staff.getByTestId(`sponsor-approve-${sponsor?.id}`).click();
      await staff.getByTestId('confirm-button').click();
      await staff.getByTestId(`sponsor-approve-${sponsor?.id}`).waitFor({ state: 'detached' });
      await page.goto(`/campaigns/${o.slug}?lang=${lang}`);
      const band = page.getByTestId('sponsors-band');
      await band.waitFor();
      expect(await band.getByRole('img', { name: /Rivera Plumbing & Heating/ }).count()).toBe(1);
      await axeScan(page, `/campaigns/{slug} with its sponsor (${lang}, 390 px)`);
      // The sold count and the node's sponsorship revenue, as the staff API reports them.
      const opp = await apiCall<{ data: { sold: number; left: number; revenueCents: number }[] }>(
        'GET',
        `/admin/sponsorship_opportunity?campaignId=${o.campaignId}`,
        undefined,
        await apiLogin(SUPER_ADMIN),
      );
      expect(opp.data[0]).toMatchObject({ sold: 1, left: 2, revenueCents: 25_000 });
    });
  }
});
