/**
 * Issue 13: every role's home does real work. Each demo role signs in through the form, lands on
 * (or opens) its dashboard, and the figures on screen equal the API's answer for the same range
 * and node; a Team Admin nudges a player at risk; each dashboard reads in English (light) and
 * Spanish (dark) at 1440 and 390 px without sideways scrolling and without axe violations.
 * Screenshots: .tmp/screenshots/dashboard-*.png.
 */
import type { AdminDashboard, Analytics, FundraiserDashboard, NodeDashboard } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentPath, login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { usd } from '../support/donations';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';
import { noSidewaysScroll } from '../support/visual';

type Envelope<T> = { data: T };

/** The API's answer for the range and node the page shows (both come from the address). */
async function apiFor<T>(page: Page, route: string, email: string): Promise<T> {
  const shown = new URL(page.url()).searchParams;
  const q = new URLSearchParams();
  for (const k of ['organizationId', 'from', 'to', 'interval']) {
    const v = shown.get(k);
    if (v) q.set(k, v);
  }
  const token = await apiLogin(email);
  const qs = q.toString();
  return (await apiCall<Envelope<T>>('GET', `${route}${qs ? `?${qs}` : ''}`, undefined, token)).data;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

describe('dashboards', () => {
  const { open } = useBrowser();

  it('Super Admin and FYS Sales land on the admin dashboard with the API figures', async () => {
    for (const email of ['super@demo.test', 'sales@demo.test']) {
      const { page } = await open({ viewport: WIDE });
      expect(await login(page, email)).toBe('/dashboard/admin');
      await page.getByTestId('card-net').waitFor();
      const api = await apiFor<AdminDashboard>(page, '/dashboards/admin', email);
      expect(await text(page, 'card-net'), email).toBe(usd(api.money.netCents));
      expect(await text(page, 'card-gross'), email).toBe(usd(api.money.grossCents));
      expect(await text(page, 'card-gifts'), email).toBe(count(api.money.gifts));
      expect(await text(page, 'card-paid-out'), email).toBe(usd(api.paidOutCents));
      expect(await text(page, 'card-awaiting'), email).toBe(usd(api.awaitingPayoutCents));
      if (email.startsWith('sales')) {
        expect(api.portfolio?.length ?? 0).toBeGreaterThan(0);
        await page.getByTestId('portfolio').waitFor();
      }
      await axeScan(page, `/dashboard/admin (${email})`);
    }
  });

  it('a Team Admin lands on the team dashboard; other levels open theirs; figures equal the API', async () => {
    const cases = [
      { email: 'teamadmin@demo.test', home: '/dashboard' },
      { email: 'orgadmin@demo.test', home: '/orgs/organizations/list' },
      { email: 'leagueadmin@demo.test', home: '/orgs/leagues/list' },
      { email: 'divisionadmin@demo.test', home: '/orgs/divisions/list' },
    ];
    for (const c of cases) {
      const { page } = await open({ viewport: WIDE });
      expect(await login(page, c.email)).toBe(c.home);
      if (c.home !== '/dashboard') {
        await page.goto('/dashboard');
        await waitForPath(page, '/dashboard');
      }
      await page.getByTestId('card-net').waitFor();
      const api = await apiFor<NodeDashboard>(page, '/dashboards/node', c.email);
      expect(await text(page, 'card-net'), c.email).toBe(usd(api.money.netCents));
      expect(await text(page, 'card-gifts'), c.email).toBe(count(api.money.gifts));
      for (const campaign of api.campaigns) await page.getByTestId(`campaign-card-${campaign.id}`).waitFor();
      if (c.email.startsWith('teamadmin')) await page.getByTestId('next-tasks-slot').waitFor();
      await axeScan(page, `/dashboard (${c.email})`);
    }
  });

  it('analytics: the figures equal the API, a child drills down and the node stays in the address', async () => {
    const email = 'orgadmin@demo.test';
    const { page } = await open({ viewport: WIDE });
    await login(page, email);
    await page.goto('/dashboard/analytics?interval=month');
    await page.getByTestId('card-net').waitFor();
    const api = await apiFor<Analytics>(page, '/dashboards/analytics', email);
    expect(await text(page, 'card-net')).toBe(usd(api.money.netCents));
    expect(await text(page, 'card-gifts')).toBe(count(api.money.gifts));
    await axeScan(page, '/dashboard/analytics (org admin)');
    const child = api.byChild.find((r) => r.drillId !== null);
    if (child) {
      await page.getByTestId(`drill-${child.drillId}`).click();
      await page.waitForURL((u) => u.searchParams.get('organizationId') === String(child.drillId));
      await page.getByTestId('card-net').waitFor();
      const drilled = await apiFor<Analytics>(page, '/dashboards/analytics', email);
      expect(drilled.scope.organization?.id).toBe(child.drillId);
      await page.waitForFunction(
        ([want]) => document.querySelector('[data-testid="card-net"]')?.textContent?.trim() === want,
        [usd(drilled.money.netCents)] as const,
      );
    }
  });

  it('a family opens its dashboard: one card per player and campaign, with the next step', async () => {
    const email = 'parent@demo.test';
    const { page } = await open({ viewport: WIDE });
    expect(await login(page, email)).toBe('/fundraisers/home');
    await page.goto('/dashboard/fundraiser');
    const api = await apiFor<FundraiserDashboard>(page, '/dashboards/fundraiser', email);
    expect(api.players.length).toBeGreaterThan(0);
    for (const p of api.players) {
      await page.getByTestId(`fr-card-${p.campaignFundraiserId}`).waitFor();
      expect(await page.getByTestId(`fr-card-${p.campaignFundraiserId}`).innerText()).toContain(usd(p.raisedCents));
      await page.getByTestId(`next-step-${p.campaignFundraiserId}`).waitFor();
    }
    await axeScan(page, '/dashboard/fundraiser');
  });

  it('a Team Admin nudges a player at risk once; the family is then shown as recently nudged', async () => {
    const email = 'teamadmin@demo.test';
    const { page } = await open({ viewport: WIDE });
    await login(page, email);
    await page.getByTestId('card-net').waitFor();
    const before = await apiFor<NodeDashboard>(page, '/dashboards/node', email);
    const target = before.atRisk.players.find((p) => p.canNudge);
    expect(target, 'the demo team has a player at risk who can be nudged').toBeDefined();
    if (!target) return;
    await page.getByTestId('at-risk-list').waitFor();
    await page.getByTestId(`at-risk-check-${target.campaignFundraiserId}`).locator('input').check();
    await page.getByTestId('nudge-button').click();
    await page.getByTestId('nudge-dialog').waitFor();
    await screenshot(page, 'dashboard-nudge-confirm-en-light-1440');
    await page.getByTestId('nudge-confirm').click();
    await page.getByTestId('nudge-summary').waitFor();
    const after = await apiFor<NodeDashboard>(page, '/dashboards/node', email);
    const row = after.atRisk.players.find((p) => p.campaignFundraiserId === target.campaignFundraiserId);
    expect(row?.lastNudgedAt).not.toBeNull();
    expect(row?.canNudge).toBe(false);
  });

  const SHOWN = [
    { email: 'super@demo.test', path: '/dashboard/admin', name: 'admin' },
    { email: 'teamadmin@demo.test', path: '/dashboard', name: 'team' },
    { email: 'orgadmin@demo.test', path: '/dashboard/analytics', name: 'analytics' },
    { email: 'parent@demo.test', path: '/dashboard/fundraiser', name: 'fundraiser' },
  ];
  for (const p of SHOWN)
    it(`${p.path} reads in English (light) and Spanish (dark), at 1440 and 390 px`, { timeout: 120_000 }, async () => {
      const { page } = await open({ viewport: WIDE });
      await login(page, p.email);
      for (const [lang, skin] of [
        ['en', 'light'],
        ['es', 'dark'],
      ] as const) {
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
          await page.goto(p.path);
          await waitForPath(page, p.path);
          await page.locator('[data-testid="card-net"], [data-testid^="fr-card-"]').first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          await noSidewaysScroll(page, `${p.name} ${lang} ${viewport.width}`);
          await screenshot(page, `dashboard-${p.name}-${lang}-${skin}-${viewport.width}`);
        }
        if (lang === 'es') await axeScan(page, `${p.path} (es, dark, 390)`);
      }
      expect(currentPath(page)).toBe(p.path);
    });
});
