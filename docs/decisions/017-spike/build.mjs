// Builds each option's island entries (esbuild, minified ESM, code splitting) and prints the
// initial JS of each page: the entry chunk and its static imports, gzip -9 per file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = import.meta.dirname;
const OPTIONS = {
  A: { jsxImportSource: 'react', alias: {} },
  'B (preact/hooks)': { jsxImportSource: 'preact', alias: { react: 'preact/hooks' } },
  'B (preact/compat)': { jsxImportSource: 'preact', alias: { react: 'preact/compat' } },
  C: { alias: {} },
};
const prefix = { A: 'a', 'B (preact/hooks)': 'b', 'B (preact/compat)': 'b', C: 'c' };
const pages = (process.argv[2] ?? 'home,player,campaign').split(',');
const rows = [];
for (const [name, o] of Object.entries(OPTIONS)) {
  for (const page of pages) {
    const ext = name === 'C' ? 'ts' : 'tsx';
    if (name === 'C' && page === 'checkout') continue;
    const entry = path.join(here, 'src/entries', `${prefix[name]}-${page}.${ext}`);
    const outdir = path.join(here, 'out', name.replace(/\W+/g, '_'), page);
    const r = await build({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', splitting: true, target: 'es2022',
      outdir, metafile: true, write: true, jsx: 'automatic', jsxImportSource: o.jsxImportSource ?? 'react',
      alias: o.alias, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
      nodePaths: [path.join(here, 'node_modules')],
    });
    const outs = r.metafile.outputs;
    const entryOut = Object.keys(outs).find((k) => outs[k].entryPoint && k.endsWith('.js'));
    const seen = new Set();
    const walk = (f) => { if (seen.has(f)) return; seen.add(f); for (const i of outs[f].imports) if (i.kind === 'import-statement') walk(i.path); };
    walk(entryOut);
    let raw = 0, gz = 0;
    for (const f of seen) { const b = readFileSync(f); raw += b.length; gz += gzipSync(b, { level: 9 }).length; }
    let lazyGz = 0;
    for (const f of Object.keys(outs)) if (!seen.has(f) && f.endsWith('.js')) lazyGz += gzipSync(readFileSync(f), { level: 9 }).length;
    rows.push({ option: name, page, files: seen.size, minKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(2), lazyGzipKB: +(lazyGz / 1024).toFixed(2) });
  }
}
console.table(rows);

// Library probes: what a piece weighs on its own (minified, gzip -9).
const probes = [['@stripe/stripe-js loader', 'x-stripe-js.ts', {}], ['@stripe/react-stripe-js + loader', 'x-react-stripe.tsx', {}],
  ['@stripe/react-stripe-js on preact/compat', 'x-react-stripe.tsx', { react: 'preact/compat', 'react-dom': 'preact/compat' }],
  ['i18next + react-i18next', 'x-i18next.ts', {}]];
const prow = [];
for (const [label, file, alias] of probes) {
  const r = await build({ entryPoints: [path.join(here, 'src/entries', file)], bundle: true, minify: true, format: 'esm', write: false,
    alias, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error', jsx: 'automatic', nodePaths: [path.join(here, 'node_modules')] });
  const b = r.outputFiles[0].contents;
  prow.push({ probe: label, minKB: +(b.length / 1024).toFixed(1), gzipKB: +(gzipSync(b, { level: 9 }).length / 1024).toFixed(2) });
}
console.table(prow);
