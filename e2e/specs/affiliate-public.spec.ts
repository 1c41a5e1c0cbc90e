/**
 * Issue 16, the affiliate's public page and the referral notice (decision 018 "Consent"): a
 * visitor on a phone (390 px) opens the demo affiliate's page `/affiliate/ava-abbott`, sees who
 * they are and the notice naming them, presses "Don't remember" with the keyboard: the notice
 * goes, the `fc_ref` cookie is deleted and the refusal remembered. In Spanish, in the dark theme,
 * "Aceptar" keeps the cookie and hides the notice for good. axe on each state; nothing scrolls
 * sideways; no console error. Screenshots in .tmp/screenshots/affiliate-*.png.
 */
import { describe, expect, it } from 'vitest';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { screenshot } from '../support/screenshots';

/** The demo seed's active affiliate (apps/api/src/modules/system/demo-seed.ts). */
const SLUG = 'ava-abbott';

describe('the affiliate public page', () => {
  const { open } = useBrowser();

  it('a visitor at 390 px sees the notice and answers "Don\'t remember": the cookie is gone', async () => {
    const { page, context } = await open({ viewport: NARROW });
    const res = await page.goto(`/affiliate/${SLUG}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    await page.getByTestId('affiliate-name').waitFor();
    expect(await page.getByRole('link', { name: 'Register your team' }).getAttribute('href')).toBe(
      '/onboarding/team?lang=en',
    );
    const notice = page.getByTestId('referral-notice');
    await page.locator('[data-island="referral"][data-hydrated]').waitFor();
    expect(await notice.getByRole('status').innerText()).toMatch(
      /^You arrived through .+'s link\. We remember this visit for \d+ days so .+ gets credit if you register a team or give\.$/,
    );
    const cookies = async () => Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    const before = await cookies();
    expect(before.fc_ref?.httpOnly).toBe(true);
    expect(before.fc_ref?.sameSite).toBe('Lax');
    expect(before.fc_ref?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await axeScan(page, `/affiliate/${SLUG} (en, 390 px, notice)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'affiliate-notice-en-390');

    // With the keyboard: the notice's second button.
    await notice.getByRole('button', { name: 'OK' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Don't remember");
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    const after = await cookies();
    expect(after.fc_ref).toBeUndefined();
    expect(after.fc_ref_consent?.value).toBe('no');

    // The next visit through the link is counted without a cookie, and asks nothing.
    await page.goto(`/affiliate/${SLUG}`);
    await page.getByTestId('affiliate-name').waitFor();
    expect(await page.getByTestId('referral-notice').count()).toBe(0);
    expect((await cookies()).fc_ref).toBeUndefined();
    await axeScan(page, `/affiliate/${SLUG} (en, 390 px, answered)`);
  });

  it('in Spanish and the dark theme, "Aceptar" keeps the visit and the notice stays away', async () => {
    const { page, context } = await open({ viewport: NARROW });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/affiliate/${SLUG}?lang=es`);
    await page.locator('[data-island="referral"][data-hydrated]').waitFor();
    expect(await page.getByTestId('referral-notice').getByRole('status').innerText()).toMatch(
      /^Llegaste a través del enlace de .+\. Recordamos esta visita durante \d+ días/,
    );
    expect(await page.getByRole('link', { name: 'Registra tu equipo' }).count()).toBe(1);
    await axeScan(page, `/affiliate/${SLUG} (es, dark, 390 px)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'affiliate-notice-es-dark-390');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByTestId('referral-notice').waitFor({ state: 'detached' });
    const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(jar.fc_ref_consent).toBe('ok');
    expect(jar.fc_ref).toBeTruthy();
    // Another page of the site: no notice.
    await page.goto('/how-it-works?lang=es');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('referral-notice').count()).toBe(0);
  });

  it('?ref= on the home page shows the notice; an unknown affiliate is the not-found page', async () => {
    // The not-found page's own 404 is the expected answer, not a failure.
    const { page } = await open({
      viewport: NARROW,
      allow: [/status of 404 \(Not Found\) \(https?:\/\/[^/]+\/affiliate\/no-such/],
    });
    await page.goto(`/?ref=${SLUG}`);
    await page.locator('[data-island="referral"][data-hydrated]').waitFor();
    await axeScan(page, `/?ref=${SLUG} (en, 390 px)`);
    const missing = await page.goto('/affiliate/no-such-affiliate-here');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
