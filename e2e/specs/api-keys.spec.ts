/**
 * Issue 18, personal API keys (`/pages/api-key`, decision 020). A Team Admin creates a key in
 * the console, reads it from the dialog that shows it once, and the test calls the API with it
 * (fetch, as a script would): it works with the admin's profile and is refused on the key routes.
 * The page shows the use; the key is revoked after a confirmation and the next call is 401.
 * Spanish at 390 px in the dark theme: the list as cards, nothing scrolls sideways. axe on every
 * screen. Screenshots in .tmp/screenshots/api-keys-*.png.
 */
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { baseURL } from '../support/env';
import { screenshot } from '../support/screenshots';

const TEAM_ADMIN = 'teamadmin@demo.test';

/** A call from outside the browser, signed with the key, as a script would make it. */
async function withKey(secret: string, method: string, route: string) {
  const res = await fetch(`${baseURL()}/api/v1${route}`, {
    method,
    headers: { Accept: 'application/json', Authorization: `Bearer ${secret}` },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data?: unknown } };
}

describe('personal API keys', () => {
  const { open } = useBrowser();

  it('created in the console, shown once, used from a script, revoked at once (then Spanish, 390 px, dark)', async () => {
    const label = `Nightly export ${Date.now()}`;
    const { page, context } = await open({ viewport: WIDE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, TEAM_ADMIN);
    // Found from the account menu.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'API Keys' }).click();
    await waitForPath(page, '/pages/api-key');
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByTestId('api-key-howto-example').waitFor();
    await axeScan(page, '/pages/api-key');

    // Create: a name and an expiry picked from the list.
    await page.getByTestId('api-key-create').click();
    const form = page.getByTestId('api-key-create-dialog');
    await form.waitFor();
    await page.getByTestId('api-key-label').fill(label);
    await page.getByTestId('api-key-expiry').click();
    await page.getByRole('option', { name: 'In 30 days', exact: true }).click();
    // The list's closing fade (half-transparent options) is not what axe should judge. A CSS
    // locator: while it fades the list is aria-hidden, which a role query already ignores.
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await axeScan(page, '/pages/api-key create dialog');
    await screenshot(page, 'api-keys-create-en-1440');
    await page.getByTestId('api-key-create-submit').click();

    // The secret, once: read from the dialog and copied with its button.
    const dialog = page.getByTestId('api-key-secret-dialog');
    await dialog.waitFor();
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^fck_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key-copy').click();
    await page.getByText('Key copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await axeScan(page, '/pages/api-key secret dialog');
    await screenshot(page, 'api-keys-secret-en-1440');
    // A click outside does not close it; the button does, and the secret leaves the page.
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await page.getByTestId('api-key-secret-done').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    // A script uses it: the Team Admin's own profile, and no key management.
    const me = await withKey(secret, 'GET', '/user/me');
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ email: TEAM_ADMIN, role: 'team_admin' });
    const minting = await withKey(secret, 'GET', '/user/api-keys');
    expect(minting.status).toBe(403);
    expect(minting.json.code).toBe('API_KEY_NOT_ALLOWED');

    // The page shows the key with its prefix, profile, expiry and use.
    await page.reload();
    const row = page.locator('[data-testid^="api-key-row-"]', { hasText: label });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(`${secret.slice(0, 8)}…`);
    expect(text).toContain('Team Admin');
    expect(text).toContain('Active');
    expect(text).toContain('2 requests');
    expect(text).not.toContain('Not used yet');
    await screenshot(page, 'api-keys-list-en-1440');

    // Revoke, after a confirmation; the next call is refused.
    await row.getByRole('button', { name: `Revoke the key ${label}` }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(label);
    await axeScan(page, '/pages/api-key revoke confirmation');
    await page.getByTestId('confirm-button').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Revoked');
    const after = await withKey(secret, 'GET', '/user/me');
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('API_KEY_REVOKED');

    // Spanish, on a phone, in the dark theme: the keys as cards, nothing scrolls sideways.
    await page.evaluate(() => {
      localStorage.setItem('language', 'es');
      const prefs = JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('layoutPreferences', JSON.stringify({ ...prefs, skin: 'dark' }));
    });
    await page.setViewportSize(NARROW);
    await page.reload();
    await page.getByRole('heading', { name: 'Claves de API', level: 1 }).waitFor();
    const card = page.locator('li[data-testid^="api-key-row-"]', { hasText: label });
    await card.waitFor();
    expect(await card.innerText()).toContain('Revocada');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await axeScan(page, '/pages/api-key (es, 390 px, dark)');
    await screenshot(page, 'api-keys-list-es-390-dark');
    await page.getByTestId('api-key-create').click();
    await page.getByRole('heading', { name: 'Crear una clave de API' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await axeScan(page, '/pages/api-key create dialog (es, 390 px, dark)');
    await screenshot(page, 'api-keys-create-es-390-dark');
  });
});
