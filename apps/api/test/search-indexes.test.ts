/**
 * The free-text searches are served by trigram indexes (issue 6), since migration 0020 multicolumn
 * GIN indexes that also hold the caller's scope (decision 025), since migration 0022 on one column
 * joining the searched fields (decision 027). This test plans the product's own search conditions
 * (with sequential scans priced out, as on a large table) and checks that each is an index scan,
 * on PGlite and PostgreSQL; and that the joined column finds exactly what the fields find, for
 * terms inside one field, across two fields (with and without the line break that joins them),
 * and with LIKE wildcards, against matches computed in JavaScript from the rows.
 */

import { donations, players, rows } from '@fc/db';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSearchSql } from '../src/lib/text-search.js';
import { donationSearchSql } from '../src/modules/donations/donations.repository.js';
import { donate, insertCampaign } from './campaigns-support.js';
import { addPlayer } from './fundraisers-fixtures.js';
import { createOrg, createTestApp, planOf, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NO_SCOPE = sql`true`;

describe('trigram search indexes', () => {
  it("the joined-text indexes exist, and 0005's and 0020's per-field ones are gone", async () => {
    const found = await rows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where indexname like '%search%idx' and tablename in ('donations', 'players')
        order by indexname`,
    );
    expect(found.map((r) => r.indexname)).toEqual([]);
    const text = await rows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where indexname like '%scope_text_idx' order by indexname`,
    );
    expect(text.map((r) => r.indexname)).toEqual(['donations_scope_text_idx', 'players_scope_text_idx']);
  });

  it('the donation search reads donations_scope_text_idx, with or without a scope', async () => {
    for (const scope of [NO_SCOPE, sql`d.scope_nodes @> array[1]`]) {
      const p = await planOf(t.db, sql`select d.id from donations d where ${scope} and ${donationSearchSql('smith')}`);
      // On an empty table a scope may be read through the scope's own index (donations_scope_idx)
      // and the text filtered; on the scale data set the plan is the text index (bench EXPLAIN).
      expect(p).toMatch(scope === NO_SCOPE ? /donations_scope_text_idx/ : /donations_scope_(text_)?idx/);
      expect(p).not.toMatch(/Seq Scan on donations|Seq Scan on players|Seq Scan on campaigns/);
    }
  });

  it('the player search reads players_scope_text_idx, with or without a scope', async () => {
    for (const scope of [sql`true`, sql`pl.scope_nodes @> array[1]`]) {
      const p = await planOf(t.db, sql`select pl.id from players pl where ${scope} and ${playerSearchSql('smith')}`);
      expect(p).toContain('players_scope_text_idx');
      expect(p).not.toMatch(/Seq Scan on players/);
    }
  });

  it('a search with LIKE wildcards still matches literally and uses the index', async () => {
    const p = await planOf(t.db, sql`select pl.id from players pl where ${playerSearchSql('50%_off')}`);
    expect(p).toContain('players_scope_text_idx');
  });
});

describe('the joined search text finds what the fields find', () => {
  // Terms: inside one field, in another case, with LIKE wildcards, across two fields with a space
  // (never a match), and with the line break that joins the fields (a match only inside one field).
  const TERMS = [
    'zubarán',
    'ZUBAR',
    'ann zub',
    '50%_off',
    'zubarán pat',
    'zubarán\npat',
    'zubarán\n\npat',
    'off\nx',
    'ridge.test',
  ];
  const found = (fields: (string | null)[], term: string) =>
    fields.some((f) => f?.toLocaleLowerCase('en').includes(term.toLocaleLowerCase('en')));
  /** For every term: the ids `matching(term)` selects equal the rows whose fields hold the term. */
  async function expectSameAsFields<R extends { id: number }>(
    all: R[],
    fieldsOf: (r: R) => (string | null)[],
    matching: (ids: SQL, term: string) => SQL,
  ) {
    const ids = sql`${`{${all.map((r) => r.id).join(',')}}`}::int[]`;
    for (const term of TERMS) {
      const got = await rows<{ id: number }>(t.db, matching(ids, term));
      const want = all.filter((r) => found(fieldsOf(r), term)).map((r) => r.id);
      expect(
        got.map((r) => Number(r.id)),
        JSON.stringify(term),
      ).toEqual(want.sort((a, b) => a - b));
    }
  }

  it('players: the same players as a test of each field (JavaScript), for every term', async () => {
    const org = await createOrg(t.db, 1, null);
    const div = await createOrg(t.db, 4, org.id);
    const made = [
      await addPlayer(t.db, div.id, { first: 'Ann', last: 'Zubarán', email: 'ann@ridge.test' }),
      await addPlayer(t.db, div.id, { first: '50%_off', last: 'Kid', parentLast: 'Zubarán' }),
      await addPlayer(t.db, div.id, { first: 'Off', last: 'Zubar', email: 'x@example.test' }),
    ];
    const all = await t.db
      .select()
      .from(players)
      .where(
        inArray(
          players.id,
          made.map((p) => p.id),
        ),
      );
    await expectSameAsFields(
      all,
      (p) => [`${p.firstName} ${p.lastName}`, `${p.parentFirstName ?? ''} ${p.parentLastName ?? ''}`, p.email],
      (ids, term) =>
        sql`select pl.id from players pl where pl.id = any(${ids}) and ${playerSearchSql(term)} order by pl.id`,
    );
  });

  it('donations: the same donations as a test of each field (JavaScript), for every term', async () => {
    const org = await createOrg(t.db, 1, null);
    const campaign = await insertCampaign(t.db, org.id, { title: 'Pat Ridge 50%_off' });
    const made = [
      await donate(t.db, {
        campaignId: campaign.id,
        organizationId: org.id,
        amount: 100,
        first: 'Ann',
        last: 'Zubarán',
      }),
      await donate(t.db, { campaignId: campaign.id, organizationId: org.id, amount: 200, email: 'off@x.test' }),
      await donate(t.db, {
        campaignId: campaign.id,
        organizationId: org.id,
        amount: 300,
        first: 'Zubarán',
        last: 'Pat',
      }),
    ];
    const ids = made.map((d) => d.id);
    const all = await t.db.select().from(donations).where(inArray(donations.id, ids));
    const titles = await rows<{ id: number; campaign_title: string | null; player_name: string | null }>(
      t.db,
      sql`select id, campaign_title, player_name from donations where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const copy = new Map(titles.map((r) => [Number(r.id), r]));
    expect(copy.get(ids[0]!)?.campaign_title).toBe('Pat Ridge 50%_off');
    await expectSameAsFields(
      all,
      (d) => [
        d.donorEmail,
        d.donorFirstName == null || d.donorLastName == null ? null : `${d.donorFirstName} ${d.donorLastName}`,
        d.receiptNumber,
        copy.get(d.id)?.campaign_title ?? null,
        copy.get(d.id)?.player_name ?? null,
      ],
      (ids, term) =>
        sql`select d.id from donations d where d.id = any(${ids}) and ${donationSearchSql(term)} order by d.id`,
    );
  });
});
