/**
 * The one typed way to run raw SQL (issue 12): `rows<T>(db, sql`...`)` answers the result rows as
 * `T[]` on either driver. node-postgres answers a `QueryResult` and PGlite a `Results`, and both
 * carry `rows`; Drizzle types `execute` per driver, so the cast that reconciles them lives here
 * once instead of at every call site. `T` is the caller's claim about the selected columns (as
 * the database returns them: bigint and numeric as strings, timestamps as Date).
 */
import { createHash } from 'node:crypto';
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

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `rows`, run as a named prepared statement on PostgreSQL: the connection plans it once and
 * reuses the plan (after five runs PostgreSQL may keep one generic plan for every parameter). For
 * statements on a hot path whose parameters are keys (an id, a parent id, a salesperson), which
 * one plan serves whatever the value; never for a condition whose best plan depends on the value
 * (a scope of 10 or of 2,725 nodes, a search term), where a generic plan can be far worse. The
 * name is derived from the text, so a text is prepared once per connection; on PGlite (one
 * embedded connection) it is an ordinary query.
 */
export async function preparedRows<T = Row>(db: Queryable, query: SQL): Promise<T[]> {
  const d = db as unknown as Internals;
  const q = d.dialect.sqlToQuery(query);
  const name = `fc_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 22)}`;
  const res = (await d.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}
