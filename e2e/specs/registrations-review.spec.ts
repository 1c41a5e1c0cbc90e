/**
 * Issue 15, the staff review of team registrations (`/onboarding/list`, `/onboarding/view/{id}`)
 * on the demo seed's records (apps/api/src/modules/system/demo-registrations.ts): Super Admin at
 * 1366 px filters, searches, opens Hawks U14 Girls, edits an answer and rejects it with a reason
 * (the email with it in the outbox); FYS Sales (Sally) at 390 px approves her Falcons Varsity (the
 * team and the draft campaign exist afterwards, read through the API); a Team Admin has no menu
 * item and gets the not-authorized page (and a 403 from the API). axe on every screen; the
 * sessions' console guard fails the test on any console error. Screenshots:
 * .tmp/screenshots/registrations-*.png.
 */
import type { RegistrationDetail, RegistrationListItem } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { outboxFor } from '../support/campaigns';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';

const DESKTOP = { width: 1366, height: 900 } as const;
const SUPER = 'super@demo.test';
const SALES = 'sales@demo.test';

/** The seeded record with this team name, as `who` sees it in the list. */
async function recordNamed(who: string, team: string): Promise<RegistrationListItem> {
  const token = await apiLogin(who);
  const res = await apiCall<{ data: { data: RegistrationListItem[] } }>(
    'GET',
    `/onboarding/?status=all&q=${encodeURIComponent(team)}&perPage=10&page=1`,
    undefined,
    token,
  );
  const found = res.data.data.find((r) => r.teamName === team);
  if (!found) throw new Error(`no registration for ${team} visible to ${who}`);
  return found;
}

/** Waits until the open dialog has faded in (axe reads colours mid-fade as too light). */
async function dialogShown(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction((id) => {
    const container = document.querySelector(`[data-testid="${id}"] .MuiDialog-container`);
    return container !== null && getComputedStyle(container).opacity === '1';
  }, testId);
}

/** axe after the colour transitions end (a status chip fades from one colour to the next). */
async function scan(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await axeScan(page, label);
}

const gridText = (page: Page) => page.getByTestId('registrations-grid').innerText();
/** Waits until the grid shows `shown` and not `hidden` (the previous page stays while the next loads). */
const gridShows = (page: Page, shown: string, hidden: string) =>
  expect
    .poll(async () => {
      const text = await gridText(page);
      return text.includes(shown) && !text.includes(hidden);
    })
    .toBe(true);
const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('registrations review', () => {
  const { open } = useBrowser();

  it('Super Admin filters, searches, edits an answer and rejects with a reason that is emailed (1366 px)', async () => {
    const hawks = await recordNamed(SUPER, 'Hawks U14 Girls');
    const { page } = await open({ viewport: DESKTOP });
    await login(page, SUPER);
    await page.goto('/onboarding/list');
    await page.getByTestId('registrations-grid').locator('.MuiDataGrid-row').first().waitFor();
    await expect.poll(() => page.getByTestId('registrations-summary').innerText()).toMatch(/Total\s*\d+/);
    await axeScan(page, '/onboarding/list (Super Admin, 1366 px)');
    await screenshot(page, 'registrations-list-1366');

    // The pending card filters; the in-progress tab shows the unsubmitted draft instead.
    await page.getByTestId('registrations-card-pending').click();
    await gridShows(page, 'Hawks U14 Girls', 'Tigers 10U');
    expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
    await page.getByTestId('registrations-filter-in_progress').click();
    await gridShows(page, 'Tigers 10U', 'Hawks U14 Girls');

    // The search (debounced, kept in the address).
    await page.getByTestId('registrations-filter-all').click();
    await page.getByTestId('registrations-search').fill('northfield');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('northfield');
    await gridShows(page, 'Hawks U14 Girls', 'Falcons Varsity');

    await page.getByTestId(`registration-link-${hawks.id}`).click();
    await waitForPath(page, `/onboarding/view/${hawks.id}`);
    await page.getByTestId('registration-header').waitFor();
    expect(await page.getByTestId('registration-status').innerText()).toBe('Pending');
    expect(await page.getByTestId('registration-email-confirmed').innerText()).toBe('confirmed');
    expect(await page.getByTestId('registration-goal').innerText()).toBe('$6,000.00');
    await axeScan(page, '/onboarding/view (Super Admin, 1366 px)');
    await screenshot(page, 'registrations-view-1366');

    // Edit an answer: the team's season.
    await page.getByTestId('registration-team-edit').click();
    await dialogShown(page, 'edit-step-dialog');
    await axeScan(page, 'edit team dialog');
    await page.getByTestId('edit-team-season').fill('Fall 2027');
    await page.getByTestId('edit-step-submit').click();
    await page.getByTestId('edit-step-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('registration-team').innerText()).toContain('Fall 2027');

    // Reject: a reason is required, then emailed to the registrant.
    const reason = `The roster is not confirmed by the club yet (${Date.now()}).`;
    await page.getByTestId('registration-reject').click();
    await dialogShown(page, 'reject-dialog');
    await page.getByTestId('reject-confirm').click();
    await page.getByText('This field is required').waitFor();
    await page.getByTestId('reject-reason').fill(reason);
    await axeScan(page, 'reject dialog');
    await page.getByTestId('reject-confirm').click();
    await page.getByTestId('reject-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('registration-status').innerText()).toBe('Rejected');
    expect(await page.getByTestId('registration-reason').innerText()).toBe(reason);
    expect(await page.getByTestId('registration-decided-by').innerText()).toContain('Sam Super');
    // A rejected record may be deleted; it can no longer be approved or edited.
    expect(await page.getByTestId('registration-delete').count()).toBe(1);
    expect(await page.getByTestId('registration-approve').count()).toBe(0);
    expect(await page.getByTestId('registration-team-edit').count()).toBe(0);
    await expect
      .poll(async () => (await outboxFor('hank.hill@demo.test')).some((m) => m.text.includes(reason)), {
        timeout: 10_000,
      })
      .toBe(true);

    // The same record and the list on a phone.
    await page.setViewportSize(NARROW);
    await noSideScroll(page, NARROW.width);
    await scan(page, '/onboarding/view rejected (Super Admin, 390 px)');
    await page.goto('/onboarding/list?status=rejected');
    await page.getByTestId('registrations-grid').locator('[data-testid="grid-phone-row"]').first().waitFor();
    await noSideScroll(page, NARROW.width);
    await axeScan(page, '/onboarding/list rejected (Super Admin, 390 px)');
  });

  it('FYS Sales approves their registration at 390 px: the team and the draft campaign exist afterwards', async () => {
    const falcons = await recordNamed(SALES, 'Falcons Varsity');
    const { page } = await open({ viewport: NARROW });
    await login(page, SALES);
    await page.goto('/onboarding/list');
    const grid = page.getByTestId('registrations-grid');
    await grid.locator('.MuiDataGrid-row').first().waitFor();
    expect(await grid.getAttribute('data-layout')).toBe('cards');
    await noSideScroll(page, NARROW.width);
    await axeScan(page, '/onboarding/list (FYS Sales, 390 px)');
    await screenshot(page, 'registrations-list-390');

    await page.getByTestId('registrations-card-pending').click();
    await page.getByTestId('registrations-search').fill('falcons');
    await gridShows(page, 'Falcons Varsity', 'Hawks U14 Girls');
    await page.getByTestId(`registration-card-link-${falcons.id}`).click();
    await waitForPath(page, `/onboarding/view/${falcons.id}`);
    await page.getByTestId('registration-header').waitFor();
    expect(await page.getByTestId('registration-salesperson').innerText()).toBe('Sally Sales');
    await noSideScroll(page, NARROW.width);
    await axeScan(page, '/onboarding/view (FYS Sales, 390 px)');

    await page.getByTestId('registration-approve').click();
    await dialogShown(page, 'approve-dialog');
    const creates = await page.getByTestId('approve-creates').innerText();
    expect(creates).toContain('Westbrook Basketball League');
    expect(creates).toContain('Falcons Varsity');
    expect(creates).toContain('fiona.flores@demo.test');
    await axeScan(page, 'approve dialog (390 px)');
    await screenshot(page, 'registrations-approve-390');
    const started = Date.now();
    await page.getByTestId('approve-confirm').click();
    await page.getByTestId('approve-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('registration-status').innerText()).toBe('Approved');
    console.log(`[registrations] approve → approved on screen in ${Date.now() - started} ms`);
    await page.getByTestId('registration-created-team').waitFor();
    await screenshot(page, 'registrations-approved-390');

    // What approval created, read through the API as the salesperson.
    const token = await apiLogin(SALES);
    const detail = await apiCall<{ data: { data: RegistrationDetail } }>(
      'GET',
      `/onboarding/${falcons.id}`,
      undefined,
      token,
    );
    const created = detail.data.data.created;
    expect(created).not.toBeNull();
    expect(await page.getByTestId('registration-created-team').getAttribute('href')).toBe(
      `/orgs/teams/view/${created!.teamId}`,
    );
    expect(await page.getByTestId('registration-created-campaign').getAttribute('href')).toBe(
      `/campaigns/view/${created!.campaignId}`,
    );
    const team = await apiCall<{ data: { name: string } }>(
      'GET',
      `/admin/organization/?organization=${created!.teamId}`,
      undefined,
      token,
    );
    expect(team.data.name).toBe('Falcons Varsity');
    const campaign = await apiCall<{ data: { status: string; goalCents: number } }>(
      'GET',
      `/campaign/${created!.campaignId}`,
      undefined,
      token,
    );
    expect(campaign.data).toMatchObject({ status: 'draft', goalCents: 600_000 });

    // The approved record on a computer's screen.
    await page.setViewportSize(DESKTOP);
    await scan(page, '/onboarding/view approved (FYS Sales, 1366 px)');
    await screenshot(page, 'registrations-approved-1366');

    // The created team opens from the link.
    await page.getByTestId('registration-created-team').click();
    await waitForPath(page, `/orgs/teams/view/${created!.teamId}`);
  });

  it('a Team Admin has no Registrations menu item and is not authorized at /onboarding/list', async () => {
    const { page } = await open({ viewport: DESKTOP });
    await login(page, 'teamadmin@demo.test');
    await page.getByTestId('main-nav').waitFor();
    expect(await page.locator('[data-testid="nav-registrations"]').count()).toBe(0);
    await page.goto('/onboarding/list');
    await waitForPath(page, '/misc/not-authorized');
    await page.getByTestId('not-authorized').waitFor();
    await axeScan(page, '/misc/not-authorized (Team Admin)');
    const token = await apiLogin('teamadmin@demo.test');
    await expect(apiCall('GET', '/onboarding/?status=all', undefined, token)).rejects.toThrow(/→ 403/);
  });
});
