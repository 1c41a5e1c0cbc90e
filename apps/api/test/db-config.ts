import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp');
export const PGLITE_TEMPLATE = path.join(TMP_DIR, 'pglite-template.tar.gz');
export const PG_TEMPLATE = 'fc_test_template';

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
