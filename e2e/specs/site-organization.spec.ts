/**
 * The organization page rendered by the server (issue 14, decision 017): the demo organization
 * `riverside` at 390 and 1440 px, in English light and Spanish dark: whole before any script,
 * no sideways scroll, no console error, axe 0 serious/critical; its campaigns (those of the teams
 * below it) link through to the campaign page. An unknown address is the site's not-found page.
 * Screenshots: .tmp/screenshots/site-org-*.png.
 */
import { describe, expect, it } from 'vitest';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { baseURL } from '../support/env';
import { screenshot } from '../support/screenshots';
import { htmlAttr, noSidewaysScroll } from '../support/visual';

const { open } = useBrowser();

describe('server-rendered organization page', () => {
  for (const viewport of [NARROW, WIDE]) {
    it(`English, light, at ${viewport.width} px: the organization, its campaigns, through to a campaign page`, async () => {
      const { page } = await open({ viewport });
      await page.emulateMedia({ colorScheme: 'light' });
      const res = await page.goto('/riverside');
      expect(res?.status()).toBe(200);
      expect(await res?.text()).toContain('Rockets Spring Drive');
      expect(await htmlAttr(page, 'lang')).toBe('en');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Riverside Youth Sports');
      const card = page.getByTestId('org-campaign').filter({ hasText: 'Rockets Spring Drive' });
      expect(await card.getByRole('progressbar').getAttribute('aria-valuetext')).toMatch(/^\d+% of goal$/);
      expect(await card.textContent()).toMatch(/By Riverside Rockets U12/);
      expect(await card.textContent()).toMatch(/\d+ days? left/);
      await noSidewaysScroll(page, `riverside ${viewport.width}`);
      await axeScan(page, `site /riverside en light ${viewport.width}`);
      await screenshot(page, `site-org-riverside-en-light-${viewport.width}`);

      await card.getByRole('link', { name: 'Rockets Spring Drive' }).click();
      await page.waitForURL((u) => u.pathname === '/campaigns/rockets-spring-drive');
      await page.getByRole('heading', { name: 'Rockets Spring Drive' }).first().waitFor();
    });

    it(`Spanish, dark, at ${viewport.width} px: the team page, an empty organization and the not-found page`, async () => {
      const { page, context } = await open({ viewport });
      // The theme cookie the switch sets: the server writes dark into the HTML.
      await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL() }]);
      await page.goto('/riverside-rockets-u12?lang=es');
      expect(await htmlAttr(page, 'lang')).toBe('es');
      expect(await htmlAttr(page, 'data-theme')).toBe('dark');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Riverside Rockets U12');
      expect(await page.getByRole('heading', { name: 'Campañas activas' }).isVisible()).toBe(true);
      const card = page.getByTestId('org-campaign').filter({ hasText: 'Rockets Spring Drive' });
      expect(await card.getByRole('progressbar').getAttribute('aria-valuetext')).toMatch(/^\d+ % de la meta$/);
      await noSidewaysScroll(page, `team es ${viewport.width}`);
      await axeScan(page, `site /riverside-rockets-u12 es dark ${viewport.width}`);
      await screenshot(page, `site-org-team-es-dark-${viewport.width}`);

      // Lakeview's only campaign is a draft: the page says there is nothing running.
      expect((await page.goto('/lakeview'))?.status()).toBe(200);
      await page.getByText('No hay campañas activas en este momento.').waitFor();
      await noSidewaysScroll(page, `lakeview es ${viewport.width}`);
      await axeScan(page, `site /lakeview es dark ${viewport.width}`);

      // Chromium logs the 404 of the document itself as a console error; that one is the point.
      const lost = await open({
        viewport,
        allow: [/status of 404 \(Not Found\) \(https?:\/\/[^/]+\/no-such-org-here\?lang=es:0\)$/],
      });
      await lost.context.addCookies([{ name: 'theme', value: 'dark', url: baseURL() }]);
      const missing = await lost.page.goto('/no-such-org-here?lang=es');
      expect(missing?.status()).toBe(404);
      expect(await lost.page.getByRole('heading', { level: 1 }).textContent()).toBe('Página no encontrada');
      expect(await lost.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await noSidewaysScroll(lost.page, `not found es ${viewport.width}`);
      await axeScan(lost.page, `site not found es dark ${viewport.width}`);
      await screenshot(lost.page, `site-org-notfound-es-dark-${viewport.width}`);
    });
  }
});
