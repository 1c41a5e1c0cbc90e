/**
 * The thank-you pages rendered by the server (issue 14 port): a gift made through the public API,
 * then its page in Chromium at 390 px, English light and Spanish dark: the amount, total, receipt
 * number and names equal to the JSON endpoint's, the share card's copy button live, no sideways
 * scroll, no console error, axe 0 serious/critical; with JavaScript disabled the gift is still all
 * there. A payment still processing is shown as such and the page asks the JSON endpoint; the
 * campaign thank-you address without a donation and /cart/notfound say what they should.
 * Screenshots: .tmp/screenshots/site-thank-you-*.png.
 */
import { SANDBOX_CARDS } from '@fc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeScan } from '../support/axe';
import { launchBrowser, NARROW, useBrowser, WIDE } from '../support/browser';
import { paidGiftViaApi, publicDonation, SEEDED_CAMPAIGN, usd } from '../support/donations';
import { apiCall, baseURL } from '../support/env';
import { stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';
import { htmlAttr, noSidewaysScroll } from '../support/visual';

const { open } = useBrowser();
const donor = { first: 'Thea', last: 'Kindly', email: `thea-${stamp()}@example.test` };
let donationId = '';

beforeAll(async () => {
  const gift = await paidGiftViaApi({ campaign: SEEDED_CAMPAIGN, amountCents: 2500, coverFee: true, donor });
  donationId = gift.donationId;
});

describe('server-rendered thank-you page', () => {
  it("English, light, 390 px: the gift as the API has it, the share card's copy button", async () => {
    const api = await publicDonation(donationId);
    expect(api.status).toBe(1);
    const { page } = await open({ viewport: NARROW });
    await page.emulateMedia({ colorScheme: 'light' });
    const res = await page.goto(`/donations/${donationId}/thank-you`);
    expect(res?.status()).toBe(200);
    expect(await htmlAttr(page, 'lang')).toBe('en');
    expect(await page.getByTestId('page-title').textContent()).toBe(`Thank you, ${donor.first}!`);
    expect(await page.getByTestId('thankyou-amount').textContent()).toBe(usd(api.amountCents));
    expect(await page.getByTestId('thankyou-total').textContent()).toBe(usd(api.totalCents));
    expect(await page.getByTestId('thankyou-receipt').textContent()).toBe(api.receiptNumber);
    expect(await page.locator('main').textContent()).toContain(api.campaign?.title ?? '');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.getByTestId('share-url').inputValue()).toBe(`${baseURL()}/campaigns/${SEEDED_CAMPAIGN}`);
    await page.locator('[data-island="share"][data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('share-copy').click();
    await page.getByTestId('share-copy').filter({ hasText: 'Copied' }).waitFor();
    await noSidewaysScroll(page, 'thank-you en 390');
    await axeScan(page, '/donations/{id}/thank-you en light 390');
    await screenshot(page, 'site-thank-you-en-light-390');
  });

  it('Spanish, dark, 390 px', async () => {
    const api = await publicDonation(donationId);
    const { page, context } = await open({ viewport: NARROW });
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL() }]);
    await page.goto(`/donations/${donationId}/thank-you?lang=es`);
    expect(await htmlAttr(page, 'lang')).toBe('es');
    expect(await htmlAttr(page, 'data-theme')).toBe('dark');
    expect(await page.getByTestId('page-title').textContent()).toBe(`¡Gracias, ${donor.first}!`);
    // "26,06 US$" (a no-break space before US$), as the contracts' formatMoney writes Spanish.
    expect((await page.getByTestId('thankyou-total').textContent())?.replace(/\s/g, ' ')).toBe(
      `${(api.totalCents / 100).toFixed(2).replace('.', ',')} US$`,
    );
    expect(await page.getByRole('heading', { name: 'Comparte esta página' }).isVisible()).toBe(true);
    await page.locator('[data-island="share"][data-hydrated]').waitFor({ state: 'attached' });
    await noSidewaysScroll(page, 'thank-you es 390');
    await axeScan(page, '/donations/{id}/thank-you es dark 390');
    await screenshot(page, 'site-thank-you-es-dark-390');
  });

  it('1440 px, light and dark: the share card beside the details', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await open({ viewport: WIDE });
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL() }]);
      await page.goto(`/donations/${donationId}/thank-you${theme === 'dark' ? '?lang=es' : ''}`);
      const details = await page.locator('.thanks-card').boundingBox();
      const share = await page.locator('.thanks-share').boundingBox();
      expect(share!.x).toBeGreaterThan(details!.x + details!.width - 1);
      await axeScan(page, `/donations/{id}/thank-you ${theme} 1440`);
      await screenshot(page, `site-thank-you-${theme}-1440`);
    }
  });

  it('with JavaScript disabled the gift is all there', async () => {
    const api = await publicDonation(donationId);
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: baseURL(), viewport: NARROW, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/donations/${donationId}/thank-you`);
      expect(await page.getByTestId('page-title').textContent()).toBe(`Thank you, ${donor.first}!`);
      expect(await page.getByTestId('thankyou-total').textContent()).toBe(usd(api.totalCents));
      expect(await page.getByTestId('thankyou-receipt').textContent()).toBe(api.receiptNumber);
      expect(await page.locator('[data-hydrated]').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('a payment still processing says so, and the page asks the JSON endpoint', async () => {
    const started = await apiCall<{ data: { donationId: string } }>('POST', '/public/donations', {
      campaign: SEEDED_CAMPAIGN,
      amountCents: 1500,
      coverFee: false,
      firstName: donor.first,
      lastName: donor.last,
      email: donor.email,
    });
    const id = started.data.donationId;
    await apiCall('POST', `/public/donations/${id}/confirm`, {
      cardNumber: SANDBOX_CARDS.processing,
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    const { page } = await open({ viewport: NARROW });
    const asked = page.waitForRequest((r) => r.url().endsWith(`/api/v1/public/donations/${id}`));
    await page.goto(`/donations/${id}/thank-you`);
    await asked;
    const title = await page.getByTestId('page-title').textContent();
    // The sandbox may settle it meanwhile: either way the page says what the processor knows.
    expect(['Your payment is processing.', `Thank you, ${donor.first}!`]).toContain(title);
    expect(await page.getByTestId('thankyou-amount').textContent()).toBe('$15');
    await axeScan(page, '/donations/{id}/thank-you processing 390');
    await screenshot(page, 'site-thank-you-processing-390');
  });

  it('the campaign address without a donation, and /cart/notfound', async () => {
    const { page } = await open({ viewport: NARROW });
    expect((await page.goto(`/campaigns/${SEEDED_CAMPAIGN}/thank-you?lang=es`))?.status()).toBe(200);
    await page.getByTestId('thankyou-missing').waitFor();
    expect(await page.getByRole('link', { name: 'Volver a la página' }).getAttribute('href')).toBe(
      `/campaigns/${SEEDED_CAMPAIGN}?lang=es`,
    );
    await noSidewaysScroll(page, 'campaign thank-you without a donation');
    await axeScan(page, '/campaigns/{slug}/thank-you es 390');
    expect((await page.goto('/cart/notfound?expired=1'))?.status()).toBe(200);
    await page.getByTestId('cart-expired').waitFor();
    await noSidewaysScroll(page, 'cart/notfound');
    await axeScan(page, '/cart/notfound?expired=1 390');
    await screenshot(page, 'site-cart-notfound-390');
  });
});
