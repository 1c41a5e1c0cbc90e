// The scale part of `npm run bench` (issue 6), for one database: makes sure the scale data set is
// there (seeds it once, again only when a migration was added), takes the plans
// (bench-explain.ts), loads the floor (bench-floor.mjs) and then the product's endpoints
// (bench-endpoints.mjs) at 50 connections, and the checkout with 20 concurrent donors.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchCheckout } from './bench-checkout.mjs';
import { endpointsFor } from './bench-endpoints.mjs';
import { freePort, timed } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = process.env.SCALE_PASSWORD || 'scale-pass-2026';
const SLOW_ONE_MS = 500;
const ACCOUNTS = { super: 'super@scale.test', orgAdmin: 'orgadmin@scale.test', sales: 'sales@scale.test' };

export { freePort };

// Children are stopped with the bench, however it ends.
const children = new Set();
const killAll = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });

/**
 * Starts `args` under this Node and waits for /readyz; its output (the server logs warnings and
 * errors only, LOG_LEVEL=warn: a slow background-job tick, a failed request) goes to `log` (a path),
 * or its stderr to ours.
 */
export async function startProcess(args, env, port, label, log) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: log ? ['ignore', openSync(log, 'a'), openSync(log, 'a')] : ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let exited = null;
  child.once('exit', (code) => {
    exited = code;
  });
  for (;;) {
    if (exited !== null) throw new Error(`${label} exited with ${exited} before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error(`${label} did not become ready in 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: Math.round(performance.now() - started) };
}

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const connEnv = (kind, o) =>
  kind === 'postgres'
    ? { DATABASE_URL: o.url, PGLITE_DIR: '', PGOPTIONS: o.pgOptions ?? '' }
    : { DATABASE_URL: '', PGLITE_DIR: o.dir, DATA_DIR: o.dir };

function tsx(script, env, stdout = 'pipe') {
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', stdout, 'inherit'],
  });
}

async function reseed(kind, o) {
  console.log(`\n[${kind}] seeding the scale data set (once; kept for the next runs)`);
  if (kind === 'postgres') {
    const target = new URL(o.url);
    const name = decodeURIComponent(target.pathname.slice(1));
    if (!/^\w+$/.test(name)) throw new Error(`Refusing to recreate database "${name}"`);
    const admin = new URL(o.url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
  } else {
    rmSync(o.dir, { recursive: true, force: true });
  }
  const r = tsx(
    'scripts/seed-scale.ts',
    kind === 'postgres' ? { DATABASE_URL: o.url } : { DATABASE_URL: '', DATA_DIR: o.dir },
    'inherit',
  );
  if (r.status !== 0) throw new Error(`seed:scale failed on ${kind}`);
}

function explain(kind, o) {
  const r = tsx('scripts/bench-explain.ts', connEnv(kind, o));
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  let out;
  try {
    out = JSON.parse(last);
  } catch {
    throw new Error(`bench-explain on ${kind} failed (exit ${r.status}): ${r.stdout.slice(-500)}`);
  }
  return { code: r.status, out };
}

/**
 * autocannon at `connections` for `duration` seconds; errors count transport errors, timeouts
 * (10 s) and non-2xx answers. Requests still running when the time is up are not counted: when
 * fewer requests completed than there are connections, the latencies describe the fastest few
 * only, and the row says so (`incomplete`).
 */
async function load(url, headers, o) {
  const r = await autocannon({ url, headers, connections: o.connections, duration: o.duration });
  const completed = r.requests.total;
  return {
    reqPerSec: +(completed / o.duration).toFixed(1),
    p50: completed ? r.latency.p50 : null,
    p99: completed ? r.latency.p99 : null,
    // autocannon's `errors` already include its timeouts.
    errors: r.errors + r.non2xx,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    requests: completed,
    incomplete: completed < o.connections,
  };
}

/** Unloaded latency: one request at a time, up to 20 or 3 s. */
async function single(url, headers) {
  const started = performance.now();
  const samples = [];
  while (samples.length < 20 && performance.now() - started < 3000) {
    const t = performance.now();
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => +samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))].toFixed(1);
  return { n: samples.length, p50: pct(50), p99: pct(99) };
}

/**
 * Waits until the server has worked off what the load left queued (autocannon stops counting,
 * but the server still runs every request it accepted): on PostgreSQL the bench database's
 * running queries are cancelled until none is left, then /readyz must answer quickly twice.
 */
async function drain(base, pgUrl) {
  const started = performance.now();
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    for (let quiet = 0; quiet < 3 && performance.now() - started < 60_000; ) {
      const r = await client.query(`select count(pg_cancel_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`);
      quiet = r.rows[0].n === 0 ? quiet + 1 : 0;
      await new Promise((res) => setTimeout(res, 200));
    }
    await client.end();
  }
  for (let fast = 0; fast < 2 && performance.now() - started < 180_000; ) {
    const t = performance.now();
    const ok = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    fast = ok && performance.now() - t < 100 ? fast + 1 : 0;
    if (fast < 2) await new Promise((res) => setTimeout(res, 250));
  }
  return Math.round(performance.now() - started);
}

async function check(url, headers) {
  const r = await fetch(url, { headers });
  const body = await r.text();
  return r.ok ? null : `${r.status} ${body.slice(0, 200)}`;
}

/**
 * @param {'postgres' | 'pglite'} kind
 * @param {{ url?: string, dir?: string, connections: number, duration: number, reseed?: boolean, donors: number, rounds: number }} o
 */
export async function benchScale(kind, o) {
  const t0 = performance.now();
  let ex = o.reseed ? { code: 3 } : explain(kind, o);
  let seeded = false;
  if (ex.code === 3) {
    if (ex.out) console.log(`[${kind}] ${ex.out.reason}`);
    await reseed(kind, o);
    seeded = true;
    ex = explain(kind, o);
  }
  if (ex.code !== 0) throw new Error(`bench-explain on ${kind}: ${JSON.stringify(ex.out).slice(0, 500)}`);
  const { marker, targets, plans } = ex.out;
  console.log(`[${kind}] plans taken (${plans.length} endpoints); loading the floor`);

  const result = {
    database: kind,
    seed: { reused: !seeded, seconds: marker.seconds, seededAt: marker.seededAt, counts: marker.counts },
    targets,
    floor: null,
    endpoints: [],
    checkout: null,
    plans,
  };
  const env = connEnv(kind, o);
  const floorPort = await freePort();
  const logs = path.join(root, '.tmp', 'bench-logs');
  mkdirSync(logs, { recursive: true });
  const floor = await startProcess(
    ['scripts/bench-floor.mjs'],
    { ...env, PORT: String(floorPort) },
    floorPort,
    'floor',
    path.join(logs, `${kind}-floor.log`),
  );
  const floorUrl = `http://127.0.0.1:${floorPort}/donations?page=1`;
  const floorError = await check(floorUrl, {});
  result.floor = {
    label: `floor: 25 donations, one indexed query (${kind === 'postgres' ? 'pg' : 'PGlite in-process'}), no auth`,
    ...(await load(floorUrl, {}, o)),
    single: await single(floorUrl, {}),
    error: floorError,
  };
  await stopProcess(floor.child);
  console.log(`[${kind}] floor ${result.floor.reqPerSec} req/s; starting the product`);

  const port = await freePort();
  const server = await startProcess(
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    {
      ...env,
      DATA_DIR: kind === 'pglite' ? o.dir : path.join(root, '.tmp', 'bench-files'),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // The endpoints' load comes from one address: the checkout's card-testing limit would refuse it.
      CHECKOUT_LIMIT_PER_IP: '1000000',
      // The checkout's donors each have their own address (X-Forwarded-For), as behind a load balancer.
      TRUST_PROXY: '1',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    port,
    'server',
    path.join(logs, `${kind}-server.log`),
  );
  const base = `http://127.0.0.1:${port}`;
  const pgUrl = kind === 'postgres' ? o.url : null;
  result.startMs = server.ms;
  try {
    const tokens = {};
    for (const [as, email] of Object.entries(ACCOUNTS)) {
      const r = await fetch(`${base}/api/v1/jwt/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
      tokens[as] = (await r.json()).accessToken;
    }
    for (const e of endpointsFor(targets)) {
      const headers = { ...(e.as ? { authorization: `Bearer ${tokens[e.as]}` } : {}), ...(e.headers ?? {}) };
      const url = `${base}${e.path}`;
      const error = await check(url, headers);
      const one = await single(url, headers);
      // The embedded database cannot cancel what a load leaves queued: an endpoint slower than
      // SLOW_ONE_MS alone would keep the server busy for minutes after the run, so it is not loaded.
      const tooSlow = kind === 'pglite' && one.p50 > SLOW_ONE_MS;
      const loaded = tooSlow
        ? { reqPerSec: 0, p50: null, p99: null, errors: 0, requests: 0, incomplete: true, notLoaded: true }
        : await load(url, headers, o);
      const drainMs = await drain(base, pgUrl);
      const row = {
        key: e.key,
        label: e.label,
        kind: e.kind,
        issue19: e.issue19,
        path: e.path,
        ...loaded,
        ratio: +(loaded.reqPerSec / Math.max(1, result.floor.reqPerSec)).toFixed(3),
        single: one,
        error,
        drainMs,
      };
      result.endpoints.push(row);
      console.log(
        `[${kind}] ${e.key.padEnd(26)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}${error ? `  (${error})` : ''}`,
      );
    }
    const auth = { authorization: `Bearer ${tokens.super}` };
    result.loginMs = await timed(5, () =>
      fetch(`${base}/api/v1/jwt/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ACCOUNTS.orgAdmin, password: PASSWORD }),
      }).then((r) => r.arrayBuffer()),
    );
    result.checkout = await benchCheckout(base, auth, {
      donors: o.donors,
      rounds: o.rounds,
      campaign: targets.checkoutFundraiser ? undefined : (targets.checkoutCampaign ?? undefined),
      fundraiser: targets.checkoutFundraiser ?? undefined,
      addresses: true,
    });
    console.log(
      `[${kind}] checkout: start p99 ${result.checkout.startMs.p99} ms, whole payment p99 ${result.checkout.wholePaymentMs.p99} ms, errors ${result.checkout.errors}`,
    );
  } finally {
    await stopProcess(server.child);
  }
  result.seconds = Math.round((performance.now() - t0) / 1000);
  return result;
}
