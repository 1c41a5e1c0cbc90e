/** axe (WCAG 2 A/AA) on the login page, the console shell and the users grid: no serious/critical issue. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';

async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`[axe] ${label}: ${results.violations.length} violations (serious/critical: ${severe.length})`);
  for (const v of results.violations) {
    console.log(
      `[axe]   ${v.impact ?? 'n/a'} ${v.id}: ${v.help} (${v.nodes.length} node(s): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')})`,
    );
  }
  expect(severe.map((v) => `${v.id} (${v.impact}): ${v.help}`)).toEqual([]);
}

describe('accessibility (axe, wcag2a + wcag2aa)', () => {
  const { open } = useBrowser();

  it('/login', async () => {
    const { page } = await open();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await scan(page, '/login');
  });

  it('console shell: /dashboard/admin as Super Admin', async () => {
    const { page } = await open();
    await login(page, 'super@demo.test');
    await waitForPath(page, '/dashboard/admin');
    await page.getByTestId('main-nav').waitFor();
    await page.getByTestId('user-menu-button').waitFor();
    await scan(page, '/dashboard/admin');
  });

  it('/apps/user/list as Super Admin', async () => {
    const { page } = await open();
    await login(page, 'super@demo.test');
    await waitForPath(page, '/dashboard/admin');
    await page.goto('/apps/user/list');
    await page.getByTestId('user-grid').getByText('super@demo.test').waitFor();
    await scan(page, '/apps/user/list');
  });
});
