/**
 * Navbar language switch and light/dark toggle (spec §2) persist across reloads; the layout is a
 * drawer below 1200 px and horizontal above it (spec §4). Screenshots: en/es × light/dark ×
 * 390/1440 px in .tmp/screenshots/prefs-*.png.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';
import { backgroundLuminance, layoutKind } from '../support/visual';

// The language switch also saves the account's language: use one account and restore it after.
const EMAIL = 'orgadmin@demo.test';
const HOME = '/orgs/organizations/list';

describe('language, theme and layout preferences', () => {
  const { open } = useBrowser();

  afterAll(async () => {
    try {
      const token = await apiLogin(EMAIL);
      await apiCall('PATCH', '/user', { language: 'en' }, token);
    } catch (err) {
      console.warn(`[prefs] could not restore ${EMAIL}'s language to en: ${(err as Error).message}`);
    }
  });

  it('switches to Spanish; the texts and <html lang> follow and survive a reload', async () => {
    const { page } = await open();
    await login(page, EMAIL);
    await waitForPath(page, HOME);
    const nav = page.getByTestId('nav-organizations');
    await nav.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await nav.textContent())?.trim()).toBe('Organizations');

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-es').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.getByText('Organizaciones', { exact: true }).first().waitFor();
    const esLabel = (await nav.textContent())?.trim();
    const esMenuLabel = await page.getByTestId('main-nav').getAttribute('aria-label');
    expect(esLabel).toBe('Organizaciones');
    expect(esMenuLabel).toBe('Navegación principal');

    await page.reload();
    await nav.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect((await nav.textContent())?.trim()).toBe('Organizaciones');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    console.log(`[prefs] language: nav-organizations "Organizations" → "${esLabel}", html lang es after reload`);

    // Back to English through the UI as well.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect((await nav.textContent())?.trim()).toBe('Organizations');
  });

  it('switches to dark; the background turns dark and stays dark after a reload', async () => {
    const { page } = await open();
    await login(page, EMAIL);
    await waitForPath(page, HOME);
    await page.getByTestId('theme-toggle').waitFor();
    const light = await backgroundLuminance(page);
    expect(light.luminance).toBeGreaterThan(0.7);

    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => {
      const c = getComputedStyle(document.body).backgroundColor.match(/\d+/g)?.map(Number) ?? [255];
      return Math.max(...c.slice(0, 3)) < 100;
    });
    const dark = await backgroundLuminance(page);
    expect(dark.luminance).toBeLessThan(0.1);
    const header = await backgroundLuminance(page, 'header');
    expect(header.luminance).toBeLessThan(0.15);

    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    const reloaded = await backgroundLuminance(page);
    expect(reloaded.luminance).toBeLessThan(0.1);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as { skin?: string },
    );
    expect(stored.skin).toBe('dark');
    console.log(
      `[prefs] theme: body ${light.color} (L=${light.luminance.toFixed(3)}) → ${dark.color} (L=${dark.luminance.toFixed(3)}), header L=${header.luminance.toFixed(3)}, after reload L=${reloaded.luminance.toFixed(3)}`,
    );
  });

  it('is a drawer below 1200 px and horizontal from 1200 px, switching live on resize', async () => {
    const { page } = await open({ viewport: WIDE });
    await login(page, EMAIL);
    await waitForPath(page, HOME);
    await page.getByTestId('main-nav').waitFor();
    const seen: string[] = [];
    for (const width of [1440, 1200, 1199, 390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction(
        (w) => window.innerWidth === w && (document.querySelector('[data-testid="menu-toggle"]') !== null) === w < 1200,
        width,
      );
      const kind = await layoutKind(page);
      seen.push(`${width}px ${kind}`);
      expect(kind, `${width}px`).toBe(width < 1200 ? 'vertical' : 'horizontal');
    }
    // The drawer holds the same menu.
    await page.setViewportSize(NARROW);
    await page.getByTestId('menu-toggle').click();
    const drawerNav = page.locator('.MuiDrawer-paper [data-testid="main-nav"]');
    await drawerNav.waitFor();
    await drawerNav.getByTestId('nav-organizations').waitFor();
    await drawerNav.getByTestId('nav-donations').click();
    await waitForPath(page, '/donations/list');
    await drawerNav.waitFor({ state: 'hidden' });
    console.log(`[prefs] layout: ${seen.join(', ')}; drawer navigation to /donations/list ok`);
  });

  it('at 390 px every navbar control is on screen and nothing scrolls sideways', async () => {
    const { page } = await open({ viewport: NARROW });
    await login(page, EMAIL);
    await waitForPath(page, HOME);
    await page.getByTestId('user-menu-button').waitFor();
    const report: string[] = [];
    const offscreen: string[] = [];
    for (const id of ['menu-toggle', 'lang-switch', 'theme-toggle', 'user-menu-button']) {
      const box = await page.getByTestId(id).boundingBox();
      const right = box ? Math.round(box.x + box.width) : -1;
      report.push(`${id} right=${right}`);
      if (!box || box.x < 0 || right > NARROW.width) offscreen.push(`${id} (x ${box?.x}…${right})`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`[prefs] 390px navbar: ${report.join(', ')}; horizontal overflow ${overflow}px`);
    expect(offscreen, 'navbar controls outside the 390 px viewport').toEqual([]);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('screenshots en/es × light/dark × 390/1440 px', async () => {
    const { page } = await open({ viewport: WIDE });
    await login(page, EMAIL);
    await waitForPath(page, HOME);
    await page.getByTestId('main-nav').waitFor();
    const shots: string[] = [];
    for (const lang of ['en', 'es'] as const) {
      for (const skin of ['light', 'dark'] as const) {
        await page.evaluate(
          ([l, s]) => {
            localStorage.setItem('language', l);
            const prefs = JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as Record<string, unknown>;
            localStorage.setItem('layoutPreferences', JSON.stringify({ ...prefs, skin: s }));
          },
          [lang, skin] as const,
        );
        for (const viewport of [NARROW, WIDE]) {
          await page.setViewportSize(viewport);
          await page.reload();
          await page.getByTestId('user-menu-button').waitFor();
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          const { luminance } = await backgroundLuminance(page);
          expect(skin === 'dark' ? luminance < 0.1 : luminance > 0.7, `${skin} background L=${luminance}`).toBe(true);
          expect(await layoutKind(page)).toBe(viewport.width < 1200 ? 'vertical' : 'horizontal');
          const name = `prefs-${lang}-${skin}-${viewport.width}`;
          await screenshot(page, name);
          shots.push(name);
        }
      }
    }
    console.log(`[prefs] screenshots: ${shots.join(', ')}`);
  });
});
