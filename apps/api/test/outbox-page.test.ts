/** `GET /admin/outbox` (its query moved to outbox.repository.ts in issue 12): search, paging, and Super Admin only. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /admin/outbox', () => {
  it('pages the stored emails newest first, finds them by recipient or subject, and is for Super Admin only', async () => {
    const tag = randomBytes(4).toString('hex');
    for (const n of [1, 2, 3])
      await t.app.db.transaction((tx) =>
        t.app.mail.enqueue(tx, {
          to: `box-${tag}-${n}@example.test`,
          subject: `Note ${n} 100%_${tag}`,
          text: 'x',
          template: 'test',
        }),
      );
    const sa = await actor(t, { staffRole: 'super_admin' });
    const page = await sa.call({ url: `/api/v1/admin/outbox?q=${tag}&page=1&perPage=2` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().data.map((m: { to: string }) => m.to)).toEqual([
      `box-${tag}-3@example.test`,
      `box-${tag}-2@example.test`,
    ]);
    // % and _ are searched for as themselves, not as patterns.
    const literal = await sa.call({ url: `/api/v1/admin/outbox?q=${encodeURIComponent(`100%_${tag}`)}` });
    expect(literal.json().total).toBe(3);
    expect((await sa.call({ url: `/api/v1/admin/outbox?q=${encodeURIComponent(`100_%${tag}`)}` })).json().total).toBe(
      0,
    );
    const other = await actor(t, { profiles: ['donor'] });
    expect((await other.call({ url: '/api/v1/admin/outbox' })).statusCode).toBe(403);
  });
});
