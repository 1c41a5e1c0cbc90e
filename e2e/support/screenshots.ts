import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './env';

export const SCREENSHOT_DIR = path.join(ROOT, '.tmp/screenshots');

/** Writes /work/main/.tmp/screenshots/<name>.png (viewport only) and returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  // Let fonts and transitions settle so the image shows the finished page.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
