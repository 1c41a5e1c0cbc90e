/**
 * Users admin journey (/apps/user/list) as Super Admin: add a user through the dialog, find it
 * with the search box, open its view page; delete a user only after confirming.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openUserList(page: Page) {
  await login(page, 'super@demo.test');
  await waitForPath(page, '/dashboard/admin');
  await page.goto('/apps/user/list');
  await page.getByTestId('user-grid').getByText('super@demo.test').waitFor();
}

/** Types into the search box and waits until the grid shows exactly the rows matching `email`. */
async function search(page: Page, text: string) {
  await page.getByTestId('user-search').fill(text);
  await page.waitForFunction((t) => {
    const rows = [...document.querySelectorAll('[data-testid="user-grid"] [role="row"][data-id]')];
    return rows.length > 0 && rows.every((r) => r.textContent?.toLowerCase().includes(t.toLowerCase()));
  }, text);
}

describe('users admin', () => {
  const { open } = useBrowser();

  it('Super Admin adds a user, finds it by search and opens its page', async () => {
    const { page } = await open();
    await openUserList(page);
    const id = stamp();
    const email = `e2e.${id}@e2e.test`;
    const lastName = `Tester${id}`;

    await page.getByTestId('add-user-button').click();
    const dialog = page.getByTestId('add-user-dialog');
    await dialog.waitFor();
    await page.getByTestId('add-user-first-name').fill('Erin');
    await page.getByTestId('add-user-last-name').fill(lastName);
    await page.getByTestId('add-user-email').fill(email);
    await page.getByTestId('add-user-role').click();
    await page.getByRole('option', { name: 'Donor', exact: true }).click();
    await screenshot(page, 'users-add-dialog');
    await page.getByTestId('add-user-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = (await page.getByTestId('toast').first().textContent())?.trim();

    await search(page, email);
    const rows = page.locator('[data-testid="user-grid"] [role="row"][data-id]');
    expect(await rows.count()).toBe(1);
    const userId = await rows.first().getAttribute('data-id');
    await screenshot(page, 'users-search');

    await rows
      .first()
      .getByRole('link', { name: `Erin ${lastName}` })
      .click();
    await waitForPath(page, `/apps/user/view/${userId}`);
    await page.getByText(email).first().waitFor();
    await screenshot(page, 'users-view');
    console.log(
      `[users] created ${email} (id ${userId}), toast "${toast}", search → 1 row, view /apps/user/view/${userId}`,
    );
  });

  it('Super Admin deletes a user after a confirmation dialog', async () => {
    // Own data for this test, made through the API (the creation journey is tested above).
    const id = stamp();
    const email = `e2e.del.${id}@e2e.test`;
    const token = await apiLogin('super@demo.test');
    const created = await apiCall<{ data: { id: number } }>(
      'POST',
      '/admin/user/create',
      { firstName: 'Dee', lastName: `Leted${id}`, email, role: 'donor' },
      token,
    );
    const userId = created.data.id;

    const { page } = await open();
    await openUserList(page);
    await search(page, email);
    await page.getByTestId(`delete-user-${userId}`).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    const message = (await confirm.textContent()) ?? '';
    expect(message).toContain(`Dee Leted${id}`);
    await screenshot(page, 'users-delete-confirm');

    // Cancel first: nothing happens.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId(`delete-user-${userId}`).count()).toBe(1);

    await page.getByTestId(`delete-user-${userId}`).click();
    await confirm.waitFor();
    await page.getByTestId('confirm-button').click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId(`delete-user-${userId}`).waitFor({ state: 'detached' });
    await page.getByText('No users match these filters.').waitFor();

    const gone = await fetch(`${new URL(page.url()).origin}/api/v1/admin/user/${userId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
    console.log(`[users] deleted ${email} (id ${userId}) after confirm; GET /admin/user/${userId} → ${gone.status}`);
  });
});
