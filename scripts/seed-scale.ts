// `npm run seed:scale` (issue 6): fills a database with a state association's volume: 10,000
// organization nodes, 100,000 players, 2,000 campaigns and 1,000,000 donations over two years,
// with the accounts, rosters, campaign pages and donors that make them coherent. PostgreSQL when
// DATABASE_URL is set, else the embedded database in DATA_DIR (with the server stopped).
// Runs the app's migrations first, prints the time of each step and the row counts.
// Staff accounts (super@scale.test, orgadmin@scale.test, ...) use SCALE_PASSWORD (default
// scale-pass-2026). Not created: donation timelines, ledger entries, contacts, sandbox intents
// (so refunding a seeded donation from the console fails at the provider).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, type Db, MIGRATIONS_DIR, openDatabase } from '@fc/db';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';
import {
  type Bases,
  campaignFundraisersSql,
  donationsSql,
  donorProfilesSql,
  donorsSql,
  donorUsersSql,
  guardianCount,
  guardianProfilesSql,
  guardiansSql,
  playersSql,
  refundsSql,
  rostersSql,
  VOLUME,
} from './seed-scale-sql.js';
import { buildShape } from './seed-scale-tree.js';

const SEED_VERSION = 1;
const SEED_MARKER = 'scale_seed';
/** How many migrations the code has: the benchmark re-seeds when this changed since the seed. */
const migrationCount = () =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

const started = performance.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';
const password = process.env.SCALE_PASSWORD || 'scale-pass-2026';

type Rows<T> = { rows: T[] };
const query = async <T = Record<string, unknown>>(db: Db, text: string) =>
  ((await db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(48)} ${fmt(performance.now() - t).padStart(8)}`);
  return out;
}

/** Inserts rows given as JSON (the tree, staff and campaigns: thousands, not millions). */
async function insertJson(db: Db, table: string, columns: Record<string, string>, rows: object[]) {
  const names = Object.keys(columns);
  const typed = names.map((c) => `${c} ${columns[c]}`).join(', ');
  for (let i = 0; i < rows.length; i += 5000) {
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(', '))})
        select ${sql.raw(names.join(', '))} from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb)
        as x(${sql.raw(typed)})`,
    );
  }
}

/**
 * Runs a bulk insert with the table's secondary indexes dropped and rebuilt after it (an index
 * build is ~10x faster than a million index insertions), in one transaction so that a failure
 * leaves the schema as it was. Triggers and constraints stay on (roll-ups kept by triggers stay right).
 */
async function withoutIndexes(db: Db, table: string, fn: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const indexes = await query<{ name: string; def: string }>(
      t,
      `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = '${table}'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const i of indexes) await query(t, `drop index "${i.name}"`);
    await fn(t);
    for (const i of indexes) await query(t, i.def);
  });
}

async function open() {
  try {
    return await openDatabase({ databaseUrl, dataDir, migrate: true });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(
        `The server is running on ${path.resolve(dataDir)} (pid ${err.pid}). Stop it, run "npm run seed:scale", then start it again.`,
      );
      process.exit(2);
    }
    throw err;
  }
}

const COUNTED = [
  'organizations',
  'users',
  'organization_users',
  'user_profiles',
  'players',
  'organization_fundraisers',
  'campaigns',
  'campaign_divisions',
  'campaign_fundraisers',
  'donors',
  'donations',
  'refunds',
];

console.log(`Scale seed into ${databaseUrl ? 'PostgreSQL' : `PGlite (${path.resolve(dataDir)})`}`);
const handle = await step('migrations', open);
const db = handle.db;
try {
  const [marker] = await query<{ value: unknown }>(
    db,
    `select value from system_settings where key = '${SEED_MARKER}'`,
  );
  if (marker) {
    console.log('This database already holds the scale data set; nothing changed.', JSON.stringify(marker.value));
    process.exitCode = 0;
  } else {
    await seed(db);
  }
} finally {
  await handle.close();
}

async function seed(db: Db) {
  const [max] = await query<Record<string, number>>(
    db,
    `select (select coalesce(max(id), 0) from users)::int as users,
      (select coalesce(max(id), 0) from organizations)::int as organizations,
      (select coalesce(max(id), 0) from campaigns)::int as campaigns,
      (select coalesce(max(id), 0) from players)::int as players,
      (select coalesce(max(id), 0) from campaign_fundraisers)::int as cfs,
      (select coalesce(max(id), 0) from donors)::int as donors,
      (select coalesce(max(id), 0) from donations)::int as donations`,
  );
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const shape = buildShape(
    { organizations: max!.organizations!, users: max!.users!, campaigns: max!.campaigns! },
    today,
  );
  const staffTop = Math.max(...shape.users.map((x) => x.id));
  const b: Bases = {
    users: staffTop,
    players: max!.players!,
    campaigns: max!.campaigns!,
    campaignFundraisers: max!.cfs!,
    donors: max!.donors!,
    donations: max!.donations!,
  };
  const donorUserBase = staffTop + guardianCount();
  const superId = shape.users[0]!.id;
  const hash = await hashPassword(password);

  await step(`staff accounts (${shape.users.length})`, () =>
    insertJson(
      db,
      'users',
      {
        id: 'int',
        email: 'text',
        first_name: 'text',
        last_name: 'text',
        staff_role: 'text',
        password_hash: 'text',
        status: 'text',
        email_confirmed_at: 'timestamptz',
      },
      shape.users.map((x) => ({
        ...x,
        password_hash: hash,
        status: 'active',
        email_confirmed_at: today.toISOString(),
      })),
    ),
  );
  await step(`organization tree (${shape.nodes.length} nodes)`, () =>
    insertJson(
      db,
      'organizations',
      {
        id: 'int',
        type_id: 'smallint',
        name: 'text',
        slug: 'text',
        parent_id: 'int',
        sales_user_id: 'int',
        city: 'text',
        region: 'text',
        contact_email: 'text',
      },
      shape.nodes,
    ),
  );
  // Fresh statistics before the next inserts: the roll-up triggers join these tables.
  await step('analyze', () => query(db, 'analyze users, organizations'));
  await step(`memberships (${shape.memberships.length})`, () =>
    insertJson(db, 'organization_users', { user_id: 'int', organization_id: 'int', role: 'text' }, shape.memberships),
  );
  await step(`parents (${guardianCount()} accounts + profiles)`, async () => {
    await query(db, guardiansSql(b, hash));
    await query(db, guardianProfilesSql(b));
  });
  await step(`players (${VOLUME.players})`, () => query(db, playersSql(b)));
  await step('rosters (every player, 5% on two)', async () => {
    await query(db, rostersSql(b, shape.divisions, false));
    await query(db, rostersSql(b, shape.divisions, true));
  });
  await step('analyze', () => query(db, 'analyze users, players, organization_fundraisers'));
  await step(`campaigns (${shape.campaigns.length}) and their divisions`, async () => {
    await insertJson(
      db,
      'campaigns',
      {
        id: 'int',
        organization_id: 'int',
        title: 'text',
        slug: 'text',
        status: 'text',
        start_date: 'date',
        end_date: 'date',
        goal_cents: 'int',
        player_goal_cents: 'int',
        short_description: 'text',
        created_by_user_id: 'int',
        created_at: 'timestamptz',
      },
      shape.campaigns,
    );
    await insertJson(db, 'campaign_divisions', { campaign_id: 'int', organization_id: 'int' }, shape.campaignDivisions);
  });
  await step('campaign pages (players on campaigns)', () => query(db, campaignFundraisersSql(b)));
  await step(`donors (from ${VOLUME.donorPool} emails, ${VOLUME.donorAccounts} accounts)`, async () => {
    await query(db, donorUsersSql(donorUserBase));
    await query(db, donorProfilesSql(donorUserBase));
    await query(db, donorsSql(b, donorUserBase));
  });
  await step('analyze', () => query(db, 'analyze campaigns, campaign_divisions, campaign_fundraisers, donors'));
  await step(`donations (${VOLUME.donations.toLocaleString('en-US')}), then their indexes`, () =>
    withoutIndexes(db, 'donations', (tx) => query(tx, donationsSql(b, donorUserBase, superId))),
  );
  await step('refunds behind refunded donations', () => query(db, refundsSql(b, superId)));
  await step('sequences', () =>
    query(
      db,
      `select ${['users', 'organizations', 'campaigns', 'players', 'campaign_fundraisers', 'donors', 'donations']
        .map((t) => `setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`)
        .join(', ')}`,
    ),
  );
  await step('vacuum analyze', () => query(db, 'vacuum analyze'));
  const counts = await step('row counts', async () => {
    const [r] = await query<Record<string, number>>(
      db,
      `select ${COUNTED.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')}`,
    );
    return r!;
  });
  const value = {
    version: SEED_VERSION,
    migrations: migrationCount(),
    seededAt: new Date().toISOString(),
    seconds: Math.round((performance.now() - started) / 1000),
    accounts: shape.accounts,
    largestOrganizationId: shape.largestOrganizationId,
    counts,
  };
  await db.execute(
    sql`insert into system_settings (key, value) values (${SEED_MARKER}, ${JSON.stringify(value)}::jsonb)
      on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
  console.log('\nRows:');
  for (const [t, n] of Object.entries(counts))
    console.log(`  ${t.padEnd(26)} ${n.toLocaleString('en-US').padStart(10)}`);
  console.log(`\nDone in ${fmt(performance.now() - started)} on ${handle.kind}. Sign in as ${shape.accounts.super},`);
  console.log(`${shape.accounts.orgAdmin} (the largest organization) or ${shape.accounts.sales} with SCALE_PASSWORD.`);
}
