/**
 * The populated tree the dashboard suites read (dashboards-support.ts builds the pieces): six
 * players in five campaigns, gifts in and out of the range (some a year back, one refunded in
 * part, one in full, one failed, a fee payment, an offline gift, one without a roster), contacts,
 * a payout account and ledger balances, and a signed-in actor for every role.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { campaign, contacts, give, pageFor, player, world } from './dashboards-support.js';
import { actor, login, type TestApp } from './helpers.js';

export async function populated(t: TestApp) {
  const db = t.db;
  const w = await world(t);
  const p1 = await player(db, w.D1.id);
  const p2 = await player(db, w.D1.id, 'es');
  const p3 = await player(db, w.D2.id);
  const p4 = await player(db, w.D3.id);
  const p5 = await player(db, w.DB.id);
  const p6 = await player(db, w.DC.id);
  const c1 = await campaign(db, w.T1.id, { start: -30, end: 10, divisions: [w.D1.id, w.D2.id] });
  const c2 = await campaign(db, w.L.id, { start: -40, end: 60, divisions: [w.D3.id] });
  const c3 = await campaign(db, w.TB.id, { start: -10, end: 5, divisions: [w.DB.id] });
  const c4 = await campaign(db, w.TC.id, { start: -60, end: 30, goal: 1_000_000, divisions: [w.DC.id] });
  const c5 = await campaign(db, w.T1.id, { status: 'closed', start: -400, end: -300, divisions: [w.D1.id] });
  await db.execute(sql`update campaigns set title = '=HYPERLINK("x")' where id = ${c2.id}`);

  const cf1 = await pageFor(db, c1.id, p1.player.id, w.D1.id, { accepted: true });
  const cf2 = await pageFor(db, c1.id, p2.player.id, w.D1.id);
  const cf3 = await pageFor(db, c1.id, p3.player.id, w.D2.id, { accepted: true, joined: -3 });
  const cf4 = await pageFor(db, c2.id, p4.player.id, w.D3.id, { accepted: true });
  const cf5 = await pageFor(db, c3.id, p5.player.id, w.DB.id, { accepted: true });
  const cf6 = await pageFor(db, c4.id, p6.player.id, w.DC.id, { accepted: true });
  const cf7 = await pageFor(db, c5.id, p1.player.id, w.D1.id, { accepted: true, joined: -390 });

  const fc1 = await contacts(db, p1.player.id, c1.id, 6, { invited: 4, opened: 2 });
  await contacts(db, p3.player.id, c1.id, 5, { invited: 5, opened: 1 });
  await contacts(db, p4.player.id, c2.id, 2, { invited: 1 });
  await contacts(db, p5.player.id, c3.id, 5, { invited: 5, opened: 5 });
  await contacts(db, p6.player.id, c4.id, 5);

  const X = 'donor-x@example.test';
  const page = (cf: typeof cf1) => ({ id: cf.id, divisionId: cf.divisionId });
  await give(db, { campaign: c1, cf: page(cf1), amount: 5000, day: -5, email: X, contactId: fc1[0]!.id, fee: 175 });
  await give(db, { campaign: c1, cf: page(cf1), amount: 3000, day: -12, refunded: 1000, fee: 120 });
  await give(db, { campaign: c1, cf: page(cf1), amount: 9999, day: -3, status: 2 });
  await give(db, { campaign: c1, cf: page(cf1), amount: 1500, day: -4, status: 3, refunded: 1500 });
  await give(db, { campaign: c1, cf: page(cf1), amount: 4444, day: -4, kind: 'fee' });
  await give(db, { campaign: c1, cf: page(cf1), amount: 400, day: -100, email: 'donor-z@example.test' });
  await give(db, { campaign: c1, cf: page(cf1), amount: 700, day: -1, email: 'donor-z@example.test' });
  await give(db, { campaign: c5, cf: page(cf7), amount: 7000, day: -370, method: 'offline', email: X });
  await give(db, { campaign: c5, cf: page(cf7), amount: 2600, day: -380, email: 'donor-lapsed@example.test' });
  await give(db, { campaign: c2, cf: page(cf4), amount: 2000, day: -2, email: X });
  await give(db, { campaign: c2, cf: null, amount: 1200, day: -1 });
  await give(db, { campaign: c3, cf: page(cf5), amount: 8000, day: -6, email: 'donor-b@example.test' });
  await give(db, { campaign: c3, cf: page(cf5), amount: 600, day: -80, email: 'donor-b@example.test' });
  await give(db, { campaign: c4, cf: page(cf6), amount: 10000, day: -15, method: 'offline' });

  // Payout account (TC verified) and ledger balances for the paid-out / awaiting cards.
  await db.execute(sql`insert into payout_accounts (organization_id, provider, account_id, status)
    values (${w.TC.id}, 'sandbox', 'acct_tc', 'verified'), (${w.T1.id}, 'sandbox', 'acct_t1', 'pending')`);
  const [tx] = (
    (await db.execute(
      sql`insert into ledger_transactions (key, kind) values ('dash-test', 'transfer') returning id`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  await db.execute(sql`insert into ledger_entries (transaction_id, account, organization_id, amount_cents) values
    (${tx!.id}, 'org_pending', ${w.T1.id}, 5000), (${tx!.id}, 'org_available', ${w.T1.id}, 2000),
    (${tx!.id}, 'org_paid_out', ${w.T1.id}, 1000), (${tx!.id}, 'org_pending', ${w.TC.id}, 777),
    (${tx!.id}, 'donor_funds', ${w.T1.id}, -8777)`);

  const super_ = await actor(t, { staffRole: 'super_admin' });
  const salesSession = await login(t.app, w.sales.email);
  const as = (token: string) => (o: InjectOptions) =>
    t.app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${token}` } });
  const sales = { user: w.sales, call: as(salesSession.accessToken) };
  const member = (organizationId: number, role: string) => actor(t, { membership: { organizationId, role } });
  const orgAdmin = await member(w.A.id, 'org_admin');
  const leagueAdmin = await member(w.L.id, 'league_admin');
  const teamAdmin = await member(w.T1.id, 'team_admin');
  const divisionAdmin = await member(w.D1.id, 'division_admin');
  const familySession = await login(t.app, p1.email);
  const family = { call: as(familySession.accessToken) };
  return {
    w,
    players: { p1, p2, p3, p4, p5, p6 },
    campaigns: { c1, c2, c3, c4, c5 },
    pages: { cf1, cf2, cf3, cf4, cf5, cf6, cf7 },
    actors: { super_, sales, orgAdmin, leagueAdmin, teamAdmin, divisionAdmin, family },
  };
}
export type Populated = Awaited<ReturnType<typeof populated>>;
