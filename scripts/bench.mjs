// `npm run bench` (issue 6): one command, one report, written to bench/results/<time>-<sha>.json.
// 1. Fresh: first-page JS size, cold and warm start, a few request latencies and the checkout on a
//    new embedded database, and the organization tree at 10,000 nodes (bench-orgs.ts).
// 2. Scale, on PostgreSQL (BENCH_DATABASE_URL, default the fc_bench database on 127.0.0.1:5432)
//    and on PGlite (BENCH_PGLITE_DIR, default .tmp/bench-pglite), each seeded once with
//    `seed:scale` and reused: the floor and the product's endpoints at 50 connections for 10 s,
//    their ratio to the floor, the checkout with 20 concurrent donors, the query plans; then the
//    targets of the issue, met or not.
// Options: --db=postgres,pglite  --duration=10  --connections=50  --reseed  --no-fresh
//          --pg-options="-c jit=off"  (PostgreSQL settings for the floor and the product, via PGOPTIONS)
// Compare two results: npm run bench:compare -- <old.json> <new.json>
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { benchCheckout } from './bench-checkout.mjs';
import { timed } from './bench-lib.mjs';
import { printReport, targetsMet } from './bench-report.mjs';
import { benchScale, freePort, startProcess, stopProcess } from './bench-scale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : true;
};
const options = {
  dbs: String(arg('db', 'postgres,pglite')).split(','),
  duration: Number(arg('duration', 10)),
  connections: Number(arg('connections', 50)),
  reseed: arg('reseed', false) === true,
  fresh: arg('no-fresh', false) !== true,
  donors: 20,
  rounds: 10,
  pgOptions: arg('pg-options', '') || '',
};
const pgUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/fc_bench';
const pgliteDir = path.resolve(process.env.BENCH_PGLITE_DIR || path.join(root, '.tmp', 'bench-pglite'));

function firstPageJs() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gz / 1024).toFixed(1) };
}

/** Start-up, first-page JS and a few latencies on a new embedded database (the figures before issue 6). */
async function benchFresh() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fc-bench-'));
  const port = await freePort();
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.test',
    ADMIN_PASSWORD: 'bench-password-2026',
    CHECKOUT_LIMIT_PER_IP: '1000000',
  };
  const serverArgs = ['--import', 'tsx', 'apps/api/src/server.ts'];
  const cold = await startProcess(serverArgs, env, port, 'server');
  const base = `http://127.0.0.1:${port}`;
  const login = () =>
    fetch(`${base}/api/v1/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password-2026' }),
    }).then((r) => r.json());
  const session = await login();
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const get =
    (url, headers = auth) =>
    () =>
      fetch(`${base}${url}`, { headers }).then((r) => r.arrayBuffer());
  const results = {
    firstPageJs: firstPageJs(),
    coldStartMs: cold.ms,
    loginMs: await timed(20, login),
    meMs: await timed(200, get('/api/v1/user/me')),
    userListMs: await timed(200, get('/api/v1/admin/user/list?perPage=25')),
    indexHtmlMs: await timed(200, get('/login', { accept: 'text/html' })),
  };
  results.checkoutSandbox = await benchCheckout(base, auth, { donors: options.donors, rounds: options.rounds });
  await stopProcess(cold.child);
  const warm = await startProcess(serverArgs, env, port, 'server');
  results.warmStartMs = warm.ms;
  await stopProcess(warm.child);
  rmSync(dataDir, { recursive: true, force: true });
  const orgs = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-orgs.ts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  results.orgHierarchy = JSON.parse(orgs.stdout.slice(orgs.stdout.indexOf('{')));
  return results;
}

async function postgresReachable() {
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const git = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';

if (options.fresh && !existsSync(path.join(dist, 'index.html'))) {
  console.error('Build the web app first: npm run build (or run with --no-fresh)');
  process.exit(1);
}
const startedAt = new Date();
const report = {
  version: 2,
  startedAt: startedAt.toISOString(),
  git: { sha: git(['rev-parse', '--short', 'HEAD']) || 'unknown', dirty: git(['status', '--porcelain']) !== '' },
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
  },
  options: {
    connections: options.connections,
    duration: options.duration,
    donors: options.donors,
    rounds: options.rounds,
    pgOptions: options.pgOptions || null,
  },
  fresh: null,
  scale: {},
};
if (options.fresh) {
  console.log('Fresh database: start-up, first-page JS, latencies, checkout, organization tree at 10,000 nodes');
  report.fresh = await benchFresh();
}
for (const db of options.dbs) {
  if (db === 'postgres' && !(await postgresReachable())) {
    console.warn(`PostgreSQL is not reachable at ${pgUrl}: skipped (set BENCH_DATABASE_URL)`);
    report.scale.postgres = { skipped: `not reachable at ${pgUrl.replace(/\/\/[^@]*@/, '//')}` };
    continue;
  }
  report.scale[db] = await benchScale(db, { ...options, url: pgUrl, dir: pgliteDir });
}
report.finishedAt = new Date().toISOString();
// Other work on the machine shows in every figure: the load average says how much there was.
report.machine.loadAverageEnd = os.loadavg().map((x) => +x.toFixed(2));
report.seconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
report.targets = targetsMet(report);
const dir = path.join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${report.startedAt.replace(/[:.]/g, '-')}-${report.git.sha}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
printReport(report);
console.log(`\nWritten to ${path.relative(root, file)} (${report.seconds} s)`);
