/**
 * Campaign screens (apps/web/src/features/campaigns) against the real API:
 * - a Team Admin creates a campaign (the web address is checked live: taken, then available),
 *   adds the players of one of the team's divisions, and resends invitations to two families
 *   with a result line per family (and the e-mails in the outbox);
 * - the summary of the seeded campaign shows the API's figures, the same as the list and the
 *   campaign page, and a division's summary adds up to its row;
 * - axe on the list, a campaign page and a summary: no serious or critical violation.
 * Names and addresses carry a unique stamp: the specs share one seeded server.
 */
import type { CampaignReport, CampaignSummary } from '@fc/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { gridRows, stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const TEAM = 'Riverside Rockets U12';
const SEEDED = 'Rockets Spring Drive';
const usd = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);
const usdWhole = (cents: number) =>
  cents % 100 === 0
    ? new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(cents / 100)
    : usd(cents);

async function seededCampaign(): Promise<CampaignSummary> {
  const token = await apiLogin('teamadmin@demo.test');
  const res = await apiCall<{ data: CampaignSummary[] }>('GET', '/admin/campaign/listbyuser/', undefined, token);
  const hit = res.data.find((c) => c.title === SEEDED);
  if (!hit) throw new Error(`no seeded campaign "${SEEDED}" (got ${res.data.map((c) => c.title).join(', ')})`);
  return hit;
}

async function report(path: string): Promise<CampaignReport> {
  const token = await apiLogin('teamadmin@demo.test');
  return (await apiCall<{ data: CampaignReport }>('GET', path, undefined, token)).data;
}

const stat = (page: Page, scope: string, id: string) => page.getByTestId(scope).getByTestId(`stat-${id}`);
async function statText(page: Page, scope: string, id: string): Promise<string> {
  return ((await stat(page, scope, id).textContent()) ?? '').trim();
}

/** Waits until a grid has settled on `n` rows (it may first paint an earlier page). */
async function waitForRowCount(grid: Locator, n: number) {
  for (let i = 0; i < 60 && (await gridRows(grid).count()) !== n; i++) await grid.page().waitForTimeout(250);
  expect(await gridRows(grid).count()).toBe(n);
}

async function outboxTo(email: string): Promise<{ subject: string; createdAt: string }[]> {
  const token = await apiLogin('super@demo.test');
  const q = new URLSearchParams({ q: email, perPage: '100', page: '1' });
  const res = await apiCall<{ data: { to: string; subject: string; createdAt: string }[] }>(
    'GET',
    `/admin/outbox?${q}`,
    undefined,
    token,
  );
  return res.data.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

describe('campaigns', () => {
  const { open } = useBrowser();

  it('Team Admin creates a campaign with a live web-address check, adds a division and resends invitations', async () => {
    const { page } = await open();
    const id = stamp();
    const title = `E2E Drive ${id}`;
    const seeded = await seededCampaign();

    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto('/campaigns/list');
    const list = page.getByTestId('campaign-grid');
    await list.getByRole('link', { name: SEEDED, exact: true }).waitFor();
    await axeScan(page, '/campaigns/list');

    await page.getByTestId('create-campaign-button').click();
    const dialog = page.getByTestId('create-campaign-dialog');
    await dialog.getByTestId('campaign-title').fill(title);
    const slug = dialog.getByTestId('campaign-slug-input');
    // The web address follows the title and is checked while typing.
    expect(await slug.inputValue()).toBe(`e2e-drive-${id}`);
    const status = dialog.getByTestId('campaign-slug-status');
    await dialog.locator('[data-testid="campaign-slug-status"][data-status="available"]').waitFor();
    expect(await status.textContent()).toContain(`/campaigns/e2e-drive-${id} is available.`);
    // The seeded campaign's address is taken: said so, the field is invalid, a free one is offered.
    await slug.fill(seeded.slug);
    await dialog.locator('[data-testid="campaign-slug-status"][data-status="taken"]').waitFor();
    expect(await status.textContent()).toContain('This web address is already in use.');
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    const suggestion = (await dialog.getByTestId('campaign-slug-suggestion').textContent())?.trim();
    await screenshot(page, 'campaigns-slug-taken');
    const free = `e2e-drive-${id}`;
    await slug.fill(free);
    await dialog.locator('[data-testid="campaign-slug-status"][data-status="available"]').waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('false');

    // A Team Admin manages one node: it is the owner already. Its divisions are the choices.
    expect(await dialog.getByTestId('campaign-owner').inputValue()).toBe(TEAM);
    await dialog.getByTestId('campaign-divisions').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.sort()).toEqual(['Rockets Blue', 'Rockets Gold']);
    await page.getByRole('option', { name: 'Rockets Blue' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('campaign-goal').fill('2,500');
    await dialog.getByTestId('campaign-player-goal').fill('150.50');
    await dialog.getByTestId('campaign-start').fill('2026-12-01');
    await dialog.getByTestId('campaign-end').fill('2027-02-28');
    await dialog.getByTestId('create-campaign-submit').click();
    await page.waitForURL((url) => url.pathname.startsWith('/campaigns/view/'), { waitUntil: 'commit' });
    const header = page.getByTestId('campaign-header');
    await header.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    const campaignId = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(await page.getByTestId('campaign-owner-name').textContent()).toBe(TEAM);
    expect(await header.textContent()).toContain('$0 of $2,500');
    expect(await statText(page, 'campaign-stats', 'players')).toBe('0');

    // The server stored what was typed: dollars as integer cents, the chosen division.
    const token = await apiLogin('teamadmin@demo.test');
    const stored = (
      await apiCall<{ data: Record<string, unknown> }>('GET', `/campaign/${campaignId}`, undefined, token)
    ).data;
    expect(stored).toMatchObject({ slug: free, goalCents: 250_000, playerGoalCents: 15_050, status: 'draft' });
    expect((stored.divisions as { name: string }[]).map((d) => d.name)).toEqual(['Rockets Blue']);

    // Add the players of Rockets Blue, with their invitations.
    await page.getByTestId('add-players-button').click();
    const add = page.getByTestId('add-players-dialog');
    const blue = add.getByRole('checkbox', { name: /Rockets Blue/ });
    await blue.waitFor();
    const counts = add.locator('li').filter({ hasText: 'Rockets Blue' }).locator('.MuiListItemText-secondary');
    const players = Number(/^(\d+) players?,/.exec((await counts.textContent()) ?? '')?.[1]);
    expect(players).toBeGreaterThan(1);
    await blue.check();
    await screenshot(page, 'campaigns-add-players');
    await add.getByTestId('add-players-submit').click();
    await add.waitFor({ state: 'hidden' });
    const toast = page.getByTestId('toast').filter({ hasText: 'added' });
    expect((await toast.textContent())?.trim()).toBe(
      `${players} added, 0 already on the campaign, ${players} invited.`,
    );
    const grid = page.getByTestId('players-grid');
    await waitForRowCount(grid, players);
    for (const name of ['Liam Evans', 'Lucas Garcia', 'Sofia Garcia']) await grid.getByText(name).waitFor();
    expect(await grid.getByText('Invited').count()).toBe(players);
    expect(await grid.getByText('$150.50').count()).toBe(players);
    await page.getByTestId('campaign-stats').getByText(String(players), { exact: true }).waitFor();

    // Resend to two chosen families: one line per family, each sent, and a new e-mail each.
    const chosen = gridRows(grid).filter({ hasText: /Liam Evans|Lucas Garcia/ });
    expect(await chosen.count()).toBe(2);
    const emails = (await chosen.locator('.MuiTypography-caption').allTextContents()).map((e) => e.trim());
    const before = await Promise.all(emails.map(outboxTo));
    for (let i = 0; i < 2; i++) await chosen.nth(i).getByRole('checkbox').check();
    await page.getByTestId('players-selection').getByText('2 players selected').waitFor();
    await page.getByTestId('resend-invites-button').click();
    const resend = page.getByTestId('bulk-resend-dialog');
    expect(await resend.getByTestId('bulk-audience-selected').getByRole('radio').isChecked()).toBe(true);
    await resend.getByTestId('bulk-send').click();
    const results = resend.getByTestId('bulk-results');
    await results.waitFor();
    expect((await resend.getByTestId('bulk-summary').textContent())?.trim()).toBe('Sent: 2. Failed: 0.');
    const lines = await results
      .locator('[data-testid^="bulk-result-"]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-ok'), e.textContent ?? ''] as const));
    expect(lines).toHaveLength(2);
    expect(lines.every(([ok]) => ok === 'true')).toBe(true);
    expect(lines.map(([, text]) => text).join(' | ')).toMatch(/Liam Evans/);
    expect(lines.map(([, text]) => text).join(' | ')).toMatch(/Lucas Garcia/);
    await screenshot(page, 'campaigns-resend-results');
    await axeScan(page, 'resend results');
    await resend.getByTestId('bulk-close').click();
    const after = await Promise.all(emails.map(outboxTo));
    for (let i = 0; i < emails.length; i++) {
      const fresh = (after[i] ?? []).length - (before[i] ?? []).length;
      expect(fresh, `new e-mails to ${emails[i]}`).toBeGreaterThanOrEqual(1);
      expect((after[i] ?? []).some((m) => m.subject.includes(title))).toBe(true);
    }

    await axeScan(page, '/campaigns/view/{id}');
    // The new campaign has no donations yet: its summary says so.
    await page.getByTestId('campaign-summary-link').click();
    await waitForPath(page, `/campaigns/${campaignId}/summary`);
    await page.getByTestId('summary-chart').getByText('No donations yet').waitFor();
    expect(await statText(page, 'summary-stats', 'raised')).toBe('$0.00');
    expect(await statText(page, 'summary-stats', 'playersWithDonations')).toBe(`0 / ${players}`);
    console.log(
      `[campaigns] created ${campaignId} /${free} ("${seeded.slug}" taken, suggestion "${suggestion}"); added ${players} from Rockets Blue; resent to ${emails.join(', ')}`,
    );
  });

  it('the summary shows the figures of the donations, the same on the list and the campaign page', async () => {
    const { page } = await open();
    const seeded = await seededCampaign();
    const full = await report(`/campaign/${seeded.id}/summary`);
    expect(full.totals.donations).toBeGreaterThan(0);

    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    await page.goto('/campaigns/list');
    const row = gridRows(page.getByTestId('campaign-grid')).filter({ hasText: SEEDED });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain(usd(full.totals.raisedCents));
    expect(rowText).toContain(usdWhole(full.totals.goalCents));

    await row.getByRole('link', { name: SEEDED }).click();
    await waitForPath(page, `/campaigns/view/${seeded.id}`);
    await page.getByTestId('campaign-header').waitFor();
    expect(await statText(page, 'campaign-stats', 'raised')).toBe(usd(full.totals.raisedCents));
    expect(await statText(page, 'campaign-stats', 'donors')).toBe(String(full.totals.donors));
    expect(await statText(page, 'campaign-stats', 'donations')).toBe(String(full.totals.donations));

    await page.getByTestId('campaign-summary-link').click();
    await waitForPath(page, `/campaigns/${seeded.id}/summary`);
    await page.getByTestId('raised-chart').locator('svg').first().waitFor();
    const cards = {
      raised: await statText(page, 'summary-stats', 'raised'),
      goal: await statText(page, 'summary-stats', 'goal'),
      donors: await statText(page, 'summary-stats', 'donors'),
      donations: await statText(page, 'summary-stats', 'donations'),
      average: await statText(page, 'summary-stats', 'average'),
      withDonations: await statText(page, 'summary-stats', 'playersWithDonations'),
    };
    expect(cards).toEqual({
      raised: usd(full.totals.raisedCents),
      goal: usdWhole(full.totals.goalCents),
      donors: String(full.totals.donors),
      donations: String(full.totals.donations),
      average: usd(full.totals.averageCents),
      withDonations: `${full.totals.playersWithDonations} / ${full.totals.players}`,
    });
    // The figures agree with each other: the average is raised ÷ donations, the division rows
    // (with the row for players and gifts outside any division) add up to the total, and the
    // players' sum is at most the total: a gift to the campaign as a whole (the checkout spec may
    // make one before this test, depending on the order the files run in) belongs to no player.
    expect(Math.abs(full.totals.averageCents - full.totals.raisedCents / full.totals.donations)).toBeLessThanOrEqual(1);
    expect(full.byDivision.reduce((s, d) => s + d.raisedCents, 0)).toBe(full.totals.raisedCents);
    expect(full.byPlayer.reduce((s, p) => s + p.raisedCents, 0)).toBeLessThanOrEqual(full.totals.raisedCents);
    expect(full.daily.reduce((s, d) => s + d.raisedCents, 0)).toBe(full.totals.raisedCents);
    expect(await page.getByTestId('summary-chart').textContent()).toContain(
      `${usd(full.totals.raisedCents)} from ${full.totals.donations} donations`,
    );
    // The top player row is the highest raised, with the API's amount.
    const top = [...full.byPlayer].sort((a, b) => b.raisedCents - a.raisedCents)[0];
    const firstRow = page.getByTestId('player-table').locator('tbody tr').first();
    expect(await firstRow.textContent()).toContain(`${top?.firstName} ${top?.lastName}`);
    expect(await firstRow.textContent()).toContain(usd(top?.raisedCents ?? -1));
    const donorRows = page.getByTestId('donor-table').locator('tbody tr');
    expect(await donorRows.count()).toBe(full.topDonors.length);
    await screenshot(page, 'campaigns-summary');
    await axeScan(page, '/campaigns/{id}/summary');

    // A division's summary adds up to its row.
    const division = full.byDivision.find((d) => d.id !== null && d.raisedCents > 0);
    if (!division?.id) throw new Error('the seeded campaign has no division with donations');
    await page.getByTestId(`division-row-${division.id}`).getByRole('link').click();
    await waitForPath(page, `/campaigns/${seeded.id}/summary/division/${division.id}`);
    await page.getByRole('heading', { level: 1, name: `${division.name} · ${SEEDED}` }).waitFor();
    expect(await statText(page, 'summary-stats', 'raised')).toBe(usd(division.raisedCents));
    expect(await statText(page, 'summary-stats', 'donors')).toBe(String(division.donors));
    expect(await page.getByTestId('summary-divisions').count()).toBe(0);
    const part = await report(`/campaign/${seeded.id}/division/${division.id}`);
    expect(part.totals.raisedCents).toBe(division.raisedCents);
    expect(await page.getByTestId('player-table').locator('tbody tr').count()).toBe(Math.min(part.byPlayer.length, 10));
    console.log(
      `[campaigns] summary of ${seeded.id}: ${JSON.stringify(cards)}; division ${division.name} ${usd(division.raisedCents)}`,
    );
  });

  it('the campaign page and the summary fit a phone', async () => {
    const { page } = await open({ viewport: NARROW });
    const seeded = await seededCampaign();
    await login(page, 'teamadmin@demo.test');
    await waitForPath(page, '/dashboard');
    for (const path of [`/campaigns/view/${seeded.id}`, `/campaigns/${seeded.id}/summary`, '/campaigns/list']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Nothing but the grids' and tables' own scrollers is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `campaigns-phone${path.replace(/\//g, '-')}`);
    }
  });
});
