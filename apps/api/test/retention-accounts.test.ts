/**
 * Privacy Policy, "How long we keep information" (modules/users/retention.ts): a deleted account's
 * remaining personal details are anonymized DELETED_ACCOUNT_RETENTION_DAYS (30) after the deletion.
 * Accounts deleted through the product (`DELETE /user/{id}`), with sessions, a reset token, a
 * membership, a gift and emails; with a batch of 2: those deleted 31 days ago get a placeholder
 * name and a unique `.invalid` email and lose phone, photo, password, sessions and tokens, a batch
 * at a time; one deleted 29 days ago and a live one keep theirs; ids, memberships and payment
 * records stay; nobody can sign in as them; the kept roll-ups stay exact; twice is once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days } from '../src/lib/time.js';
import { rollupDrift } from '../src/modules/orgs/orgs.repository.js';
import { anonymizeDeletedAccounts, DELETED_USER_NAME, deletedUserEmail } from '../src/modules/users/retention.js';
import { runJobs } from '../src/plugins/jobs.js';
import { PURGED_TEXT, REMOVED_RECIPIENT } from '../src/providers/mail/index.js';
import { addPlayer, campaign, donate, page } from './fundraisers-fixtures.js';
import { actor, createTestApp, createTree, createUser, login, PASSWORD, type TestApp } from './helpers.js';
import { moneyFingerprint, V1 } from './payments-support.js';

let t: TestApp;
const BATCH = 2;
const NOW = new Date();

type Row = Record<string, unknown>;
const all = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Row[] }).rows;
const userRow = async (id: number) =>
  (
    await all(sql`select id, email, first_name, last_name, phone, avatar_url, password_hash, status, deleted_at
    from users where id = ${id}`)
  )[0]!;
const credentials = async (id: number) =>
  Number(
    (
      await all(sql`select (select count(*) from sessions where user_id = ${id})
        + (select count(*) from refresh_tokens r join sessions s on s.id = r.session_id where s.user_id = ${id})
        + (select count(*) from auth_tokens where user_id = ${id}) as n`)
    )[0]!.n,
  );
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: `${V1}/jwt/login`,
    payload: { email, password: PASSWORD },
    remoteAddress: '10.9.9.9',
  });

const old: { id: number; email: string }[] = [];
let young: { id: number; email: string };
let live: { id: number; email: string };
let giftId: number;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: String(BATCH) });
  const sa = await actor(t, { staffRole: 'super_admin' });
  const tree = await createTree(t.db);
  const camp = await campaign(t.db, tree.team.id);
  const cf = await page(t.db, camp.id, (await addPlayer(t.db, tree.division.id)).id);
  /** A member of the team with a phone, a session, a reset token, a gift and an email, deleted `daysAgo`. */
  const account = async (daysAgo: number | null) => {
    const u = await createUser(t.db, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    await t.db.execute(sql`update users set phone = '555-0100', avatar_url = '/files/a.png' where id = ${u.id}`);
    await login(t.app, u.email);
    const forgot = { method: 'POST' as const, url: `${V1}/password/forgot`, payload: { email: u.email } };
    expect((await t.app.inject(forgot)).statusCode).toBe(200);
    await t.app.background.idle(); // the reset email and its token are made after the answer
    const gift = await donate(t.db, cf, { amountCents: 3000, email: u.email, organizationId: tree.team.id });
    await t.db.execute(sql`update donations set donor_user_id = ${u.id} where id = ${gift.id}`);
    giftId = gift.id;
    if (daysAgo !== null) {
      expect((await sa.call({ method: 'DELETE', url: `${V1}/user/${u.id}` })).statusCode).toBe(200);
      const at = new Date(NOW.getTime() - days(daysAgo)).toISOString();
      await t.db.execute(sql`update users set deleted_at = ${at}::timestamptz where id = ${u.id}`);
      await t.db.execute(
        sql`update emails set created_at = ${at}::timestamptz - interval '1 hour' where "to" = ${u.email}`,
      );
    }
    return { id: u.id, email: u.email };
  };
  for (let i = 0; i < 3; i++) old.push(await account(31));
  young = await account(29);
  live = await account(null);
  // Someone opened a new account with a deleted account's address since: its mail is its own.
  await createUser(t.db, { email: old[0]!.email, profiles: ['donor'] });
  await t.app.mail.send({ to: old[0]!.email, subject: 'Welcome', text: 'Welcome back', template: 'welcome' });
});
afterAll(async () => t.close());

describe('deleted accounts after the retention period', () => {
  it('are anonymized a batch at a time, keep ids and payment records, and no session or token survives', async () => {
    const gifts = await moneyFingerprint(t.db, ['donations', 'donors', 'organization_users', 'ledger_entries']);
    const rollups = await moneyFingerprint(t.db, ['org_rollups', 'org_rollup_members', 'campaign_rollups']);
    const youngBefore = await userRow(young.id);
    expect(await rollupDrift(t.db)).toEqual([]);

    expect(await anonymizeDeletedAccounts(t.app, NOW)).toBe(BATCH);
    expect(await anonymizeDeletedAccounts(t.app, NOW)).toBe(1);
    expect(await anonymizeDeletedAccounts(t.app, NOW)).toBe(0);

    for (const u of old) {
      const row = await userRow(u.id);
      expect(row).toMatchObject({
        email: deletedUserEmail(u.id),
        first_name: DELETED_USER_NAME.firstName,
        last_name: DELETED_USER_NAME.lastName,
        phone: null,
        avatar_url: null,
        password_hash: null,
        status: 'disabled',
      });
      expect(row.deleted_at).not.toBeNull();
      expect(await credentials(u.id)).toBe(0);
    }
    expect(await userRow(young.id)).toEqual(youngBefore);
    expect(await credentials(young.id)).toBeGreaterThan(0);
    expect((await userRow(live.id)).email).toBe(live.email);

    // Payment records, memberships and every kept roll-up as they were.
    expect(await moneyFingerprint(t.db, ['donations', 'donors', 'organization_users', 'ledger_entries'])).toBe(gifts);
    expect(await moneyFingerprint(t.db, ['org_rollups', 'org_rollup_members', 'campaign_rollups'])).toBe(rollups);
    expect(await rollupDrift(t.db)).toEqual([]);
    expect((await all(sql`select donor_email from donations where id = ${giftId}`))[0]!.donor_email).toBe(live.email);

    // Stored copies sent to the old addresses before the deletion lose recipient and text; the new
    // account's welcome to a reused address, the young and the live accounts' mail stay.
    const oldMail = await all(
      sql`select "to", text from emails where template <> 'welcome' and "to" not in (${young.email}, ${live.email})`,
    );
    expect(oldMail.length).toBeGreaterThanOrEqual(old.length);
    for (const m of oldMail) expect(m).toEqual({ to: REMOVED_RECIPIENT, text: PURGED_TEXT });
    expect(await all(sql`select "to", text from emails where template = 'welcome'`)).toEqual([
      { to: old[0]!.email, text: 'Welcome back' },
    ]);
    expect(
      Number((await all(sql`select count(*) as n from emails where "to" = ${young.email}`))[0]!.n),
    ).toBeGreaterThan(0);

    const everything = await moneyFingerprint(t.db, ['users', 'sessions', 'refresh_tokens', 'auth_tokens', 'emails']);
    expect(await anonymizeDeletedAccounts(t.app, NOW)).toBe(0);
    expect(await moneyFingerprint(t.db, ['users', 'sessions', 'refresh_tokens', 'auth_tokens', 'emails'])).toBe(
      everything,
    );
  });

  it('leaves no way to sign in as an anonymized account', async () => {
    for (const u of old.slice(1)) {
      expect((await signIn(u.email)).statusCode).toBe(401);
      expect((await signIn(deletedUserEmail(u.id))).statusCode).toBe(401);
    }
    // The reused address signs in to the new account, not the old one.
    const res = await signIn(old[0]!.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.id).not.toBe(old[0]!.id);
  });

  it('is one of the registered background jobs', async () => {
    const done = await runJobs(t.app, new Date(NOW.getTime() + days(2)));
    expect(done).toHaveProperty('deletedAccountsAnonymized', 1);
    expect((await userRow(young.id)).email).toBe(deletedUserEmail(young.id));
    expect(await rollupDrift(t.db)).toEqual([]);
  });
});
