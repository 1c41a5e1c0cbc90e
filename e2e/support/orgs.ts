/** Shared steps of the organization-hierarchy specs (orgs*.spec.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { waitForPath } from './auth';
import { apiCall, apiLogin } from './env';

/** Unique per call: names and slugs of one run never collide with another test's. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const TYPE_ID = { organization: 1, league: 2, team: 3, division: 4 } as const;
export type OrgType = keyof typeof TYPE_ID;

/** Looks a seeded node's id up by exact name (API, as Super Admin): set-up only. */
export async function orgIdByName(type: OrgType, name: string): Promise<number> {
  const token = await apiLogin('super@demo.test');
  const q = new URLSearchParams({ organizationType: String(TYPE_ID[type]), q: name, perPage: '50' });
  const res = await apiCall<{ data: { id: number; name: string }[] }>(
    'GET',
    `/admin/user_organization/filter?${q}`,
    undefined,
    token,
  );
  const hit = res.data.find((o) => o.name === name);
  if (!hit) throw new Error(`no ${type} named "${name}" (got ${res.data.map((o) => o.name).join(', ')})`);
  return hit.id;
}

/** The id at the end of /orgs/{type}/view/{id}. */
export function viewedId(page: Page): number {
  const m = /\/view\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`not on a view page: ${page.url()}`);
  return Number(m[1]);
}

/** Waits for the view page of a node whose heading is `name`. */
export async function waitForViewOf(page: Page, name: string): Promise<void> {
  await page.getByTestId('org-header').getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

export async function openTab(
  page: Page,
  tab: 'overview' | 'children' | 'members' | 'players' | 'campaigns' | 'import',
) {
  await page.getByTestId(`org-tab-${tab}`).click();
  await page.waitForURL((url) =>
    tab === 'overview' ? !url.search.includes('tab=') : url.search.includes(`tab=${tab}`),
  );
  await page.locator(`#org-tabpanel-${tab}`).waitFor();
}

/** The roll-up figures shown on a view page (only those the node's type has). */
export async function readRollup(page: Page): Promise<Record<string, number>> {
  const rollup = page.getByTestId('org-rollup');
  await rollup.locator('[data-testid^="rollup-"]').first().waitFor();
  const pairs = await rollup
    .locator('[data-testid^="rollup-"]')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-testid')?.replace('rollup-', '') ?? '', e.textContent ?? ''] as const),
    );
  return Object.fromEntries(pairs.map(([k, v]) => [k, Number(v.replace(/[^\d]/g, ''))]));
}

/** Texts of the breadcrumb items, root first, the current node last. */
export function breadcrumb(page: Page): Promise<string[]> {
  return page
    .getByTestId('org-breadcrumb')
    .locator('li.MuiBreadcrumbs-li')
    .evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
}

/** Opens the node list at /orgs/{segment}/list and clicks the row named `name`. */
export async function openFromList(page: Page, segment: string, name: string): Promise<number> {
  await page.goto(`/orgs/${segment}/list`);
  const link = page.getByTestId('org-grid').getByRole('link', { name, exact: true });
  await link.click();
  await page.waitForURL((url) => url.pathname.startsWith(`/orgs/${segment}/view/`), { waitUntil: 'commit' });
  await waitForViewOf(page, name);
  const id = viewedId(page);
  await waitForPath(page, `/orgs/${segment}/view/${id}`);
  return id;
}

/** Rows of a MUI DataGrid (each carries the record id in data-id). */
export const gridRows = (grid: Locator) => grid.locator('[role="row"][data-id]');

const tempDirs: string[] = [];

/** Writes `text` to a fresh temp dir and returns the path (for the file chooser). */
export function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-e2e-csv-'));
  tempDirs.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, text, 'utf8');
  return file;
}

/** Clicks `button` and answers the file chooser it opens with `file`, as a user would. */
export async function chooseFile(page: Page, button: Locator, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/** Deletes the files made by tempFile() (call from afterAll). */
export function removeTempFiles(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
