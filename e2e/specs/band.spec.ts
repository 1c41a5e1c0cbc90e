/**
 * Issue 18, BAND team messaging in the console against the real server and the BAND sandbox:
 * - /band/authorize's three outcomes (spec §8, verbatim): `success` through the sandbox consent
 *   page opened as the BAND tab's popup, `Existing` by linking again, `error` with the used code
 *   and with a made-up one; the spec's title; Close Window closes the popup and the tab updates;
 * - the demo Team Admin picks the team's band and posts the campaign launch from the campaign
 *   page's BAND logo; the server's outbox job posts it (polled) and the tab lists it as posted;
 * - English and Spanish, 390 px and 1366 px, light and dark; axe on every screen; no sideways scroll.
 * Screenshots: .tmp/screenshots/band-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { orgIdByName, waitForViewOf } from '../support/orgs';
import { screenshot } from '../support/screenshots';
import { noSidewaysScroll } from '../support/visual';

const TEAM_ADMIN = 'teamadmin@demo.test';
const TEAM = 'Riverside Rockets U12';
const CAMPAIGN = 'Rockets Spring Drive';
const WIDE_1366 = { width: 1366, height: 900 } as const;
const TITLE = 'FYS Registration - Band Ingtegration';
const MESSAGES = {
  error: 'There was an error linking your account. Please close this window and try again.',
  Existing:
    'You have already linked your account. If you are trying to link a new account, please discconect your previous BAND connection and try again.',
  success:
    'Thanks for connecting your BAND account. Look for the band logo throughout our site to push messages to your team.',
} as const;

/** axe once the colour transitions have ended. */
async function scan(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await axeScan(page, label);
}

/**
 * Clicks Close Window in a popup the console opened, and waits until it is gone. The click closes
 * the page it was made on, and Playwright can report that as a failed click ("Target page … has
 * been closed") after the click was delivered: once the popup is closed, the click did its job.
 */
async function closePopup(popup: Page): Promise<void> {
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByTestId('band-close-window')
      .click()
      .catch((err: unknown) => {
        if (!popup.isClosed()) throw err;
      }),
  ]);
}

/** The outcome /band/authorize shows, once it has posted the code. */
async function outcome(page: Page): Promise<{ outcome: string | null; text: string }> {
  const el = page.getByTestId('band-authorize-message');
  await el.waitFor();
  return { outcome: await el.getAttribute('data-outcome'), text: ((await el.textContent()) ?? '').trim() };
}

/** Allows on the sandbox consent page (what BAND's authorize page is without a BAND client). */
async function allow(page: Page): Promise<void> {
  await page.locator('button[value="allow"]').click();
  await page.waitForURL((u) => u.pathname === '/band/authorize');
}

/** An API call as the Team Admin (signed in for each call: e2e access tokens live 10 s). */
async function asTeamAdmin<T>(method: string, route: string): Promise<T> {
  return apiCall<T>(method, route, undefined, await apiLogin(TEAM_ADMIN));
}

describe('BAND', () => {
  const { open } = useBrowser();

  it('links the account in a popup: success, then Existing; after a disconnect, error with the used code or a made-up one', async () => {
    // A clean start whatever ran before: no BAND account, no band on the team.
    const teamId = await orgIdByName('team', TEAM);
    await asTeamAdmin('DELETE', '/band/account').catch(() => undefined);
    await asTeamAdmin('DELETE', `/orgs/${teamId}/band`).catch(() => undefined);

    const { page, context } = await open({ viewport: WIDE_1366 });
    await login(page, TEAM_ADMIN);
    await waitForPath(page, '/dashboard');
    await page.goto(`/orgs/teams/view/${teamId}?tab=band`);
    await waitForViewOf(page, TEAM);
    await page.getByTestId('band-account-none').waitFor();
    await scan(page, 'team BAND tab, not linked (1366 px)');
    await screenshot(page, 'band-tab-unlinked-1366');

    // success: the popup goes to the sandbox consent page, Allow comes back to /band/authorize.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('band-link-account').click()]);
    await popup.waitForURL((u) => u.pathname === '/api/v1/band/sandbox/authorize');
    await page.getByTestId('band-connect-waiting').waitFor();
    await allow(popup);
    const first = await outcome(popup);
    expect(first).toEqual({ outcome: 'success', text: MESSAGES.success });
    expect(await popup.title()).toBe(TITLE);
    const usedUrl = popup.url();
    expect(new URL(usedUrl).searchParams.get('code')).toBeTruthy();
    await scan(popup, '/band/authorize success');
    await screenshot(popup, 'band-authorize-success');
    await closePopup(popup);
    // The tab updates when the popup closes.
    await page.getByTestId('band-account-name').waitFor();
    expect(await page.getByTestId('band-account-status').textContent()).toBe('Connected');

    // Existing: linking again while the account is linked (a new consent, a fresh code).
    const { data } = await asTeamAdmin<{ data: { url: string } }>('GET', '/band/connect-url');
    const again = await context.newPage();
    await again.goto(data.url);
    await allow(again);
    expect(await outcome(again)).toEqual({ outcome: 'Existing', text: MESSAGES.Existing });
    await scan(again, '/band/authorize Existing');
    await again.close();

    // Disconnect (after a confirmation), then the first link's code again: single-use, so error.
    await page.getByTestId('band-disconnect').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await scan(page, 'disconnect confirmation (1366 px)');
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('band-account-none').waitFor();
    const used = await context.newPage();
    await used.goto(usedUrl);
    expect(await outcome(used)).toEqual({ outcome: 'error', text: MESSAGES.error });
    // A made-up code and state: error too.
    await used.goto('/band/authorize?code=not-a-band-code&state=not-our-state');
    expect(await outcome(used)).toEqual({ outcome: 'error', text: MESSAGES.error });
    expect(await used.title()).toBe(TITLE);
    await scan(used, '/band/authorize error');
    // Opened by the test, not by a script: Close Window cannot close it and offers the console.
    await used.getByTestId('band-close-window').click();
    await used.getByTestId('band-back-to-console').waitFor();
    await screenshot(used, 'band-authorize-error-1366');
    await used.close();
    expect((await asTeamAdmin<{ data: { account: unknown } }>('GET', '/band/account')).data.account).toBeNull();

    // Link again from the tab (the next journey posts with it).
    const [relink] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('band-link-account').click()]);
    await allow(relink);
    expect((await outcome(relink)).outcome).toBe('success');
    await closePopup(relink);
    await page.getByTestId('band-account-name').waitFor();
    await screenshot(page, 'band-tab-account-1366');
    // The dark skin at 1366 px.
    await page.evaluate(() =>
      localStorage.setItem(
        'layoutPreferences',
        JSON.stringify({ skin: 'dark', layout: 'horizontal', rtl: false, menuCollapsed: false }),
      ),
    );
    await page.reload();
    await page.getByTestId('band-account-name').waitFor();
    await page.getByTestId('band-tab').scrollIntoViewIfNeeded();
    await scan(page, 'team BAND tab (dark, 1366 px)');
    await screenshot(page, 'band-tab-dark-1366');
  });

  it('the Team Admin links the team band and posts the campaign launch, which the server posts (390 px)', async () => {
    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open({ viewport: NARROW });
    await login(page, TEAM_ADMIN);
    await waitForPath(page, '/dashboard');
    await page.goto(`/orgs/teams/view/${teamId}?tab=band`);
    await waitForViewOf(page, TEAM);
    await page.getByTestId('band-account-name').waitFor();

    // The band: the sandbox account's bands, the read-only one not choosable.
    await page.getByTestId('band-team-select').click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await page.locator('[role="option"][aria-disabled="true"]').count()).toBe(1);
    await scan(page, 'band choice (390 px)');
    await options.first().click();
    await page.getByTestId('band-team-save').click();
    await page.getByTestId('band-team-linked').waitFor();
    const linked = await asTeamAdmin<{ data: { link: { bandName: string } | null } }>('GET', `/orgs/${teamId}/band`);
    expect(linked.data.link?.bandName).toMatch(/^Team chat/);
    await page.getByTestId('band-team').scrollIntoViewIfNeeded();
    await scan(page, 'team BAND tab, linked (390 px)');
    await noSidewaysScroll(page, 'team BAND tab at 390 px');
    await screenshot(page, 'band-tab-linked-390');

    // The campaign page's BAND logo: campaign launch with a push.
    const campaigns = await asTeamAdmin<{ data: { id: number; title: string }[] }>(
      'GET',
      '/admin/campaign/listbyuser/',
    );
    const campaign = campaigns.data.find((c) => c.title === CAMPAIGN);
    expect(campaign).toBeTruthy();
    await page.goto(`/campaigns/view/${campaign!.id}`);
    const logo = page.getByRole('button', { name: 'Post to BAND' });
    await logo.waitFor();
    await logo.scrollIntoViewIfNeeded();
    await scan(page, 'campaign page with the BAND logo (390 px)');
    await screenshot(page, 'band-campaign-logo-390');
    await logo.click();
    await page.getByTestId('band-post-dialog').waitFor();
    await page
      .getByTestId('band-post-preview')
      .filter({ hasText: `${CAMPAIGN} is live!` })
      .waitFor();
    await page.getByTestId('band-post-line').fill('Go Rockets!');
    await page.getByTestId('band-post-push').check();
    await scan(page, 'post to BAND dialog (390 px)');
    await screenshot(page, 'band-post-dialog-390');
    await page.getByTestId('band-post-send').click();
    await page.getByTestId('band-post-result').waitFor();
    // The server's outbox job sends it; the dialog follows its state.
    await page.locator('[data-testid="band-post-result-status"][data-status="posted"]').waitFor({ timeout: 60_000 });
    const content = (await page.getByTestId('band-post-result-content').textContent()) ?? '';
    expect(content.startsWith('Go Rockets!')).toBe(true);
    expect(content).toContain(`${CAMPAIGN} is live!`);
    await screenshot(page, 'band-post-posted-390');

    // Read back: the team's posts say posted, once, with one attempt.
    const posts = await asTeamAdmin<{ data: { kind: string; status: string; doPush: boolean }[] }>(
      'GET',
      `/orgs/${teamId}/band/posts`,
    );
    expect(posts.data.filter((p) => p.kind === 'campaign_launch')).toEqual([
      expect.objectContaining({ status: 'posted', doPush: true }),
    ]);

    // Sending the same event again answers the post already made.
    await page.getByTestId('band-post-close').click();
    await logo.click();
    await page.getByTestId('band-post-send').click();
    await page.getByTestId('band-post-result').filter({ hasText: 'already sent' }).waitFor();
    await page.getByTestId('band-post-close').click();

    await page.goto(`/orgs/teams/view/${teamId}?tab=band`);
    await page.locator('[data-testid^="band-post-status-"][data-status="posted"]').first().waitFor();
    await page.getByTestId('band-posts').scrollIntoViewIfNeeded();
    await noSidewaysScroll(page, 'team BAND posts at 390 px');
    await screenshot(page, 'band-posts-390');
  });

  it('speaks Spanish in the dark theme at 390 px, on /band/authorize and the team tab', async () => {
    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open({ viewport: NARROW });
    await page.emulateMedia({ colorScheme: 'dark' });
    await login(page, TEAM_ADMIN);
    await waitForPath(page, '/dashboard');
    await page.evaluate(() => {
      localStorage.setItem('language', 'es');
      localStorage.setItem(
        'layoutPreferences',
        JSON.stringify({ skin: 'dark', layout: 'horizontal', rtl: false, menuCollapsed: false }),
      );
    });
    await page.goto('/band/authorize?code=no-code&state=no-state');
    const shown = await outcome(page);
    expect(shown).toEqual({
      outcome: 'error',
      text: 'Hubo un error al vincular tu cuenta. Cierra esta ventana y vuelve a intentarlo.',
    });
    expect(await page.getByTestId('band-close-window').textContent()).toBe('Cerrar ventana');
    await scan(page, '/band/authorize (es, dark, 390 px)');
    await noSidewaysScroll(page, '/band/authorize at 390 px');
    await screenshot(page, 'band-authorize-es-dark-390');

    await page.goto(`/orgs/teams/view/${teamId}?tab=band`);
    await page.getByTestId('band-team-linked').filter({ hasText: 'Las publicaciones van a' }).waitFor();
    await page.locator('[data-testid^="band-post-status-"]').first().waitFor();
    await page.getByTestId('band-posts').scrollIntoViewIfNeeded();
    await scan(page, 'team BAND tab (es, dark, 390 px)');
    await noSidewaysScroll(page, 'team BAND tab (es) at 390 px');
    await screenshot(page, 'band-tab-es-dark-390');

    // The campaign page's BAND dialog in Spanish and dark.
    const campaigns = await asTeamAdmin<{ data: { id: number; title: string }[] }>(
      'GET',
      '/admin/campaign/listbyuser/',
    );
    const campaign = campaigns.data.find((c) => c.title === CAMPAIGN);
    await page.goto(`/campaigns/view/${campaign!.id}`);
    await page.getByRole('button', { name: 'Publicar en BAND' }).click();
    await page.getByTestId('band-post-dialog').waitFor();
    await page.getByTestId('band-post-preview').filter({ hasText: 'ya está en marcha' }).waitFor();
    await scan(page, 'post to BAND dialog (es, dark, 390 px)');
    await screenshot(page, 'band-post-dialog-es-dark-390');
  });
});
