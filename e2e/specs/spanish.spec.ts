/**
 * Issue 12: a Spanish interface shows no English. Staff (Super Admin), a family and a visitor
 * switch to Spanish and open the main screens: organizations (list and a node), campaigns (list
 * and a summary), donations (list and a gift's detail with its payment timeline), players, the
 * family's home, the public campaign page, the checkout and the thank-you page. On each, the
 * visible text, placeholders and button names are checked against every English UI string whose
 * Spanish differs (two words or more) and a list of words that are English anywhere.
 * Screenshots: .tmp/screenshots/spanish-*.png (the checkout and a donation at 390 and 1366 px whole).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { donationsOf, paidGiftViaApi, SEEDED_CAMPAIGN, SUPER_ADMIN } from '../support/donations';
import { englishIn, englishPhrases, visibleText } from '../support/english';
import { apiCall, apiLogin } from '../support/env';
import { stamp } from '../support/orgs';
import { SCREENSHOT_DIR, screenshot } from '../support/screenshots';

const PARENT = 'parent@demo.test';
/** Names and demo data the seed writes in English (organizations, teams, campaigns, stories). */
const ALLOW = [
  'New kits and tournament travel for the Rockets U12 squads.',
  'Our U12 players train twice a week all year. This spring we are raising money for new kits, ' +
    'referee fees and travel to the regional tournament. Every gift helps a player take the field.',
  'Lions Tournament Travel Fund',
  'Getting the Lions to the state tournament.',
  'Rockets Spring Drive',
  'Riverside Youth Sports',
  // The server-rendered pages' language switch names each language in itself (`<a lang="en">English</a>`).
  'English',
];
/** Elements whose text is data as people typed it, not the interface. */
const DATA = [
  // The site's language switch names each language in itself (`<a lang="en">English</a>`).
  'nav.languages [lang="en"]',
  '[data-testid="page-title"]',
  '[data-testid="campaign-story"]',
  '[data-testid="page-story"]',
  '[data-testid="short-description"]',
  '[data-testid="org-name"]',
];

describe('the Spanish interface shows no English', () => {
  const { open } = useBrowser();
  const phrases = englishPhrases();
  const donor = {
    first: 'Lucía',
    last: `Pérez${stamp().replace(/\d/g, '').slice(0, 4)}`,
    email: `es.${stamp()}@e2e.test`,
  };
  let gift: { publicId: string; id: number; campaignId: number };

  beforeAll(async () => {
    const paid = await paidGiftViaApi({ campaign: SEEDED_CAMPAIGN, amountCents: 2550, coverFee: true, donor });
    const [row] = await donationsOf(donor.email);
    if (!row) throw new Error('the set-up gift is not in the list');
    gift = { publicId: paid.donationId, id: row.id, campaignId: row.campaignId ?? 0 };
  });

  afterAll(async () => {
    // The language switch saves the account's language: put the demo accounts back in English.
    for (const email of [SUPER_ADMIN, PARENT]) {
      try {
        await apiCall('PATCH', '/user', { language: 'en' }, await apiLogin(email));
      } catch (err) {
        console.warn(`[spanish] could not restore ${email}'s language: ${(err as Error).message}`);
      }
    }
  });

  const report: string[] = [];
  async function check(page: Page, name: string, ready: () => Promise<unknown>) {
    await ready();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    // Let late parts (lazy tabs, charts, timelines) render before reading.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await screenshot(page, `spanish-${name}`);
    const text = await visibleText(page, DATA);
    const found = englishIn(text, phrases, ALLOW);
    report.push(`${name}: ${text.length} characters, ${found.length} English`);
    expect(found, `English on the Spanish ${name} screen`).toEqual([]);
  }

  async function toSpanish(page: Page) {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-es').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
  }

  it(`checks ${phrases.length} English phrases on the staff screens`, async () => {
    expect(phrases.length).toBeGreaterThan(300);
    const { page } = await open();
    await login(page, SUPER_ADMIN);
    await page.getByTestId('lang-switch').waitFor();
    await toSpanish(page);

    await page.goto('/dashboard');
    await check(page, 'dashboard', () => page.getByRole('heading', { level: 1 }).first().waitFor());

    await page.goto('/orgs/organizations/list');
    await check(page, 'organizations', () => page.locator('.MuiDataGrid-row').first().waitFor());
    await page.locator('a[href^="/orgs/organizations/view/"]').first().click();
    await check(page, 'organization', () => page.getByTestId('org-rollup').waitFor());

    await page.goto('/campaigns/list');
    await check(page, 'campaigns', () => page.locator('.MuiDataGrid-row').first().waitFor());
    await page.goto(`/campaigns/${gift.campaignId}/summary`);
    await check(page, 'campaign-summary', () => page.getByTestId('summary-stats').waitFor());

    await page.goto('/donations/list');
    await check(page, 'donations', () => page.locator('.MuiDataGrid-row').first().waitFor());
    await page.goto(`/donations/view/${gift.id}`);
    await check(page, 'donation', () =>
      page.locator('[data-testid="donation-timeline"] li[data-kind="succeeded"]').waitFor(),
    );
    expect(await page.getByTestId('donation-intent-status').textContent()).toBe('Pagado');

    await page.goto('/fundraisers/list');
    await check(page, 'players', () => page.locator('.MuiDataGrid-row').first().waitFor());
    console.log(`[spanish] staff: ${report.join('; ')}`);
  });

  it("checks the family's home", async () => {
    const { page } = await open();
    await login(page, PARENT);
    await page.getByTestId('lang-switch').waitFor();
    await toSpanish(page);
    await page.goto('/fundraisers/home');
    await waitForPath(page, '/fundraisers/home');
    await check(page, 'family-home', () => page.getByRole('heading', { level: 1 }).first().waitFor());
  });

  it('checks the public campaign page, the checkout and the thank-you page', async () => {
    const { page } = await open();
    await page.goto(`/campaigns/${SEEDED_CAMPAIGN}`);
    // The server-rendered page's language switch is a link (issue 14).
    await page.locator('nav.languages a[hreflang="es"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await check(page, 'public-campaign', () => page.getByTestId('progress-summary').waitFor());

    await page.goto(`/campaigns/${SEEDED_CAMPAIGN}/donate?lang=es`);
    await check(page, 'checkout', () => page.locator('[data-island="checkout"][data-hydrated]').waitFor());
    expect(await page.locator('#donate-amount').getAttribute('placeholder')).toBeNull();
    await page.getByTestId('donate-amount').fill('25,50');
    await page.getByTestId('donate-total').filter({ hasText: '25,50\u00a0US$' }).waitFor();
    await page.getByTestId('donate-amount').fill('25,500');
    await page.getByTestId('donate-submit').click();
    await page.getByText('Este monto se lee de dos maneras', { exact: false }).waitFor();
    await check(page, 'checkout-ambiguous', () => page.getByTestId('donate-amount').waitFor());

    // The thank-you page is rendered by the server: the SPA's language (local storage) travels as ?lang.
    await page.goto(`/donations/${gift.publicId}/thank-you?lang=es`);
    await check(page, 'thank-you', () => page.getByTestId('thankyou-total').waitFor());
    console.log(`[spanish] ${report.join('; ')}`);
  });

  it('shows the checkout and a donation in Spanish at 390 and 1366 px (whole-page screenshots)', async () => {
    for (const width of [390, 1366]) {
      const { page } = await open({ viewport: { width, height: width === 390 ? 844 : 900 } });
      // The server-rendered checkout (apps/site): Spanish from the address, typed once hydrated.
      await page.goto(`/campaigns/${SEEDED_CAMPAIGN}/donate?lang=es`);
      await page.locator('[data-island="checkout"][data-hydrated]').waitFor();
      await page.getByTestId('donate-amount').fill('25,50');
      await page.getByTestId('donate-cover-fee').check();
      await page.getByTestId('donate-total').filter({ hasText: '26,58\u00a0US$' }).waitFor();
      await shot(page, `spanish-checkout-${width}`);
      expect(await overflows(page), `checkout at ${width} px`).toBe(false);

      await login(page, SUPER_ADMIN);
      await page.goto(`/donations/view/${gift.id}`);
      await page.locator('[data-testid="donation-timeline"] li[data-kind="succeeded"]').waitFor();
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await shot(page, `spanish-donation-${width}`);
      expect(await overflows(page), `donation at ${width} px`).toBe(false);
    }
  });
});

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
