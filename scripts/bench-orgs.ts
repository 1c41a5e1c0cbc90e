// Organization-hierarchy figures (issue 3): a tree of 10,011 nodes (1 organization, 10 leagues,
// 1,000 teams, 9,000 divisions) with 45,000 players on rosters, then request latencies for the
// roll-up and lists as Super Admin and as the organization's admin, and a 10,000-row roster
// import. In-process (app.inject) on in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set.
import {
  newPGlite,
  openDatabase,
  organizationFundraisers,
  organizations,
  organizationUsers,
  players,
  users,
} from '@fc/db';
import { buildApp } from '../apps/api/src/app.js';
import { loadEnv } from '../apps/api/src/config/env.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';
import { timed } from './bench-lib.mjs';

const PASSWORD = 'bench-password-2026';
const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
  : await openDatabase({ pglite: newPGlite() });
const env = loadEnv({
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATA_DIR: '/tmp/fc-bench-orgs',
});
const app = await buildApp({ env, database, logger: false, serveWeb: false });
await app.ready();
const db = database.db;

const chunked = async <T>(rows: T[], fn: (c: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 1000) await fn(rows.slice(i, i + 1000));
};
const tag = Date.now().toString(36);
const seedStarted = performance.now();
const [root] = await db
  .insert(organizations)
  .values({ typeId: 1, name: 'Bench Org', slug: `bench-${tag}` })
  .returning({ id: organizations.id });
const leagues = await db
  .insert(organizations)
  .values(
    Array.from({ length: 10 }, (_, i) => ({
      typeId: 2,
      name: `League ${i}`,
      slug: `bench-${tag}-l${i}`,
      parentId: root!.id,
    })),
  )
  .returning({ id: organizations.id });
const teamRows = leagues.flatMap((l, i) =>
  Array.from({ length: 100 }, (_, j) => ({
    typeId: 3,
    name: `Team ${i}-${j}`,
    slug: `bench-${tag}-t${i}-${j}`,
    parentId: l.id,
  })),
);
const teams: { id: number }[] = [];
await chunked(teamRows, async (c) =>
  teams.push(...(await db.insert(organizations).values(c).returning({ id: organizations.id }))),
);
const divisionRows = teams.flatMap((t, i) =>
  Array.from({ length: 9 }, (_, j) => ({
    typeId: 4,
    name: `Division ${j}`,
    slug: `bench-${tag}-d${i}-${j}`,
    parentId: t.id,
  })),
);
const divisions: { id: number }[] = [];
await chunked(divisionRows, async (c) =>
  divisions.push(...(await db.insert(organizations).values(c).returning({ id: organizations.id }))),
);
const hash = await hashPassword(PASSWORD);
const [parent] = await db
  .insert(users)
  .values({ email: `parent-${tag}@bench.test`, firstName: 'Pat', lastName: 'Parent', passwordHash: hash })
  .returning({ id: users.id });
const playerRows = divisions.flatMap((d, i) =>
  Array.from({ length: 5 }, (_, j) => ({
    guardianUserId: parent!.id,
    firstName: `P${i}`,
    lastName: `N${j}`,
    email: `parent-${tag}@bench.test`,
    slug: `bench-${tag}-p${i}-${j}`,
    divisionId: d.id,
  })),
);
await chunked(playerRows, async (c) => {
  const made = await db
    .insert(players)
    .values(c.map(({ divisionId: _d, ...p }) => p))
    .returning({ id: players.id });
  await db
    .insert(organizationFundraisers)
    .values(made.map((m, k) => ({ organizationId: c[k]!.divisionId, playerId: m.id, naturalKey: `k${m.id}` })));
});
const seedMs = Math.round(performance.now() - seedStarted);

const superEmail = `super-${tag}@bench.test`;
const adminEmail = `orgadmin-${tag}@bench.test`;
await db
  .insert(users)
  .values({ email: superEmail, firstName: 'S', lastName: 'A', passwordHash: hash, staffRole: 'super_admin' });
const [admin] = await db
  .insert(users)
  .values({ email: adminEmail, firstName: 'O', lastName: 'A', passwordHash: hash })
  .returning({ id: users.id });
await db.insert(organizationUsers).values({ userId: admin!.id, organizationId: root!.id, role: 'org_admin' });

async function token(email: string) {
  const r = await app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email, password: PASSWORD } });
  return r.json().accessToken as string;
}
const get = (tok: string, url: string) => async () => {
  const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok}` } });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
};

const loginBytes = async (email: string) =>
  (await app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email, password: PASSWORD } })).rawPayload
    .length;
const superTok = await token(superEmail);
const adminTok = await token(adminEmail);
const detail = `/api/v1/admin/organization/?organization=${root!.id}`;
const teamsByPlayers =
  '/api/v1/admin/user_organization/filter?organizationType=3&sortColumn=players&sort=desc&perPage=25';
const divisionsPage = '/api/v1/admin/user_organization/filter?organizationType=4&perPage=25&q=Division%205';

// A 10,000-row roster import into a fresh team (100 divisions created by the import).
const [importTeam] = await db
  .insert(organizations)
  .values({ typeId: 3, name: 'Import Team', slug: `bench-${tag}-import`, parentId: leagues[0]!.id })
  .returning({ id: organizations.id });
const csv = [
  'division,player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone',
  ...Array.from(
    { length: 10000 },
    (_, i) => `Import ${i % 100},Kid${i},Imported,Par${i},Ent,family${i}-${tag}@bench.test,`,
  ),
].join('\n');
const boundary = '----bench';
const body = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
);
const importOnce = async (dryRun: boolean) => {
  const t = performance.now();
  const r = await app.inject({
    method: 'POST',
    url: `/api/v1/team/${importTeam!.id}/roster_import${dryRun ? '?dryRun=1' : ''}`,
    headers: { authorization: `Bearer ${superTok}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  if (r.statusCode !== 200) throw new Error(`import: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return { ms: Math.round(performance.now() - t), created: r.json().data.created as number };
};

const results = {
  database: database.kind,
  nodes: 1 + leagues.length + teams.length + divisions.length,
  rosterEntries: playerRows.length,
  seedMs,
  // The abilities in the login answer carry the scope's node ids (issue 6 to budget).
  loginResponseBytesSuper: await loginBytes(superEmail),
  loginResponseBytesOrgAdmin: await loginBytes(adminEmail),
  rollupDetailSuperMs: await timed(30, get(superTok, detail)),
  rollupDetailOrgAdminMs: await timed(30, get(adminTok, detail)),
  teamsSortedByPlayersSuperMs: await timed(20, get(superTok, teamsByPlayers)),
  teamsSortedByPlayersOrgAdminMs: await timed(20, get(adminTok, teamsByPlayers)),
  divisionSearchOrgAdminMs: await timed(30, get(adminTok, divisionsPage)),
  import10kDryRun: await importOnce(true),
  import10k: await importOnce(false),
  import10kAgain: await importOnce(false),
};
console.log(JSON.stringify(results, null, 2));
await app.close();
await database.close();
