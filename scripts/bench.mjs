// `npm run bench`: start-up time, first-page JS size, a few request latencies and the checkout
// under 20 concurrent donors, measured on this machine against a fresh embedded database.
// Figures only; budgets are issue 6's.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchCheckout } from './bench-checkout.mjs';
import { timed } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps', 'web', 'dist');

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

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.test',
      ADMIN_PASSWORD: 'bench-password-2026',
      // The checkout benchmark sends every donor from one address.
      CHECKOUT_LIMIT_PER_IP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (r.ok) break;
    } catch {}
    if (performance.now() - started > 60000) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: Math.round(performance.now() - started) };
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fc-bench-'));
const port = await freePort();
const cold = await startServer(dataDir, port);
const base = `http://127.0.0.1:${port}`;
const login = () =>
  fetch(`${base}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password-2026' }),
  }).then((r) => r.json());
const session = await login();
const auth = { authorization: `Bearer ${session.accessToken}` };
const results = {
  firstPageJs: firstPageJs(),
  coldStartMs: cold.ms,
  loginMs: await timed(20, login),
  meMs: await timed(200, () => fetch(`${base}/api/v1/user/me`, { headers: auth }).then((r) => r.arrayBuffer())),
  userListMs: await timed(200, () =>
    fetch(`${base}/api/v1/admin/user/list?perPage=25`, { headers: auth }).then((r) => r.arrayBuffer()),
  ),
  indexHtmlMs: await timed(200, () =>
    fetch(`${base}/login`, { headers: { accept: 'text/html' } }).then((r) => r.arrayBuffer()),
  ),
};
results.checkoutSandbox = await benchCheckout(base, auth, { donors: 20, rounds: 10 });
await stop(cold.child);
const warm = await startServer(dataDir, port);
results.warmStartMs = warm.ms;
await stop(warm.child);
rmSync(dataDir, { recursive: true, force: true });
// Organization hierarchy at 10,000 nodes (scripts/bench-orgs.ts, in-process).
const orgs = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-orgs.ts'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
results.orgHierarchy = JSON.parse(orgs.stdout.slice(orgs.stdout.indexOf('{')));
console.log(JSON.stringify(results, null, 2));
