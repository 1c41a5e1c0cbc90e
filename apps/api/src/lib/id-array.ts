import { type SQL, sql } from 'drizzle-orm';

/**
 * Node ids as one array constant: `col = any('{1,2,...}'::int[])` means what `col in (1,2,...)`
 * does, but PostgreSQL parses and plans one constant instead of one per id (and drizzle's
 * `inArray` sends one parameter per id). A state association's scope is 2,725 nodes: an
 * organization list filtered by it took 8.4 ms to parse, plan and run with `in (…)` lists and
 * 2.5 ms with arrays on the scale database (issue 6). The ids are integers written into the text
 * (each truncated), so nothing else can reach the SQL.
 */
export const idArray = (ids: readonly number[]): SQL =>
  sql.raw(`'{${ids.map((i) => Math.trunc(Number(i))).join(',')}}'::int[]`);
