/**
 * `preparedRows` (packages/db query.ts, decision 026): the same rows as `rows` for the same SQL,
 * on the database and inside a transaction, run again with other parameters; on PostgreSQL the
 * connection holds it as a named prepared statement (read from `pg_prepared_statements`, on the
 * transaction's own connection), and one text is prepared once however often it runs.
 */
import { preparedRows, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from './db-config.js';
import { createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const root = await createOrg(t.db, 1, null);
  ids.push(root.id);
  for (let i = 0; i < 3; i++) ids.push((await createOrg(t.db, 2, root.id)).id);
});
afterAll(() => t.close());

const children = (id: number) => sql`select id, name, parent_id from organizations where parent_id = ${id} order by id`;

describe('preparedRows', () => {
  it('answers what rows answers, for each parameter, on the database and in a transaction', async () => {
    for (const id of ids) {
      const want = await rows(t.db, children(id));
      expect(await preparedRows(t.db, children(id))).toEqual(want);
      expect(await preparedRows(t.db, children(id))).toEqual(want);
    }
    expect((await preparedRows(t.db, children(ids[0]!))).map((r) => r.id)).toEqual(ids.slice(1));
    await t.db.transaction(async (tx) => {
      for (const id of ids) expect(await preparedRows(tx, children(id))).toEqual(await rows(tx, children(id)));
    });
  });

  it('is a named prepared statement on PostgreSQL, prepared once per connection; on PGlite an ordinary query', async () => {
    const postgres = testDbKind() === 'postgres';
    await t.db.transaction(async (tx) => {
      for (const id of ids) await preparedRows(tx, children(id));
      const held = await rows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like '%where parent_id = $1 order by id%'`,
      );
      expect(held).toHaveLength(postgres ? 1 : 0);
      if (postgres) expect(held[0]!.name).toMatch(/^fc_/);
    });
  });
});
