/**
 * Organization hierarchy through the console (apps/web/src/features/orgs):
 * - an Organization Admin builds league > team > division from the organization's Children tab,
 *   with the live web-address check, the breadcrumb and the roll-up figures;
 * - a Team Admin cannot open a sibling team by URL and lists only their own team;
 * - members: add by email (a new person needs names, then is invited), remove after confirming.
 * Every name and web address carries a unique stamp: the tests share one seeded server.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentPath, login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import {
  breadcrumb,
  gridRows,
  openFromList,
  openTab,
  orgIdByName,
  readRollup,
  stamp,
  viewedId,
  waitForViewOf,
} from '../support/orgs';
import { screenshot } from '../support/screenshots';

const ORG = 'Riverside Youth Sports';

/** The helper text under the web-address field (where the availability check speaks). */
async function slugHelp(input: Locator): Promise<Locator> {
  const id = await input.getAttribute('aria-describedby');
  if (!id) throw new Error('the web-address field has no helper text');
  return input.page().locator(`[id="${id}"]`);
}

/** Fills the "Add …" dialog of the Children tab and submits; returns the new node's view path. */
async function addChild(page: Page, kind: 'league' | 'team' | 'division', name: string, slug?: string) {
  await openTab(page, 'children');
  await page.getByTestId(`add-child-${kind}`).click();
  const dialog = page.getByTestId('create-org-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('create-org-name').fill(name);
  const slugInput = dialog.getByTestId('slug-input');
  if (slug) await slugInput.fill(slug);
  const expected = slug ?? (await slugInput.inputValue());
  await (await slugHelp(slugInput)).filter({ hasText: `/${expected} is available.` }).waitFor();
  await dialog.getByTestId('create-org-submit').click();
  await dialog.waitFor({ state: 'hidden' });
  const segment = { league: 'leagues', team: 'teams', division: 'divisions' }[kind];
  await page.waitForURL((url) => url.pathname.startsWith(`/orgs/${segment}/view/`), { waitUntil: 'commit' });
  await waitForViewOf(page, name);
  return { id: viewedId(page), slug: expected };
}

describe('organization hierarchy', () => {
  const { open } = useBrowser();

  it('Organization Admin builds league > team > division; slug check, breadcrumb and roll-up follow', async () => {
    const { page } = await open();
    const id = stamp();
    const league = `E2E League ${id}`;
    const team = `E2E Team ${id}`;
    const division = `E2E Division ${id}`;

    await login(page, 'orgadmin@demo.test');
    await waitForPath(page, '/orgs/organizations/list');
    const orgId = await openFromList(page, 'organizations', ORG);
    const before = await readRollup(page);
    expect(Object.keys(before)).toEqual([
      'leagues',
      'teams',
      'divisions',
      'players',
      'members',
      'activeCampaigns',
      'raised',
      'donors',
    ]);

    // League, with the live web-address check: a taken slug, then a free one.
    await openTab(page, 'children');
    await page.getByTestId('add-child-league').click();
    const dialog = page.getByTestId('create-org-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('create-org-name').fill(league);
    const slugInput = dialog.getByTestId('slug-input');
    // Typing the name proposes a web address from it.
    expect(await slugInput.inputValue()).toBe(`e2e-league-${id}`);
    await slugInput.fill('riverside');
    const help = await slugHelp(slugInput);
    const taken = help.filter({ hasText: 'This web address is already in use.' });
    await taken.waitFor();
    expect(await slugInput.getAttribute('aria-invalid')).toBe('true');
    const suggestion = (await dialog.getByTestId('slug-suggestion').textContent())?.trim();
    await screenshot(page, 'orgs-slug-taken');
    const freeSlug = `e2e-lg-${id}`;
    await slugInput.fill(freeSlug);
    await help.filter({ hasText: `/${freeSlug} is available.` }).waitFor();
    expect(await taken.count()).toBe(0);
    expect(await slugInput.getAttribute('aria-invalid')).toBe('false');
    await dialog.getByTestId('create-org-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname.startsWith('/orgs/leagues/view/'), { waitUntil: 'commit' });
    await waitForViewOf(page, league);
    const leagueId = viewedId(page);
    expect(await breadcrumb(page)).toEqual([ORG, league]);
    expect(await page.getByTestId('org-header').getByText(`/${freeSlug}`, { exact: true }).count()).toBe(1);

    // Team under the league, then a division under the team (web address proposed from the name).
    const created = await addChild(page, 'team', team);
    expect(created.slug).toBe(`e2e-team-${id}`);
    expect(await breadcrumb(page)).toEqual([ORG, league, team]);
    const div = await addChild(page, 'division', division);
    await waitForPath(page, `/orgs/divisions/view/${div.id}`);
    expect(await breadcrumb(page)).toEqual([ORG, league, team, division]);
    expect(await readRollup(page)).toEqual({ players: 0, members: 0, activeCampaigns: 0, raised: 0, donors: 0 });
    await screenshot(page, 'orgs-new-division');

    // Back to the organization through the breadcrumb: its roll-up counts the three new nodes.
    await page.getByTestId('org-breadcrumb').getByRole('link', { name: ORG, exact: true }).click();
    await waitForPath(page, `/orgs/organizations/view/${orgId}`);
    await waitForViewOf(page, ORG);
    const plusOne = (k: string) => (before[k] ?? Number.NaN) + 1;
    const want = { ...before, leagues: plusOne('leagues'), teams: plusOne('teams'), divisions: plusOne('divisions') };
    let after = await readRollup(page);
    let polls = 0;
    // The page may first paint a cached copy while it asks the server again.
    for (; polls < 40 && JSON.stringify(after) !== JSON.stringify(want); polls++) {
      await page.waitForTimeout(250);
      after = await readRollup(page);
    }
    expect(after).toEqual(want);
    // The league is now one of the organization's children.
    await openTab(page, 'children');
    await page.getByTestId('children-table').getByRole('link', { name: league, exact: true }).waitFor();
    console.log(
      `[orgs] built league ${leagueId} > team ${created.id} > division ${div.id}; "riverside" taken (suggestion "${suggestion}"), /${freeSlug} available; roll-up ${JSON.stringify(before)} → ${JSON.stringify(after)} (after ${polls} × 250 ms)`,
    );
  });

  it('deletes an empty division after confirming and refuses a team that still has divisions', async () => {
    const teamId = await orgIdByName('team', 'Riverside Rockets U12');
    // Deleting a non-empty team answers 409 (the page shows the reason in a toast).
    const refused = new RegExp(`status of 409 \\(Conflict\\) \\(https?://[^/]+/api/v1/admin/organization/${teamId}\\b`);
    const { page } = await open({ allow: [refused] });
    const name = `E2E Temp ${stamp()}`;
    await login(page, 'orgadmin@demo.test');
    await page.goto(`/orgs/teams/view/${teamId}`);
    await waitForViewOf(page, 'Riverside Rockets U12');
    const div = await addChild(page, 'division', name);

    await openTab(page, 'overview');
    await page.getByTestId('delete-org-button').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(currentPath(page)).toBe(`/orgs/divisions/view/${div.id}`);
    await page.getByTestId('delete-org-button').click();
    await page.getByTestId('confirm-button').click();
    await waitForPath(page, `/orgs/teams/view/${teamId}`);
    await openTab(page, 'children');
    await page.getByTestId('children-table').waitFor();
    expect(await page.getByTestId('children-table').getByRole('link', { name, exact: true }).count()).toBe(0);

    // The team still has divisions and players: refused with the reason, nothing deleted.
    await openTab(page, 'overview');
    await page.getByTestId('delete-org-button').click();
    await page.getByTestId('confirm-button').click();
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Move or remove them first' }).waitFor();
    expect(await toast.textContent()).toMatch(/still has \d+ child/);
    await page.reload();
    await waitForViewOf(page, 'Riverside Rockets U12');
  });

  it('Team Admin cannot open a sibling team by URL and lists only their own team', async () => {
    const cometsId = await orgIdByName('team', 'Riverside Comets U10');
    const rocketsId = await orgIdByName('team', 'Riverside Rockets U12');
    // Outside the caller's subtree the API answers 404 (the page then says "not found").
    const detail404 = new RegExp(
      `status of 404 \\(Not Found\\) \\(https?://[^/]+/api/v1/admin/organization/\\?organization=${cometsId}\\b`,
    );
    const { page } = await open({ allow: [detail404] });
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');

    // Own team first: the page works for this account.
    await page.goto(`/orgs/teams/view/${rocketsId}`);
    await waitForViewOf(page, 'Riverside Rockets U12');

    // The sibling team, typed by hand.
    await page.goto(`/orgs/teams/view/${cometsId}`);
    const notAuthorized = page.getByTestId('not-authorized');
    const notFound = page.getByTestId('org-not-found');
    await notAuthorized.or(notFound).waitFor();
    const outcome = (await notFound.isVisible()) ? 'not-found' : 'not-authorized';
    if (outcome === 'not-found') {
      await notFound.getByRole('heading', { name: 'Team not found' }).waitFor();
      expect(currentPath(page)).toBe(`/orgs/teams/view/${cometsId}`);
    } else {
      expect(currentPath(page)).toBe('/misc/not-authorized');
    }
    // Nothing of the sibling team is on the page.
    expect(await page.getByTestId('org-header').count()).toBe(0);
    expect(await page.getByTestId('org-rollup').count()).toBe(0);
    const body = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['Riverside Comets U10', 'Comets Red', 'riverside-comets-u10'])
      expect(body, `"${secret}" leaked`).not.toContain(secret);
    await screenshot(page, 'orgs-sibling-team-blocked');

    // The team list holds exactly their own team.
    await page.goto('/orgs/teams/list');
    const grid = page.getByTestId('org-grid');
    await grid.getByRole('link', { name: 'Riverside Rockets U12', exact: true }).waitFor();
    const rows = await gridRows(grid).evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(rows).toEqual([String(rocketsId)]);
    expect(await grid.getByText('Riverside Comets U10').count()).toBe(0);
    console.log(
      `[orgs] teamadmin: /orgs/teams/view/${cometsId} (Comets U10) → ${outcome}; /orgs/teams/list rows [${rows.join(', ')}]`,
    );
  });

  it('members: a new person needs names, is invited, then removed after confirming', async () => {
    const cometsId = await orgIdByName('team', 'Riverside Comets U10');
    const id = stamp();
    const email = `member.${id}@e2e.test`;
    const lastName = `Member${id}`;
    // Adding an address without names is a 400 with field errors (the expected validation answer).
    const add400 = new RegExp(
      `status of 400 \\(Bad Request\\) \\(https?://[^/]+/api/v1/organization/${cometsId}/user\\b`,
    );
    const { page, guard } = await open({ allow: [add400] });
    await login(page, 'orgadmin@demo.test');
    await waitForPath(page, '/orgs/organizations/list');
    await openFromList(page, 'teams', 'Riverside Comets U10');
    await openTab(page, 'members');
    const grid = page.getByTestId('members-grid');
    await grid.getByText('coach.rivera@demo.test').waitFor();

    await page.getByTestId('add-member-button').click();
    const dialog = page.getByTestId('add-member-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('add-member-email').fill(email);
    await dialog.getByTestId('add-member-submit').click();
    // The server asks for the names of someone without an account; nothing is added.
    await dialog.getByText('Required for a new person').first().waitFor();
    expect(await dialog.getByText('Required for a new person').count()).toBe(2);
    expect(await dialog.getByTestId('add-member-first-name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByTestId('add-member-last-name').getAttribute('aria-invalid')).toBe('true');
    const alert = (await dialog.getByTestId('add-member-error').textContent())?.trim();
    expect(alert).toContain('first and last name');
    expect(guard.allowed.some((l) => add400.test(l))).toBe(true);
    await screenshot(page, 'orgs-member-names-required');

    await dialog.getByTestId('add-member-first-name').fill('Nia');
    await dialog.getByTestId('add-member-last-name').fill(lastName);
    await dialog.getByTestId('add-member-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = (await page.getByTestId('toast').first().textContent())?.trim();
    const row = gridRows(grid).filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Nia ${lastName}`);
    expect(await row.textContent()).toContain('Invited');
    const memberId = await row.getAttribute('data-id');
    expect(memberId).toMatch(/^\d+$/);

    // Remove: cancel first (nothing happens), then confirm.
    await page.getByTestId(`remove-member-${memberId}`).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Nia ${lastName} will lose access to Riverside Comets U10`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await page.getByTestId(`remove-member-${memberId}`).click();
    await confirm.waitFor();
    await page.getByTestId('confirm-button').click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await grid.getByText('coach.rivera@demo.test').waitFor();
    // Still gone after a reload (the server removed it, not just the grid).
    await page.reload();
    await grid.getByText('coach.rivera@demo.test').waitFor();
    expect(await grid.getByText(email).count()).toBe(0);
    console.log(`[orgs] member ${email}: names required → added (toast "${toast}", member ${memberId}) → removed`);
  });

  it('Add division and Add team are the same dialog, with the only possible parent already chosen', async () => {
    const id = stamp();
    const { page } = await open();

    // A Team Admin adds a division from the list: their team is the only possible parent.
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto('/orgs/divisions/list');
    await page.getByTestId('add-org-button').click();
    const dialog = page.getByTestId('create-org-dialog');
    await dialog.waitFor();
    const parent = dialog.getByTestId('parent-picker');
    await expect.poll(() => parent.inputValue()).toBe('Riverside Rockets U12');
    const division = `E2E Sole Division ${id}`;
    await dialog.getByTestId('create-org-name').fill(division);
    const slugInput = dialog.getByTestId('slug-input');
    await (await slugHelp(slugInput)).filter({ hasText: 'is available.' }).waitFor();
    // The first Create succeeds (it used to fail with "Choose where it belongs").
    await dialog.getByTestId('create-org-submit').click();
    await page.waitForURL((url) => url.pathname.startsWith('/orgs/divisions/view/'), { waitUntil: 'commit' });
    await waitForViewOf(page, division);
    expect(await breadcrumb(page)).toEqual([ORG, 'Riverside Soccer League', 'Riverside Rockets U12', division]);
    const divisionId = viewedId(page);

    // A League Admin: /orgs/teams/add-team is the teams list with the same dialog open over it.
    const second = await open();
    await login(second.page, 'leagueadmin@demo.test');
    await second.page.goto('/orgs/teams/add-team');
    const teamDialog = second.page.getByTestId('create-org-dialog');
    await teamDialog.waitFor();
    await second.page.getByTestId('org-grid').waitFor({ state: 'attached' });
    await expect.poll(() => teamDialog.getByTestId('parent-picker').inputValue()).toBe('Riverside Soccer League');
    await screenshot(second.page, 'orgs-add-team-dialog');
    // Cancel returns to the list; Add team there opens the dialog again.
    await teamDialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(second.page, '/orgs/teams/list');
    await second.page.getByTestId('add-org-button').click();
    await teamDialog.waitFor();
    const team = `E2E Sole Team ${id}`;
    await teamDialog.getByTestId('create-org-name').fill(team);
    await (await slugHelp(teamDialog.getByTestId('slug-input'))).filter({ hasText: 'is available.' }).waitFor();
    await teamDialog.getByTestId('create-org-submit').click();
    await second.page.waitForURL((url) => url.pathname.startsWith('/orgs/teams/view/'), { waitUntil: 'commit' });
    await waitForViewOf(second.page, team);
    expect(await breadcrumb(second.page)).toEqual([ORG, 'Riverside Soccer League', team]);

    // The demo tree is shared by the specs that follow (the campaign form lists the team's divisions).
    const admin = await apiLogin('super@demo.test');
    for (const nodeId of [divisionId, viewedId(second.page)])
      await apiCall('DELETE', `/admin/organization/${nodeId}`, undefined, admin);
  });
});
