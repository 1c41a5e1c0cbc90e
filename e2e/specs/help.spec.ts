/**
 * Issue 18: the help university. A Team Admin opens /help/university, finds the refund article by
 * typing a misspelt word ("refnud") and opens it with the keyboard; the module page lists its
 * articles; the same pages read in Spanish ("camapña" finds campaign articles); the top bar's help
 * button on the campaigns list opens that page's article; the FAQ links to the help centre. At
 * 390 px and 1440 px, light and dark, with no sideways scrolling and no axe violation.
 * Screenshots in .tmp/screenshots/help-*.png.
 */
import { describe, expect, it } from 'vitest';
import { login } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { noSidewaysScroll } from '../support/visual';

const TEAM_ADMIN = 'teamadmin@demo.test';
const REFUND = '/help/university/donations-and-payouts/donations/refund-a-donation';

describe('help university', () => {
  const { open } = useBrowser();

  it('searches with a typo, opens the article, in English and Spanish, on a phone and a computer', async () => {
    // The unknown article at the end answers 404 on purpose (its page says so).
    const { page } = await open({
      viewport: WIDE,
      allow: [/status of 404 .*\/help\/university\/campaigns\/setup\/no-such-article/],
    });
    await login(page, TEAM_ADMIN);

    // The help button of a console page opens that page's article.
    await page.goto('/campaigns/list');
    await page.getByTestId('help-link').click();
    await page.waitForURL((u) => u.pathname === '/help/university/campaigns/setup/create-a-campaign');
    await page.getByRole('heading', { level: 1, name: 'Create a campaign' }).waitFor();
    await axeScan(page, 'help article (en, light)');
    await screenshot(page, 'help-article-en-light-1440');

    // The university: modules, then a misspelt search with results as you type.
    await page.goto('/help/university');
    await page.getByTestId('help-modules').getByRole('link').first().waitFor();
    expect(await page.getByTestId('help-modules').getByRole('link').count()).toBe(9);
    await page.getByTestId('help-search').pressSequentially('refnud', { delay: 40 });
    const results = page.getByTestId('help-results').getByRole('link');
    await results.first().waitFor();
    expect(await results.first().innerText()).toContain('Refund a donation');
    await axeScan(page, '/help/university with results (en, light)');
    await screenshot(page, 'help-search-en-light-1440');
    // Keyboard: ↓ from the box to the first result, Enter opens it.
    await page.getByTestId('help-search').press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Refund a donation');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === REFUND);
    const body = page.getByTestId('help-article-body');
    await body.locator('h2').first().waitFor();
    expect(await body.locator('ol li').count()).toBeGreaterThan(3);

    // Related articles and the breadcrumb lead on; the module page lists its categories.
    await page.getByRole('navigation', { name: 'Where you are in the help center' }).getByRole('link').nth(1).click();
    await page.waitForURL((u) => u.pathname === '/help/university/donations-and-payouts');
    await page.getByRole('heading', { level: 2, name: 'Payouts' }).waitFor();
    await axeScan(page, 'help module (en, light)');
    await screenshot(page, 'help-module-en-light-1440');

    // The FAQ links to the help centre.
    await page.goto('/pages/faq');
    await page.getByRole('link', { name: 'Browse the help center' }).click();
    await page.waitForURL((u) => u.pathname === '/help/university' && u.search === '');

    // Spanish and dark, phone and computer.
    await page.evaluate(() => {
      localStorage.setItem('language', 'es');
      const prefs = JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('layoutPreferences', JSON.stringify({ ...prefs, skin: 'dark' }));
    });
    for (const viewport of [NARROW, WIDE]) {
      await page.setViewportSize(viewport);
      await page.goto('/help/university');
      await page.getByRole('heading', { level: 1, name: 'Centro de ayuda' }).waitFor();
      await page.getByTestId('help-search').fill('camapña');
      await page.getByTestId('help-results').getByRole('link').first().waitFor();
      expect(await page.getByTestId('help-results').getByRole('link').first().innerText()).toMatch(/campaña/i);
      await noSidewaysScroll(page, `help es ${viewport.width}`);
      await screenshot(page, `help-search-es-dark-${viewport.width}`);
      if (viewport === NARROW) await axeScan(page, '/help/university (es, dark, 390 px)');
      await page.goto(REFUND);
      await page.getByRole('heading', { level: 1, name: 'Reembolsa una donación' }).waitFor();
      await noSidewaysScroll(page, `help article es ${viewport.width}`);
      await screenshot(page, `help-article-es-dark-${viewport.width}`);
      if (viewport === NARROW) await axeScan(page, 'help article (es, dark, 390 px)');
    }

    // English light on a phone: the home page and an unknown article.
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
      const prefs = JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('layoutPreferences', JSON.stringify({ ...prefs, skin: 'light' }));
    });
    await page.setViewportSize(NARROW);
    await page.goto('/help/university');
    await page.getByTestId('help-modules').getByRole('link').first().waitFor();
    await noSidewaysScroll(page, 'help en 390');
    await screenshot(page, 'help-home-en-light-390');
    await page.goto('/help/university/campaigns/setup/no-such-article');
    await page.getByTestId('help-not-found').waitFor();
  }, 180_000);
});
