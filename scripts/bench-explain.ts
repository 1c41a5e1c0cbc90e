// Part of `npm run bench` (issue 6): on the scale data set, checks the seed is current, picks the
// benchmark's targets (ids, addresses), then calls every benchmarked endpoint once in-process with
// the SQL captured at the driver, and runs EXPLAIN (ANALYZE, BUFFERS) on each SELECT it sent, so
// the report shows whether each list query is index-backed. Prints one JSON object.
// Exit code 3: no scale data, or seeded before a migration was added (the bench re-seeds).
// Env: DATABASE_URL (PostgreSQL) or PGLITE_DIR (embedded, with no server on it), SCALE_PASSWORD;
// EXPLAIN_DUMP=<folder> also writes each query's full text and parameters there (to study a plan).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, lockDataDir, MIGRATIONS_DIR, newPGlite, openDatabase } from '@fc/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadEnv } from '../apps/api/src/config/env.js';
import { endpointsFor } from './bench-endpoints.mjs';
import { FLOOR_SQL } from './bench-floor.mjs';

type Captured = { text: string; values: unknown[] };
const SEED_VERSION = 1;
const password = process.env.SCALE_PASSWORD || 'scale-pass-2026';
const url = process.env.DATABASE_URL || undefined;
let capture: Captured[] | null = null;
const record = (text: unknown, values: unknown) => {
  if (capture && typeof text === 'string') capture.push({ text, values: Array.isArray(values) ? values : [] });
};

let handle: DatabaseHandle;
let explainRaw: (text: string, values: unknown[]) => Promise<string[]>;
let release = () => {};
let finish = async () => {};
if (url) {
  // Every query of the pool goes through Client#query (Pool#query borrows a client).
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof config === 'string') record(config, values);
    else if (config && typeof config === 'object' && 'text' in config) record(config.text, values ?? config.values);
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  handle = await openDatabase({ databaseUrl: url, migrate: false });
  // Connected on first use: a missing database is reported as "no scale data", not a crash.
  let client: pg.Client | null = null;
  explainRaw = async (text, values) => {
    if (!client) {
      client = new pg.Client({ connectionString: url });
      await client.connect();
    }
    const res = (await original.call(client, `explain (analyze, buffers) ${text}`, values)) as pg.QueryResult;
    return res.rows.map((r) => r['QUERY PLAN'] as string);
  };
  finish = async () => {
    await client?.end();
  };
} else {
  const dir = path.resolve(process.env.PGLITE_DIR ?? './data');
  release = lockDataDir(dir);
  const pglite = newPGlite(path.join(dir, 'pgdata'));
  await pglite.waitReady;
  const original = pglite.query.bind(pglite);
  pglite.query = ((text: string, values?: unknown[], opts?: unknown) => {
    record(text, values);
    return original(text, values as never, opts as never);
  }) as typeof pglite.query;
  handle = await openDatabase({ pglite, migrate: false });
  explainRaw = async (text, values) =>
    (await original<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values as never)).rows.map(
      (r) => r['QUERY PLAN'],
    );
}

const raw = async <T>(text: string) => {
  const was = capture;
  capture = null;
  try {
    return ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  } finally {
    capture = was;
  }
};

async function done(code: number, out: unknown) {
  process.stdout.write(`${JSON.stringify(out)}\n`);
  await finish();
  await handle.close();
  release();
  process.exit(code);
}

// Is the seed there and current?
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};
let marker: { version: number; migrations: number; largestOrganizationId: number; seconds: number } | undefined;
try {
  [marker] = (await raw<{ value: typeof marker }>(`select value from system_settings where key = 'scale_seed'`)).map(
    (r) => (typeof r.value === 'string' ? JSON.parse(r.value) : r.value),
  );
} catch {
  marker = undefined;
}
if (!marker || marker.version !== SEED_VERSION || marker.migrations !== journal.entries.length)
  await done(3, {
    stale: true,
    reason: !marker
      ? 'no scale data'
      : `seeded with ${marker.migrations} migrations, code has ${journal.entries.length}`,
  });

const org = marker!.largestOrganizationId;
const subtree = `with recursive t(id) as (select ${Number(org)} union all
  select o.id from organizations o join t on o.parent_id = t.id) select id from t`;
const one = async <T>(text: string) => (await raw<T>(text))[0];
const summary = await one<{ id: number; slug: string }>(`select c.id, c.slug from campaigns c
  join (select campaign_id, count(*) as n from donations where organization_id in (${subtree}) group by 1
    order by 2 desc limit 1) x on x.campaign_id = c.id`);
const player = await one<{ slug: string }>(`select cf.slug from campaign_fundraisers cf
  join (select campaign_fundraiser_id as id, count(*) as n from donations where campaign_fundraiser_id is not null
    group by 1 order by 2 desc limit 1) x on x.id = cf.id`);
const checkout = await one<{ campaign: string; fundraiser: string | null }>(`select c.slug as campaign,
    (select cf.slug from campaign_fundraisers cf where cf.campaign_id = c.id order by cf.id limit 1) as fundraiser
  from campaigns c where c.status = 'active' and c.start_date <= current_date and c.end_date >= current_date
    and c.organization_id in (${subtree}) order by c.id limit 1`);
const sales = await one<{ id: number }>(`select id from users where email = 'sales@scale.test'`);
const team = await one<{ id: number }>(`select o.id from organizations o
  where o.type_id = 3 and o.id in (${subtree}) order by o.id limit 1`);
const targets = {
  organizationId: org,
  summaryCampaignId: Number(summary?.id),
  campaignSlug: summary?.slug ?? '',
  playerSlug: player?.slug ?? '',
  salesUserId: Number(sales?.id),
  teamId: Number(team?.id),
  search: 'garcia',
  checkoutCampaign: checkout?.campaign ?? null,
  checkoutFundraiser: checkout?.fundraiser ?? null,
  today: new Date().toISOString().slice(0, 10),
  yearAgo: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10),
};

const env = loadEnv({
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'silent',
  JOBS_INTERVAL_SECONDS: '0',
  DATA_DIR: path.resolve('.tmp/bench-explain'),
  ACCESS_TOKEN_TTL_SECONDS: '3600',
});
// serveWeb: the public pages (issue 14's `render` endpoints) are HTML routes of the site layer.
const app = await buildApp({ env, database: handle, logger: false, serveWeb: true });
await app.ready();
const tokens: Record<string, string> = {};
for (const [as, email] of [
  ['super', 'super@scale.test'],
  ['orgAdmin', 'orgadmin@scale.test'],
  ['sales', 'sales@scale.test'],
] as const) {
  const r = await app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email, password } });
  if (r.statusCode !== 200) await done(1, { error: `login ${email}: ${r.statusCode} ${r.body.slice(0, 200)}` });
  tokens[as] = r.json().accessToken;
}

const big = new Set(
  (
    await raw<{ relname: string }>(
      `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > 50000`,
    )
  ).map((r) => r.relname),
);
const KEEP =
  /Scan|Sort Method|Execution Time|Planning Time|Rows Removed by Filter|Hash Join|Nested Loop|Aggregate|Limit|JIT:|Timing: Generation/;
const explained = new Map<string, number>();

async function plan(q: Captured, index: number) {
  const sql = q.text.replace(/\s+/g, ' ').trim();
  const seen = explained.get(sql);
  if (seen !== undefined) return { sql: sql.slice(0, 160), sameAs: seen };
  explained.set(sql, index);
  if (process.env.EXPLAIN_DUMP) {
    mkdirSync(process.env.EXPLAIN_DUMP, { recursive: true });
    writeFileSync(path.join(process.env.EXPLAIN_DUMP, `q${index}.sql`), `${q.text};\n-- ${JSON.stringify(q.values)}\n`);
  }
  const lines = await explainRaw(q.text, q.values);
  const seq = [...new Set(lines.flatMap((l) => [...l.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!)))];
  const time = lines.find((l) => l.startsWith('Execution Time'));
  const planning = lines.find((l) => l.startsWith('Planning Time'));
  const jit = lines.find((l) => l.trim().startsWith('Timing: Generation'));
  return {
    sql: sql.slice(0, 160),
    executionMs: time ? Number(time.match(/([\d.]+) ms/)?.[1]) : null,
    planningMs: planning ? Number(planning.match(/([\d.]+) ms/)?.[1]) : null,
    // PostgreSQL compiles a query whose estimated cost passes jit_above_cost: the compile time.
    jitMs: jit ? Number(jit.match(/Total ([\d.]+) ms/)?.[1]) : null,
    seqScansOnLargeTables: seq.filter((t) => big.has(t)),
    keyLines: [lines[0]!, ...lines.slice(1).filter((l) => KEEP.test(l))].map((l) => l.replace(/\s+$/, '')),
  };
}

const plans: unknown[] = [];
let n = 0;
plans.push({ endpoint: 'floor', queries: [await plan({ text: FLOOR_SQL, values: [0] }, n++)] });
for (const e of endpointsFor(targets)) {
  capture = [];
  const r = await app.inject({
    method: 'GET',
    url: e.path,
    headers: { ...(e.as ? { authorization: `Bearer ${tokens[e.as]}` } : {}), ...(e.headers ?? {}) },
  });
  const sent = capture;
  capture = null;
  const reads = sent.filter(
    (q) => /^\s*(select|with)\b/i.test(q.text) && !/\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i.test(q.text),
  );
  const queries = [];
  for (const q of reads) queries.push(await plan(q, n++));
  plans.push({ endpoint: e.key, status: r.statusCode, queries });
}
await app.close();
await done(0, { marker, targets, plans });
