import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp');
export const PGLITE_TEMPLATE = path.join(TMP_DIR, 'pglite-template.tar.gz');
/**
 * One template database per checkout (named by its path), so two checkouts' PostgreSQL runs on one
 * server (a clean clone's CI beside a working copy) never drop each other's template.
 */
export const PG_TEMPLATE = `fc_test_template_${createHash('sha1').update(TMP_DIR).digest('hex').slice(0, 8)}`;

/** `TEST_DB=postgres` runs the API suites against TEST_DATABASE_URL; the default is PGlite. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  return url;
}
