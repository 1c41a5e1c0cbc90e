import { type SQL, sql } from 'drizzle-orm';

/**
 * Node ids as one array constant: `col = any('{1,2,...}'::int[])` means what `col in (1,2,...)`
 * does, but PostgreSQL parses and plans one constant instead of one per id (and drizzle's
 * `inArray` sends one parameter per id). A state association's scope is 2,725 nodes: an
 * organization list filtered by it took 8.4 ms to parse, plan and run with `in (…)` lists and
 * 2.5 ms with arrays on the scale database (issue 6). The ids are integers written into the text
 * (each truncated), so nothing else can reach the SQL.
 *
 * Inside `withIdArraysBound`, every non-empty list is written once, in a leading CTE, and
 * referenced where it is used (small lists too, so that the tests' small trees take that path).
 */
export const idArray = (ids: readonly number[]): SQL => {
  const name = boundName(ids);
  return sql.raw(name ? `(select ${name} from bound_ids)::int[]` : arrayText(ids));
};

/** The list's name in the enclosing `withIdArraysBound`'s CTE (added on first use), or null outside one. */
function boundName(ids: readonly number[]): string | null {
  if (!binding || ids.length === 0) return null;
  const text = arrayText(ids);
  let name = binding.get(text);
  if (!name) {
    name = `ids${binding.size}`;
    binding.set(text, name);
  }
  return name;
}

let binding: Map<string, string> | null = null;
/** Inside `withIdArraysBound(build, { hashed: true })`: membership tests become hashed subplans. */
let hashed = false;

/**
 * `column` is one of `ids`: `column = any(<array>)`, or, inside `withIdArraysBound` with
 * `hashed`, `column in (select unnest(<bound list>) from bound_ids)`. PostgreSQL searches a bound
 * (non-constant) array element by element for each row it tests, but runs an uncorrelated
 * `in (subquery)` as a hashed SubPlan: one hash of the list, then one probe per row. For scans
 * that test many rows against a large list (the donation list's page tests ~120 donations against
 * a 2,725-node scope twice): execution 1.2-5.3 ms → 1.0-1.3 ms, planning 0.75 → 0.1 ms on the
 * scale database. Not for one-row queries with the list in many places (each place builds its
 * hash): those keep the array form.
 */
export const inIdList = (column: SQL, ids: readonly number[]): SQL => {
  const name = hashed ? boundName(ids) : null;
  return name
    ? sql`${column} in (select unnest(${sql.raw(name)}) from bound_ids)`
    : sql`${column} = any(${idArray(ids)})`;
};

/**
 * The literal of a list, remembered per array: a principal's scope is one cached array per tree
 * version (auth/principal.ts), and writing its 2,725 ids out on every request took about 3% of a
 * busy API's CPU. Lists are never changed in place once built.
 */
const texts = new WeakMap<readonly number[], string>();
function arrayText(ids: readonly number[]): string {
  let text = texts.get(ids);
  if (text === undefined) {
    text = `'{${ids.map((i) => Math.trunc(Number(i))).join(',')}}'::int[]`;
    if (ids.length > 100) texts.set(ids, text);
  }
  return text;
}

/**
 * Builds a query (synchronously) whose large id lists are each written once, in a leading
 * `bound_ids` CTE, instead of in every condition that uses them. For queries over one row or a
 * few (a campaign's access flags): the planner no longer estimates each condition element by
 * element against the statistics (the campaign access query repeats the caller's 2,725-node
 * scope ten times, mostly in `exists` subqueries, and took 10-21 ms to plan for 0.4 ms of work;
 * bound once, 1.6 ms). For scans over many rows, pass `hashed` so that `inIdList` tests are
 * hashed subplans: a bound array is not a constant, and PostgreSQL searches it element by
 * element. `build` must return a query
 * that may follow a `with` clause (a plain select).
 */
export function withIdArraysBound(build: () => SQL, options: { hashed?: boolean } = {}): SQL {
  const outer = binding;
  const outerHashed = hashed;
  const mine = new Map<string, string>();
  binding = mine;
  hashed = options.hashed === true;
  let query: SQL;
  try {
    query = build();
  } finally {
    binding = outer;
    hashed = outerHashed;
  }
  if (mine.size === 0) return query;
  const lists = [...mine].map(([text, name]) => `${text} as ${name}`).join(', ');
  return sql`with bound_ids as materialized (select ${sql.raw(lists)}) ${query}`;
}

/** Values as parameters of an `in (…)` list (`col in (${valueList(xs)})`); `xs` must not be empty. */
export const valueList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
