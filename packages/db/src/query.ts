/**
 * The one typed way to run raw SQL (issue 12): `rows<T>(db, sql`...`)` answers the result rows as
 * `T[]` on either driver. node-postgres answers a `QueryResult` and PGlite a `Results`, and both
 * carry `rows`; Drizzle types `execute` per driver, so the cast that reconciles them lives here
 * once instead of at every call site. `T` is the caller's claim about the selected columns (as
 * the database returns them: bigint and numeric as strings, timestamps as Date).
 */
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

export type Row = Record<string, unknown>;

/** Anything that runs SQL: the database or a transaction's handle. */
export type Queryable = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

export async function rows<T = Row>(db: Queryable, query: SQL): Promise<T[]> {
  const res = (await (db as Pick<Db, 'execute'>).execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The first row, or undefined when the query found none. */
export async function firstRow<T = Row>(db: Queryable, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}
