/**
 * The free-text searches are served by trigram indexes (issue 6), since migration 0020 multicolumn
 * GIN indexes that also hold the caller's scope (decision 025). An index
 * on an expression serves only a query that repeats the expression word for word, so this test
 * plans the product's own search conditions (with sequential scans priced out, as on a large
 * table) and checks that each searched expression is an index scan, on PGlite and PostgreSQL.
 */

import { rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationSearchSql } from '../src/modules/donations/donations.repository.js';
import { playerSearchSql } from '../src/modules/fundraisers/fundraisers.repository.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The plan of `query` with sequential scans disabled, in a transaction (the setting is local). */
async function plan(query: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const lines = await rows<Record<string, string>>(tx as never, sql`explain ${query}`);
    return lines.map((l) => Object.values(l)[0]).join('\n');
  });
}

describe('trigram search indexes', () => {
  it("the scoped search indexes exist, and 0005's unscoped ones are gone", async () => {
    const found = await rows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where indexname like '%search%idx' and tablename in ('donations', 'players')
        order by indexname`,
    );
    expect(found.map((r) => r.indexname)).toEqual(['donations_scope_search_idx', 'players_scope_search_idx']);
  });

  it('the donation search reads every alternative through donations_scope_search_idx, with or without a scope', async () => {
    for (const scope of [sql`true`, sql`d.scope_nodes @> array[1]`]) {
      const p = await plan(sql`select d.id from donations d where ${scope} and ${donationSearchSql('smith')}`);
      expect(p).toContain('donations_scope_search_idx');
      expect(p).not.toMatch(/Seq Scan on donations|Seq Scan on players|Seq Scan on campaigns/);
    }
  });

  it('the player search reads players_scope_search_idx, with or without a scope', async () => {
    for (const scope of [sql`true`, sql`pl.scope_nodes @> array[1]`]) {
      const p = await plan(sql`select pl.id from players pl where ${scope} and ${playerSearchSql('smith')}`);
      expect(p).toContain('players_scope_search_idx');
      expect(p).not.toMatch(/Seq Scan on players/);
    }
  });

  it('a search with LIKE wildcards still matches literally and uses the index', async () => {
    const p = await plan(sql`select pl.id from players pl where ${playerSearchSql('50%_off')}`);
    expect(p).toContain('players_scope_search_idx');
  });
});
