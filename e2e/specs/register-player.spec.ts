/**
 * Family registration (`/register/{organization}/player`, decision 007), a page the server
 * renders with the form as an island (issue 14): a new family picks a division, fills in the
 * player and parent, sets a password and lands on My Players signed in; the player is on that
 * division's roster. The same email again is refused with a way forward. A signed-in parent gets
 * their own choices; the page reads in Spanish at 390 px with no sideways scroll, checks its
 * fields in the page language, and an unknown organization is a 404.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { orgIdByName, stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';
import { htmlAttr, noSidewaysScroll } from '../support/visual';

const TEAM_SLUG = 'riverside-rockets-u12';
const DIVISION = 'Rockets Blue';
/** Chromium logs the refused registration's 409; the second attempt expects it. */
const EXPECTED_409 = /status of 409 \(Conflict\).*\/api\/v1\/register\//;
/** An unknown organization's page answers 404 itself, which Chromium logs. */
const PAGE_404 = /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/register\/[\w-]+\/player:0\)$/;

/** Picks the division whose option names `name` in the (native) division select. */
async function chooseDivision(page: Page, name: string) {
  const select = page.getByTestId('reg-division');
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value ?? '');
}

/** The island is live (hydrated): its clicks are the form's, not a plain submit. */
const hydrated = (page: Page) => page.locator('[data-island="register"][data-hydrated]').waitFor();

async function fillNewFamily(page: Page, first: string, email: string) {
  await chooseDivision(page, DIVISION);
  await page.getByTestId('reg-first-name').fill(first);
  await page.getByTestId('reg-last-name').fill('Register');
  await page.getByTestId('reg-parent-first-name').fill('Riley');
  await page.getByTestId('reg-parent-last-name').fill('Register');
  await page.getByTestId('reg-email').fill(email);
  await page.getByTestId('reg-password').fill('family-pass-2026');
  await page.getByTestId('reg-confirm-password').fill('family-pass-2026');
}

describe('family registration', () => {
  const { open } = useBrowser();

  it('a new family registers a player into a division and lands on My Players', async () => {
    const { page } = await open();
    const id = stamp();
    const email = `register.${id}@example.test`;
    const first = `Robin${id.slice(0, 4)}`;

    await page.goto(`/register/${TEAM_SLUG}/player`);
    await page.getByTestId('page-title').waitFor();
    await hydrated(page);
    await axeScan(page, 'register player');

    await fillNewFamily(page, first, email);
    await page.getByTestId('reg-submit').click();

    await waitForPath(page, '/fundraisers/home');
    await page.getByTestId('my-players').getByText(first).waitFor();
    await screenshot(page, 'register-player-home');

    // The player is on the division's roster, with the family's email (read as staff).
    const token = await apiLogin('super@demo.test');
    const divisionId = await orgIdByName('division', DIVISION);
    const division = await apiCall<{ data: { players: { firstName: string; email: string }[] } }>(
      'GET',
      `/divisions/${divisionId}`,
      undefined,
      token,
    );
    expect(division.data.players.filter((p) => p.firstName === first).map((p) => p.email)).toEqual([email]);

    // The same email again, signed out: refused, with a way to sign in.
    const second = await open({ allow: [EXPECTED_409] });
    await second.page.goto(`/register/${TEAM_SLUG}/player`);
    await hydrated(second.page);
    await fillNewFamily(second.page, `${first}b`, email);
    await second.page.getByTestId('reg-submit').click();
    const error = second.page.getByTestId('register-error');
    await error.waitFor();
    expect((await error.textContent())?.toLowerCase()).toContain('sign in');
    expect(await error.locator('a').getAttribute('href')).toBe(
      `/login?returnTo=${encodeURIComponent(`/register/${TEAM_SLUG}/player`)}`,
    );

    // Signed in, the same page offers the parent's own player and asks nothing of the parent.
    await login(second.page, email, 'family-pass-2026');
    await second.page.goto(`/register/${TEAM_SLUG}/player`);
    await second.page.getByTestId('register-signed-in-as').waitFor();
    expect(await second.page.getByTestId('register-signed-in-as').textContent()).toContain(email);
    expect(await second.page.getByTestId('reg-parent-first-name').count()).toBe(0);
    await chooseDivision(second.page, DIVISION);
    const own = second.page.getByTestId('reg-player').locator('option', { hasText: first });
    expect(await own.textContent()).toContain('already in this division');
    expect(await own.isDisabled()).toBe(true);
  });

  it('reads in Spanish at 390 px, dark, with no sideways scroll, and checks its fields in Spanish', async () => {
    const { page, context } = await open({ viewport: NARROW });
    await page.goto(`/register/${TEAM_SLUG}/player?lang=es`);
    await context.addCookies([{ name: 'theme', value: 'dark', url: page.url() }]);
    const res = await page.goto(`/register/${TEAM_SLUG}/player?lang=es`);
    expect(res?.status()).toBe(200);
    expect(await htmlAttr(page, 'lang')).toBe('es');
    expect(await htmlAttr(page, 'data-theme')).toBe('dark');
    expect(await page.getByTestId('page-title').textContent()).toBe('Inscribir a un jugador');
    await hydrated(page);
    await noSidewaysScroll(page, 'register es 390');
    await page.getByTestId('reg-email').fill('no-es-un-correo');
    await page.getByTestId('reg-submit').click();
    const email = page.getByTestId('reg-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const hint = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${hint}`).textContent()).toBe('Introduce un correo electrónico válido');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reg-division');
    await noSidewaysScroll(page, 'register es 390 with errors');
    await axeScan(page, 'register player (es, 390)');
    await screenshot(page, 'register-player-es-390');
  });

  it('an unknown organization is a 404 with its message', async () => {
    const { page } = await open({ allow: [PAGE_404] });
    const res = await page.goto('/register/no-such-organization/player');
    expect(res?.status()).toBe(404);
    await page.getByTestId('register-not-found').waitFor();
    expect(await page.getByTestId('register-not-found').textContent()).toContain('We could not find this organization');
  });
});
