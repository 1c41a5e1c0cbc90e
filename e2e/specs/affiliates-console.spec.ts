/**
 * Issue 16, the console's affiliate screens on the demo seed: Super Admin (1366 px) creates a
 * program (dollars typed, cents stored) and an affiliate offered it, opens the affiliate's page
 * and attaches a fresh organization to it (read back through the API), then opens the demo
 * affiliate's record with its conversions at 390 px; the demo affiliate
 * (Ava Abbott) lands on their dashboard after sign-in and opens their profile at 390 px, then
 * sees the dashboard in the dark skin. axe on
 * every screen; the sessions' console guard fails the test on any console error.
 * Screenshots: .tmp/screenshots/affiliates-*.png.
 */
import type { AffiliateDetail, Program } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const DESKTOP = { width: 1366, height: 900 } as const;
const SUPER = 'super@demo.test';
const AFFILIATE = 'affiliate@demo.test';

/** Waits until the open dialog has faded in (axe reads colours mid-fade as too light). */
async function dialogShown(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction((id) => {
    const container = document.querySelector(`[data-testid="${id}"] .MuiDialog-container`);
    return container !== null && getComputedStyle(container).opacity === '1';
  }, testId);
}

/** axe once the colour transitions have ended. */
async function scan(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await axeScan(page, label);
}

/** Opens a MUI select by its test id and picks the option with this text. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('affiliates console', () => {
  const { open } = useBrowser();

  it('Super Admin creates a program and an affiliate, and attaches an organization (1366 px)', async () => {
    const id = stamp();
    const admin = await apiLogin(SUPER);
    const orgName = `E2E Affiliate Org ${id}`;
    const org = await apiCall<{ data: { id: number } }>(
      'POST',
      '/admin/organization/create',
      { typeId: 1, name: orgName, slug: `e2e-aff-org-${id}` },
      admin,
    );

    const { page } = await open({ viewport: DESKTOP });
    await login(page, SUPER);
    await page.goto('/affiliates/list?tab=programs');
    await page.getByTestId('programs-list').waitFor();
    await scan(page, '/affiliates/list programs (Super Admin)');

    const programName = `E2E Program ${id}`;
    await page.getByTestId('program-new').click();
    await dialogShown(page, 'program-dialog');
    await page.getByTestId('program-name').fill(programName);
    await page.getByTestId('program-gift-share').fill('12.5');
    await page.getByTestId('program-team-flat').fill('40');
    await page.getByTestId('program-min-payout').fill('20');
    await page.getByTestId('program-terms').fill('Promote honestly. Paid monthly.');
    await scan(page, 'program dialog');
    await page.getByTestId('program-submit').click();
    await page.getByTestId('program-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('programs-list').innerText()).toContain(programName);
    // Access tokens live 10 s on the e2e server: a fresh one for each read.
    const programs = await apiCall<{ data: Program[] }>('GET', '/affiliate/program', undefined, await apiLogin(SUPER));
    const created = programs.data.find((p) => p.name === programName);
    expect(created).toMatchObject({ giftShareBps: 1250, teamFlatCents: 4000, minPayoutCents: 2000, active: true });

    await page.getByTestId('affiliates-tab').click();
    await page.getByTestId('affiliates-grid').locator('.MuiDataGrid-row').first().waitFor();
    await scan(page, '/affiliates/list (Super Admin)');
    await screenshot(page, 'affiliates-list-1366');
    await page.getByTestId('affiliate-new').click();
    await dialogShown(page, 'affiliate-create-dialog');
    await page.getByTestId('affiliate-first').fill('Erin');
    await page.getByTestId('affiliate-last').fill(`Tester ${id}`);
    await page.getByTestId('affiliate-email').fill(`e2e-aff-${id}@example.org`);
    await page.getByTestId('affiliate-create-slug').fill(`e2e-aff-${id}`);
    await expect
      .poll(() => page.getByTestId('affiliate-create-slug-status').getAttribute('data-status'))
      .toBe('available');
    await choose(page, 'affiliate-program', programName);
    await scan(page, 'new affiliate dialog');
    await page.getByTestId('affiliate-create-submit').click();
    await page.waitForURL((url) => /^\/affiliates\/view\/\d+$/.test(url.pathname), { waitUntil: 'commit' });
    const affiliateId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('affiliate-header').innerText()).toContain(`Erin Tester ${id}`);
    await expect.poll(() => page.getByTestId('affiliate-status').innerText()).toBe('Invited');
    await expect.poll(() => page.getByTestId('affiliate-offers').innerText()).toContain(programName);
    await scan(page, '/affiliates/view (Super Admin)');

    await page.getByTestId('orgs-attach').click();
    await dialogShown(page, 'attach-dialog');
    await page.getByTestId('attach-orgs').fill(orgName);
    await page.getByRole('option', { name: orgName }).click();
    await page.getByTestId('attach-share').fill('15');
    await scan(page, 'attach organizations dialog');
    await page.getByTestId('attach-submit').click();
    await page.getByTestId('attach-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('affiliate-orgs').innerText()).toContain(orgName);
    const record = await apiCall<{ data: AffiliateDetail }>(
      'GET',
      `/affiliate/${affiliateId}`,
      undefined,
      await apiLogin(SUPER),
    );
    expect(record.data.organizations).toEqual([
      expect.objectContaining({ organizationId: org.data.id, giftShareBpsOverride: 1500 }),
    ]);
    await screenshot(page, 'affiliates-view-1366');

    // The demo affiliate's record, with its conversions and balances, on a phone.
    const ava = await apiCall<{ data: { id: number }[] }>(
      'GET',
      '/affiliate/?q=abbott&page=1&perPage=10',
      undefined,
      await apiLogin(SUPER),
    );
    await page.setViewportSize(NARROW);
    await page.goto(`/affiliates/view/${ava.data[0]?.id}`);
    await expect.poll(() => page.getByTestId('affiliate-header').innerText()).toContain('Ava Abbott');
    await page.getByTestId('conversions-grid').locator('.MuiDataGrid-row').first().waitFor();
    await scan(page, '/affiliates/view Ava (Super Admin, 390 px)');
    await noSideScroll(page, NARROW.width);
    await screenshot(page, 'affiliates-view-390');
  });

  it('the demo affiliate lands on their dashboard and opens their profile (390 px)', async () => {
    const { page } = await open({ viewport: NARROW });
    await login(page, AFFILIATE);
    await waitForPath(page, '/dashboard/affiliate');
    await page.getByTestId('dash-funnel').waitFor();
    await expect.poll(() => page.getByTestId('link-page').innerText()).toMatch(/\/affiliate\/[\w-]+$/);
    await page.getByTestId('payout-reason').waitFor();
    await scan(page, '/dashboard/affiliate (Affiliate, 390 px)');
    await noSideScroll(page, NARROW.width);
    await screenshot(page, 'affiliates-dashboard-390');

    await page.goto('/affiliates/profile');
    await page.getByTestId('affiliate-profile-form').waitFor();
    await expect.poll(() => page.getByTestId('profile-first').inputValue()).toBe('Ava');
    await scan(page, '/affiliates/profile (Affiliate, 390 px)');
    await noSideScroll(page, NARROW.width);
    await screenshot(page, 'affiliates-profile-390');

    // The dark skin: the dashboard's chips, range buttons and figures stay readable.
    await page.getByTestId('theme-toggle').click();
    await page.goto('/dashboard/affiliate');
    await page.getByTestId('dash-funnel').waitFor();
    await page.getByTestId('payout-reason').waitFor();
    await scan(page, '/dashboard/affiliate dark (Affiliate, 390 px)');
    await screenshot(page, 'affiliates-dashboard-dark-390');
  });
});
