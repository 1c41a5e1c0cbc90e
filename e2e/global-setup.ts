/**
 * One real server per e2e run: a fresh PGlite data dir, the demo seed (run to completion first:
 * PGlite allows one process per data dir), then `node --import tsx apps/api/src/server.ts` as a
 * single process serving the built web app. Specs read the address with `inject('baseURL')`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ACCESS_TOKEN_TTL_SECONDS } from './support/constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = 60_000;
const SEED_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Keeps the last `max` characters of a stream (enough to explain a failure). */
function tail(max = 20_000) {
  let text = '';
  return {
    push(chunk: Buffer) {
      text = (text + chunk.toString('utf8')).slice(-max);
    },
    get text() {
      return text;
    },
  };
}

function runToEnd(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = tail();
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} timed out after ${timeoutMs} ms\n${out.text}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} exited with ${code ?? signal}\n${out.text}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const done = await Promise.race([
    exited(child).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
  ]);
  if (!done) {
    console.warn('[e2e] server ignored SIGTERM for 10 s; sending SIGKILL');
    child.kill('SIGKILL');
    await exited(child);
  }
}

async function waitReady(url: string, child: ChildProcess, logs: { text: string }): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`[e2e] server exited early (${child.exitCode ?? child.signalCode})\n${logs.text}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`[e2e] GET /readyz not 200 after ${READY_TIMEOUT_MS} ms (last: ${last})\n${logs.text}`);
}

/**
 * Issue 12 item 1: the server log of the whole run must hold no token. Every line is checked as
 * it arrives (the log is not kept): a `token=` query value other than the redaction marker, or a
 * request URL with a token-shaped path segment (20+ base64url characters mixing upper and lower
 * case, or 32+ hex). The teardown fails the run when any is found.
 */
const TOKEN_QUERY = /[?&](?:\w*token|c|\w*secret)=(?!\[redacted\])[^&\s"]+/;
const URL_FIELD = /"url":"([^"]*)"/g;
const tokenShaped = (seg: string) =>
  /^[0-9a-f]{32,}$/i.test(seg) || (/^[\w-]{20,}$/.test(seg) && /[A-Z]/.test(seg) && /[a-z]/.test(seg));

export function tokenScanner() {
  let pending = '';
  const found: string[] = [];
  let lines = 0;
  const check = (line: string) => {
    lines++;
    const urls = [...line.matchAll(URL_FIELD)].map((m) => m[1] ?? '');
    const leak =
      TOKEN_QUERY.test(line) || urls.some((u) => (u.split('?')[0] ?? '').split('/').some((seg) => tokenShaped(seg)));
    if (leak) found.push(line.slice(0, 300));
  };
  return {
    push(chunk: Buffer) {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const l of parts) check(l);
    },
    finish() {
      if (pending) check(pending);
      pending = '';
      return { lines, found };
    },
  };
}

interface Running {
  child: ChildProcess;
  logs: { text: string };
  scan: { finish(): { lines: number; found: string[] } };
}

function startServer(env: NodeJS.ProcessEnv): Running {
  const logs = tail();
  const scanOut = tokenScanner();
  const scanErr = tokenScanner();
  const scan = {
    finish() {
      const a = scanOut.finish();
      const b = scanErr.finish();
      return { lines: a.lines + b.lines, found: [...a.found, ...b.found] };
    },
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    logs.push(c);
    scanOut.push(c);
    if (process.env.E2E_SERVER_LOGS) process.stderr.write(c);
  });
  child.stderr?.on('data', (c: Buffer) => {
    logs.push(c);
    scanErr.push(c);
    if (process.env.E2E_SERVER_LOGS) process.stderr.write(c);
  });
  return { child, logs, scan };
}

export default async function setup(project: TestProject) {
  let stopping = false;
  const started = performance.now();
  const dist = path.join(ROOT, 'apps/web/dist');
  // A build running in parallel empties dist for a few seconds: give it a moment.
  for (let i = 0; i < 60 && !existsSync(path.join(dist, 'index.html')); i++)
    await new Promise((r) => setTimeout(r, 500));
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('[e2e] apps/web/dist/index.html is missing: run "npm run build" (npm run test:e2e does it).');
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dataDir, 'db'),
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'e2e-admin-pass-2026',
    // Request lines are logged (info, JSON) so that the teardown can check them for tokens.
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    // A registration left unfinished is reminded after 36 s, not a day: the team-registration
    // journey resumes from the e-mailed link. (Not shorter: the reminder renews the visit's secret,
    // so it must not fall between two steps of a slow run.)
    REGISTRATION_REMINDER_HOURS: '0.01',
    // A snapshot of the build: a rebuild during the run must not change the hashed chunk names.
    WEB_DIST: path.join(dataDir, 'web'),
  };
  cpSync(dist, path.join(dataDir, 'web'), { recursive: true });
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

  try {
    await runToEnd(['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], env, SEED_TIMEOUT_MS);
  } catch (err) {
    cleanup();
    throw err;
  }
  const seeded = performance.now();

  const server = startServer(env);
  server.child.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`[e2e] server exited unexpectedly (${code ?? signal}); last output:\n${server.logs.text}`);
  });
  try {
    await waitReady(baseURL, server.child, server.logs);
  } catch (err) {
    stopping = true;
    await stop(server.child);
    cleanup();
    throw err;
  }
  console.log(
    `[e2e] server ${baseURL} pid ${server.child.pid} ready (seed ${Math.round(seeded - started)} ms, start ${Math.round(performance.now() - seeded)} ms), access token TTL ${ACCESS_TOKEN_TTL_SECONDS} s`,
  );
  project.provide('baseURL', baseURL);

  return async () => {
    stopping = true;
    try {
      await stop(server.child);
    } finally {
      cleanup();
    }
    const code = server.child.exitCode;
    if (code !== 0 && code !== null) console.error(`[e2e] server exit code ${code}; last output:\n${server.logs.text}`);
    const { lines, found } = server.scan.finish();
    console.log(`[e2e] server log: ${lines} lines, tokens found in server log: ${found.length}`);
    if (found.length) {
      throw new Error(`tokens found in server log: ${found.length}\n${found.slice(0, 5).join('\n')}`);
    }
  };
}
