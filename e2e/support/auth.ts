import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './constants';

/** Waits until the SPA shows `pathname` (redirects are client-side, so no load event is needed). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

export function currentPath(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Signs in through the real login form; returns the path the app landed on. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  const failed = page.getByTestId('login-error');
  await Promise.race([
    page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000, waitUntil: 'commit' }),
    failed.waitFor({ timeout: 15_000 }).then(async () => {
      throw new Error(`login as ${email} failed: ${await failed.textContent()}`);
    }),
  ]);
  return currentPath(page);
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}
