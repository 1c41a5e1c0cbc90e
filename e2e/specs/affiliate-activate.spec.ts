/**
 * Issue 16, the affiliate activation page `/affiliate/activate/{token}` (server-rendered, form
 * island): Super Admin creates an affiliate with a program and sends the invitation (real calls);
 * the affiliate opens the e-mailed link on a phone (390 px), reads the terms, is stopped by the
 * form's own checks, chooses a password, accepts and lands signed in on `/dashboard/affiliate`.
 * The used link then says so (404). axe on the page; nothing scrolls sideways; no console error.
 */
import { describe, expect, it } from 'vitest';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { linkFromOutbox } from '../support/campaigns';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';

const ACTIVATE_LINK = /https?:\/\/\S+\/affiliate\/activate\/[\w-]+/;

describe('affiliate activation', () => {
  const { open } = useBrowser();

  it('an invited affiliate activates at 390 px and lands on the affiliate dashboard', async () => {
    const stamp = Date.now();
    const su = await apiLogin('super@demo.test');
    const program = await apiCall<{ data: { id: number } }>(
      'POST',
      '/affiliate/program',
      {
        name: `Coaches ${stamp}`,
        description: 'For coaches who bring teams',
        giftShareBps: 1250,
        teamFlatCents: 5_000,
        teamQualifyCents: 100_000,
        windowDays: 45,
        attribution: 'last_click',
        minPayoutCents: 2_500,
        dueDays: 30,
        terms: 'Commissions are paid monthly.\n'.repeat(40),
      },
      su,
    );
    const email = `noor-${stamp}@example.org`;
    await apiCall(
      'POST',
      '/affiliate',
      {
        firstName: 'Noor',
        lastName: 'Haddad',
        email,
        slug: `noor-${stamp}`,
        language: 'en',
        invite: true,
        programId: program.data.id,
      },
      su,
    );
    const link = await linkFromOutbox(email, ACTIVATE_LINK);

    const { page } = await open({
      viewport: NARROW,
      // The used link's page answers 404 on purpose.
      allow: [/status of 404 \(Not Found\) \(https?:\/\/[^/]+\/affiliate\/activate\//],
    });
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { name: 'Welcome, Noor!', level: 1 }).waitFor();
    expect(await page.getByTestId('activate-figures').innerText()).toContain('12.5 %');
    await page.locator('[data-island="activate"][data-hydrated]').waitFor();
    await axeScan(page, '/affiliate/activate (en, 390 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'affiliate-activate-en-390');

    // The form's own checks first: nothing is sent.
    await page.getByTestId('activate-submit').click();
    await expect.poll(() => page.getByTestId('activate-accept').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('activate-password').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('activate-password').fill('correct-horse-battery-9');
    await page.getByTestId('activate-accept').check();
    await page.getByTestId('activate-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/affiliate');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('accessToken')))).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').email)).toBe(email);

    // The link is single-use.
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This invitation link no longer works' }).waitFor();
  });
});
