/**
 * Privacy Policy, "How long we keep information" (modules/fundraisers/retention.ts): contacts
 * invited by families are deleted CONTACT_RETENTION_MONTHS (12) after their campaign ends (its end
 * date, or its closing when it has none). With a batch of 2: the contacts of a campaign that ended
 * 13 months ago and of one closed 13 months ago go, a batch at a time; those of a campaign that
 * ended 11 months ago, of a running campaign without an end date and of one closed 11 months ago
 * stay. Gifts credited to a deleted contact keep their donor and amount; every kept roll-up
 * (`rollupDrift`, including cf_money_contacts) stays exact; the money totals do not move; the
 * invitations' stored copies lose their recipient; a second run changes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBefore } from '../src/lib/time.js';
import { purgeExpiredContacts } from '../src/modules/fundraisers/retention.js';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { runJobs } from '../src/plugins/jobs.js';
import { PURGED_TEXT, REMOVED_RECIPIENT } from '../src/providers/mail/index.js';
import { addPlayer, campaign, contact, donate, page } from './fundraisers-fixtures.js';
import { createTestApp, createTree, type TestApp } from './helpers.js';
import { moneyFingerprint } from './payments-support.js';

let t: TestApp;
const BATCH = 2;
const NOW = new Date();
const day = (d: Date) => d.toISOString().slice(0, 10);

type Row = Record<string, unknown>;
const all = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
const contactIds = async () =>
  (await all(sql`select id from fundraiser_contacts order by id`)).map((r) => Number(r.id));
/** Every kept money figure a contact deletion could touch. */
const money = () =>
  moneyFingerprint(t.db, [
    'cf_money',
    'cf_money_donors',
    'campaign_rollups',
    'campaign_rollup_donors',
    'org_rollups',
    'org_rollup_donors',
    'donation_list_totals',
    'ledger_entries',
  ]);

const expired: number[] = [];
const keptContacts: number[] = [];
let creditedGifts: number[] = [];
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: String(BATCH) });
  const tree = await createTree(t.db);
  /** A campaign with a player page, `n` invited contacts, each credited with a paid and a pending gift. */
  const withContacts = async (n: number, set: ReturnType<typeof sql>, into: number[]) => {
    const camp = await campaign(t.db, tree.team.id);
    await t.db.execute(sql`update campaigns set ${set} where id = ${camp.id}`);
    const player = await addPlayer(t.db, tree.division.id);
    const cf = await page(t.db, camp.id, player.id, { divisionId: tree.division.id });
    for (let i = 0; i < n; i++) {
      const c = await contact(t.db, player.id, camp.id);
      into.push(c.id);
      await donate(t.db, cf, { amountCents: 2500, contactId: c.id, email: c.email, organizationId: tree.team.id });
      await donate(t.db, cf, { amountCents: 900, status: 0, contactId: c.id, organizationId: tree.team.id });
      await t.app.mail.send({
        to: c.email,
        subject: 'Please support Kid',
        text: `Hi ${c.name}`,
        template: 'contact-invite',
        meta: { contactId: c.id, campaignFundraiserId: cf.id },
      });
    }
  };
  const ago = (months: number) => monthsBefore(NOW, months);
  // Ended 13 months ago (end date), and closed 13 months ago without an end date: expired.
  await withContacts(2, sql`end_date = ${day(ago(13))}::date`, expired);
  await withContacts(
    1,
    sql`end_date = null, status = 'closed', updated_at = ${ago(13).toISOString()}::timestamptz`,
    expired,
  );
  // Ended 11 months ago; running with no end date (untouched for years); closed 11 months ago: kept.
  await withContacts(1, sql`end_date = ${day(ago(11))}::date`, keptContacts);
  await withContacts(1, sql`end_date = null, updated_at = ${ago(36).toISOString()}::timestamptz`, keptContacts);
  await withContacts(
    1,
    sql`end_date = null, status = 'closed', updated_at = ${ago(11).toISOString()}::timestamptz`,
    keptContacts,
  );
  creditedGifts = (
    await all(sql`select id from donations where contact_id in (${sql.raw(expired.join(','))}) order by id`)
  ).map((r) => Number(r.id));
});
afterAll(async () => t.close());

describe('contacts invited by families after the retention period', () => {
  it('are deleted a batch at a time; gifts, totals and every kept roll-up stay exact; twice is once', async () => {
    expect(creditedGifts.length).toBe(expired.length * 2);
    const donationsBefore = await all(
      sql`select id, status, amount_cents, donor_email, campaign_fundraiser_id, contact_id from donations order by id`,
    );
    const moneyBefore = await money();
    const creditedBefore = await all(sql`select contact_id from cf_money_contacts order by contact_id`);
    expect(creditedBefore.map((r) => Number(r.contact_id))).toEqual(
      [...expired, ...keptContacts].sort((a, b) => a - b),
    );
    expect(await rollupDrift(t.db)).toEqual([]);

    expect(await purgeExpiredContacts(t.app, NOW)).toBe(BATCH);
    expect(await rollupDrift(t.db)).toEqual([]);
    expect(await purgeExpiredContacts(t.app, NOW)).toBe(1);
    expect(await purgeExpiredContacts(t.app, NOW)).toBe(0);
    expect(await rollupDrift(t.db)).toEqual([]);

    expect(await contactIds()).toEqual(keptContacts);
    // The gifts stay, with donor and amount; they only stop naming the deleted contacts.
    const expectedDonations = donationsBefore.map((d) =>
      creditedGifts.includes(Number(d.id)) ? { ...d, contact_id: null } : d,
    );
    expect(
      await all(
        sql`select id, status, amount_cents, donor_email, campaign_fundraiser_id, contact_id from donations order by id`,
      ),
    ).toEqual(expectedDonations);
    expect(await money()).toBe(moneyBefore);
    const credited = await all(sql`select contact_id from cf_money_contacts order by contact_id`);
    expect(credited.map((r) => Number(r.contact_id))).toEqual(keptContacts);

    // The invitations' stored copies: those to deleted contacts keep no recipient or text.
    const mail = await all(sql`select "to", text, (meta->>'contactId')::int as contact from emails order by id`);
    for (const m of mail) {
      const gone = expired.includes(Number(m.contact));
      expect(m.to === REMOVED_RECIPIENT, `contact ${m.contact}`).toBe(gone);
      expect(m.text === PURGED_TEXT, `contact ${m.contact}`).toBe(gone);
    }

    const everything = await moneyFingerprint(t.db, [
      'fundraiser_contacts',
      'donations',
      'emails',
      'cf_money_contacts',
    ]);
    expect(await purgeExpiredContacts(t.app, NOW)).toBe(0);
    expect(await moneyFingerprint(t.db, ['fundraiser_contacts', 'donations', 'emails', 'cf_money_contacts'])).toBe(
      everything,
    );
  });

  it('is a registered background job; the kept contacts go once their own campaign is past the period', async () => {
    // Thirteen months on, the campaign that ended 11 months ago is past the period; the running one is not.
    const later = new Date(NOW.getTime());
    later.setUTCMonth(later.getUTCMonth() + 2);
    const done = await runJobs(t.app, later);
    expect(done).toHaveProperty('contactsPurged', 2);
    expect((await contactIds()).length).toBe(1);
    expect(await rollupDrift(t.db)).toEqual([]);
  });
});
