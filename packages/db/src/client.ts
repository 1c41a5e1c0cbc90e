/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is
 * given. Both get the same committed migrations. PGlite allows one process per data folder, so
 * it is guarded by a lock file (STACK-NOTES: two processes on one folder lost a committed row).
 * On PostgreSQL several instances may start at once: the migrator runs under a session-level
 * advisory lock (`MIGRATION_LOCK_KEY`), so one migrates and the others wait, then find nothing left.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makeResilient } from './resilience.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = ReturnType<typeof drizzlePglite<Schema>> | ReturnType<typeof drizzlePg<Schema>>;
/** Both drivers expose the same query builder; code is written against this one type. */
export type Db = ReturnType<typeof drizzlePg<Schema>>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * The PostgreSQL extensions the migrations create (0005: pg_trgm for the search indexes). PGlite
 * ships them as separate bundles that must be loaded when an instance is constructed, so every
 * PGlite of the project (server, tests, scripts) is made through `newPGlite`.
 */
export const pgliteExtensions = { pg_trgm };

/** A PGlite with the project's extensions: `newPGlite(dataDir)` or `newPGlite({ ...options })`. */
export function newPGlite(dataDirOrOptions?: string | PGliteOptions, options: PGliteOptions = {}): PGlite {
  const opts = typeof dataDirOrOptions === 'object' ? dataDirOrOptions : options;
  const extensions = { ...pgliteExtensions, ...opts.extensions };
  return typeof dataDirOrOptions === 'string'
    ? new PGlite(dataDirOrOptions, { ...opts, extensions })
    : new PGlite({ ...opts, extensions });
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Liveness probe used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An existing PGlite instance (tests load a pre-migrated template into memory). */
  pglite?: PGlite;
  migrate?: boolean;
  poolMax?: number;
  onPoolError?: (err: Error) => void;
  /** Told when a read outside a transaction was run again after its connection was lost. */
  onReadRetry?: (err: unknown) => void;
  /** Told when an opted-in transaction or idempotent write was run again (retry.ts). */
  onTransactionRetry?: (err: unknown) => void;
  /** How long taking a PostgreSQL connection waits for the server to come back (default 5000 ms). */
  reconnectWaitMs?: number;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). PGlite allows one process per data folder: stop that process, or run this through the running server.`,
    );
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's lock file; a stale lock (dead pid) is replaced. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.fc.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && pidAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

export function dataDirLockHolder(dataDir: string): number | null {
  const lockPath = path.join(dataDir, '.fc.lock');
  if (!existsSync(lockPath)) return null;
  const pid = Number(readFileSync(lockPath, 'utf8'));
  return pid && pidAlive(pid) ? pid : null;
}

/**
 * The advisory-lock key every instance takes around the migrator on PostgreSQL (a fixed bigint,
 * "FCMIGRAT" in ASCII, so it does not collide with another application's keys by accident).
 */
export const MIGRATION_LOCK_KEY = '5062975383219093844';

/**
 * Applies the committed migrations on PostgreSQL under `pg_advisory_lock(MIGRATION_LOCK_KEY)`, on
 * one connection that holds the lock for the whole run. Without it two instances starting together
 * both see a migration as pending and both run it (one then fails on a relation that exists, or
 * on the migrations table's own creation). The lock is a session lock: released by the unlock, or
 * by the server when the connection ends (a process killed while migrating never leaves it held).
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    // A connection in an unknown state (a failed unlock, an aborted transaction) is not reused.
    broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      // JIT compilation costs tens to hundreds of milliseconds, and PostgreSQL starts it from a
      // cost estimate alone: a search once estimated past jit_above_cost spent 745 ms compiling
      // a query that ran in less (issue 6). The product's queries are short, index-backed reads
      // and single-row writes, which never repay it. PGOPTIONS (the bench's --pg-options) comes
      // after, so it can still turn it back on.
      options: ['-c jit=off', process.env.PGOPTIONS].filter(Boolean).join(' '),
    });
    // Without a listener an idle client's error (server restart) crashes the process.
    pool.on('error', (err) => opts.onPoolError?.(err));
    // Lost connections (pg_terminate_backend, a restart): reads retried once, writes only when the
    // caller opted in (resilience.ts, retry.ts).
    const { queryOnce } = makeResilient(pool, {
      reconnectWaitMs: opts.reconnectWaitMs,
      onReadRetry: opts.onReadRetry,
      onTransactionRetry: opts.onTransactionRetry,
    });
    const db = drizzlePg(pool, { schema });
    if (opts.migrate !== false) {
      try {
        await migratePostgres(pool);
      } catch (err) {
        await pool.end();
        throw err;
      }
    }
    return {
      db,
      kind: 'postgres',
      // Readiness answers now: it does not wait for a lost server like the product's queries do.
      ping: async () => {
        await queryOnce('select 1');
      },
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client = opts.pglite;
  if (!client) {
    if (!opts.dataDir) throw new Error('dataDir or databaseUrl is required');
    const dir = path.resolve(opts.dataDir);
    release = lockDataDir(dir);
    try {
      client = newPGlite(path.join(dir, 'pgdata'));
      await client.waitReady;
    } catch (err) {
      release();
      throw err;
    }
  }
  const pgl = client;
  const db = drizzlePglite(pgl, { schema });
  // One process per data folder (the lock file above) and one connection: no advisory lock needed.
  if (opts.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await pgl.query('select 1');
    },
    close: async () => {
      await pgl.close();
      release();
    },
  };
}
