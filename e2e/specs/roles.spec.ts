/**
 * Spec §2 "Home by role" and "Navigation menu by role": every demo account signs in through the
 * form, lands on its role's home and sees exactly its menu (horizontal layout, 1440 px).
 * Items show only when the role's abilities allow them (apps/api/src/modules/abilities/matrix.ts),
 * so e.g. Division Admin has no Organizations/Leagues and Donor keeps only Donations.
 */
import { describe, expect, it } from 'vitest';
import { currentPath, login, waitForPath } from '../support/auth';
import { useBrowser } from '../support/browser';
import { screenshot } from '../support/screenshots';

interface RoleCase {
  email: string;
  role: string;
  home: string;
  /** Top-level nav-<key> test ids, in menu order. */
  nav: string[];
  /** Children of the top-level groups (opened from the horizontal menu). */
  groups?: Record<string, string[]>;
}

const OTHERS_TOP = [
  'dashboards',
  'organizations',
  'leagues',
  'teams',
  'divisions',
  'players',
  'campaigns',
  'donations',
  'settings',
];
const DASHBOARDS = ['dashboard-overview', 'dashboard-analytics'];

const CASES: RoleCase[] = [
  {
    email: 'super@demo.test',
    role: 'super_admin',
    home: '/dashboard/admin',
    nav: [
      'dashboard',
      'organizations',
      'leagues',
      'teams',
      'divisions',
      'campaigns',
      'players',
      'donations',
      'settings',
    ],
    // Data entry: offline gifts at /system/dataentry (spec §2 "Users and settings");
    // Outbox: DECISIONS §6 (Super Admin reads the stored e-mail outbox in the console).
    groups: { settings: ['users', 'affiliates', 'registrations', 'data-entry', 'outbox', 'contact-messages'] },
  },
  {
    email: 'sales@demo.test',
    role: 'fys_sales',
    home: '/dashboard/admin',
    nav: ['dashboard', 'organizations', 'leagues', 'teams', 'campaigns', 'players', 'registrations'],
  },
  {
    email: 'orgadmin@demo.test',
    role: 'org_admin',
    home: '/orgs/organizations/list',
    nav: OTHERS_TOP,
    groups: { dashboards: DASHBOARDS, settings: ['users', 'affiliates', 'onboarding-tasks'] },
  },
  {
    email: 'orguser@demo.test',
    role: 'org_user',
    home: '/orgs/organizations/list',
    nav: OTHERS_TOP,
    groups: { dashboards: DASHBOARDS, settings: ['users', 'affiliates', 'onboarding-tasks'] },
  },
  {
    email: 'leagueadmin@demo.test',
    role: 'league_admin',
    home: '/orgs/leagues/list',
    nav: OTHERS_TOP,
    // No userprofile list, affiliates or onboarding for League Admin.
    groups: { dashboards: DASHBOARDS, settings: ['onboarding-tasks'] },
  },
  {
    email: 'teamadmin@demo.test',
    role: 'team_admin',
    home: '/dashboard',
    nav: ['dashboard', 'organizations', 'leagues', 'teams', 'campaigns', 'players'],
  },
  {
    email: 'divisionadmin@demo.test',
    role: 'division_admin',
    home: '/orgs/divisions/list',
    // No read on org-organizations / org-leagues for Division Admin.
    nav: ['dashboards', 'teams', 'divisions', 'players', 'campaigns', 'donations', 'settings'],
    groups: { dashboards: DASHBOARDS, settings: ['onboarding-tasks'] },
  },
  {
    email: 'parent@demo.test',
    role: 'fundraiser',
    home: '/fundraisers/home',
    // Fundraiser Dashboard is vertical-layout only.
    nav: ['my-players', 'my-campaigns'],
  },
  {
    email: 'donor@demo.test',
    role: 'donor',
    home: '/donations/list',
    nav: ['donations'],
  },
  {
    email: 'affiliate@demo.test',
    role: 'affiliate',
    home: '/dashboard/affiliate',
    nav: ['affiliate-dashboard', 'affiliate-profile'],
  },
];

const TOP_LEVEL = '[data-testid="main-nav"] > [data-testid^="nav-"]';

describe('home and navigation menu by role', () => {
  const { open } = useBrowser();

  it.each(CASES)('$email ($role) lands on $home and sees its menu', async ({ email, role, home, nav, groups }) => {
    const { page } = await open();
    const landed = await login(page, email);
    await waitForPath(page, home);
    await page.getByTestId('main-nav').waitFor();
    await page.getByTestId(`nav-${nav[0]}`).first().waitFor();

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userData') ?? 'null') as { role?: string },
    );
    expect(stored?.role).toBe(role);

    const keys = (await page.locator(TOP_LEVEL).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))))
      .map((id) => id?.replace(/^nav-/, ''))
      .filter(Boolean);
    expect(keys).toEqual(nav);
    for (const key of nav) await expect(page.getByTestId(`nav-${key}`).first().isVisible()).resolves.toBe(true);

    const seenGroups: string[] = [];
    for (const [group, children] of Object.entries(groups ?? {})) {
      await page.locator(`${TOP_LEVEL}[data-testid="nav-${group}"]`).click();
      const menu = page.locator(`#nav-menu-${group}`);
      await menu.getByRole('menuitem').first().waitFor();
      const ids = await menu
        .locator('[data-testid^="nav-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.replace(/^nav-/, '')));
      expect(ids, `${group} children`).toEqual(children);
      seenGroups.push(`${group}[${ids.join(',')}]`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    // Spec §2: only Super Admin sees the theme customizer.
    expect(await page.getByTestId('customizer-toggle').count()).toBe(role === 'super_admin' ? 1 : 0);
    expect(currentPath(page)).toBe(home);
    await screenshot(page, `role-${role}`);
    console.log(
      `[roles] ${email}: login → ${landed}, home ${home}, nav ${keys.join(', ')}${seenGroups.length ? `; ${seenGroups.join('; ')}` : ''}`,
    );
  });
});
