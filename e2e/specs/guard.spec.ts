/** Spec §2 "Route guard" and "Bare /view routes redirect to /view/1". */
import { describe, expect, it } from 'vitest';
import { currentPath, login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';

// One browser for the whole file.
const { open } = useBrowser();

describe('route guard', () => {
  it('a donor opening /orgs/organizations/list lands on /misc/not-authorized', async () => {
    const { page } = await open();
    await login(page, 'donor@demo.test');
    await page.goto('/orgs/organizations/list');
    await waitForPath(page, '/misc/not-authorized');
    await page.getByTestId('back-home').waitFor();
    console.log(`[guard] donor → /orgs/organizations/list → ${currentPath(page)}`);
  });

  it('a visitor opening /apps/user/list lands on /login', async () => {
    const { page } = await open();
    await page.goto('/apps/user/list');
    await waitForPath(page, '/login');
    await page.getByTestId('login-email').waitFor();
    const url = new URL(page.url());
    console.log(`[guard] visitor → /apps/user/list → ${url.pathname}${url.search}`);
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
  });

  it('a logged-in user opening /login is sent to their home', async () => {
    const { page } = await open();
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('main-nav').waitFor();
    expect(await page.getByTestId('login-email').count()).toBe(0);
    console.log(`[guard] teamadmin → /login → ${currentPath(page)}`);
  });

  it('bare /orgs/organizations/view redirects to /orgs/organizations/view/1', async () => {
    const { page } = await open();
    await login(page, 'super@demo.test');
    await page.goto('/orgs/organizations/view');
    await waitForPath(page, '/orgs/organizations/view/1');
    await page.getByTestId('main-nav').waitFor();
    console.log(`[guard] super → /orgs/organizations/view → ${currentPath(page)}`);
  });
});

describe('user menu and logout', () => {
  it('the user menu offers FAQ, Account Settings (/apps/user/view/{id}) and Logout; Logout ends the session', async () => {
    const { page } = await open();
    await login(page, 'orguser@demo.test');
    await waitForPath(page, '/orgs/organizations/list');
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id?: number }).id,
    );
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('faq-item').waitFor();
    expect(await page.getByTestId('account-settings-item').getAttribute('href')).toBe(`/apps/user/view/${userId}`);
    // Their own page leads on to the settings only they change: language, e-mails, photo, API keys.
    await page.getByTestId('account-settings-item').click();
    await waitForPath(page, `/apps/user/view/${userId}`);
    await page.getByTestId('own-settings-card').getByRole('link', { name: 'Open account settings' }).click();
    await waitForPath(page, '/pages/account-settings');
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout-item').click();
    await waitForPath(page, '/login');
    await page.getByTestId('login-email').waitFor();
    const left = await page.evaluate(() =>
      ['accessToken', 'refreshToken', 'userData'].map((k) => localStorage.getItem(k)),
    );
    expect(left).toEqual([null, null, null]);

    // The refresh token was revoked on the server, and the console is closed again.
    const refresh = await fetch(`${new URL(page.url()).origin}/api/v1/jwt/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refresh.status).toBe(401);
    await page.goto('/apps/user/list');
    await waitForPath(page, '/login');
    console.log(`[guard] logout: storage cleared, old refresh token → ${refresh.status}, /apps/user/list → /login`);
  });
});
