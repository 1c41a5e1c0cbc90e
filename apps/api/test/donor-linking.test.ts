/**
 * Decision 012: a Donor's list and donor page count the gifts they gave signed out with the same
 * email, once that email is verified (case-insensitively); an unverified account links nothing,
 * and nobody else's gifts appear.
 */
import { randomBytes } from 'node:crypto';
import type { DonationListItem } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, type TestApp } from './helpers.js';
import { type GivingWorld, givingWorld, paid, V1 } from './payments-support.js';

type Actor = Awaited<ReturnType<typeof actor>>;
let t: TestApp;
let w: GivingWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await givingWorld(t);
});
afterAll(() => t.close());

const email = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.test`;
const verify = (a: Actor) => t.db.execute(sql`update users set email_confirmed_at = now() where id = ${a.user.id}`);

/** A gift given signed out with `address` (as typed: the checkout stores it lowercased). */
async function signedOutGift(address: string, amountCents = 1500) {
  const g = await paid(t, { campaign: w.campaign.slug, amountCents, email: address });
  const row = await firstRow<{ id: number; donor_id: number; donor_email: string }>(
    t.db,
    sql`select id, donor_id, donor_email from donations where public_id = ${g.checkout.donationId}`,
  );
  return row!;
}

async function listIds(a: Actor) {
  const res = await a.call({ url: `${V1}/admin/donation/list?limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as DonationListItem[]).map((d) => d.id).sort((x, y) => x - y);
}

describe('a Donor and the gifts they gave signed out (decision 012)', () => {
  it('with a verified email: the list, the totals, the detail, the donor page and the export show them', async () => {
    const address = email('verified');
    const donor = await actor(t, { email: address, profiles: ['donor'] });
    const mine = await signedOutGift(address.toUpperCase(), 1500);
    const mineToo = await signedOutGift(address, 2500);
    const someoneElse = await signedOutGift(email('other'), 9900);
    expect(await listIds(donor)).toEqual([]); // not verified yet: nothing is theirs

    await verify(donor);
    const ids = [Number(mine.id), Number(mineToo.id)].sort((x, y) => x - y);
    expect(await listIds(donor)).toEqual(ids);
    const list = (await donor.call({ url: `${V1}/admin/donation/list?limit=100` })).json();
    expect(list.totals).toMatchObject({ count: 2, amountCents: 4000 });
    expect((await donor.call({ url: `${V1}/donation/${mine.id}` })).statusCode).toBe(200);
    expect((await donor.call({ url: `${V1}/donation/${someoneElse.id}` })).statusCode).toBe(404);
    const page = await donor.call({ url: `${V1}/donor/${mine.donor_id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().data.donations as DonationListItem[]).map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    expect((await donor.call({ url: `${V1}/donor/${someoneElse.donor_id}` })).statusCode).toBe(404);
    const csv = (await donor.call({ url: `${V1}/admin/donation/export` })).body;
    expect(csv.trim().split('\r\n')).toHaveLength(1 + 2);
    expect(csv).not.toContain(someoneElse.donor_email);
  });

  it('with an unverified email: nothing given signed out is theirs', async () => {
    const address = email('unverified');
    const donor = await actor(t, { email: address, profiles: ['donor'] });
    const gift = await signedOutGift(address);
    expect(await listIds(donor)).toEqual([]);
    expect((await donor.call({ url: `${V1}/donation/${gift.id}` })).statusCode).toBe(404);
    expect((await donor.call({ url: `${V1}/donor/${gift.donor_id}` })).statusCode).toBe(404);
  });
});
