// Incremental roll-ups at issue 6's scale (decision 009): fills an EMPTY PostgreSQL database with
// ~10,000 nodes, 100,000 players, 20,000 memberships, 2,000 campaigns and 1,000,000 donations by
// bulk SQL (one statement per table, so each is one trigger pass), then prints the time of each
// bulk insert, the roll-up read for the largest organization's root and for a division
// (EXPLAIN ANALYZE), the per-request recomputation it replaces, single-row write costs, tree
// changes, a full rebuild and the drift check.
//
//   createdb -h 127.0.0.1 -U postgres fc_rollup_scratch
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fc_rollup_scratch node --import tsx scripts/bench-rollups.mjs
//
// Timed changes after the fill run in transactions that are rolled back, so the figures do not
// depend on one another. `BENCH_DONATIONS` scales the donation count.
import { openDatabase } from '@fc/db';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadEnv } from '../apps/api/src/config/env.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to an empty scratch PostgreSQL database');
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 1_000_000);

const handle = await openDatabase({ databaseUrl: url }); // applies the migrations
await handle.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async (q, params) => (await client.query(q, params)).rows[0];
const filled = Number((await one(`select count(*)::int as n from organizations where slug = 'scale-org-1'`)).n) > 0;
if (!filled && Number((await one('select count(*)::int as n from organizations')).n) > 0)
  throw new Error('The database is not empty: use a fresh scratch database');
if (filled && process.env.BENCH_REUSE !== '1')
  throw new Error('This database was filled by an earlier run: BENCH_REUSE=1 measures it again without filling');

const ms = (t) => `${(performance.now() - t).toFixed(0)} ms`;
const report = [];
async function step(label, q, params) {
  const t = performance.now();
  const res = await client.query(q, params);
  const table = /^\s*(?:with [\s\S]*?\)\s*)?insert into (\w+)/i.exec(q)?.[1];
  // As a seed should: fresh statistics before the next statement joins this table.
  if (table && !label.startsWith('baseline')) await client.query(`analyze ${table}`);
  const line = `${label}: ${ms(t)}${res.rowCount != null ? ` (${res.rowCount} rows)` : ''}`;
  report.push(line);
  console.log(line);
  return res;
}
/** Runs `fn` in a transaction that is rolled back, timing it. */
async function rolledBack(label, q, params) {
  await client.query('begin');
  try {
    return await step(label, q, params);
  } finally {
    await client.query('rollback');
  }
}
async function explain(label, q, params) {
  const res = await client.query(`explain (analyze, buffers) ${q}`, params);
  const lines = res.rows.map((r) => r['QUERY PLAN']);
  const exec = lines.find((l) => l.startsWith('Execution Time')) ?? '';
  report.push(`${label}: ${exec}`);
  console.log(`${label}\n  ${lines.join('\n  ')}`);
}

if (!filled) {
  console.log('Filling…');
  await step(
    'users (20,000)',
    `insert into users (email, first_name, last_name, status)
     select 'scale-user-' || g || '@example.test', 'Staff', 'N' || g, 'active' from generate_series(1, 20000) g`,
  );
  await step(
    'organizations (80)',
    `insert into organizations (type_id, name, slug) select 1, 'Org ' || g, 'scale-org-' || g from generate_series(1, 80) g`,
  );
  await step(
    'leagues (168)',
    `insert into organizations (type_id, name, slug, parent_id)
     select 2, 'League ' || o.id || '-' || g, 'scale-l-' || o.id || '-' || g, o.id
     from organizations o cross join lateral generate_series(1, case when o.slug = 'scale-org-1' then 10 else 2 end) g
     where o.type_id = 1`,
  );
  await step(
    'teams (1,632)',
    `insert into organizations (type_id, name, slug, parent_id)
     select 3, 'Team ' || l.id || '-' || g, 'scale-t-' || l.id || '-' || g, l.id
     from organizations l join organizations o on o.id = l.parent_id
     cross join lateral generate_series(1, case when o.slug = 'scale-org-1' then 100 else 4 end) g
     where l.type_id = 2`,
  );
  await step(
    'divisions (8,160)',
    `insert into organizations (type_id, name, slug, parent_id)
     select 4, 'Division ' || t.id || '-' || g, 'scale-d-' || t.id || '-' || g, t.id
     from organizations t cross join generate_series(1, 5) g where t.type_id = 3`,
  );
  await step(
    'players (100,000)',
    `insert into players (first_name, last_name, email, slug)
     select 'Kid', 'N' || g, 'family-' || (g / 2) || '@example.test', 'scale-p-' || g from generate_series(1, 100000) g`,
  );
  // Joins on a computed row number are written against a constant count so they can hash.
  const rostersSql = `with d as (select id, row_number() over (order by id) as rn from organizations where type_id = 4)
     insert into organization_fundraisers (organization_id, player_id, natural_key)
     select d.id, p.id, 'k' || p.id || '-' || d.id from players p
     join d on d.rn = 1 + p.id % (select count(*) from organizations where type_id = 4)
     union all
     select d.id, p.id, 'k' || p.id || '-' || d.id from players p
     join d on d.rn = 1 + (p.id * 7 + 3) % (select count(*) from organizations where type_id = 4) where p.id % 10 = 0
     on conflict do nothing`;
  await client.query('begin');
  await client.query('alter table organization_fundraisers disable trigger fc_rollup_ins');
  await step('baseline: rosters without the roll-up triggers', rostersSql);
  await client.query('rollback');
  await step('rosters (~110,000: every player on a division, one in ten on a second)', rostersSql);
  await step(
    'memberships (20,000)',
    `with n as (select id, row_number() over (order by id) as rn from organizations)
     insert into organization_users (user_id, organization_id, role)
     select u.id, n.id, 'org_user' from users u join n on n.rn = 1 + (u.id * 31) % (select count(*) from organizations)`,
  );
  await step(
    'campaigns (2,000: teams, leagues and organizations)',
    `with t as (select id, row_number() over (order by id) as rn, (select count(*) from organizations where type_id = 3) as c
         from organizations where type_id = 3),
       l as (select id, row_number() over (order by id) as rn, (select count(*) from organizations where type_id = 2) as c
         from organizations where type_id = 2),
       o as (select id, row_number() over (order by id) as rn, (select count(*) from organizations where type_id = 1) as c
         from organizations where type_id = 1)
     insert into campaigns (organization_id, title, slug, status)
     select coalesce(t.id, l.id, o.id), 'Campaign ' || g, 'scale-c-' || g,
       (array['active', 'active', 'active', 'active', 'draft', 'closed'])[1 + g % 6]
     from generate_series(1, 2000) g
     left join t on g <= 1800 and t.rn = 1 + (g * 13) % t.c
     left join l on g > 1800 and g <= 1950 and l.rn = 1 + g % l.c
     left join o on g > 1950 and o.rn = 1 + g % o.c`,
  );
  // 10% abandoned (0), 2% failed (2), 2.5% fully refunded (3), 2.5% partly refunded, 2% fee
  // payments; donors drawn from 300,000 emails; two years of dates. First without the roll-up
  // triggers (rolled back) for the baseline, then with them.
  const donationsSql = `with c as (select id, organization_id, row_number() over (order by id) as rn from campaigns)
     insert into donations (public_id, kind, campaign_id, organization_id, amount_cents, refunded_cents, status, method,
       provider, donor_first_name, donor_last_name, donor_email, created_at)
     select 'sd' || g, case when g % 50 = 0 then 'fee' else 'gift' end, c.id, c.organization_id, x.amount,
       case when x.r >= 12 and x.r < 17 then case when x.r < 14 then x.amount else x.amount / 2 end else 0 end,
       case when x.r < 10 then 0 when x.r < 12 then 2 when x.r < 14 then 3 else 1 end, 'card', 'sandbox',
       'Donor', 'D' || g, 'donor-' || abs(hashint4(g + 7)) % 300000 || '@example.test',
       now() - (abs(hashint4(g + 3)) % 730) * interval '1 day'
     from generate_series(1, $1::int) g
     cross join lateral (select 500 + abs(hashint4(g)) % 20000 as amount, abs(hashint4(g + 1)) % 100 as r) x
     join c on c.rn = 1 + abs(hashint4(g + 2)) % 2000`;
  await client.query('begin');
  await client.query('alter table donations disable trigger fc_rollup_ins');
  await step(`baseline: donations (${DONATIONS.toLocaleString('en')}) without the roll-up triggers`, donationsSql, [
    DONATIONS,
  ]);
  await client.query('rollback');
  await step(`donations (${DONATIONS.toLocaleString('en')}, one statement, with the roll-up triggers)`, donationsSql, [
    DONATIONS,
  ]);
  await client.query('analyze');
}

const root = await one(`select r.organization_id as id, r.raised_cents, r.donors, r.players, r.divisions
  from org_rollups r join organizations o on o.id = r.organization_id where o.type_id = 1 order by r.raised_cents desc limit 1`);
const division =
  await one(`select r.organization_id as id from org_rollups r join organizations o on o.id = r.organization_id
  where o.type_id = 4 and r.players > 0 order by r.organization_id limit 1`);
const size = await one(`select (select count(*) from org_rollup_donors) as donor_refs,
  (select count(*) from org_rollup_players) as player_refs, (select count(*) from campaign_rollup_donors) as campaign_refs,
  pg_size_pretty(pg_total_relation_size('org_rollup_donors')) as donor_refs_size,
  pg_size_pretty(pg_total_relation_size('donations')) as donations_size`);
console.log(`largest root ${root.id}:`, root, 'division', division.id, size);
report.push(`largest root: ${JSON.stringify(root)}; reference counts ${JSON.stringify(size)}`);

await explain('roll-up read, largest root', 'select * from org_rollups where organization_id = $1', [root.id]);
await explain('roll-up read, a division', 'select * from org_rollups where organization_id = $1', [division.id]);
const recompute = `with recursive t(id) as (select $1::int union all select o.id from organizations o join t on o.parent_id = t.id)
  select (select count(distinct f.player_id) from organization_fundraisers f join t on t.id = f.organization_id) as players,
    (select coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0)) filter (where d.status = 1 and d.kind = 'gift'), 0)
       from donations d join t on t.id = d.organization_id) as raised_cents,
    (select count(distinct d.donor_email) filter (where d.status = 1 and d.kind = 'gift')
       from donations d join t on t.id = d.organization_id) as donors`;
await explain('per-request recomputation it replaces (players, raised, donors), largest root', recompute, [root.id]);
await explain(
  'teams of the largest organization sorted by players (page of 25)',
  `select b.id, b.name, coalesce(r.players, 0) as players,
     (select count(*)::int from organizations c where c.parent_id = b.id) as children_count
   from organizations b left join org_rollups r on r.organization_id = b.id
   where b.id in (select o.id from organizations o where o.type_id = 3
     and o.parent_id in (select id from organizations where parent_id = $1))
   order by r.players desc nulls last, b.id limit 25`,
  [root.id],
);
await explain(
  'campaign list totals (all 2,000 campaigns)',
  `select c.id, t.* from campaigns c left join lateral (select coalesce(max(r.raised_cents), 0)::int as raised_cents,
     coalesce(max(r.donors), 0)::int as donors, coalesce(max(r.donations), 0)::int as donations
     from campaign_rollups r where r.campaign_id = c.id) t on true`,
);

/** Runs `q` (with params from `paramsOf(i)`) `n` times, each in a rolled-back transaction: p50/p99. */
async function repeated(label, n, q, paramsOf) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    await client.query('begin');
    const t = performance.now();
    await client.query(q, paramsOf(i));
    samples.push(performance.now() - t);
    await client.query('rollback');
  }
  samples.sort((x, y) => x - y);
  const pct = (p) => samples[Math.min(n - 1, Math.floor((p / 100) * n))].toFixed(1);
  const line = `${label}: p50 ${pct(50)} ms, p99 ${pct(99)} ms (${n} runs)`;
  report.push(line);
  console.log(line);
}
const underRoot = `(select id from organizations where parent_id in (select id from organizations where parent_id = ${Number(root.id)}))`;
const pendingIds = (
  await client.query(`select id from donations where status = 0 and kind = 'gift' and organization_id in ${underRoot}
  order by id limit 30`)
).rows.map((r) => r.id);
const paidIds = (
  await client.query(`select id from donations where status = 1 and refunded_cents = 0 and organization_id in ${underRoot}
  order by id limit 30`)
).rows.map((r) => r.id);
const rootCampaign = await one(
  `select id, organization_id from campaigns where organization_id in ${underRoot} limit 1`,
);
await repeated(
  "one gift completed (the webhook's single-row update)",
  30,
  'update donations set status = 1 where id = $1',
  (i) => [pendingIds[i]],
);
await repeated(
  'one completed gift inserted (offline entry)',
  30,
  `insert into donations (public_id, campaign_id, organization_id, amount_cents, status, method, donor_first_name,
     donor_last_name, donor_email) values ($1, $2, $3, 2500, 1, 'offline', 'A', 'B', $4)`,
  (i) => [`bench-one-${i}`, rootCampaign.id, rootCampaign.organization_id, `new-donor-${i}@example.test`],
);
await repeated('one partial refund', 30, 'update donations set refunded_cents = 100 where id = $1', (i) => [
  paidIds[i],
]);
await repeated(
  'one roster entry added',
  30,
  `insert into organization_fundraisers (organization_id, player_id, natural_key) values ($1, $2, 'bench-extra')`,
  (i) => [division.id, 5000 + i],
);
const team = await one(
  `select t.id, t.parent_id from organizations t join organizations l on l.id = t.parent_id
  where l.parent_id = $1 and t.type_id = 3 limit 1`,
  [root.id],
);
const otherLeague = await one(
  `select id from organizations where parent_id = $1 and type_id = 2 and id <> $2 limit 1`,
  [root.id, team.parent_id],
);
await rolledBack(
  'move a team to another league (incremental)',
  'update organizations set parent_id = $2 where id = $1',
  [team.id, otherLeague.id],
);
const otherOrg = await one(`select id from organizations where type_id = 1 and id <> $1 limit 1`, [root.id]);
await rolledBack(
  'move a league (1/10 of the largest organization) to another organization (incremental)',
  'update organizations set parent_id = $2 where id = $1',
  [team.parent_id, otherOrg.id],
);
await client.query('begin');
const empty = await step(
  'add an empty division',
  `insert into organizations (type_id, name, slug, parent_id) values (4, 'Empty', 'bench-empty', $1) returning id`,
  [team.id],
);
await step('delete that empty division (incremental)', 'delete from organizations where id = $1', [empty.rows[0].id]);
await client.query('rollback');
const team2 = await one(`select id from organizations where type_id = 3 and parent_id = $1 and id <> $2 limit 1`, [
  team.parent_id,
  team.id,
]);
await rolledBack(
  'nested move in one statement: a team and one of its divisions (rebuilds the chains involved)',
  `update organizations set parent_id = case when type_id = 3 then $2::int else $3::int end
   where id = $1 or id = (select id from organizations where parent_id = $1 limit 1)`,
  [team.id, otherLeague.id, team2.id],
);
await rolledBack('full rebuild (fc_rollup_rebuild())', 'select fc_rollup_rebuild()');
await step('drift check (fc_rollup_drift(), tests only)', 'select count(*) as n from fc_rollup_drift()');

// The served figures, in process (app.inject, one request at a time, as Super Admin): a node's
// detail (ancestors, readable children with their players, the roll-up) and a page of the teams
// of the largest organization sorted by players.
const email = 'bench-rollups-admin@example.test';
if (!(await one('select id from users where email = $1 and deleted_at is null', [email])))
  await client.query(
    `insert into users (email, first_name, last_name, password_hash, staff_role, status)
     values ($1, 'Bench', 'Admin', $2, 'super_admin', 'active')`,
    [email, await hashPassword('bench-password-2026')],
  );
const database = await openDatabase({ databaseUrl: url, migrate: false });
const env = loadEnv({
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  JOBS_INTERVAL_SECONDS: '0',
  DATA_DIR: '/tmp/fc-bench-rollups',
});
const app = await buildApp({ env, database, logger: false, serveWeb: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/jwt/login',
  payload: { email, password: 'bench-password-2026' },
});
const token = login.json().data?.accessToken ?? login.json().accessToken;
async function endpoint(label, path, n = 200) {
  const samples = [];
  for (let i = -50; i < n; i++) {
    const t = performance.now();
    const res = await app.inject({ url: `/api/v1${path}`, headers: { authorization: `Bearer ${token}` } });
    if (i >= 0) samples.push(performance.now() - t); // the first 50 warm the process up
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  }
  samples.sort((x, y) => x - y);
  const pct = (p) => samples[Math.min(n - 1, Math.floor((p / 100) * n))].toFixed(1);
  const line = `GET ${label}: p50 ${pct(50)} ms, p99 ${pct(99)} ms (${n} requests)`;
  report.push(line);
  console.log(line);
}
await endpoint('node detail with roll-up, largest root', `/admin/organization/?organization=${root.id}`);
await endpoint(
  'node detail with roll-up, a league of it (100 teams as children)',
  `/admin/organization/?organization=${team.parent_id}`,
);
await endpoint('node detail with roll-up, a division', `/admin/organization/?organization=${division.id}`);
await endpoint(
  'teams of one league sorted by players (page of 25)',
  `/admin/user_organization/filter?organizationType=3&parent=${team.parent_id}&sortColumn=players&sort=desc&perPage=25`,
);
await endpoint(
  'all teams sorted by players (page of 25 of 1,632)',
  '/admin/user_organization/filter?organizationType=3&sortColumn=players&sort=desc&perPage=25',
);
await app.close();
await database.close();

console.log(`\n${report.join('\n')}`);
await client.end();
