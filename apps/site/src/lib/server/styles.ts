/**
 * The site's stylesheet, inlined in every page while it stays small (decision 017: under ~10 KB
 * no extra request is worth it). Comments and spacing are dropped once, when first asked.
 * `styles/site.css` (layout, navbar, footer, shared components) comes first, then every other
 * `styles/*.css` (one per page family: campaign, checkout...) in name order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let css: string | undefined;

export function minifyCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

export function siteCss(): string {
  if (css === undefined) {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../styles');
    const others = readdirSync(dir)
      .filter((f) => f.endsWith('.css') && f !== 'site.css')
      .sort();
    css = minifyCss(['site.css', ...others].map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n'));
  }
  return css;
}
