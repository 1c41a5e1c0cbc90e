/** axe (WCAG 2 A/AA) on the login page, the console shell and the users grid: no serious/critical issue. */
import { describe, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan as scan } from '../support/axe';
import { useBrowser } from '../support/browser';

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
