import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { idArray } from './id-array.js';

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
});
