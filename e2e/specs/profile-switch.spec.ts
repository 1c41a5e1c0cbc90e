/** Spec §2 "Navbar" (Switch Profile, 'Select User Profile') and §4 "Profile switching". */
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { screenshot } from '../support/screenshots';

describe('profile switch', () => {
  const { open } = useBrowser();

  it('parent@ switches from fundraiser to donor and the app reloads at /donations/list', async () => {
    const { page } = await open();
    await login(page, 'parent@demo.test');
    await waitForPath(page, '/fundraisers/home');

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('switch-profile-item').click();
    const dialog = page.getByTestId('profile-dialog');
    await dialog.waitFor();
    await expect(dialog.getByRole('heading', { name: 'Select User Profile' }).count()).resolves.toBe(1);

    const options = await dialog
      .locator('[data-testid^="profile-option-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.replace('profile-option-', '')));
    expect([...options].sort()).toEqual(['donor', 'fundraiser']);
    await expect(page.getByTestId('profile-continue').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'profile-dialog');

    const oldRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.getByTestId('profile-option-donor').check();
    const navigation = page.waitForEvent('load');
    await page.getByTestId('profile-continue').click();
    await navigation;
    await waitForPath(page, '/donations/list');
    await page.getByTestId('nav-donations').waitFor();

    const role = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { role?: string }).role,
    );
    expect(role).toBe('donor');
    expect(await page.getByTestId('nav-my-players').count()).toBe(0);
    // The fundraiser session ended with the switch: its refresh token no longer works.
    const old = await fetch(`${new URL(page.url()).origin}/api/v1/jwt/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: oldRefresh }),
    });
    expect(old.status).toBe(401);
    console.log(
      `[profile] parent@ options ${options.join(', ')}; after switch: ${page.url()} role ${role}; old refresh token → ${old.status}`,
    );
  });

  it('donor@ (one profile) has no Switch Profile in the user menu', async () => {
    const { page } = await open();
    await login(page, 'donor@demo.test');
    await waitForPath(page, '/donations/list');
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout-item').waitFor();
    expect(await page.getByTestId('switch-profile-item').count()).toBe(0);
    console.log('[profile] donor@ user menu: no switch-profile-item');
  });
});
