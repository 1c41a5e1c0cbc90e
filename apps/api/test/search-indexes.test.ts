/**
 * The free-text searches are served by the trigram indexes of migration 0005 (issue 6). An index
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
  it('the extension and both indexes exist', async () => {
    const found = await rows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where indexname in ('donations_search_trgm_idx', 'players_search_trgm_idx')
        order by indexname`,
    );
    expect(found.map((r) => r.indexname)).toEqual(['donations_search_trgm_idx', 'players_search_trgm_idx']);
  });

  it('the donation search reads the donor expressions through donations_search_trgm_idx', async () => {
    const p = await plan(sql`select d.id from donations d where ${donationSearchSql('smith')}`);
    expect(p).toContain('donations_search_trgm_idx');
    // The player-name lookup inside it uses the players' index.
    expect(p).toContain('players_search_trgm_idx');
    expect(p).not.toMatch(/Seq Scan on donations/);
  });

  it('the player search reads players_search_trgm_idx', async () => {
    const p = await plan(sql`select pl.id from players pl where ${playerSearchSql('smith')}`);
    expect(p).toContain('players_search_trgm_idx');
    expect(p).not.toMatch(/Seq Scan on players/);
  });

  it('a search with LIKE wildcards still matches literally and uses the index', async () => {
    const p = await plan(sql`select pl.id from players pl where ${playerSearchSql('50%_off')}`);
    expect(p).toContain('players_search_trgm_idx');
  });
});
