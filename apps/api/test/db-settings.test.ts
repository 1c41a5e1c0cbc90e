/**
 * Session settings of the application's connections (issue 6): JIT compilation is off on
 * PostgreSQL, since its compile time (tens to hundreds of ms, started from a cost estimate) is
 * never repaid by the product's short queries. PGlite reports `jit = on` but is built without a
 * JIT provider, so nothing is compiled there; only the setting's presence is checked.
 */

import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('every pooled connection runs with jit off', async () => {
  // More concurrent reads than one connection, so several of the pool's connections answer.
  const answers = await Promise.all(
    Array.from({ length: 6 }, () =>
      t.db.transaction(async (tx) => {
        const [r] = await rows<{ jit: string | null }>(tx as never, sql`select current_setting('jit', true) as jit`);
        return r?.jit ?? null;
      }),
    ),
  );
  if (t.app.database.kind === 'postgres') expect(new Set(answers)).toEqual(new Set(['off']));
  else for (const a of answers) expect(['on', 'off']).toContain(a);
});
