// `npm run bench:web`: Lighthouse (mobile and desktop presets) on the public player page, on
// the console's donation list, signed in, and on the server-rendered site's home, a marketing
// page, Contact-Us and an organization page (`--only site`), against the production build
// served by the product on a fresh embedded database with the demo data. Prints performance,
// accessibility, best-practices, LCP, TBT and CLS per page and preset, and writes
// bench/results/web-<time>.json.
// Targets (issue 6): mobile performance ≥ 95 on public pages and ≥ 80 on the console (issue
// 14: the table at TARGETS), accessibility 100. Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { freePort } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-pass-2026';
const STAFF = 'super@demo.test';
// The demo seed's player page (Parker Jr on Rockets Spring Drive, listed publicly).
const PLAYER_SLUG = 'parker-j-rockets-spring-drive';
const CAMPAIGN_SLUG = 'rockets-spring-drive';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
// Options: `--runs N` Lighthouse runs per page and preset, the median (by performance) is
// reported (default 3: one run on this 2-core machine varies by ±10 points); `--only public|console`
// and `--preset mobile|desktop` narrow the set; `--lhr DIR` keeps each full report (JSON) there;
// `--min-benchmark N` (below).
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const lhrDir = arg('lhr') ? path.resolve(arg('lhr')) : null;
// Lighthouse multiplies the CPU time it observes: a run while other work loads this machine
// (its `benchmarkIndex` drops from ~2,500 to a few hundred) scores for the load, not the app.
// Such a run is taken again, up to 4 times (`--min-benchmark 0` keeps every run).
const MIN_BENCHMARK = Number(arg('min-benchmark') ?? 1500);
const RUNS = Math.max(1, Number(arg('runs') ?? 3));
const ONLY = arg('only');
const PRESETS = arg('preset') ? [arg('preset')] : ['mobile', 'desktop'];
// `--web-dist DIR`: serve another build of the web app (e.g. an older commit's, to compare).
const WEB_DIST = arg('web-dist') ? path.resolve(arg('web-dist')) : undefined;
// Issue 14's table (mobile; LCP and CLS of the median run): player, campaign and organization pages
// ≥ 98, LCP ≤ 1.5 s; checkout and cart ≥ 95, LCP ≤ 2.0 s; home and marketing pages ≥ 99,
// LCP ≤ 1.2 s; CLS ≤ 0.02 everywhere. The console (issue 6): ≥ 80. Accessibility 100 on all.
const TARGETS = {
  console: { performance: 80, accessibility: 100 },
  site: { performance: 99, accessibility: 100, lcpMs: 1200, cls: 0.02 },
  'site-page': { performance: 98, accessibility: 100, lcpMs: 1500, cls: 0.02 },
  'site-checkout': { performance: 95, accessibility: 100, lcpMs: 2000, cls: 0.02 },
};

/** Newest modification time under `dir` (sources of the web build). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function buildIfNeeded() {
  const index = path.join(web, 'dist', 'index.html');
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(root, 'packages', 'contracts', 'src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app (sources are newer than apps/web/dist) …');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** An unfinished gift on the demo player's page (the cart page's subject): started, never paid. */
async function unfinishedDonation(base) {
  const r = await fetch(`${base}/api/v1/public/donations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fundraiser: PLAYER_SLUG,
      amountCents: 2500,
      coverFee: false,
      firstName: 'Lighthouse',
      lastName: 'Donor',
      email: 'lighthouse@example.test',
    }),
  });
  const body = await r.json();
  if (!r.ok) throw new Error(`POST /public/donations ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.donationId;
}

const serverEnv = (dataDir, port) => ({
  ...process.env,
  PORT: String(port ?? 0),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'bench-web@example.test',
  ADMIN_PASSWORD: 'bench-web-password-2026',
  DEMO_PASSWORD,
  JOBS_INTERVAL_SECONDS: '0',
  ...(WEB_DIST ? { WEB_DIST } : {}),
});

/** Demo data first: PGlite allows one process per data folder, so the seed runs before the server. */
function seed(dataDir) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], {
    cwd: root,
    env: serverEnv(dataDir),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error('seed:demo failed');
}

async function startServer(dataDir, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 60000) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function login(base, email) {
  const res = await fetch(`${base}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: HTTP ${res.status}`);
  return res.json();
}

/**
 * Signs the browser in as the web app does it (apps/web/src/lib/auth/storage.ts: localStorage
 * accessToken, refreshToken, userData), opens the console once (the app checks the stored user
 * on the first start of a release, as it would have at login), then empties the HTTP cache:
 * Lighthouse then measures a returning signed-in user with nothing cached.
 */
async function storeSession(port, base, session, pathname) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/healthz`);
    await page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('userData', JSON.stringify(s.userData));
    }, session);
    await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle0' });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** One Lighthouse run in a fresh Chromium profile (cold cache, no state left by other runs). */
async function audit(url, preset, session, base) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'fc-lh-profile-'));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir });
  try {
    if (session) await storeSession(chrome.port, base, session, new URL(url).pathname);
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the stored session (storeSession emptied the HTTP cache).
      disableStorageReset: Boolean(session),
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhrDir) {
      mkdirSync(lhrDir, { recursive: true });
      const name = `${new URL(url).pathname.split('/').filter(Boolean).join('-')}-${preset}-${Date.now()}.json`;
      writeFileSync(path.join(lhrDir, name), JSON.stringify(lhr));
    }
    const score = (c) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
    const num = (a) => lhr.audits[a]?.numericValue;
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
        .map((r) => r.id);
    return {
      finalUrl: lhr.finalDisplayedUrl,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(num('largest-contentful-paint')),
      fcpMs: Math.round(num('first-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: +num('cumulative-layout-shift').toFixed(3),
      speedIndexMs: Math.round(num('speed-index')),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      failingAccessibility: failing('accessibility'),
      failingBestPractices: failing('best-practices'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

if (!WEB_DIST) buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fc-bench-web-'));
let server;
try {
  seed(dataDir);
  const port = await freePort();
  server = await startServer(dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const player = await fetch(`${base}/api/v1/public/fundraisers/${PLAYER_SLUG}`);
  if (!player.ok) throw new Error(`the demo player page ${PLAYER_SLUG} is missing (HTTP ${player.status})`);
  const session = await login(base, STAFF);
  const cart = await unfinishedDonation(base);
  const pages = [
    { page: 'console donation list', kind: 'console', path: '/donations/list', session },
    { page: 'site home', kind: 'site', path: '/' },
    { page: 'site marketing page', kind: 'site', path: '/how-it-works' },
    { page: 'site Contact-Us', kind: 'site', path: '/contact-us' },
    { page: 'player page', kind: 'site-page', path: `/fundraisers/${PLAYER_SLUG}` },
    { page: 'campaign page', kind: 'site-page', path: `/campaigns/${CAMPAIGN_SLUG}` },
    { page: 'organization page', kind: 'site-page', path: '/riverside' },
    { page: 'checkout', kind: 'site-checkout', path: `/fundraisers/${PLAYER_SLUG}/donate` },
    { page: 'cart', kind: 'site-checkout', path: `/donations/${cart}/cart` },
  ];
  const runs = [];
  for (const p of pages.filter((x) => !ONLY || x.kind === ONLY || x.kind.startsWith(`${ONLY}-`))) {
    for (const preset of PRESETS) {
      const samples = [];
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`Lighthouse ${preset.padEnd(7)} ${p.path} (${i + 1}/${RUNS}) … `);
        let r;
        for (let attempt = 1; ; attempt++) {
          // A Lighthouse trace now and then records nothing (NO_NAVSTART): one more try.
          r = await audit(`${base}${p.path}`, preset, p.session, base).catch((err) => {
            console.log(`(${err.message.split('\n')[0]}; again)`);
            return audit(`${base}${p.path}`, preset, p.session, base);
          });
          if (r.benchmarkIndex >= MIN_BENCHMARK || attempt >= 4) break;
          process.stdout.write(`(machine busy: benchmarkIndex ${r.benchmarkIndex}; again) … `);
          await new Promise((resolve) => setTimeout(resolve, 5000));
        }
        if (new URL(r.finalUrl).pathname !== p.path) throw new Error(`${p.path} ended on ${r.finalUrl}`);
        console.log(
          `performance ${r.performance}, accessibility ${r.accessibility} (benchmarkIndex ${r.benchmarkIndex})`,
        );
        samples.push(r);
      }
      const sorted = [...samples].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      runs.push({
        page: p.page,
        kind: p.kind,
        path: p.path,
        preset,
        ...median,
        performanceRuns: samples.map((r) => r.performance),
      });
    }
  }
  const meets = (r) => {
    const t = TARGETS[r.kind];
    if (r.accessibility < t.accessibility) return false;
    if (r.preset !== 'mobile') return true;
    return (
      r.performance >= t.performance &&
      (t.lcpMs === undefined || r.lcpMs <= t.lcpMs) &&
      (t.cls === undefined || r.cls <= t.cls)
    );
  };
  console.log(
    `\nMedian of ${RUNS} run(s) by performance (all runs in brackets; CPU benchmarkIndex of the median run).`,
  );
  console.log(
    '| page | preset | performance | accessibility | best-practices | FCP ms | LCP ms | TBT ms | CLS | CPU | target |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of runs) {
    console.log(
      `| ${r.page} | ${r.preset} | ${r.performance} [${r.performanceRuns.join(', ')}] | ${r.accessibility} | ${r.bestPractices} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.benchmarkIndex} | ${meets(r) ? 'met' : 'MISSED'} |`,
    );
  }
  for (const r of runs) {
    const notes = [...r.failingAccessibility, ...r.failingBestPractices];
    if (notes.length) console.log(`${r.page} (${r.preset}) failing audits: ${notes.join(', ')}`);
  }
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const at = new Date().toISOString();
  const file = path.join(out, `web-${at.replace(/[:.]/g, '-')}.json`);
  const lighthouseVersion = JSON.parse(
    readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const webDist = path.relative(root, WEB_DIST ?? path.join(web, 'dist'));
  const report = { at, webDist, lighthouse: lighthouseVersion, chromium, runsPerPreset: RUNS, targets: TARGETS, runs };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(root, file)}`);
} finally {
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
