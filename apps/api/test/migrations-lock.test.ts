/**
 * Several instances starting at once on one database: the migrator runs under an advisory lock on
 * PostgreSQL, so every instance starts and each migration is applied (and listed) once. PGlite is
 * one process per data folder and takes no lock; its path must still migrate, and again as a no-op.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, MIGRATIONS_DIR, newPGlite, openDatabase } from '@fc/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, testDbKind } from './db-config.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const INSTANCES = 4;

/** The migrations table: how many rows, and how many distinct migrations (by their time stamp). */
async function listed(h: DatabaseHandle) {
  const res = (await h.db.execute(sql`select count(*)::int as n, count(distinct created_at)::int as distinct_n,
      array_agg(created_at::text order by created_at) as stamps
    from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number; distinct_n: number; stamps: string[] }[] };
  const r = res.rows[0]!;
  return { n: Number(r.n), distinct: Number(r.distinct_n), stamps: r.stamps.map(Number) };
}

const expected = {
  n: journal.entries.length,
  distinct: journal.entries.length,
  stamps: journal.entries.map((e) => e.when),
};

async function concurrentStartsOnPostgres() {
  const name = `fc_mig_lock_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  try {
    const opened = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: url.toString(), migrate: true, poolMax: 2 })),
    );
    for (const o of opened) if (o.status === 'fulfilled') handles.push(o.value);
    expect(
      opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(await listed(handles[0]!)).toEqual(expected);
    // The schema is whole: the last migration's objects exist and the app's tables answer.
    await handles[0]!.db.execute(sql`select count(*) from org_rollups`);
    // A later start finds nothing to do and leaves the list as it is; no lock stays held.
    const again = await openDatabase({ databaseUrl: url.toString(), migrate: true, poolMax: 1 });
    handles.push(again);
    expect(await listed(again)).toEqual(expected);
    const locks = await admin.query(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and database =
        (select oid from pg_database where datname = $1)`,
      [name],
    );
    expect(locks.rows[0].n).toBe(0);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function twiceOnPglite() {
  const pglite = newPGlite();
  const h = await openDatabase({ pglite, migrate: true });
  try {
    expect(await listed(h)).toEqual(expected);
    const again = await openDatabase({ pglite, migrate: true });
    expect(await listed(again)).toEqual(expected);
  } finally {
    await h.close();
  }
}

// One test per run, on the database of the run (no skipped test on either suite).
describe('migrations', () => {
  if (testDbKind() === 'postgres')
    it(
      `on PostgreSQL, ${INSTANCES} instances opening a fresh database at once all start; each migration runs once`,
      concurrentStartsOnPostgres,
    );
  else it('on PGlite, migrate: true applies every migration once, and again is a no-op', twiceOnPglite);
});
