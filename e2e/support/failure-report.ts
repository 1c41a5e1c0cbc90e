/**
 * Evidence for a failed e2e test: each session keeps a short trail of what its pages did
 * (navigations, console messages, page errors, failed requests, API answers ≥ 400, aborted
 * API calls); when a test fails, every open page is saved as .tmp/screenshots/failure-*.png and
 * its URL, visible text and trail are printed, so a flake seen once in CI can be explained.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './screenshots';

const MAX_LINES = 80;

export class Trail {
  readonly lines: string[] = [];
  private readonly started = Date.now();

  add(page: Page, text: string): void {
    const pageNo = page.context().pages().indexOf(page);
    this.lines.push(`+${((Date.now() - this.started) / 1000).toFixed(2)}s p${pageNo} ${text}`);
    if (this.lines.length > MAX_LINES) this.lines.shift();
  }

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.add(page, `navigated ${frame.url()}`);
    });
    page.on('console', (msg) => this.add(page, `console.${msg.type()} ${msg.text().slice(0, 300)}`));
    page.on('pageerror', (err) => this.add(page, `pageerror ${err.name}: ${err.message.slice(0, 300)}`));
    page.on('requestfailed', (req) =>
      this.add(page, `request failed ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`),
    );
    page.on('response', (res) => {
      const url = res.url();
      if (res.status() >= 400 || url.includes('/api/v1/jwt/'))
        this.add(page, `${res.status()} ${res.request().method()} ${url}`);
    });
  }
}

/** Saves a screenshot of each page and prints where it was, what it showed and its trail. */
export async function reportFailure(testName: string, context: BrowserContext, trail: Trail): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const out: string[] = [`[e2e failure] ${testName}`];
  for (const [i, page] of context.pages().entries()) {
    const file = path.join(SCREENSHOT_DIR, `failure-${slug}-p${i}.png`);
    const shot = await page
      .screenshot({ path: file, timeout: 5_000 })
      .then(() => file)
      .catch((err: Error) => `no screenshot (${err.message.split('\n')[0]})`);
    const text = await page
      .evaluate(() => document.body?.innerText ?? '', undefined)
      .catch((err: Error) => `(no text: ${err.message.split('\n')[0]})`);
    const storage = await page
      .evaluate(() => ({ language: localStorage.getItem('language'), user: localStorage.getItem('userData') !== null }))
      .catch(() => undefined);
    out.push(
      `  page ${i}: ${page.url()}`,
      `  screenshot: ${shot}`,
      `  localStorage: ${JSON.stringify(storage)}`,
      `  text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
    );
  }
  out.push('  trail:', ...trail.lines.map((l) => `    ${l}`));
  console.error(out.join('\n'));
}
