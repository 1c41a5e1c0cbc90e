/**
 * The unfinished-donation purge works in transactions of at most 100 attempts (so that, on the
 * embedded database's one connection, requests are not queued behind one long transaction), and
 * still changes at most RETENTION_BATCH_SIZE attempts per run, across its transactions: 260 old
 * attempts with a batch of 250 are purged as 250, then 10, then none, and every one of them is.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { days } from '../src/lib/time.js';
import { purgeUnfinishedDonations, REMOVED_DONOR } from '../src/modules/donations/retention.js';
import { insertCampaign } from './campaigns-support.js';
import { createOrg, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: '250' });
});
afterAll(async () => {
  await t.close();
});

const count = async (q: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

it('purges at most the batch size per run, over several short transactions, until none is left', async () => {
  const org = await createOrg(t.db, 1, null);
  const campaign = await insertCampaign(t.db, org.id);
  await t.db.execute(sql`insert into donations (public_id, campaign_id, organization_id, amount_cents, status,
      donor_first_name, donor_last_name, donor_email, created_at)
    select 'chunk-' || i, ${campaign.id}, ${org.id}, 1000, 0, 'Left', 'Early', 'left-' || i || '@example.test', now()
    from generate_series(1, 260) i`);
  const later = new Date(Date.now() + days(91));
  const left = () =>
    count(
      sql`select count(*)::int as n from donations where public_id like 'chunk-%' and donor_email <> ${REMOVED_DONOR.email}`,
    );
  expect(await left()).toBe(260);
  expect(await purgeUnfinishedDonations(t.app, later)).toBe(250);
  expect(await left()).toBe(10);
  expect(await purgeUnfinishedDonations(t.app, later)).toBe(10);
  expect(await purgeUnfinishedDonations(t.app, later)).toBe(0);
  expect(await left()).toBe(0);
});
