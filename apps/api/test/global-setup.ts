/**
 * Prepares one migrated database template per run: a PGlite data-dir dump (each test file loads
 * it into memory in ~1 s instead of a 3-8 s initdb) and, when TEST_DB=postgres, a PostgreSQL
 * template database that each test file clones.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { newPGlite, openDatabase } from '@fc/db';
import pg from 'pg';
import { PG_TEMPLATE, PGLITE_TEMPLATE, TMP_DIR, testDatabaseUrl, testDbKind } from './db-config.js';

export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true });
  if (testDbKind() === 'postgres') {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${PG_TEMPLATE}`;
    const h = await openDatabase({ databaseUrl: url.toString() });
    await h.close();
    return;
  }
  const pglite = newPGlite();
  const h = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await h.close();
}
