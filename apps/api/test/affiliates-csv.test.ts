/**
 * `GET /affiliate/?format=csv` (issue 16): every matching row, over more than one streamed batch,
 * in the list's order, formula cells escaped; the rows equal SQL written here.
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH } from '../src/modules/affiliates/affiliates.service.js';
import { insertAffiliate } from './affiliates-support.js';
import { actor, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('CSV', () => {
  it('streams every matching row (more than one batch) in the list order, formulas escaped', async () => {
    const n = CSV_BATCH * 2 + 37;
    await t.db.execute(sql`insert into affiliates (first_name, last_name, email, slug, status, search)
      select 'Csv', 'Bulk ' || lpad(g::text, 4, '0'), 'csv-' || g || '@example.test', 'csv-' || g,
        case when g % 3 = 0 then 'paused' else 'active' end, lower('Csv Bulk ' || lpad(g::text, 4, '0'))
      from generate_series(1, ${n}) g`);
    await insertAffiliate(t.db, { firstName: '=HYPERLINK("x")', lastName: 'Bulk 9999', status: 'active' });
    const su = (await actor(t, { staffRole: 'super_admin' })).call;
    const res = await su({ method: 'GET', url: '/api/v1/affiliate/?format=csv&q=bulk&status=active&sortColumn=name' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/affiliates\.csv/);
    const lines = res.body.split('\r\n').filter(Boolean);
    const expected = await rows<{ id: number }>(
      t.db,
      sql`select id from affiliates where status = 'active' and search ilike '%bulk%'
        order by lower(last_name), lower(first_name), id`,
    );
    expect(expected.length).toBeGreaterThan(CSV_BATCH);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(expected.map((r) => Number(r.id)));
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
