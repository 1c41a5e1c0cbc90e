/**
 * Issue 17, the console's sponsorships on the demo seed: the demo Team Admin opens their team's
 * Sponsorships tab at 390 px, creates a "Fence banner" at $250 × 3 (dollars typed, cents stored,
 * the deductible part shown as typed), uploads its image, and reads it back through the API; axe
 * on the tab and the dialog; the team's running campaign shows its own Sponsorships tab; nothing scrolls sideways; the session's console guard fails the test
 * on any console error. Screenshots: .tmp/screenshots/sponsorships-*.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Opportunity } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { orgIdByName, stamp, waitForViewOf } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const TEAM_ADMIN = 'teamadmin@demo.test';
const TEAM = 'Riverside Rockets U12';
const CAMPAIGN = 'Rockets Spring Drive';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

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

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('sponsorships console', () => {
  const { open } = useBrowser();

  it('the Team Admin creates a $250 × 3 fence banner with an image on their team (390 px)', async () => {
    const id = stamp();
    const slug = `fence-banner-${id}`;
    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open({ viewport: NARROW });
    await login(page, TEAM_ADMIN);
    await waitForPath(page, '/dashboard');

    await page.goto(`/orgs/teams/view/${teamId}?tab=sponsorships`);
    await waitForViewOf(page, TEAM);
    await page.getByTestId('sponsorships-tab').waitFor();
    await page.getByTestId('sponsors-summary').waitFor();
    await scan(page, 'team Sponsorships tab (Team Admin, 390 px)');
    await noSideScroll(page, NARROW.width);

    await page.getByTestId('opportunity-new').click();
    await dialogShown(page, 'opportunity-dialog');
    const dialog = page.getByTestId('opportunity-dialog');
    await dialog.getByTestId('opportunity-name').fill('Fence banner');
    await dialog.getByTestId('opportunity-slug').fill(slug);
    await dialog.getByTestId('opportunity-slug-status').filter({ hasText: 'is available' }).waitFor();
    await dialog.getByTestId('opportunity-price').fill('250');
    await dialog.getByTestId('opportunity-fmv').fill('40');
    await dialog.getByTestId('opportunity-deductible').filter({ hasText: '$210.00' }).waitFor();
    await dialog.getByTestId('opportunity-quantity').fill('3');
    await dialog.getByTestId('benefit-add').click();
    await dialog.getByTestId('benefit-0').fill('A 3 × 6 ft banner on the outfield fence all season');
    await dialog.getByTestId('opportunity-status').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await scan(page, 'new opportunity dialog (390 px)');
    await screenshot(page, 'sponsorships-dialog-390');
    await dialog.getByTestId('opportunity-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Opportunity created' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Read back through the API: cents stored, three units, nothing sold.
    const token = await apiLogin(TEAM_ADMIN);
    const list = await apiCall<{ data: Opportunity[] }>(
      'GET',
      `/admin/sponsorship_opportunity?organizationId=${teamId}`,
      undefined,
      token,
    );
    const created = list.data.find((o) => o.slug === slug);
    expect(created).toMatchObject({
      name: 'Fence banner',
      priceCents: 25_000,
      quantity: 3,
      fairMarketValueCents: 4_000,
      sold: 0,
      left: 3,
      status: 'active',
      benefits: ['A 3 × 6 ft banner on the outfield fence all season'],
    });
    const oid = created?.id ?? 0;
    const card = page.getByTestId(`opportunity-${oid}`);
    await card.getByTestId(`opportunity-left-${oid}`).filter({ hasText: '3 of 3 left' }).waitFor();
    expect(await card.getByTestId(`opportunity-price-${oid}`).textContent()).toBe('$250.00');

    // Its image, uploaded from the card.
    const image = path.join(mkdtempSync(path.join(tmpdir(), 'fc-e2e-sponsor-')), 'banner.png');
    writeFileSync(image, Buffer.from(PNG_1PX, 'base64'));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByTestId(`opportunity-image-button-${oid}`).click(),
    ]);
    await chooser.setFiles(image);
    await page.getByTestId('toast').filter({ hasText: 'Image uploaded.' }).waitFor();
    await card.getByTestId(`opportunity-img-${oid}`).locator('img').waitFor();
    const after = await apiCall<{ data: Opportunity[] }>(
      'GET',
      `/admin/sponsorship_opportunity?organizationId=${teamId}`,
      undefined,
      token,
    );
    expect(after.data.find((o) => o.id === oid)?.imageUrl).toBeTruthy();

    await card.scrollIntoViewIfNeeded();
    await scan(page, 'team Sponsorships tab with the new banner (390 px)');
    await noSideScroll(page, NARROW.width);
    await screenshot(page, 'sponsorships-tab-390');
    // A unit paid by cheque, recorded offline: it shows in the sponsors list and takes a unit.
    await page.getByTestId('sponsors-offline').click();
    await dialogShown(page, 'offline-dialog');
    const offline = page.getByTestId('offline-dialog');
    await offline.getByTestId('offline-opportunity').click();
    await page.getByRole('option', { name: 'Fence banner · $250.00', exact: true }).click();
    await offline.getByTestId('offline-first').fill('Pat');
    await offline.getByTestId('offline-last').fill(`Baker${id}`);
    await offline.getByTestId('offline-email').fill(`pat.${id}@e2e.test`);
    await offline.getByTestId('offline-business').fill('Pat’s Bakery');
    await offline.getByTestId('offline-reference').fill('Cheque 1042');
    await scan(page, 'offline sponsorship dialog (390 px)');
    await offline.getByTestId('offline-submit').click();
    await offline.waitFor({ state: 'hidden' });
    await card.getByTestId(`opportunity-left-${oid}`).filter({ hasText: '2 of 3 left' }).waitFor();
    await page.getByTestId('sponsors-search').fill(`Baker${id}`);
    await page.getByTestId('sponsors-table').getByText(`Pat Baker${id}`).waitFor();
    await noSideScroll(page, NARROW.width);
    await screenshot(page, 'sponsorships-sponsors-390');

    console.log(`[sponsorships] team ${teamId}: opportunity ${oid} /sponsorships/${slug} $250 × 3, image uploaded`);

    // The team's running campaign has its own Sponsorships tab (its opportunities and sponsors).
    await page.goto('/campaigns/list');
    await page.getByTestId('campaign-grid').getByRole('link', { name: CAMPAIGN, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/campaigns/view/'), { waitUntil: 'commit' });
    await page.getByTestId('campaign-tab-sponsorships').click();
    await page.getByTestId('sponsorships-tab').waitFor();
    await page.getByTestId('sponsors-summary').waitFor();
    await page.getByTestId('opportunity-new').waitFor();
    await scan(page, 'campaign Sponsorships tab (Team Admin, 390 px)');
    await noSideScroll(page, NARROW.width);
  });
});
