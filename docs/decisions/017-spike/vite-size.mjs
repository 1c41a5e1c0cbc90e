// Initial JS per page from Vite's manifest: the entry and its static imports, gzip -9 per file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
const dist = path.join(import.meta.dirname, 'out/vite');
const m = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const rows = [];
for (const [key, c] of Object.entries(m)) {
  if (!c.isEntry) continue;
  const seen = new Set();
  const walk = (k) => { if (seen.has(k)) return; seen.add(k); for (const i of m[k].imports ?? []) walk(i); };
  walk(key);
  let gz = 0;
  for (const k of seen) gz += gzipSync(readFileSync(path.join(dist, m[k].file)), { level: 9 }).length;
  rows.push({ entry: c.name, files: seen.size, gzipKB: +(gz / 1024).toFixed(2), lazy: (c.dynamicImports ?? []).length });
}
console.table(rows);
