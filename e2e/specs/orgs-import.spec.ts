/**
 * Roster CSV import on a team (Import tab → Import roster): the dry run names the bad row by line
 * and column and keeps Import disabled; the fixed file is "ready", imports, and its players show
 * on the division's Players tab; the same file again creates nothing.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { chooseFile, openTab, orgIdByName, removeTempFiles, stamp, tempFile, waitForViewOf } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const TEAM = 'Riverside Rockets U12';
const HEADER = 'division,player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone';

/** Opens the team's Import tab and the roster import dialog. */
async function openRosterImport(page: Page) {
  await openTab(page, 'import');
  await page.getByTestId('import-open-roster').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.waitFor();
  return dialog;
}

/** Cell texts of a table's body rows. */
function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
}

describe('roster CSV import', () => {
  const { open } = useBrowser();
  afterAll(removeTempFiles);

  it('rejects a bad row by line number, imports the fixed file, and a second import creates nothing', async () => {
    const id = stamp();
    const division = `Import ${id}`;
    const last = `Csv${id}`;
    const players = ['Ana', 'Ben', 'Cal'].map((first) => `${first} ${last}`);
    const row = (first: string, parent: string, email: string) =>
      [division, first, last, parent, last, email, '555-0100'].join(',');
    const good = [
      HEADER,
      row('Ana', 'Pat', `pat.${id}@e2e.test`),
      row('Ben', 'Quinn', `quinn.${id}@e2e.test`),
      row('Cal', 'Rae', `rae.${id}@e2e.test`),
    ];
    // Line 3 of the file (header = line 1) has a parent email that is not an address.
    const bad = [...good];
    bad[2] = row('Ben', 'Quinn', `quinn.${id}-at-e2e.test`);
    const badFile = tempFile(`roster-${id}-bad.csv`, `${bad.join('\n')}\n`);
    const goodFile = tempFile(`roster-${id}.csv`, `${good.join('\n')}\n`);

    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open();
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`/orgs/teams/view/${teamId}`);
    await waitForViewOf(page, TEAM);
    const dialog = await openRosterImport(page);
    const submit = dialog.getByTestId('import-submit');
    expect(await submit.isDisabled()).toBe(true);

    // 1. The bad file: the dry run lists line 3 / parent_email; Import stays disabled.
    await chooseFile(page, dialog.getByTestId('import-choose'), badFile);
    await dialog.getByTestId('import-invalid').waitFor();
    const invalid = (await dialog.getByTestId('import-invalid').textContent())?.trim();
    expect(invalid).toContain('Problems found: 1.');
    const errors = await tableRows(page, 'import-errors');
    expect(errors).toEqual([['3', 'parent_email', `"quinn.${id}-at-e2e.test" is not an email address`]]);
    expect(await submit.isDisabled()).toBe(true);
    expect((await dialog.getByTestId('import-file-name').textContent())?.trim()).toContain(`roster-${id}-bad.csv`);
    // The preview shows every line and outlines only line 3's parent_email cell.
    const preview = await tableRows(page, 'import-preview');
    expect(preview.map((r) => r[0])).toEqual(['2', '3', '4']);
    const marked = await page
      .getByTestId('import-preview')
      .locator('tbody td')
      .evaluateAll((tds) =>
        tds.filter((td) => getComputedStyle(td).boxShadow !== 'none').map((td) => td.textContent?.trim()),
      );
    expect(marked).toEqual([`quinn.${id}-at-e2e.test`]);
    await screenshot(page, 'orgs-import-invalid');

    // 2. The fixed file: ready, then Import → 3 created.
    await chooseFile(page, dialog.getByTestId('import-choose'), goodFile);
    const ready = dialog.getByTestId('import-ready');
    await ready.waitFor();
    expect((await ready.textContent())?.trim()).toBe('Ready to import 3 rows: 3 new, 0 updated, 0 unchanged.');
    expect(await dialog.getByTestId('import-errors').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
    expect((await submit.textContent())?.trim()).toBe('Import 3 rows');
    await screenshot(page, 'orgs-import-ready');
    await submit.click();
    await dialog.getByTestId('import-done').waitFor();
    const created = (await dialog.getByTestId('import-created').textContent())?.trim();
    expect(created).toBe('3');
    expect((await dialog.getByTestId('import-skipped').textContent())?.trim()).toBe('0');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 3. The new division (created by the import) lists the three players.
    await openTab(page, 'children');
    await page.getByTestId('children-table').getByRole('link', { name: division, exact: true }).click();
    await waitForViewOf(page, division);
    await openTab(page, 'players');
    const roster = page.getByTestId('roster-table');
    await roster.getByText(players[0] ?? '').waitFor();
    const listed = await roster.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(listed).toHaveLength(3);
    for (const p of players)
      expect(
        listed.some((r) => r.includes(p)),
        p,
      ).toBe(true);
    expect(listed.some((r) => r.includes(`quinn.${id}@e2e.test`))).toBe(true);
    await screenshot(page, 'orgs-import-players');

    // 4. The same file again: nothing new.
    await page.getByTestId('org-breadcrumb').getByRole('link', { name: TEAM, exact: true }).click();
    await waitForViewOf(page, TEAM);
    const again = await openRosterImport(page);
    await chooseFile(page, again.getByTestId('import-choose'), goodFile);
    await again.getByTestId('import-ready').waitFor();
    expect((await again.getByTestId('import-ready').textContent())?.trim()).toBe(
      'Ready to import 3 rows: 0 new, 0 updated, 3 unchanged.',
    );
    await again.getByTestId('import-submit').click();
    await again.getByTestId('import-done').waitFor();
    const second = {
      created: (await again.getByTestId('import-created').textContent())?.trim(),
      skipped: (await again.getByTestId('import-skipped').textContent())?.trim(),
    };
    expect(second).toEqual({ created: '0', skipped: '3' });
    console.log(
      `[orgs-import] ${TEAM}: bad file → "${invalid}" errors ${JSON.stringify(errors)}; fixed → created ${created}; division "${division}" lists ${listed.length} players; again → ${JSON.stringify(second)}`,
    );
  });
});
