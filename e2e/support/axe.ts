import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe with the WCAG 2 A/AA rules: logs every violation, fails on any serious or critical one.
 * It scans the settled page: a data grid still fetching (its loading overlay, a nameless progress
 * indicator over a grid without rows) is waited out first, as a person would wait for it; on a
 * busy runner a refetch can otherwise be caught mid-way. Transitions are waited out too.
 */
export async function axeScan(page: Page, label: string): Promise<void> {
  await page
    .locator('.MuiDataGrid-overlayWrapper [role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  // A dialog fading in (or a menu fading out) is half-transparent: its contrast is not what a
  // person reads once it settles. Wait for the finite transitions and animations to end (a
  // spinner's infinite one is left running).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`[axe] ${label}: ${results.violations.length} violations (serious/critical: ${severe.length})`);
  for (const v of results.violations) {
    console.log(
      `[axe]   ${v.impact ?? 'n/a'} ${v.id}: ${v.help} (${v.nodes.length} node(s): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')})`,
    );
  }
  expect(severe.map((v) => `${v.id} (${v.impact}): ${v.help}`)).toEqual([]);
}
