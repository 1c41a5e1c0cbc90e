/**
 * Spec §4 "Token refresh": with ACCESS_TOKEN_TTL_SECONDS=10 (global-setup), a session older than
 * the token keeps working: the client gets a 401, refreshes the pair once, replays the request.
 * A reload that cuts a refresh short (the server rotated the pair, the answer is lost) keeps the
 * session too: the next page retries with the same retry key (decision 002).
 */
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentPath, login, storageItem, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { ACCESS_TOKEN_TTL_SECONDS } from '../support/env';

describe('silent token refresh', () => {
  const { open } = useBrowser();

  it('after the access token expires, /apps/user/list still loads its data without a trip to /login', async () => {
    // Chromium logs each expired-token 401; the console guard expects those (see console-guard.ts).
    const { page } = await open();
    await login(page, 'super@demo.test');
    await waitForPath(page, '/dashboard/admin');
    const before = { access: await storageItem(page, 'accessToken'), refresh: await storageItem(page, 'refreshToken') };
    expect(before.refresh).toBeTruthy();

    const waitMs = (ACCESS_TOKEN_TTL_SECONDS + 2) * 1000;
    await page.waitForTimeout(waitMs);

    const api: { url: string; status: number }[] = [];
    const onResponse = (res: Response) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/v1/')) api.push({ url: url.pathname, status: res.status() });
    };
    page.on('response', onResponse);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto('/apps/user/list');
    const grid = page.getByTestId('user-grid');
    await grid.getByText('super@demo.test').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);

    const after = { access: await storageItem(page, 'accessToken'), refresh: await storageItem(page, 'refreshToken') };
    const unauthorized = api.filter((r) => r.status === 401 && !r.url.endsWith('/jwt/refresh-token'));
    const refreshes = api.filter((r) => r.url.endsWith('/jwt/refresh-token'));
    const rows = await grid.locator('[role="row"][data-id]').count();
    console.log(
      `[token] waited ${waitMs} ms; API calls: ${api.map((r) => `${r.url} ${r.status}`).join(', ')}; ` +
        `401s ${unauthorized.length}, refreshes ${refreshes.length}, grid rows ${rows}, pages ${visited.join(' → ')}`,
    );
    expect(currentPath(page)).toBe('/apps/user/list');
    expect(visited).not.toContain('/login');
    expect(unauthorized.length, 'the old token should have been refused').toBeGreaterThan(0);
    expect(refreshes.map((r) => r.status)).toEqual([200]);
    expect(api.filter((r) => r.url.startsWith('/api/v1/user') && r.status === 200).length).toBeGreaterThan(0);
    expect(rows).toBeGreaterThan(0);
    expect(after.refresh).toBeTruthy();
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.access).not.toBe(before.access);
  });

  it('a reload while the refresh is in flight keeps the session (the next page retries it)', async () => {
    const { page } = await open();
    await login(page, 'super@demo.test');
    await waitForPath(page, '/dashboard/admin');
    await page.goto('/apps/user/list');
    await page.getByTestId('user-grid').getByText('super@demo.test').waitFor();
    const before = await storageItem(page, 'refreshToken');
    // An access token the server refuses, as after it expires: the next call refreshes the pair.
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));

    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/v1/jwt/refresh-token')) refreshes.push(res.status());
    });
    let reachedServer!: (status: number) => void;
    const rotated = new Promise<number>((r) => {
      reachedServer = r;
    });
    // The first refresh reaches the server (which rotates the pair); its answer is held until
    // the reload below has cut the call, so the page never sees it.
    await page.route(
      '**/api/v1/jwt/refresh-token',
      async (route) => {
        const res = await route.fetch();
        reachedServer(res.status());
        await new Promise((r) => setTimeout(r, 3_000));
        await route.fulfill({ response: res }).catch(() => undefined);
      },
      { times: 1 },
    );
    await page.reload();
    expect(await rotated).toBe(200);
    await page.reload();

    const grid = page.getByTestId('user-grid');
    await grid.getByText('super@demo.test').waitFor();
    await page.waitForLoadState('networkidle');
    const after = await storageItem(page, 'refreshToken');
    console.log(`[token] refresh cut by a reload, then retried: answers seen ${refreshes.join(', ')}`);
    expect(currentPath(page)).toBe('/apps/user/list');
    expect(refreshes).toContain(200);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await storageItem(page, 'refreshRetry')).toBeNull();
  });
});
