/**
 * Family registration (`/register/{organization}/player`, decision 007): a new family picks a
 * division, fills in the player and parent, sets a password and lands on My Players signed in;
 * the player is on that division's roster. The same email again is refused with a way forward.
 */
import { describe, expect, it } from 'vitest';
import { waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { orgIdByName, stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const TEAM_SLUG = 'riverside-rockets-u12';
const DIVISION = 'Rockets Blue';
/** Chromium logs the refused registration's 409; the second attempt expects it. */
const EXPECTED_409 = /status of 409 \(Conflict\).*\/api\/v1\/register\//;

describe('family registration', () => {
  const { open } = useBrowser();

  it('a new family registers a player into a division and lands on My Players', async () => {
    const { page } = await open();
    const id = stamp();
    const email = `register.${id}@example.test`;
    const first = `Robin${id.slice(0, 4)}`;

    await page.goto(`/register/${TEAM_SLUG}/player`);
    await page.getByTestId('page-title').waitFor();
    await axeScan(page, 'register player');

    await page.getByTestId('reg-division').click();
    await page.getByRole('option', { name: new RegExp(DIVISION) }).click();
    await page.getByTestId('reg-first-name').fill(first);
    await page.getByTestId('reg-last-name').fill('Register');
    await page.getByTestId('reg-parent-first-name').fill('Riley');
    await page.getByTestId('reg-parent-last-name').fill('Register');
    await page.getByTestId('reg-email').fill(email);
    await page.getByTestId('reg-password').fill('family-pass-2026');
    await page.getByTestId('reg-confirm-password').fill('family-pass-2026');
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
    await second.page.getByTestId('reg-division').click();
    await second.page.getByRole('option', { name: new RegExp(DIVISION) }).click();
    await second.page.getByTestId('reg-first-name').fill(`${first}b`);
    await second.page.getByTestId('reg-last-name').fill('Register');
    await second.page.getByTestId('reg-parent-first-name').fill('Riley');
    await second.page.getByTestId('reg-parent-last-name').fill('Register');
    await second.page.getByTestId('reg-email').fill(email);
    await second.page.getByTestId('reg-password').fill('family-pass-2026');
    await second.page.getByTestId('reg-confirm-password').fill('family-pass-2026');
    await second.page.getByTestId('reg-submit').click();
    const error = second.page.getByTestId('register-error');
    await error.waitFor();
    expect((await error.textContent())?.toLowerCase()).toContain('sign in');
  });
});
