// `npm run size` (and the `size` step of `npm test`): the initial JS of each entry of the
// production build, gzip level 9 per file (deterministic), against issue 6's budgets; and the public
// site's island entries (apps/site/dist, decision 017) against issue 14's.
//
// An entry's initial JS is the HTML entry script, the lazy modules the router loads to render
// the route (the route table's lazy page, what it loads alongside, such as a list's grid, and
// any lazy wrapper the page module renders at once), and every chunk those statically import. Which lazy modules a route loads is read from
// the source (routes.tsx → pages.ts → the feature's pages module ...); the files, their static
// imports and their sizes come from Vite's build manifest, so no hashed name is written here.
// Exits 1 when an entry is over budget or cannot be resolved.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
// The public site's islands (apps/site, decision 017): a second manifest, entries by file.
const siteDist = path.join(root, 'apps', 'site', 'dist');
const siteManifestFile = path.join(siteDist, '.vite', 'manifest.json');

/** Issue 14's budgets for the server-rendered pages' initial JS (the entry and its static imports). */
export const SITE_ENTRIES = [
  { name: 'site: home', entry: 'src/entries/home.ts', budgetKb: 30 },
  { name: 'site: marketing pages', entry: 'src/entries/marketing.ts', budgetKb: 30 },
  { name: 'site: contact-us', entry: 'src/entries/contact.ts', budgetKb: 30 },
  { name: 'site: campaign page', entry: 'src/entries/campaign.ts', budgetKb: 90 },
  { name: 'site: player page', entry: 'src/entries/player.ts', budgetKb: 90 },
  { name: 'site: thank-you pages, cart not found', entry: 'src/entries/thank-you.ts', budgetKb: 90 },
  { name: 'site: invitation', entry: 'src/entries/invite.ts', budgetKb: 90 },
  { name: 'site: player registration', entry: 'src/entries/register.ts', budgetKb: 90 },
  { name: 'site: team registration', entry: 'src/entries/registration.ts', budgetKb: 90 },
  // Issue 16: the affiliate activation page, and the referral notice any page may add after its
  // own entry (the affiliate page itself is the marketing entry plus this one).
  { name: 'site: affiliate activation', entry: 'src/entries/activate.ts', budgetKb: 90 },
  { name: 'site: referral notice (added to a page)', entry: 'src/entries/referral.ts', budgetKb: 10 },
  // The donate, fee and cart pages (one entry for both; Stripe's module is a lazy chunk).
  { name: 'site: checkout and cart', entry: 'src/entries/checkout.ts', budgetKb: 120 },
  // Issue 17: the buy page of one sponsorship (the Buy island and the checkout's card step; the
  // node's sponsorship page is the marketing entry, the sponsor's thank-you page the thank-you one).
  { name: 'site: sponsorship buy page', entry: 'src/entries/sponsorship.ts', budgetKb: 120 },
];

/**
 * Route path as written in routes.tsx; `layout` is a lazy component of guards.tsx around it.
 * Not counted: the stored-session check main.tsx loads (restoreSession, the contract's schemas,
 * ~25 KB gz) on the first signed-in start after a new release only (lib/auth/storage.ts).
 */
export const ENTRIES = [
  // budgetKb: issue 6's budget. ceilingKb: while an entry is over its budget, the size it has today
  // (rounded up), so that any growth fails the build; docs/decisions/010 says why the public pages
  // are over and what would bring them under. Lower a ceiling whenever an entry shrinks.
  // Player 194 -> 195, campaign 197 -> 198: every console route's lazy import lists the chunks it
  // preloads in the entry (issue 13's dashboards and /apps/todo, about 0.7 KB gz).
  // Player 195 -> 196, checkout 211 -> 212 (issue 14, +0.3 KB gz in the entry): the route table's
  // lazy imports of /contact-us and /apps/contact-messages and the loaders of their string part.
  // Neither page's code is in any other page (each is its own chunk).
  // The shell after login: what the Super Admin lands on (README) inside the console layout.
  { name: 'console shell', route: 'dashboard/admin', layout: 'Console', budgetKb: 250 },
  // For the record (no budget): a list page brings the MUI X DataGrid (~120 KB gz) and its filters.
  { name: 'console donation list', route: 'donations/list', layout: 'Console', budgetKb: null },
];

const read = (rel) => readFileSync(path.join(web, rel), 'utf8');

/** `../x/y` from `src/a/b.ts` → the manifest key of that module (`src/x/y.tsx`, or its index). */
function moduleKey(fromKey, spec, manifest) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromKey), spec));
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (manifest[cand] || (existsSync(path.join(web, cand)) && statSync(path.join(web, cand)).isFile())) return cand;
  }
  throw new Error(`cannot resolve import('${spec}') from ${fromKey}`);
}

/** The source text that defines `name` in a module: its `const name = …;` statement. */
function definition(source, name) {
  const m = new RegExp(`(?:^|\\n)(?:export )?const ${name}\\b[^=]*=([\\s\\S]*?);\\n`).exec(source);
  return m?.[1];
}

/** Relative named imports of a module: local name → [module key, exported name]. */
function namedImports(key, source, manifest) {
  const out = new Map();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    for (const part of m[1].split(',')) {
      const [exported, local] = part
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (exported) out.set(local ?? exported, [moduleKey(key, m[2], manifest), exported]);
    }
  }
  return out;
}

/**
 * The chain of lazily imported modules that rendering `name` of module `key` loads at once:
 * `const X = page(load, 'X')` / `lazy(() => import('./X'))` / `() => createElement(Lazy)`,
 * following identifiers defined in the same module (`const load = () => import(…)`) or imported
 * from another one of the app (`import { loadGrid as grid } from …`).
 */
export function lazyChain(key, name, manifest, seen = new Set()) {
  if (seen.has(`${key}#${name}`)) return [];
  seen.add(`${key}#${name}`);
  const source = read(key);
  const imports = namedImports(key, source, manifest);
  const pending = [name];
  const visited = new Set();
  const chain = [];
  while (pending.length) {
    const id = pending.pop();
    if (visited.has(id)) continue;
    visited.add(id);
    const def = definition(source, id);
    if (def === undefined) {
      const imported = id !== name ? imports.get(id) : undefined;
      if (imported) chain.push(...lazyChain(imported[0], imported[1], manifest, seen));
      continue;
    }
    for (const m of def.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const target = moduleKey(key, m[1], manifest);
      chain.push(target, ...lazyChain(target, name, manifest, seen));
    }
    for (const m of def.matchAll(/\b([A-Za-z_$][\w$]*)\b/g)) if (m[1] !== id) pending.push(m[1]);
  }
  return chain;
}

/** The lazy page component a route renders in routes.tsx (`<P.Name …/>`), or null for one of the entry. */
function routeComponent(routesSource, route) {
  const esc = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`['"]${esc}['"]\\s*,([^\\n]*)`).exec(routesSource);
  if (!line) throw new Error(`route '${route}' not found in src/app/routes/routes.tsx`);
  return /<P\.(\w+)/.exec(line[1])?.[1] ?? null;
}

/** Manifest keys of `keys` and everything they statically import. */
export function staticClosure(keys, manifest) {
  const out = new Set();
  const visit = (k) => {
    if (out.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`${k} is not in the build manifest`);
    out.add(k);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return out;
}

const gzCache = new Map();
function gzKb(file, from = dist) {
  const full = path.join(from, file);
  if (!gzCache.has(full)) gzCache.set(full, gzipSync(readFileSync(full), { level: 9 }).length);
  return gzCache.get(full) / 1024;
}

/** The site's entries measured from its manifest: every entry must be there and within budget. */
export function measureSite(manifest) {
  return SITE_ENTRIES.map((e) => {
    const files = [...staticClosure([e.entry], manifest)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const kb = files.reduce((n, f) => n + gzKb(f, siteDist), 0);
    return {
      ...e,
      route: e.entry,
      files: files.length,
      kb: +kb.toFixed(1),
      withinBudget: kb <= e.budgetKb,
      ok: kb <= e.budgetKb,
    };
  });
}

export function measure(manifest) {
  const routesKey = 'src/app/routes/routes.tsx';
  const routesSource = read(routesKey);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the build manifest');
  return ENTRIES.map((e) => {
    const component = routeComponent(routesSource, e.route);
    const page = component ? lazyChain(moduleKey(routesKey, './pages', manifest), component, manifest) : [];
    if (component && page.length === 0) throw new Error(`${e.route}: no lazy page found for <P.${component} />`);
    const lazy = [...page];
    if (e.layout) lazy.unshift(...lazyChain(moduleKey(routesKey, './guards', manifest), e.layout, manifest));
    // The console's strings (English) load with its shell.
    if (e.layout) lazy.push(...lazyChain('src/lib/i18n/index.ts', 'enConsole', manifest));
    const keys = staticClosure([entryKey, ...lazy], manifest);
    const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const kb = files.reduce((n, f) => n + gzKb(f), 0);
    return {
      ...e,
      component,
      lazy,
      files: files.length,
      kb: +kb.toFixed(1),
      withinBudget: e.budgetKb === null || kb <= e.budgetKb,
      ok: e.budgetKb === null || kb <= (e.ceilingKb ?? e.budgetKb),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(manifestFile)) {
    console.error(`No build manifest at ${path.relative(root, manifestFile)}: run npm run build first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (!existsSync(siteManifestFile)) {
    console.error(`No site build manifest at ${path.relative(root, siteManifestFile)}: run npm run build first.`);
    process.exit(1);
  }
  const siteManifest = JSON.parse(readFileSync(siteManifestFile, 'utf8'));
  let rows;
  try {
    rows = [...measure(manifest), ...measureSite(siteManifest)];
  } catch (err) {
    console.error(`size check: ${err.message}`);
    process.exit(1);
  }
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(['entry', 'route', 'files', 'KB gz', 'budget', 'ceiling', 'verdict']));
  console.log(line(['---', '---', '---:', '---:', '---:', '---:', '---']));
  for (const r of rows) {
    const verdict =
      r.budgetKb === null
        ? '(no budget)'
        : r.withinBudget
          ? 'within budget'
          : r.ok
            ? `over budget by ${(r.kb - r.budgetKb).toFixed(1)} KB, within ceiling`
            : 'OVER CEILING';
    const cells = [
      r.name,
      r.entry ? r.entry : `/${r.route}`,
      r.files,
      r.kb.toFixed(1),
      r.budgetKb ?? '—',
      r.ceilingKb ?? '—',
      verdict,
    ];
    console.log(line(cells));
  }
  if (process.argv.includes('--verbose')) {
    for (const r of rows.filter((x) => x.lazy)) console.log(`\n${r.name}: lazy ${r.lazy.join(' → ')}`);
  }
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    const limit = (r) => r.ceilingKb ?? r.budgetKb;
    console.error(`\nOver the limit: ${over.map((r) => `${r.name} ${r.kb} KB > ${limit(r)} KB`).join('; ')}`);
    process.exit(1);
  }
}
