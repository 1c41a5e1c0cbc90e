// `npm run bench:instances` (issue 6 "Several instances", docs/SCALING.md): 1, then 2, then 3
// product instances on different ports against one PostgreSQL database (a scratch database,
// migrated by the first instance), load spread over them by the load generator, and printed
// figures for:
//   1. no double effects: each donation completed once although the sandbox's own event, our
//      signed copies of a success event and replays of the sandbox's events reach every instance
//      at the same time; each abandoned cart reminded once while every instance runs the job;
//   2. jobs not lost: one instance is SIGKILLed in the middle of the reminder run;
//   3. rate limits shared: the checkout allowance of one address stops at the limit in total;
//   4. throughput with 1, 2 and 3 instances: checkout create and two reads (req/s, p50, p99, errors).
// Writes the same as JSON to bench/results/instances-<timestamp>.json. Exits 1 when a check fails.
//
// INSTANCES_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server on
// which the scratch database fc_instances is dropped and created; INSTANCES_SECONDS (default 8) is
// the length of each throughput run.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import { CARD, call, clientIp, freePort, must } from './bench-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.INSTANCES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'fc_instances';
const SECONDS = Number(process.env.INSTANCES_SECONDS ?? 8);
const WARMUP_SECONDS = 1;
const CHECKOUT_CONNECTIONS = 20; // issue 6: checkout create with 20 concurrent donors
const READ_CONNECTIONS = 50;
const CHECKOUT_LIMIT = 25;
const MAIL_RETRY_SECONDS = 5;
const WEBHOOK_DONATIONS = 60;
const REMINDER_CARTS = 300;
const SINK_DELAY_MS = 15;
const JWT_SECRET = randomBytes(36).toString('base64url');
const ADMIN = { email: 'instances@example.test', password: 'instances-password-2026' };
const PUBLIC_URL = 'https://giving.example.test'; // the balancer's address: links in emails point there
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fc-instances-'));
const FILES_DIR = path.join(tmp, 'files'); // one folder for every instance (shared storage)

const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const checks = [];
const check = (name, ok, detail) => {
  checks.push({ name, ok, detail });
  log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
};

// ---------------------------------------------------------------------------------------------
// The scratch database and a pool for the counts.
const server = new pg.Client({ connectionString: SERVER_URL });
await server.connect();
const version = (await server.query('show server_version')).rows[0].server_version;
await server.query(`drop database if exists ${DB_NAME} with (force)`);
await server.query(`create database ${DB_NAME}`);
await server.end();
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${DB_NAME}`;
const DATABASE_URL = dbUrl.toString();
const db = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
db.on('error', () => {});
const q = async (text, params = []) => (await db.query(text, params)).rows;
const one = async (text, params = []) => Number(Object.values((await q(text, params))[0] ?? { n: 0 })[0] ?? 0);

// ---------------------------------------------------------------------------------------------
// A local SMTP server: what every instance delivers to (the outbox's SMTP path), a little slow.
const received = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c) => {
      raw += c.toString('utf8');
    });
    stream.on('end', () =>
      setTimeout(() => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null,
        });
        done();
      }, SINK_DELAY_MS),
    );
  },
});
await new Promise((r) => sink.listen(0, '127.0.0.1', r));
const SMTP_URL = `smtp://127.0.0.1:${sink.server.address().port}`;

// ---------------------------------------------------------------------------------------------
// Instances.
const instances = [];
async function startInstance(n, port) {
  const started = performance.now();
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
      FILES_DIR,
      JWT_SECRET,
      PUBLIC_URL,
      TRUST_PROXY: '1',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SMTP_URL,
      MAIL_RETRY_SECONDS: String(MAIL_RETRY_SECONDS),
      JOBS_INTERVAL_SECONDS: '1',
      // Carts are made due by moving their start back (below), not by waiting an hour.
      CART_REMINDER_DELAY_MINUTES: '60',
      CHECKOUT_LIMIT_PER_IP: String(CHECKOUT_LIMIT),
      SHUTDOWN_GRACE_MS: '1000',
    },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance ${n} exited (${child.exitCode}); see ${tmp}/instance-${n}.log`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    if (performance.now() - started > 90_000) throw new Error(`instance ${n} not ready in 90 s`);
    await sleep(100);
  }
  const inst = { n, port, child, base, readyMs: Math.round(performance.now() - started) };
  instances[n - 1] = inst;
  log(`  instance ${n} ready on :${port} in ${inst.readyMs} ms (pid ${child.pid})`);
  return inst;
}
const stopInstance = (inst, signal = 'SIGTERM') =>
  new Promise((resolve) => {
    if (inst.child.exitCode !== null || inst.child.signalCode !== null) return resolve();
    inst.child.once('exit', resolve);
    inst.child.kill(signal);
  });
process.on('exit', () => {
  for (const i of instances) if (i && i.child.exitCode === null) i.child.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------
// HTTP helpers. Every public call carries its own client address (the balancer's X-Forwarded-For).
const donor = (tag, i) => ({
  amountCents: 2500 + (i % 7) * 100,
  coverFee: i % 2 === 0,
  firstName: 'Casey',
  lastName: `Donor ${i}`,
  email: `${tag}-${i}@example.test`,
});

// ---------------------------------------------------------------------------------------------
// Load: autocannon per instance, connections spread round robin (connection k → instance k mod N,
// as a balancer spreads connections); latencies merged from every response.
function cpuTimes() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  return { idle, total: f.reduce((a, b) => a + b, 0) };
}
const ticks = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime, in 1/100 s
  } catch {
    return 0;
  }
};
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;

async function load(targets, spec, seconds) {
  const connections = spec.connections;
  const per = targets.map(
    (_, k) => Math.floor(connections / targets.length) + (k < connections % targets.length ? 1 : 0),
  );
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  const loadavg1 = +os.loadavg()[0].toFixed(2);
  const cpu0 = cpuTimes();
  const inst0 = targets.map((t) => ticks(t.child.pid));
  const t0 = performance.now();
  const runs = targets.map((t, k) => {
    const run = autocannon({
      url: t.base,
      connections: per[k],
      duration: seconds,
      headers: spec.headers ?? {},
      requests: [spec.request],
    });
    run.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 200 && status < 300) ok += 1;
      else non2xx += 1;
    });
    return run;
  });
  const results = await Promise.all(runs);
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = cpuTimes();
  const instCores = targets.reduce((s, t, k) => s + (ticks(t.child.pid) - inst0[k]) / 100, 0) / wall;
  latencies.sort((a, b) => a - b);
  const errors = results.reduce((s, r) => s + r.errors + r.timeouts, 0);
  return {
    requests: ok + non2xx,
    ok,
    reqPerSec: +((ok + non2xx) / wall).toFixed(1),
    p50Ms: +(pct(latencies, 50) ?? 0).toFixed(1),
    p99Ms: +(pct(latencies, 99) ?? 0).toFixed(1),
    errors: errors + non2xx,
    machineCpuBusyPct: +(100 * (1 - (cpu1.idle - cpu0.idle) / (cpu1.total - cpu0.total)) || 0).toFixed(0),
    instancesCpuCores: +instCores.toFixed(2),
    loadavg1,
  };
}

// ---------------------------------------------------------------------------------------------
const report = {
  startedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadavgAtStart: os.loadavg().map((n) => +n.toFixed(2)), node: process.version },
  database: `PostgreSQL ${version}, scratch database ${DB_NAME}`,
  settings: {
    secondsPerRun: SECONDS,
    checkoutConnections: CHECKOUT_CONNECTIONS,
    readConnections: READ_CONNECTIONS,
    checkoutLimitPerIp: CHECKOUT_LIMIT,
    mailRetrySeconds: MAIL_RETRY_SECONDS,
    jobsIntervalSeconds: 1,
  },
};
log(
  `Several instances on one PostgreSQL (${version}), ${os.cpus().length} cores, load ${report.machine.loadavgAtStart.join(' ')}`,
);
log(`  logs and files in ${tmp}`);

try {
  const ports = [await freePort(), await freePort(), await freePort()];
  await startInstance(1, ports[0]); // runs the migrations on the scratch database

  // Setup through the product's API: an organization and one active campaign per phase.
  const signIn = await call(instances[0].base, 'POST', '/jwt/login', ADMIN);
  if (signIn.status !== 200) throw new Error(`login: ${signIn.status} ${signIn.text}`);
  const session = signIn.json;
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const org = await must(
    instances[0].base,
    'POST',
    '/admin/organization/create',
    { typeId: 1, name: 'Instances Org', slug: `inst-${tag}` },
    auth,
  );
  const campaign = async (name) =>
    must(
      instances[0].base,
      'POST',
      '/campaign/',
      {
        title: `Instances ${name}`,
        slug: `inst-${tag}-${name}`,
        status: 'active',
        organizationId: org.id,
        goalCents: 10_000_000,
      },
      auth,
    );
  const camps = {
    load: await campaign('load'),
    webhooks: await campaign('webhooks'),
    reminders: await campaign('reminders'),
    limits: await campaign('limits'),
  };

  // ------------------------------------------------------------------------------- throughput
  log('\n4. Throughput (round robin over the instances)');
  const throughput = [];
  let checkoutSeq = 0;
  const checkoutSpec = {
    connections: CHECKOUT_CONNECTIONS,
    request: {
      method: 'POST',
      path: '/api/v1/public/donations',
      setupRequest: (req) => {
        checkoutSeq += 1;
        return {
          ...req,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
          body: JSON.stringify({ campaign: camps.load.slug, ...donor(`load-${tag}`, checkoutSeq) }),
        };
      },
    },
  };
  const row = (endpoint, n, r) => {
    throughput.push({ endpoint, instances: n, ...r });
    log(
      `  ${endpoint.padEnd(34)} ${String(n).padStart(2)} instance(s): ${String(r.reqPerSec).padStart(7)} req/s  p50 ${String(r.p50Ms).padStart(6)} ms  p99 ${String(r.p99Ms).padStart(6)} ms  errors ${r.errors}  (cpu: machine ${r.machineCpuBusyPct}%, instances ${r.instancesCpuCores} cores; load ${r.loadavg1})`,
    );
  };
  // Every accepted checkout, warm-ups included, must be exactly one donation row.
  // A run stops counting at its end while up to one request per connection is still in flight.
  let checkoutOk = 0;
  let checkoutFailed = 0;
  let checkoutInFlightBound = 0;
  const measure = async (endpoint, targets, spec) => {
    const warmSpec = { ...spec, connections: Math.min(spec.connections, 10) };
    const warm = await load(targets, warmSpec, WARMUP_SECONDS);
    const r = await load(targets, spec, SECONDS);
    if (spec === checkoutSpec) {
      checkoutOk += warm.ok + r.ok;
      checkoutFailed += warm.errors + r.errors;
      checkoutInFlightBound += warmSpec.connections + spec.connections;
    }
    row(endpoint, targets.length, r);
  };
  const before = await one('select count(*) from donations where campaign_id = $1', [camps.load.id]);
  await measure('POST /public/donations (checkout)', instances.slice(0, 1), checkoutSpec);
  await startInstance(2, ports[1]);
  await measure('POST /public/donations (checkout)', instances.slice(0, 2), checkoutSpec);
  await startInstance(3, ports[2]);
  await measure('POST /public/donations (checkout)', instances.slice(0, 3), checkoutSpec);
  const reads = [
    [
      'GET /public/campaigns/{slug}',
      {
        connections: READ_CONNECTIONS,
        request: { method: 'GET', path: `/api/v1/public/campaigns/${camps.load.slug}` },
      },
    ],
    [
      'GET /admin/donation/list (staff)',
      {
        connections: READ_CONNECTIONS,
        headers: auth,
        request: { method: 'GET', path: `/api/v1/admin/donation/list?limit=25&campaignId=${camps.load.id}&sort=desc` },
      },
    ],
  ];
  for (const [endpoint, spec] of reads) for (const n of [1, 2, 3]) await measure(endpoint, instances.slice(0, n), spec);
  const loadRows = await one('select count(*) from donations where campaign_id = $1', [camps.load.id]);
  report.throughput = throughput;
  const scale = (endpoint) => {
    const rs = throughput.filter((t) => t.endpoint === endpoint);
    return rs.map((r) => +(r.reqPerSec / rs[0].reqPerSec).toFixed(2));
  };
  report.scaling = Object.fromEntries([...new Set(throughput.map((t) => t.endpoint))].map((e) => [e, scale(e)]));
  for (const [e, s] of Object.entries(report.scaling))
    log(`  ${e}: throughput ×${s.join(' → ×')} for 1 → 2 → 3 instances`);

  // ------------------------------------------------------------------------------- webhooks
  log('\n1a. Webhooks and completions: every instance gets every event at the same time');
  const whsec = `whsec_${createHmac('sha256', Buffer.from(JWT_SECRET, 'utf8')).update('sandbox-webhooks').digest('hex')}`;
  const signer = new Stripe('sk_test_offline_signer');
  const sign = (payload) => signer.webhooks.generateTestHeaderString({ payload, secret: whsec });
  const outcomes = {};
  let webhookErrors = 0;
  const deliver = async (inst, event) => {
    const payload = JSON.stringify(event);
    const res = await fetch(`${inst.base}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    const body = await res.json().catch(() => null);
    if (res.status !== 200) webhookErrors += 1;
    else outcomes[body.outcome] = (outcomes[body.outcome] ?? 0) + 1;
  };
  const N = instances.length;
  let confirmFailures = 0;
  const webhookDonations = [];
  const giveOnce = async (i) => {
    const c = await must(instances[i % N].base, 'POST', '/public/donations', {
      campaign: camps.webhooks.slug,
      ...donor(`webhook-${tag}`, i),
    });
    const intentId = c.clientSecret.split('_secret_')[0];
    webhookDonations.push(c.donationId);
    // Our own signed success event (one id), twice to every instance, racing the card payment on
    // another instance whose sandbox delivers its own success event in-process.
    const event = {
      id: `evt_instances_${tag}_${i}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: c.totalCents,
          amount_received: c.totalCents,
          currency: 'usd',
          status: 'succeeded',
          latest_charge: `ch_${intentId}`,
          metadata: { donation: c.donationId },
          last_payment_error: null,
        },
      },
    };
    const confirm = call(instances[(i + 1) % N].base, 'POST', `/public/donations/${c.donationId}/confirm`, CARD).then(
      (r) => {
        if (r.status !== 200 || r.json.data.result !== 'succeeded') confirmFailures += 1;
      },
    );
    await Promise.all([confirm, ...instances.flatMap((inst) => [deliver(inst, event), deliver(inst, event)])]);
  };
  for (let b = 0; b < WEBHOOK_DONATIONS; b += 10)
    await Promise.all(Array.from({ length: 10 }, (_, k) => giveOnce(b + k)));
  // Replays of the sandbox's own events (same ids) to every instance at once.
  const own = await q(
    `select e.payload from provider_events e join donations d on d.id = e.donation_id
     where d.campaign_id = $1 and e.event_id not like 'evt_instances_%'`,
    [camps.webhooks.id],
  );
  await Promise.all(own.flatMap(({ payload }) => instances.map((inst) => deliver(inst, payload))));
  const wh = {
    donations: WEBHOOK_DONATIONS,
    deliveriesPosted: WEBHOOK_DONATIONS * N * 2 + own.length * N,
    sandboxOwnEventsReplayed: own.length,
    outcomes,
    webhookErrors,
    confirmFailures,
    completed: await one('select count(*) from donations where campaign_id = $1 and status = 1', [camps.webhooks.id]),
    completionEvents: await one(
      `select count(*) from donation_events v join donations d on d.id = v.donation_id
       where d.campaign_id = $1 and v.kind = 'succeeded'`,
      [camps.webhooks.id],
    ),
    ledgerTransactions: await one(
      `select count(*) from ledger_transactions t join donations d on d.id = t.donation_id
       where d.campaign_id = $1 and t.kind = 'donation'`,
      [camps.webhooks.id],
    ),
    receipts: await one(
      `select count(*) from emails m join donations d on d.id = (m.meta->>'donationId')::int
       where d.campaign_id = $1 and m.template = 'donation-receipt'`,
      [camps.webhooks.id],
    ),
    receiptsDeliveredBySmtp: await one(
      `select count(*) from emails m join donations d on d.id = (m.meta->>'donationId')::int
       where d.campaign_id = $1 and m.template = 'donation-receipt' and m.sent_at is not null`,
      [camps.webhooks.id],
    ),
    intentsPerDonationMax: await one(
      `select coalesce(max(n), 0) from (select count(*) as n from sandbox_objects s join donations d
         on d.public_id = s.data->'metadata'->>'donation' where s.kind = 'payment_intent' and d.campaign_id = $1
         group by d.id) x`,
      [camps.webhooks.id],
    ),
  };
  report.webhooks = wh;
  log(
    `  ${wh.donations} donations; ${wh.deliveriesPosted} webhook deliveries posted (our event ×2 to each of ${N} instances, and ${wh.sandboxOwnEventsReplayed} sandbox events replayed to each) + the sandbox's own in-process deliveries`,
  );
  log(
    `  outcomes: ${JSON.stringify(outcomes)}; webhook errors ${webhookErrors}; card confirmations not succeeded ${confirmFailures}`,
  );
  log(
    `  completed ${wh.completed}, completion events ${wh.completionEvents}, ledger transactions ${wh.ledgerTransactions}, receipts stored ${wh.receipts} (delivered by SMTP ${wh.receiptsDeliveredBySmtp}), payment intents per donation ≤ ${wh.intentsPerDonationMax}`,
  );
  check(
    'each donation completed, booked and receipted exactly once',
    wh.completed === WEBHOOK_DONATIONS &&
      wh.completionEvents === WEBHOOK_DONATIONS &&
      wh.ledgerTransactions === WEBHOOK_DONATIONS &&
      wh.receipts === WEBHOOK_DONATIONS &&
      wh.intentsPerDonationMax === 1 &&
      webhookErrors === 0,
    `${wh.completed}/${wh.completionEvents}/${wh.ledgerTransactions}/${wh.receipts} for ${WEBHOOK_DONATIONS}`,
  );

  // ------------------------------------------------------------------------------- reminders + kill
  log(`\n1b + 2. Abandoned-cart reminders with jobs on every instance; instance 2 is SIGKILLed mid-run`);
  const cartIds = [];
  for (let b = 0; b < REMINDER_CARTS; b += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        must(instances[(b + k) % N].base, 'POST', '/public/donations', {
          campaign: camps.reminders.slug,
          ...donor(`cart-${tag}`, b + k),
        }),
      ),
    );
    cartIds.push(...batch.map((c) => c.donationId));
  }
  const cartStats = async () =>
    (
      await q(
        `select count(*) filter (where d.reminder_sent_at is not null)::int as claimed,
           count(m.id)::int as emails, count(m.id) filter (where m.sent_at is not null)::int as delivered,
           count(*) filter (where d.reminder_sent_at is not null and m.id is null)::int as claimed_without_email
         from donations d left join emails m on m.template = 'cart-reminder' and (m.meta->>'donationId')::int = d.id
         where d.campaign_id = $1`,
        [camps.reminders.id],
      )
    )[0];
  const sinkAtStart = received.length;
  // The donors left two hours ago: the carts become due for every instance's next job tick.
  const t0 = performance.now();
  await q(`update donations set created_at = now() - interval '2 hours' where campaign_id = $1`, [camps.reminders.id]);
  let atKill = null;
  for (let i = 0; i < 400 && !atKill; i++) {
    const s = await cartStats();
    // Late enough that every instance has claimed a batch, while most is still undelivered.
    if (s.claimed >= 150 && s.delivered < s.claimed - 30) {
      const leased = await one(
        `select count(*) from emails where template = 'cart-reminder' and sent_at is null
           and (meta #>> '{delivery,retryAt}')::timestamptz > now()`,
      );
      await stopInstance(instances[1], 'SIGKILL');
      atKill = {
        ...s,
        beingDelivered: leased,
        afterMs: Math.round(performance.now() - t0),
        sinkReceived: received.length - sinkAtStart,
      };
    } else await sleep(25);
  }
  log(
    atKill
      ? `  killed instance 2 (SIGKILL) ${atKill.afterMs} ms into the run: ${atKill.claimed} carts claimed, ${atKill.emails} reminders stored, ${atKill.delivered} delivered, ${atKill.beingDelivered} in an SMTP exchange (leased) just before the kill`
      : '  the run ended before the kill (no figure for "mid-run")',
  );
  let final = await cartStats();
  const deadline = performance.now() + 60_000;
  while (
    (final.claimed < REMINDER_CARTS || final.delivered < final.emails || final.emails < REMINDER_CARTS) &&
    performance.now() < deadline
  ) {
    await sleep(250);
    final = await cartStats();
  }
  const addresses = new Set(
    (await q(`select donor_email from donations where campaign_id = $1`, [camps.reminders.id])).map(
      (r) => r.donor_email,
    ),
  );
  const sinkReminders = received.slice(sinkAtStart).filter((m) => m.to.some((a) => addresses.has(a)));
  const uniqueIds = new Set(sinkReminders.map((m) => m.messageId));
  const perCart = (
    await q(
      `select max(n)::int as max, min(n)::int as min from (select d.id, count(m.id) as n from donations d
         left join emails m on m.template = 'cart-reminder' and (m.meta->>'donationId')::int = d.id
         where d.campaign_id = $1 group by d.id) x`,
      [camps.reminders.id],
    )
  )[0];
  const rem = {
    carts: REMINDER_CARTS,
    killedInstance: 2,
    atKill,
    claimed: final.claimed,
    remindersStored: final.emails,
    remindersPerCart: perCart,
    claimedWithoutEmail: final.claimed_without_email,
    delivered: final.delivered,
    retriedAfterKill: await one(
      `select count(*) from emails m join donations d on d.id = (m.meta->>'donationId')::int
       where d.campaign_id = $1 and m.template = 'cart-reminder' and (m.meta #>> '{delivery,attempts}')::int > 1`,
      [camps.reminders.id],
    ),
    reminderEvents: await one(
      `select count(*) from donation_events v join donations d on d.id = v.donation_id
       where d.campaign_id = $1 and v.kind = 'reminder_sent'`,
      [camps.reminders.id],
    ),
    smtpReceived: sinkReminders.length,
    smtpUniqueMessages: uniqueIds.size,
    smtpDuplicates: sinkReminders.length - uniqueIds.size,
    secondsToDrain: +((performance.now() - t0) / 1000).toFixed(1),
  };
  report.reminders = rem;
  log(
    `  ${rem.carts} carts: claimed ${rem.claimed}, reminders stored ${rem.remindersStored} (per cart ${perCart.min}..${perCart.max}), claimed without a reminder ${rem.claimedWithoutEmail}, 'reminder_sent' events ${rem.reminderEvents}`,
  );
  log(
    `  SMTP: delivered ${rem.delivered}; ${rem.retriedAfterKill} delivery(ies) the killed instance had started, taken over once its lease ran out; the server received ${rem.smtpReceived} (${rem.smtpUniqueMessages} distinct Message-IDs, ${rem.smtpDuplicates} repeated); all done ${rem.secondsToDrain} s after the carts fell due`,
  );
  check(
    'each cart reminded exactly once across instances (claim + outbox row)',
    rem.claimed === REMINDER_CARTS && perCart.min === 1 && perCart.max === 1 && rem.reminderEvents === REMINDER_CARTS,
    `${rem.claimed} claimed, ${rem.remindersStored} stored for ${REMINDER_CARTS}`,
  );
  check(
    'no reminder lost to the SIGKILL',
    atKill !== null &&
      rem.claimedWithoutEmail === 0 &&
      rem.delivered === REMINDER_CARTS &&
      rem.smtpUniqueMessages === REMINDER_CARTS,
    `${rem.delivered} delivered, ${rem.smtpUniqueMessages} distinct messages received`,
  );

  // ------------------------------------------------------------------------------- rate limit
  log(`\n3. Checkout allowance of one address (CHECKOUT_LIMIT_PER_IP=${CHECKOUT_LIMIT}) across instances`);
  await startInstance(2, ports[1]); // back after the kill
  const ip = '203.0.113.50';
  const tries = CHECKOUT_LIMIT * 4;
  const answers = await Promise.all(
    Array.from({ length: tries }, (_, i) =>
      call(
        instances[i % N].base,
        'POST',
        '/public/donations',
        { campaign: camps.limits.slug, ...donor(`limit-${tag}`, i) },
        { 'x-forwarded-for': ip },
      ).then((r) => ({ instance: (i % N) + 1, status: r.status })),
    ),
  );
  const perInstance = Object.fromEntries(
    instances.map((inst) => [
      `instance ${inst.n}`,
      answers.filter((a) => a.instance === inst.n && a.status === 200).length,
    ]),
  );
  const limits = {
    limit: CHECKOUT_LIMIT,
    tried: tries,
    accepted: answers.filter((a) => a.status === 200).length,
    throttled: answers.filter((a) => a.status === 429).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 429).length,
    acceptedPerInstance: perInstance,
    donationsCreated: await one('select count(*) from donations where campaign_id = $1', [camps.limits.id]),
    store: 'PostgreSQL (throttle_events, advisory lock per key)',
  };
  report.limits = limits;
  log(
    `  ${tries} checkouts from ${ip} spread over ${N} instances: accepted ${limits.accepted} (${Object.entries(
      perInstance,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), 429 ${limits.throttled}, other ${limits.other}; donations created ${limits.donationsCreated}`,
  );
  check(
    'the allowance stops at the limit in total, not per instance',
    limits.accepted === CHECKOUT_LIMIT && limits.donationsCreated === CHECKOUT_LIMIT && limits.other === 0,
    `${limits.accepted} accepted for a limit of ${CHECKOUT_LIMIT} on ${N} instances`,
  );

  // ------------------------------------------------------------------------------- totals
  log('\n1c. Rows against what was sent');
  const totals = {
    checkoutsAccepted: checkoutOk,
    checkoutsFailed: checkoutFailed,
    checkoutsInFlightAtRunEndsAtMost: checkoutInFlightBound,
    donationRowsFromCheckoutRuns: loadRows - before,
    distinctDonorsInThoseRows: await one('select count(distinct donor_email) from donations where campaign_id = $1', [
      camps.load.id,
    ]),
    unbalancedLedgerTransactions: await one(
      `select count(*) from (select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
         group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) = 0) x`,
    ),
    ledgerSumCents: await one('select coalesce(sum(amount_cents), 0) from ledger_entries'),
    doubleBooked: await one(
      `select count(*) from (select donation_id from ledger_transactions where kind in ('donation', 'offline')
         group by donation_id having count(*) > 1) x`,
    ),
    remindersOutsideTheCartCampaign: await one(
      `select count(*) from emails m join donations d on d.id = (m.meta->>'donationId')::int
       where m.template = 'cart-reminder' and d.campaign_id <> $1`,
      [camps.reminders.id],
    ),
  };
  report.totals = totals;
  const extra = totals.donationRowsFromCheckoutRuns - checkoutOk;
  log(
    `  checkout runs (warm-ups included): ${checkoutOk} answered 200, ${checkoutFailed} failed, ${extra} more served after their run stopped counting (at most ${checkoutInFlightBound} in flight) → ${totals.donationRowsFromCheckoutRuns} donation rows for ${totals.distinctDonorsInThoseRows} distinct donors (each request its own donor)`,
  );
  log(
    `  ledger: unbalanced transactions ${totals.unbalancedLedgerTransactions}, sum of entries ${totals.ledgerSumCents} cents, donations booked twice ${totals.doubleBooked}`,
  );
  check(
    'one donation row per checkout request, none failed',
    checkoutFailed === 0 &&
      totals.donationRowsFromCheckoutRuns === totals.distinctDonorsInThoseRows &&
      extra >= 0 &&
      extra <= checkoutInFlightBound,
    `${totals.donationRowsFromCheckoutRuns} rows, ${totals.distinctDonorsInThoseRows} donors, ${checkoutOk} + ${extra} in flight`,
  );
  check(
    'ledger balanced, nothing booked twice',
    totals.unbalancedLedgerTransactions === 0 && totals.ledgerSumCents === 0 && totals.doubleBooked === 0,
  );
} catch (err) {
  check('the run completed', false, String(err?.stack ?? err));
} finally {
  await Promise.all(instances.filter(Boolean).map((i) => stopInstance(i)));
  await new Promise((r) => sink.close(r));
  await db.end();
}

report.checks = checks;
report.logs = tmp;
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
const file = path.join(root, 'bench', 'results', `instances-${report.startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
const failed = checks.filter((c) => !c.ok).length;
log(`\n${checks.length - failed} checks passed, ${failed} failed. JSON: ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
