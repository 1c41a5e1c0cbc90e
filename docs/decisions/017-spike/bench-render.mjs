// Server render throughput of the player page (header, progress, 50 supporters, top 10, footer,
// islands' first render) per option: renders/s in a tight loop, one core, NODE_ENV=production.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const out = path.join(here, 'out/server');
const SERVER = {
  A: { file: 'server-a.tsx', jsxImportSource: 'react', alias: { 'islands-server': path.join(here, 'src/islands/server.tsx') } },
  B: { file: 'server-b.tsx', jsxImportSource: 'preact', alias: { react: 'preact/hooks', 'islands-server': path.join(here, 'src/islands/server.tsx') } },
  'C (no HTML: strings and figures only)': { file: 'server-c.tsx', jsxImportSource: '@strjsx', alias: { '@strjsx/jsx-runtime': path.join(here, 'src/strjsx/noop-runtime.ts'), 'islands-server': path.join(here, 'src/vanilla/server.tsx') } },
  C: { file: 'server-c.tsx', jsxImportSource: '@strjsx', alias: { '@strjsx/jsx-runtime': path.join(here, 'src/strjsx/jsx-runtime.ts'), 'islands-server': path.join(here, 'src/vanilla/server.tsx') } },
};
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node24', jsx: 'automatic', logLevel: 'error',
  define: { 'process.env.NODE_ENV': '"production"' }, nodePaths: [path.join(here, 'node_modules')], packages: 'bundle' };
await build({ ...common, entryPoints: [path.join(here, 'src/entries/server-common.ts')], outfile: path.join(out, 'common.mjs'), external: ['i18next'] });
const { playerFixture, pick, tFor, makeT, flatten } = await import(path.join(out, 'common.mjs'));
const only = process.argv[2]?.split(',');
const seconds = Number(process.argv[3] ?? 3);
const now = Date.now();
const f = playerFixture(now);
const en = await import(path.join(here, '../../apps/web/src/locales/en/public.json'), { with: { type: 'json' } });
const es = await import(path.join(here, '../../apps/web/src/locales/es/public.json'), { with: { type: 'json' } });
const enC = await import(path.join(here, '../../apps/web/src/locales/en/translation.json'), { with: { type: 'json' } });
const esC = await import(path.join(here, '../../apps/web/src/locales/es/translation.json'), { with: { type: 'json' } });
const flat = { en: flatten({ ...enC.default, ...en.default }), es: flatten({ ...esC.default, ...es.default }) };
const tiny = process.env.TINY_T === '1';
const ctxFor = (lng) => ({
  t: tiny ? makeT(flat[lng], lng) : tFor(lng), lng, now, origin: 'https://fc.example',
  strings: {
    theme: pick(lng, ['navbar.lightMode', 'navbar.darkMode']),
    amount: pick(lng, ['public.checkout.chooseAmount', 'public.checkout.otherAmount', 'public.checkout.amount', 'public.checkout.coverFee', 'public.checkout.total', 'public.donate.button', 'public.checkout.amountProblems.invalid', 'public.checkout.amountProblems.min']),
    share: pick(lng, ['public.share.title', 'public.share.link', 'public.share.copy', 'public.share.copied', 'public.share.copiedLong', 'public.share.qrAlt', 'public.share.qrHint']),
    search: pick(lng, ['public.leaderboard.search', 'public.leaderboard.found', 'common.loading']),
  },
});
// Options are measured in interleaved slices (the machine is shared: load moves between slices),
// as renders per wall second and per CPU second of this process (less sensitive to other load).
const renders = [];
for (const [name, o] of Object.entries(SERVER)) {
  if (only && !only.includes(name[0])) continue;
  const file = path.join(out, `${name.replace(/\W+/g, '_')}.mjs`);
  await build({ ...common, entryPoints: [path.join(here, 'src/entries', o.file)], outfile: file, jsxImportSource: o.jsxImportSource, alias: o.alias,
    external: ['i18next', 'react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*', 'preact-render-to-string'] });
  const { render } = await import(file);
  const html = render(f, ctxFor('en'));
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(path.join(out, `${name[0]}.html`), html ?? '');
  renders.push({ name, render, html, wall: [], cpu: [] });
}
const lngs = ['en', 'es'];
const slice = (render, ms) => {
  let k = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + ms;
  while (performance.now() < end) { render(f, ctxFor(lngs[k & 1])); k++; }
  const c = process.cpuUsage(c0);
  return [k / ((performance.now() - t0) / 1000), k / ((c.user + c.system) / 1e6)];
};
for (const r of renders) slice(r.render, 1000); // warm-up
const rounds = Number(process.env.ROUNDS ?? 8);
for (let i = 0; i < rounds; i++) for (const r of renders) { const [w, c] = slice(r.render, seconds * 1000); r.wall.push(w); r.cpu.push(c); }
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
const results = renders.map((r) => ({ option: r.name, 'renders/s wall (median)': Math.round(median(r.wall)), 'renders/CPU-s (median)': Math.round(median(r.cpu)),
  'CPU ms/render': +(1000 / median(r.cpu)).toFixed(3), htmlKB: r.html ? +(Buffer.byteLength(r.html) / 1024).toFixed(1) : 0,
  escaped: r.html === null || (r.html.includes('&lt;gift') && !r.html.includes('<gift')) }));
console.table(results);
