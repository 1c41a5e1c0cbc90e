/**
 * The server-rendered public site (issue 14, decision 017): `/` and the marketing pages at 390
 * and 1440 px, in English light and Spanish dark. Each page is whole before any script (status,
 * language, content), never scrolls sideways, logs no console error (the boot script passes the
 * CSP by its hash; the theme island hydrates), passes axe (0 serious/critical), and its language
 * and theme switches work and are remembered. A signed-in visitor of `/` reaches their role's
 * home. Screenshots: .tmp/screenshots/site-*.png.
 */
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { htmlAttr, noSidewaysScroll } from '../support/visual';

const { open } = useBrowser();
const PAGES = ['/', '/how-it-works', '/our-story', '/privacy-policy', '/terms-and-conditions'];
const name = (url: string) => (url === '/' ? 'home' : url.slice(1));

describe('server-rendered public pages', () => {
  for (const viewport of [NARROW, WIDE]) {
    it(`English, light, at ${viewport.width} px: whole pages, no sideways scroll, axe clean`, async () => {
      const { page } = await open({ viewport });
      await page.emulateMedia({ colorScheme: 'light' });
      for (const url of PAGES) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        expect(await htmlAttr(page, 'lang')).toBe('en');
        expect(await htmlAttr(page, 'data-theme')).toBeNull();
        expect(await page.locator('h1').count()).toBe(1);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).waitFor();
        expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Go To Dashboard' }).isVisible()).toBe(false);
        await noSidewaysScroll(page, `${url} ${viewport.width}`);
        await axeScan(page, `site ${url} en light ${viewport.width}`);
        await screenshot(page, `site-${name(url)}-en-light-${viewport.width}`);
      }
      const total = await page.goto('/').then(() => page.getByTestId('live-total').textContent());
      // Other specs give gifts with cents before this one runs in the full suite: "$835.50".
      expect(total).toMatch(/^\$[\d,]+(\.\d{2})? raised so far · across \d+ active campaigns?$/);
    });

    it(`Spanish, dark, at ${viewport.width} px: the switches work and are remembered`, async () => {
      const { page } = await open({ viewport });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/');
      // The language switch: a link with ?lang=es, remembered by a cookie for the next pages.
      await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
      await page.waitForURL((u) => u.searchParams.get('lang') === 'es');
      expect(await htmlAttr(page, 'lang')).toBe('es');
      // The theme island: flips data-theme at once and keeps it in a cookie (no flash on the next page).
      const toggle = page.getByRole('button', { name: 'Modo oscuro' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await htmlAttr(page, 'data-theme')).toBe('dark');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      for (const url of PAGES) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        expect(await htmlAttr(page, 'lang'), url).toBe('es');
        expect(await htmlAttr(page, 'data-theme'), url).toBe('dark');
        const body = await res?.text();
        expect(body, 'dark is in the server HTML, not added by a script').toContain('data-theme="dark"');
        await page
          .getByRole('navigation', { name: 'Principal' })
          .getByRole('link', { name: 'Cómo funciona' })
          .waitFor();
        await noSidewaysScroll(page, `${url} es ${viewport.width}`);
        await axeScan(page, `site ${url} es dark ${viewport.width}`);
        await screenshot(page, `site-${name(url)}-es-dark-${viewport.width}`);
      }
      expect(await page.goto('/').then(() => page.getByTestId('live-total').textContent())).toMatch(
        /US\$ recaudados hasta ahora · entre \d+ campañas? activas?$/,
      );
      // And back to light and English.
      await page.getByRole('button', { name: 'Modo oscuro' }).click();
      expect(await htmlAttr(page, 'data-theme')).toBe('light');
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL((u) => u.searchParams.get('lang') === 'en');
      expect(await htmlAttr(page, 'lang')).toBe('en');
      expect(await htmlAttr(page, 'data-theme')).toBe('light');
    });
  }

  it('a signed-in visitor of / reaches their role home, and the navbar offers Go To Dashboard', async () => {
    const { page } = await open({ viewport: WIDE });
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto('/our-story');
    await page.getByRole('link', { name: 'Go To Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);
    await page.goto('/');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('main-nav').waitFor();
  });
});
