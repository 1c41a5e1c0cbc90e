/**
 * Issue 12: the lists show what matters at every width. At 390 px the donations list shows each
 * row as a card whose name, amount and status sit inside the screen (before, the table showed
 * two columns and hid amount and status), and a node's members are cards that keep their role
 * picker and remove button; at 1366 px every column of the campaign list fits (before, Donors
 * was cut off). Screenshots in .tmp/screenshots/lists-*.png.
 */
import type { DonationListItem } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { SUPER_ADMIN } from '../support/donations';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';

const STATUS_LABEL = (d: DonationListItem) =>
  ({
    0: 'Pending',
    1: d.refundedCents > 0 ? 'Partly refunded' : 'Completed',
    2: 'Failed',
    3: 'Refunded',
    4: 'Cancelled',
  })[d.status];

/** The element's box lies inside the viewport horizontally (no sideways scrolling needed to read it). */
async function insideScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

describe('lists at phone and laptop widths', () => {
  const { open } = useBrowser();

  it('at 390 px the donations list shows the first row’s name, amount and status on screen', async () => {
    const token = await apiLogin(SUPER_ADMIN);
    const [first] = (
      await apiCall<{ data: DonationListItem[] }>('GET', '/admin/donation/list?limit=10', undefined, token)
    ).data;
    if (!first) throw new Error('the demo seed has no donation');
    const { page } = await open({ viewport: NARROW });
    await login(page, SUPER_ADMIN);
    await page.goto('/donations/list');
    const row = page.locator('[data-testid="donations-grid"] .MuiDataGrid-row').first();
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    const card = '[data-testid="donations-grid"] .MuiDataGrid-row >> nth=0';
    const value = (await page.locator(`${card} >> [data-testid="grid-phone-value"]`).innerText()).trim();
    const status = (await page.locator(`${card} >> [data-testid="grid-phone-status"]`).innerText()).trim();
    const name = (await page.locator(`${card} >> [data-testid="donation-card-link-${first.id}"]`).innerText()).trim();
    expect({
      name,
      status,
      dollars: value.replace(/[^\d]/g, '').startsWith(String(Math.floor(first.amountCents / 100))),
    }).toEqual({ name: first.donorName, status: STATUS_LABEL(first), dollars: true });
    expect({
      name: await insideScreen(page, `${card} >> [data-testid="donation-card-link-${first.id}"]`),
      amount: await insideScreen(page, `${card} >> [data-testid="grid-phone-value"]`),
      status: await insideScreen(page, `${card} >> [data-testid="grid-phone-status"] .MuiChip-root`),
      pageScrollsSideways: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    }).toEqual({ name: true, amount: true, status: true, pageScrollsSideways: false });
    await screenshot(page, 'lists-donations-390-en');
    await axeScan(page, '/donations/list (390 px, cards)');
  });

  it('at 1366 px every column of the campaign list fits inside the grid', async () => {
    const { page } = await open({ viewport: { width: 1366, height: 768 } });
    await login(page, SUPER_ADMIN);
    await page.goto('/campaigns/list');
    await page.locator('[data-testid="campaign-grid"] .MuiDataGrid-row').first().waitFor();
    const cut = await page.evaluate(() => {
      const grid = document.querySelector('[data-testid="campaign-grid"] .MuiDataGrid-main')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="campaign-grid"] .MuiDataGrid-columnHeader')]
        .filter((h) => h.getBoundingClientRect().right > grid.right + 1)
        .map((h) => h.getAttribute('data-field'));
    });
    const fields = await page
      .locator('[data-testid="campaign-grid"] .MuiDataGrid-columnHeader')
      .evaluateAll((hs) => hs.map((h) => h.getAttribute('data-field')));
    expect(fields).toContain('donors');
    expect(cut).toEqual([]);
    await screenshot(page, 'lists-campaigns-1366-en');
  });

  it('at 390 px a node’s members are cards whose status, role picker and remove button stay on screen', async () => {
    const token = await apiLogin(SUPER_ADMIN);
    const orgs = await apiCall<{ data: { id: number; name: string }[] }>(
      'GET',
      '/admin/organization/filter',
      undefined,
      token,
    );
    const org = orgs.data.find((o) => o.name === 'Riverside Youth Sports');
    if (!org) throw new Error('the demo seed has no Riverside Youth Sports');
    const { page } = await open({ viewport: NARROW });
    await login(page, SUPER_ADMIN);
    await page.goto(`/orgs/organizations/view/${org.id}?tab=members`);
    const card = '[data-testid="members-grid"] .MuiDataGrid-row >> nth=0';
    await page.locator(card).waitFor();
    const memberId = await page
      .locator(`${card} >> [data-testid^="member-card-role-"]`)
      .getAttribute('data-testid')
      .then((id) => id?.replace('member-card-role-', ''));
    expect({
      status: await insideScreen(page, `${card} >> [data-testid="grid-phone-status"] .MuiChip-root`),
      role: await insideScreen(page, `${card} >> [data-testid="member-card-role-${memberId}"]`),
      remove: await insideScreen(page, `${card} >> [data-testid="remove-member-card-${memberId}"]`),
      pageScrollsSideways: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    }).toEqual({ status: true, role: true, remove: true, pageScrollsSideways: false });
    await screenshot(page, 'lists-members-390-en');
  });
});
