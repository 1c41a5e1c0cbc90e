// `npm run bench:faults` (issue 19 "Under faults"; RELIABILITY rows 16-18): two product instances
// on one PostgreSQL scratch database behind a small balancer that follows /readyz (as a load
// balancer does), FAULTS_SECONDS (default 60) of load at 50 connections on a public campaign page,
// a staff donation list, checkout start and whole card payments (sandbox provider), and during it:
// every database connection of the app killed twice (pg_terminate_backend), the database server
// restarted once (pg_ctlcluster, when this machine allows it; said so otherwise), and one instance
// sent SIGTERM. Prints rows 16-18 with their targets, writes bench/results/faults-<timestamp>.json,
// and exits 1 when a target is missed.
//
// FAULTS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server on which
// the scratch database fc_faults is dropped and created. The restart restarts that whole server.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { CARD, call as callAt, clientIp, freePort, must as mustAt } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'fc_faults';
const SECONDS = Number(process.env.FAULTS_SECONDS ?? 60);
const CONNECTIONS = { page: 20, list: 12, checkout: 13, payment: 5 }; // 50 in all
const ADMIN = { email: 'faults@example.test', password: 'faults-password-2026' };
const TARGETS = { crashes: 0, recoverySeconds: 1, failedPct: 0.1, halfWritten: 0, dropped: 0 };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fc-faults-'));
const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

// ------------------------------------------------------------------------------------------------
// Scratch database, and a connection for the kills and the counts (not one of the app's).
const server = new pg.Client({ connectionString: SERVER_URL });
await server.connect();
const version = (await server.query('show server_version')).rows[0].server_version;
await server.query(`drop database if exists ${DB_NAME} with (force)`);
await server.query(`create database ${DB_NAME}`);
await server.end();
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${DB_NAME}`;
const DATABASE_URL = dbUrl.toString();
const q = async (text, params = []) => {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end().catch(() => {});
  }
};

/** `pg_ctlcluster <ver> <name> restart` for the cluster on the URL's port, when this machine can. */
function restartPlan() {
  const port = Number(dbUrl.port || 5432);
  try {
    const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n');
    const row = lines.map((l) => l.trim().split(/\s+/)).find((f) => Number(f[2]) === port && f[3] === 'online');
    if (!row) return { possible: false, why: `no online cluster on port ${port} in pg_lsclusters` };
    const isLocal = ['127.0.0.1', 'localhost', '::1', ''].includes(dbUrl.hostname);
    if (!isLocal) return { possible: false, why: `the server ${dbUrl.hostname} is not on this machine` };
    if (process.getuid?.() !== 0 && os.userInfo().username !== row[4])
      return { possible: false, why: `restarting needs root or the cluster owner (${row[4]})` };
    return { possible: true, version: row[0], cluster: row[1] };
  } catch (err) {
    return { possible: false, why: `pg_lsclusters is not available (${err.code ?? err.message})` };
  }
}

// ------------------------------------------------------------------------------------------------
// Instances.
const JWT_SECRET = randomBytes(36).toString('base64url');
const instances = [];
const exits = [];
let t0 = 0; // start of the load: every time below is seconds from here
const at = () => +((now() - t0) / 1000).toFixed(3);
async function startInstance(n) {
  const port = await freePort();
  const out = openSync(path.join(tmp, `instance-${n}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL,
      DATA_DIR: path.join(tmp, `data-${n}`),
      FILES_DIR: path.join(tmp, 'files'),
      JWT_SECRET,
      PUBLIC_URL: 'https://giving.example.test',
      TRUST_PROXY: '1',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      JOBS_INTERVAL_SECONDS: '1',
      CHECKOUT_LIMIT_PER_IP: '1000000',
      // SHUTDOWN_GRACE_MS is left at its default (2 s of 503 readiness, then up to 10 s of drain).
    },
    stdio: ['ignore', out, out],
  });
  const inst = { n, port, child, base: `http://127.0.0.1:${port}`, state: 'starting', sigtermAt: null };
  child.on('exit', (code, signal) => {
    inst.state = 'down';
    exits.push({ instance: n, code, signal, at: at(), expected: inst.sigtermAt !== null });
  });
  const started = now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance ${n} exited (${child.exitCode}); see ${tmp}/instance-${n}.log`);
    try {
      if ((await fetch(`${inst.base}/readyz`)).ok) break;
    } catch {}
    if (now() - started > 90_000) throw new Error(`instance ${n} not ready in 90 s`);
    await sleep(100);
  }
  inst.state = 'ready';
  instances.push(inst);
  log(`  instance ${n} ready on :${port} (pid ${child.pid})`);
  return inst;
}
process.on('exit', () => {
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
});

// ------------------------------------------------------------------------------------------------
// The balancer: routes each request to a ready instance (round robin), follows /readyz every
// 100 ms, and tries another instance only when a connection could not be opened (nothing sent).
// Every request through it is recorded: kind, instance, start, end, status (0 = no answer).
const records = [];
const agents = new Map();
let rr = 0;
async function health() {
  for (const inst of instances) {
    if (inst.state === 'down') continue;
    try {
      const res = await fetch(`${inst.base}/readyz`, { signal: AbortSignal.timeout(500) });
      const body = await res.json().catch(() => ({}));
      inst.state = res.ok ? 'ready' : body.status === 'shutting-down' ? 'draining' : 'db-unavailable';
    } catch (err) {
      if (err.name !== 'TimeoutError') inst.state = inst.child.exitCode === null ? 'refusing' : 'down';
    }
  }
}
const healthTimer = setInterval(() => void health(), 100);
function pick(tried) {
  const open = instances.filter((i) => !tried.has(i) && i.state !== 'down' && i.state !== 'refusing');
  const ready = open.filter((i) => i.state === 'ready');
  // The database down for everyone: still send (the instance waits for it) rather than refuse.
  const pool = ready.length ? ready : open.filter((i) => i.state === 'db-unavailable');
  if (!pool.length) return null;
  rr += 1;
  return pool[rr % pool.length];
}
const balancer = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const kind = req.headers['x-bench-kind'] ?? 'other';
    const rec = { kind, start: at(), end: null, status: 0, instance: null, error: null };
    records.push(rec);
    const tried = new Set();
    const attempt = () => {
      const inst = pick(tried);
      if (!inst) {
        rec.end = at();
        rec.error = 'no instance';
        res.writeHead(502).end();
        return;
      }
      tried.add(inst);
      rec.instance = inst.n;
      if (!agents.has(inst)) agents.set(inst, new http.Agent({ keepAlive: true, maxSockets: 64 }));
      const agent = agents.get(inst);
      let connected = false;
      const up = http.request(
        { host: '127.0.0.1', port: inst.port, method: req.method, path: req.url, headers: req.headers, agent },
        (ur) => {
          const out = [];
          ur.on('data', (c) => out.push(c));
          ur.on('end', () => {
            rec.end = at();
            rec.status = ur.statusCode;
            res.writeHead(ur.statusCode, ur.headers).end(Buffer.concat(out));
          });
          ur.on('error', (err) => fail(err));
        },
      );
      up.on('socket', (s) => {
        if (!s.connecting) connected = true;
        else s.once('connect', () => (connected = true));
      });
      const fail = (err) => {
        if (rec.end !== null) return;
        if (!connected && err.code === 'ECONNREFUSED') return attempt(); // nothing was sent
        rec.end = at();
        rec.error = err.code ?? err.message;
        if (!res.headersSent) res.writeHead(502).end();
      };
      up.on('error', fail);
      up.end(body);
    };
    attempt();
  });
});
await new Promise((r) => balancer.listen(0, '127.0.0.1', r));
const LB = `http://127.0.0.1:${balancer.address().port}`;

// ------------------------------------------------------------------------------------------------
// Calls through the balancer, as a browser would make them.
const call = (method, url, body, headers) => callAt(LB, method, url, body, headers);
const must = (method, url, body, headers) => mustAt(LB, method, url, body, headers);
const donor = (tag, i) => ({
  amountCents: 2500 + (i % 7) * 100,
  coverFee: i % 2 === 0,
  firstName: 'Casey',
  lastName: `Faults ${i}`,
  email: `${tag}-${i}@example.test`,
});

// The faults. Connections of this database only: the server's other databases are left alone.
async function killConnections() {
  const rows = await q(
    `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend') x`,
  );
  return rows[0].n;
}
/** Not execFileSync: the balancer and the load run in this process and must not stall meanwhile. */
async function restartDatabase(plan) {
  const started = now();
  const probe = probeDatabase();
  await new Promise((resolve, reject) =>
    execFile('pg_ctlcluster', ['--skip-systemctl-redirect', plan.version, plan.cluster, 'restart'], (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  const { awayAt, backAt } = await probe;
  return { restartMs: Math.round(now() - started), databaseAwayAt: awayAt, databaseBackAt: backAt };
}
/**
 * When the database stopped and started answering a new connection (`select 1` every 10 ms, at
 * most 10 s), so the report can tell the database's own downtime from the product's recovery.
 */
async function probeDatabase() {
  let awayAt = null;
  const until = now() + 10_000;
  while (now() < until) {
    const ok = await q('select 1').then(
      () => true,
      () => false,
    );
    if (!ok && awayAt === null) awayAt = at();
    if (ok && awayAt !== null) return { awayAt, backAt: at() };
    await sleep(10);
  }
  return { awayAt, backAt: null };
}
/** SIGTERM, then /readyz polled every 25 ms until the instance stops answering. */
async function sigterm(inst) {
  inst.sigtermAt = at();
  const watch = { sigtermAt: inst.sigtermAt, readyz503At: null, refusedAt: null };
  inst.child.kill('SIGTERM');
  while (watch.refusedAt === null) {
    try {
      const res = await fetch(`${inst.base}/readyz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 503 && watch.readyz503At === null) watch.readyz503At = at();
    } catch {
      watch.refusedAt = at();
    }
    await sleep(25);
  }
  return watch;
}

// ------------------------------------------------------------------------------------------------
const report = {
  startedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadavgAtStart: os.loadavg().map((n) => +n.toFixed(2)), node: process.version },
  database: `PostgreSQL ${version}, scratch database ${DB_NAME}`,
  settings: { seconds: SECONDS, connections: CONNECTIONS, instances: 2 },
  targets: TARGETS,
};
const checks = [];
log(
  `Faults under load on PostgreSQL ${version}, ${os.cpus().length} cores, load ${report.machine.loadavgAtStart.join(' ')}`,
);
log(`  logs in ${tmp}`);

try {
  await startInstance(1); // migrates the scratch database
  await startInstance(2);
  await health();
  const session = (await call('POST', '/jwt/login', ADMIN)).json;
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const org = await must(
    'POST',
    '/admin/organization/create',
    { typeId: 1, name: 'Faults Org', slug: `faults-${tag}` },
    auth,
  );
  const camp = await must(
    'POST',
    '/campaign/',
    { title: 'Faults', slug: `faults-${tag}`, status: 'active', organizationId: org.id, goalCents: 10_000_000 },
    auth,
  );
  // Some gifts so the list and the page have something to read.
  for (let i = 0; i < 20; i++) {
    const c = await must('POST', '/public/donations', { campaign: camp.slug, ...donor(`seed-${tag}`, i) });
    await must('POST', `/public/donations/${c.donationId}/confirm`, CARD);
  }

  const plan = restartPlan();
  report.restart = plan;
  const S = SECONDS * 1000;
  const faults = [];
  const schedule = [
    { at: 0.2 * S, kind: 'connections killed (1)', run: async () => ({ killed: await killConnections() }) },
    plan.possible ? { at: 0.4 * S, kind: 'database restarted', run: () => restartDatabase(plan) } : null,
    { at: 0.6 * S, kind: 'connections killed (2)', run: async () => ({ killed: await killConnections() }) },
    { at: 0.75 * S, kind: 'SIGTERM to instance 2', run: async () => sigterm(instances[1]) },
  ].filter(Boolean);
  if (!plan.possible) log(`  the database restart is skipped: ${plan.why}`);

  log(`\nLoad: ${SECONDS} s through the balancer, ${Object.values(CONNECTIONS).reduce((a, b) => a + b)} connections`);
  t0 = now();
  const cannon = (kind, connections, request) =>
    autocannon({
      url: LB,
      connections,
      duration: SECONDS,
      timeout: 10,
      headers: { 'x-bench-kind': kind },
      requests: [request],
    });
  let seq = 0;
  const runs = [
    cannon('page', CONNECTIONS.page, { method: 'GET', path: `/api/v1/public/campaigns/${camp.slug}` }),
    cannon('list', CONNECTIONS.list, {
      method: 'GET',
      path: `/api/v1/admin/donation/list?limit=25&campaignId=${camp.id}&sort=desc`,
      headers: { ...auth, 'x-bench-kind': 'list' },
    }),
    cannon('checkout', CONNECTIONS.checkout, {
      method: 'POST',
      path: '/api/v1/public/donations',
      setupRequest: (req) => {
        seq += 1;
        return {
          ...req,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), 'x-bench-kind': 'checkout' },
          body: JSON.stringify({ campaign: camp.slug, ...donor(`load-${tag}`, seq) }),
        };
      },
    }),
  ];
  // Whole payments: checkout start then the card, one after the other on each connection.
  const payments = { started: 0, succeeded: 0, failed: 0 };
  const payer = async (w) => {
    for (let i = 0; now() - t0 < S; i++) {
      const h = { 'x-bench-kind': 'payment' };
      const c = await call(
        'POST',
        '/public/donations',
        { campaign: camp.slug, ...donor(`pay-${tag}-${w}`, i) },
        h,
      ).catch(() => null);
      if (c?.status !== 200) continue;
      payments.started += 1;
      const p = await call('POST', `/public/donations/${c.json.data.donationId}/confirm`, CARD, h).catch(() => null);
      if (p?.status === 200 && p.json.data.result === 'succeeded') payments.succeeded += 1;
      else payments.failed += 1;
    }
  };
  const payers = Array.from({ length: CONNECTIONS.payment }, (_, w) => payer(w));
  for (const f of schedule) {
    await sleep(Math.max(0, f.at - (now() - t0)));
    const fault = { kind: f.kind, at: at() };
    log(`  ${fault.at.toFixed(1)} s: ${f.kind}`);
    Object.assign(fault, await f.run());
    faults.push(fault);
  }
  const results = await Promise.all(runs);
  await Promise.all(payers);
  clearInterval(healthTimer);
  const clientErrors = results.reduce((s, r) => s + r.errors + r.timeouts, 0);

  // ---------------------------------------------------------------------------------- row 16
  const done = records.filter((r) => r.end !== null && r.kind !== 'other');
  const failed = done.filter((r) => r.status < 200 || r.status >= 400);
  const total = done.length;
  const failedPct = total ? +((100 * (failed.length + clientErrors)) / total).toFixed(3) : 100;
  const p99 = (kind) => {
    const ms = done
      .filter((r) => r.kind === kind)
      .map((r) => (r.end - r.start) * 1000)
      .sort((a, b) => a - b);
    return ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))]) : null;
  };
  const byKind = Object.fromEntries(
    ['page', 'list', 'checkout', 'payment'].map((k) => [
      k,
      {
        requests: done.filter((r) => r.kind === k).length,
        failed: failed.filter((r) => r.kind === k).length,
        p99Ms: p99(k),
      },
    ]),
  );
  const failures = {};
  for (const r of failed) {
    const key = `${r.kind} ${r.status || r.error}`;
    failures[key] = (failures[key] ?? 0) + 1;
  }
  report.row16 = {
    total,
    failed: failed.length,
    clientErrors,
    failedPct,
    byKind,
    failures,
    payments,
    failedRequests: failed.map((r) => ({
      kind: r.kind,
      start: r.start,
      end: r.end,
      status: r.status,
      error: r.error,
      instance: r.instance,
    })),
  };

  // ---------------------------------------------------------------------------------- row 17
  for (const [i, f] of faults.entries()) {
    // Recovery, for each kind of request: from the fault to the first successful answer to a
    // request sent after the fault and after that kind's last failure before the next fault (10 s
    // at most; the slowest kind counts). With no failure, the first success after the fault.
    const windowEnd = Math.min(f.at + 10, faults[i + 1]?.at ?? Number.POSITIVE_INFINITY);
    const perKind = ['page', 'list', 'checkout'].map((k) => {
      const lastFail = Math.max(
        f.at,
        ...failed.filter((r) => r.kind === k && r.end >= f.at && r.end < windowEnd).map((r) => r.end),
      );
      const ok = done.filter((r) => r.kind === k && r.start >= lastFail && r.status >= 200 && r.status < 300);
      return ok.length ? Math.min(...ok.map((r) => r.end)) : null;
    });
    f.recoverySeconds = perKind.includes(null) ? null : +(Math.max(...perKind) - f.at).toFixed(3);
    if (f.databaseBackAt != null && f.recoverySeconds !== null)
      f.recoveryAfterDatabaseBackSeconds = +(f.at + f.recoverySeconds - f.databaseBackAt).toFixed(3);
    f.recoveryByKind = Object.fromEntries(
      ['page', 'list', 'checkout'].map((k, j) => [k, perKind[j] === null ? null : +(perKind[j] - f.at).toFixed(3)]),
    );
    f.failedBeforeNextFault = failed.filter((r) => r.end >= f.at && r.end < windowEnd).length;
    const waits = done.filter((r) => r.start >= f.at && r.start < f.at + 5).map((r) => r.end - r.start);
    f.slowestAnswerInNext5sMs = waits.length ? Math.round(1000 * Math.max(...waits)) : null;
  }
  await sleep(2000); // the sandbox's in-process events settle
  const n = async (text) => Number((await q(text))[0].n);
  const drift = async (fn) => {
    try {
      return await n(`select count(*)::int as n from ${fn}()`);
    } catch {
      return null; // not in this schema
    }
  };
  const half = {
    unbalancedLedgerTransactions: await n(
      `select count(*)::int as n from (select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
         group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) = 0) x`,
    ),
    orphanLedgerEntries: await n(
      'select count(*)::int as n from ledger_entries e left join ledger_transactions t on t.id = e.transaction_id where t.id is null',
    ),
    completedWithoutBooking: await n(
      `select count(*)::int as n from donations d where d.status in (1, 3) and not exists
         (select 1 from ledger_transactions t where t.donation_id = d.id and t.kind in ('donation', 'offline'))`,
    ),
    bookedTwice: await n(
      `select count(*)::int as n from (select donation_id from ledger_transactions where kind in ('donation', 'offline')
         group by donation_id having count(*) > 1) x`,
    ),
    completedWithoutEvent: await n(
      `select count(*)::int as n from donations d where d.status = 1 and d.method = 'card' and not exists
         (select 1 from donation_events v where v.donation_id = d.id and v.kind = 'succeeded')`,
    ),
    rollupDrift: await drift('fc_rollup_drift'),
    donationTotalsDrift: await drift('fc_donation_totals_drift'),
    moneyDrift: await drift('fc_money_drift'),
    cfMoneyDrift: await drift('fc_cf_money_drift'),
  };
  const halfWritten = Object.values(half).reduce((s, v) => s + (v ?? 0), 0);
  const crashes = exits.filter((e) => !e.expected);
  // Not half-written but worth seeing: paid at the provider, not (yet) completed here (the
  // provider's event, delivered again later, is what completes them).
  const paidNotCompleted = await n(
    `select count(*)::int as n from sandbox_objects s join donations d on d.public_id = s.data->'metadata'->>'donation'
       where s.kind = 'payment_intent' and s.data->>'status' = 'succeeded' and d.status <> 1`,
  ).catch(() => null);
  report.row17 = {
    crashes,
    faults,
    halfWritten,
    half,
    paidNotCompleted,
    completedDonations: await n('select count(*)::int as n from donations where status = 1'),
  };

  // ---------------------------------------------------------------------------------- row 18
  const term = faults.find((f) => f.kind.startsWith('SIGTERM'));
  const onTermed = done.filter((r) => r.instance === 2 && r.end >= term.sigtermAt);
  const dropped = onTermed.filter((r) => r.status === 0).length;
  const refusedWhileClosing = onTermed.filter((r) => r.status === 503).length;
  const termExit = exits.find((e) => e.instance === 2);
  report.row18 = {
    sigtermAt: term.sigtermAt,
    readyz503At: term.readyz503At,
    closedAt: term.refusedAt,
    readinessBeforeClose: term.readyz503At !== null && term.readyz503At < term.refusedAt,
    inFlightOrAfter: onTermed.length,
    dropped,
    refusedWhileClosing,
    exit: termExit ?? null,
  };

  // ---------------------------------------------------------------------------------- print
  const worstRecovery = Math.max(...faults.map((f) => f.recoverySeconds ?? Number.POSITIVE_INFINITY));
  log('\nRELIABILITY rows 16-18');
  log(
    `  16 load ${SECONDS} s at 50 connections (page ${CONNECTIONS.page}, list ${CONNECTIONS.list}, checkout ${CONNECTIONS.checkout}, payments ${CONNECTIONS.payment}), with the faults below:`,
  );
  log(
    `     failed ${failed.length + clientErrors} / ${total} = ${failedPct}% (target ≤ ${TARGETS.failedPct}%); ${Object.entries(
      byKind,
    )
      .map(([k, v]) => `${k} ${v.requests} req, ${v.failed} failed, p99 ${v.p99Ms} ms`)
      .join('; ')}`,
  );
  if (Object.keys(failures).length) log(`     failures: ${JSON.stringify(failures)}`);
  log(`     whole payments: ${payments.succeeded} succeeded, ${payments.failed} failed of ${payments.started} started`);
  log(`  17 crashes ${crashes.length} (target 0)${crashes.length ? `: ${JSON.stringify(crashes)}` : ''}`);
  for (const f of faults)
    log(
      `     ${f.kind} at ${f.at.toFixed(1)} s${f.killed !== undefined ? ` (${f.killed} connections)` : ''}${f.restartMs !== undefined ? ` (restart took ${f.restartMs} ms; the database refused connections from ${f.databaseAwayAt} s to ${f.databaseBackAt} s, and the product recovered ${f.recoveryAfterDatabaseBackSeconds} s after it was back)` : ''}: recovered in ${f.recoverySeconds ?? 'never'} s (target ≤ ${TARGETS.recoverySeconds} s; page ${f.recoveryByKind.page} s, list ${f.recoveryByKind.list} s, checkout ${f.recoveryByKind.checkout} s), ${f.failedBeforeNextFault} failed before the next fault (10 s at most), slowest answer to a request sent in the next 5 s ${f.slowestAnswerInNext5sMs} ms`,
    );
  if (!plan.possible) log(`     database restart not done on this machine: ${plan.why}`);
  log(`     half-written donations ${halfWritten} (target 0): ${JSON.stringify(half)}`);
  log(`     paid at the sandbox provider but not completed: ${paidNotCompleted}`);
  log(
    `  18 SIGTERM to instance 2 at ${term.sigtermAt.toFixed(1)} s: readiness 503 at ${term.readyz503At?.toFixed(2) ?? 'never'} s, closed at ${term.refusedAt.toFixed(2)} s → 503 before close: ${report.row18.readinessBeforeClose ? 'yes' : 'NO'}; requests on it from then on ${onTermed.length}, dropped ${dropped} (target 0), refused while closing ${refusedWhileClosing}; exit ${termExit ? `code ${termExit.code}` : 'none'}`,
  );

  const check = (name, ok, detail) => {
    checks.push({ name, ok, detail });
    log(`  ${ok ? 'met   ' : 'MISSED'} ${name}${detail ? `: ${detail}` : ''}`);
  };
  log('\nTargets');
  check('row 16: failed requests ≤ 0.1%', failedPct <= TARGETS.failedPct, `${failedPct}%`);
  check('row 17: no crash', crashes.length === 0, String(crashes.length));
  check(
    'row 17: recovery ≤ 1 s after each fault',
    worstRecovery <= TARGETS.recoverySeconds,
    `worst ${worstRecovery} s`,
  );
  check('row 17: no half-written donation', halfWritten === 0, String(halfWritten));
  check('row 18: no in-flight request dropped on SIGTERM', dropped === 0, String(dropped));
  check('row 18: readiness 503 before close', report.row18.readinessBeforeClose);
  check('row 18: the SIGTERMed instance exits cleanly', termExit?.code === 0, JSON.stringify(termExit ?? null));
} catch (err) {
  checks.push({ name: 'the run completed', ok: false, detail: String(err?.stack ?? err) });
  log(`  MISSED the run completed: ${err?.stack ?? err}`);
} finally {
  clearInterval(healthTimer);
  await Promise.all(
    instances.map(
      (i) =>
        new Promise((r) => {
          if (i.child.exitCode !== null || i.child.signalCode !== null) return r();
          i.child.once('exit', r);
          i.child.kill('SIGTERM');
        }),
    ),
  );
  balancer.close();
  for (const a of agents.values()) a.destroy();
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect().then(
    () => c.query(`drop database if exists ${DB_NAME} with (force)`).finally(() => c.end()),
    () => {},
  );
}

report.checks = checks;
report.logs = tmp;
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
const file = path.join(root, 'bench', 'results', `faults-${report.startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
const missed = checks.filter((c) => !c.ok).length;
log(`\n${checks.length - missed} targets met, ${missed} missed. JSON: ${path.relative(root, file)}`);
process.exit(missed ? 1 : 0);
