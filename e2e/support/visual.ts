import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Relative luminance (WCAG) of an element's computed background colour, 0 (black) … 1 (white). */
export function backgroundLuminance(page: Page, selector = 'body'): Promise<{ color: string; luminance: number }> {
  return page.evaluate((sel) => {
    let el: Element | null = document.querySelector(sel);
    let color = 'rgba(0, 0, 0, 0)';
    // Walk up until something paints a background (transparent → parent's).
    while (el) {
      color = getComputedStyle(el).backgroundColor;
      const alpha = color.startsWith('rgba') ? Number(color.split(',')[3]?.replace(')', '')) : 1;
      if (alpha > 0) break;
      el = el.parentElement;
    }
    const [r, g, b] = (color.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return { color, luminance: 0.2126 * (r ?? 1) + 0.7152 * (g ?? 1) + 0.0722 * (b ?? 1) };
  }, selector);
}

export type LayoutKind = 'horizontal' | 'vertical';

/** Horizontal: the menu row sits in the header and there is no hamburger; vertical: a drawer behind one. */
export async function layoutKind(page: Page): Promise<LayoutKind> {
  const hamburger = await page.getByTestId('menu-toggle').isVisible();
  const inHeader = await page.locator('header [data-testid="main-nav"]').isVisible();
  if (hamburger && !inHeader) return 'vertical';
  if (!hamburger && inHeader) return 'horizontal';
  throw new Error(`ambiguous layout: hamburger ${hamburger}, horizontal menu ${inHeader}`);
}

/** Fails when the page is wider than the viewport's content box (it would scroll sideways). */
export async function noSidewaysScroll(page: Page, label: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, `${label}: page wider than the viewport`).toBeLessThanOrEqual(width);
}

/** An attribute of <html> (`lang`, `data-theme`), or null. */
export const htmlAttr = (page: Page, attr: string) =>
  page.evaluate((a) => document.documentElement.getAttribute(a), attr);
