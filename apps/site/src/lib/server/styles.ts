/**
 * The site's stylesheet, inlined in every page while it stays small (decision 017: under ~10 KB
 * no extra request is worth it). Comments and spacing are dropped once, when first asked.
 */
import { readFileSync } from 'node:fs';
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
  css ??= minifyCss(
    readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../styles/site.css'), 'utf8'),
  );
  return css;
}
