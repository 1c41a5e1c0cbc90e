/**
 * A receipt number is `FC-` and the donation's id on eight digits at least: one SQL fragment
 * (state.ts `receiptNumberSql`) for card, offline and completing gifts. Past 99,999,999 the id is
 * written whole (`lpad` alone cuts it to eight characters, and two ids would share a number).
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptNumberSql } from '../src/modules/donations/state.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('receipt numbers', () => {
  it('are FC- and the id on at least eight digits, one per id', async () => {
    const ids = [1, 42, 12_345_678, 99_999_999, 100_000_000, 123_456_789, 2_147_483_647];
    const got = await rows<{ id: number; n: string }>(
      t.db,
      sql`select d.id, ${receiptNumberSql('d')} as n from unnest(${`{${ids.join(',')}}`}::int[]) as d(id) order by d.id`,
    );
    expect(got.map((r) => r.n)).toEqual(ids.map((id) => `FC-${String(id).padStart(8, '0')}`));
    expect(new Set(got.map((r) => r.n)).size).toBe(ids.length);
  });
});
