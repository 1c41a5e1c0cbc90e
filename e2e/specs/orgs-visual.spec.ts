/**
 * The team view page in English/light and Spanish/dark at 1440 and 390 px (screenshots in
 * .tmp/screenshots/orgs-team-*.png), and axe (WCAG 2 A/AA) on /orgs/teams/list and the team
 * view page's tabs: no serious or critical violation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { chooseFile, gridRows, openTab, orgIdByName, removeTempFiles, tempFile, waitForViewOf } from '../support/orgs';
import { screenshot } from '../support/screenshots';
import { backgroundLuminance, layoutKind } from '../support/visual';

const TEAM = 'Riverside Rockets U12';
const IMPORT_HEADER =
  'division,player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone';

const LABELS = {
  en: { overview: 'Overview', children: 'Divisions', members: 'Members', divisions: 'Divisions' },
  es: { overview: 'Resumen', children: 'Divisiones', members: 'Miembros', divisions: 'Divisiones' },
} as const;

describe('organization screens: look and accessibility', () => {
  const { open } = useBrowser();
  afterAll(removeTempFiles);

  it('team view page: en/light and es/dark at 1440 and 390 px', async () => {
    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open({ viewport: WIDE });
    await login(page, 'orgadmin@demo.test');
    await waitForPath(page, '/orgs/organizations/list');
    const shots: string[] = [];
    for (const [lang, skin] of [
      ['en', 'light'],
      ['es', 'dark'],
    ] as const) {
      // Language and theme as the navbar switches store them (prefs.spec.ts drives the switches).
      await page.evaluate(
        ([l, s]) => {
          localStorage.setItem('language', l);
          const prefs = JSON.parse(localStorage.getItem('layoutPreferences') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('layoutPreferences', JSON.stringify({ ...prefs, skin: s }));
        },
        [lang, skin] as const,
      );
      for (const viewport of [WIDE, NARROW]) {
        await page.setViewportSize(viewport);
        for (const tab of ['overview', 'children', 'members'] as const) {
          await page.goto(`/orgs/teams/view/${teamId}${tab === 'overview' ? '' : `?tab=${tab}`}`);
          await waitForViewOf(page, TEAM);
          await page.getByTestId('rollup-divisions').waitFor();
          if (tab === 'overview') await page.getByTestId('org-details').waitFor();
          else if (tab === 'children') await page.getByTestId('children-table').getByRole('link').first().waitFor();
          else await page.getByTestId('members-grid').getByText('teamadmin@demo.test').waitFor();
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect((await page.getByTestId(`org-tab-${tab}`).textContent())?.trim()).toBe(LABELS[lang][tab]);
          expect(await page.getByTestId(`org-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
          const rollupLabel = await page.getByTestId('org-rollup').textContent();
          expect(rollupLabel).toContain(LABELS[lang].divisions);
          const { luminance } = await backgroundLuminance(page);
          expect(skin === 'dark' ? luminance < 0.1 : luminance > 0.7, `${skin} background L=${luminance}`).toBe(true);
          expect(await layoutKind(page)).toBe(viewport.width < 1200 ? 'vertical' : 'horizontal');
          // Nothing scrolls sideways, even at 390 px.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${lang} ${viewport.width}px ${tab}: horizontal overflow`).toBeLessThanOrEqual(0);
          // Below the overview, show the tab's own content rather than the header again.
          if (tab !== 'overview')
            await page.getByTestId(`org-tab-${tab}`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
          const name = `orgs-team-${tab}-${lang}-${skin}-${viewport.width}`;
          await screenshot(page, name);
          shots.push(name);
        }
      }
    }
    console.log(`[orgs-visual] screenshots: ${shots.join(', ')}`);
  });

  it('axe: /orgs/teams/list, the team view page (overview, divisions, members) and the import dialog', async () => {
    const teamId = await orgIdByName('team', TEAM);
    const { page } = await open();
    await login(page, 'orgadmin@demo.test');
    await waitForPath(page, '/orgs/organizations/list');

    await page.goto('/orgs/teams/list');
    const grid = page.getByTestId('org-grid');
    await grid.getByRole('link', { name: TEAM, exact: true }).waitFor();
    expect(await gridRows(grid).count()).toBeGreaterThanOrEqual(2);
    await axeScan(page, '/orgs/teams/list');

    await page.goto(`/orgs/teams/view/${teamId}`);
    await waitForViewOf(page, TEAM);
    await page.getByTestId('org-details').waitFor();
    await axeScan(page, `/orgs/teams/view/${teamId}`);

    await openTab(page, 'children');
    await page.getByTestId('children-table').getByRole('link', { name: 'Rockets Gold' }).waitFor();
    await axeScan(page, `/orgs/teams/view/${teamId}?tab=children`);

    await openTab(page, 'members');
    await page.getByTestId('members-grid').getByText('teamadmin@demo.test').waitFor();
    await axeScan(page, `/orgs/teams/view/${teamId}?tab=members`);

    // The import dialog with a rejected file: problem table and marked preview.
    await openTab(page, 'import');
    await page.getByTestId('import-open-roster').click();
    const dialog = page.getByTestId('import-dialog');
    const csv = `${IMPORT_HEADER}\nGold,Ann,Axe,Pat,Axe,not-an-email,\n`;
    await chooseFile(page, dialog.getByTestId('import-choose'), tempFile('axe-roster.csv', csv));
    await dialog.getByTestId('import-errors').waitFor();
    await axeScan(page, `/orgs/teams/view/${teamId}?tab=import (import dialog, 1 problem)`);
  });
});
