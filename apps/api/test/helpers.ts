/** Test app factory and data factories: every test file gets its own fresh database. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LoginResponse } from '@fc/contracts';
import {
  type DatabaseHandle,
  type Db,
  newPGlite,
  openDatabase,
  organizations,
  organizationUsers,
  rows,
  userProfiles,
  users,
} from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app.js';
import { type Env, loadEnv } from '../src/config/env.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { PG_TEMPLATE, PGLITE_TEMPLATE, testDatabaseUrl, testDbKind } from './db-config.js';

export const PASSWORD = 'correct-horse-battery-9';
let passwordHash: Promise<string> | null = null;

async function freshDatabase(): Promise<DatabaseHandle & { url: string | null; drop: () => Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const name = `fc_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE}`);
    await admin.end();
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    const h = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolMax: 5 });
    return {
      ...h,
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: testDatabaseUrl() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const pglite = newPGlite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
  const h = await openDatabase({ pglite, migrate: false });
  return { ...h, url: null, drop: async () => {} };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database of this app (null on PGlite), for a second instance on it. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    JOBS_INTERVAL_SECONDS: '0',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fc-test-')),
    ...overrides,
  });
}

/**
 * A second app on an existing app's database, with an extra plugin registered before ready():
 * the boot checks (policy, schema, upload declarations) are tried on the routes it adds.
 */
export async function bootWith(t: TestApp, plugin: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ env: testEnv(), database: t.app.database, logger: false, serveWeb: false });
  const boot = (async () => {
    await app.register(plugin);
    await app.ready();
  })();
  return { app, boot };
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  opts: Pick<BuildOptions, 'mail' | 'logStream' | 'serveWeb' | 'band'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  // Logs only when a test captures them (logStream).
  const logger = Boolean(opts.logStream);
  const app = await buildApp({ env: testEnv(envOverrides), database, logger, serveWeb: false, ...opts });
  await app.ready();
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.close();
      await database.drop();
    },
  };
}

/**
 * A second instance of the product on the same database, as behind a load balancer: on
 * PostgreSQL its own connection pool; on PGlite (one process owns the data) the same in-memory
 * database. Close it before `t.close()`.
 */
export async function createPeerApp(
  t: TestApp,
  envOverrides: Record<string, string> = {},
  opts: Pick<BuildOptions, 'mail'> = {},
): Promise<TestApp> {
  const database = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, migrate: false, poolMax: 5 })
    : t.app.database;
  const app = await buildApp({ env: testEnv(envOverrides), database, logger: false, serveWeb: false, ...opts });
  await app.ready();
  return {
    app,
    db: database.db,
    databaseUrl: t.databaseUrl,
    close: async () => {
      await app.close();
      if (t.databaseUrl) await database.close();
    },
  };
}

let seq = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

export async function createOrg(
  db: Db,
  typeId: 1 | 2 | 3 | 4,
  parentId: number | null,
  extra: { salesUserId?: number } = {},
) {
  const slug = unique(`org${typeId}`);
  const [row] = await db
    .insert(organizations)
    .values({ typeId, parentId, name: `Org ${slug}`, slug, salesUserId: extra.salesUserId ?? null })
    .returning();
  return row!;
}

/** organization > league > team > division, returned by level. */
export async function createTree(db: Db) {
  const org = await createOrg(db, 1, null);
  const league = await createOrg(db, 2, org.id);
  const team = await createOrg(db, 3, league.id);
  const division = await createOrg(db, 4, team.id);
  return { org, league, team, division };
}

export interface UserSpec {
  email?: string;
  staffRole?: 'super_admin' | 'fys_sales';
  membership?: { organizationId: number; role: string };
  profiles?: ('fundraiser' | 'donor' | 'affiliate')[];
  status?: 'active' | 'invited' | 'disabled';
  password?: string | null;
}

export async function createUser(db: Db, spec: UserSpec = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const email = spec.email ?? `${unique('user')}@example.test`;
  const [u] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Test',
      lastName: unique('User'),
      passwordHash:
        spec.password === null ? null : spec.password ? await hashPassword(spec.password) : await passwordHash,
      staffRole: spec.staffRole ?? null,
      status: spec.status ?? 'active',
    })
    .returning();
  if (spec.membership) await db.insert(organizationUsers).values({ userId: u!.id, ...spec.membership });
  for (const type of spec.profiles ?? []) await db.insert(userProfiles).values({ userId: u!.id, type });
  return u!;
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD, ip = '10.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as LoginResponse;
}

/** Creates a user and signs in; returns the user, tokens and an authorised inject helper. */
export async function actor(t: TestApp, spec: UserSpec = {}) {
  const user = await createUser(t.db, spec);
  const session = await login(t.app, user.email);
  const call = (opts: InjectOptions) =>
    t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${session.accessToken}` } });
  return { user, session, call, token: session.accessToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A log stream for createTestApp's `logStream` that keeps every line written (JSON logs). */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** The plan of `query` with sequential scans disabled, in a transaction (the setting is local). */
export async function planOf(db: Db, query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const lines = await rows<Record<string, string>>(tx as never, sql`explain ${query}`);
    return lines.map((l) => Object.values(l)[0]).join('\n');
  });
}
