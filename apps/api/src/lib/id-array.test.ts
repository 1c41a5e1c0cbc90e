import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { idArray, inIdList, withIdArraysBound } from './id-array.js';

const render = (q: ReturnType<typeof idArray>) => new PgDialect().sqlToQuery(q);

describe('idArray', () => {
  it('renders one int[] constant with no parameters, whatever the number of ids', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const q = render(idArray(ids));
    expect(q.params).toEqual([]);
    expect(q.sql).toBe(`'{${ids.join(',')}}'::int[]`);
  });

  it('writes integers only', () => {
    expect(render(idArray([1, 2.9, -3, '4); drop table x; --' as unknown as number])).sql).toBe(
      `'{1,2,-3,NaN}'::int[]`,
    );
    expect(render(idArray([])).sql).toBe(`'{}'::int[]`);
  });

  it('inside withIdArraysBound, writes each list once in a leading CTE', () => {
    const big = Array.from({ length: 300 }, (_, i) => i + 1);
    const other = Array.from({ length: 60 }, (_, i) => i + 1000);
    const q = render(
      withIdArraysBound(
        () =>
          sql`select a = any(${idArray(big)}), b = any(${idArray([...big])}), c = any(${idArray(other)}), d = any(${idArray([7, 8])}), e = any(${idArray([])})`,
      ),
    );
    expect(q.sql).toBe(
      `with bound_ids as materialized (select '{${big.join(',')}}'::int[] as ids0, '{${other.join(',')}}'::int[] as ids1, '{7,8}'::int[] as ids2) ` +
        `select a = any((select ids0 from bound_ids)::int[]), b = any((select ids0 from bound_ids)::int[]), ` +
        `c = any((select ids1 from bound_ids)::int[]), d = any((select ids2 from bound_ids)::int[]), e = any('{}'::int[])`,
    );
    // Outside, and when nothing was bound, the text is unchanged.
    expect(render(idArray(big)).sql).toBe(`'{${big.join(',')}}'::int[]`);
    expect(render(withIdArraysBound(() => sql`select ${idArray([])}`)).sql).toBe(`select '{}'::int[]`);
  });

  it('inIdList: an array test, or a hashed subquery over the bound list inside a hashed binding', () => {
    const big = Array.from({ length: 300 }, (_, i) => i + 1);
    const list = `'{${big.join(',')}}'::int[]`;
    expect(render(inIdList(sql`x`, big)).sql).toBe(`x = any(${list})`);
    expect(render(withIdArraysBound(() => sql`select ${inIdList(sql`x`, big)}`)).sql).toBe(
      `with bound_ids as materialized (select ${list} as ids0) select x = any((select ids0 from bound_ids)::int[])`,
    );
    expect(
      render(
        withIdArraysBound(
          () => sql`select ${inIdList(sql`x`, big)}, ${inIdList(sql`y`, [...big])}, ${inIdList(sql`z`, [])}`,
          {
            hashed: true,
          },
        ),
      ).sql,
    ).toBe(
      `with bound_ids as materialized (select ${list} as ids0) select x in (select unnest(ids0) from bound_ids), ` +
        `y in (select unnest(ids0) from bound_ids), z = any('{}'::int[])`,
    );
    // The mode ends with its binding.
    expect(render(withIdArraysBound(() => sql`select ${inIdList(sql`x`, big)}`)).sql).toContain('x = any(');
  });
});
