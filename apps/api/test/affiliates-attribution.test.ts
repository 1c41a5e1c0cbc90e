/**
 * Decision 018 "Which click wins" and "Teams": the winning click (first-click and last-click
 * programs, windows, paused and disabled affiliates), stored at a registration start from the
 * visitor cookie; the approval credits once (twice, or ten at once); self-referral and paused
 * affiliates earn nothing; the team qualifies once it raised the program's amount (an SQL oracle
 * over the donations), and due commissions are approved, once, with two instances at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { winningClick } from '../src/modules/affiliates/attribution.service.js';
import { approveDueConversions, qualifyTeamConversions } from '../src/modules/affiliates/teams.service.js';
import { affiliate, click, conversionsOf, cookie, one, program, q, visitor } from './affiliates-money-support.js';
import { actor, createPeerApp, createTestApp, type TestApp } from './helpers.js';
import { type GivingWorld, givingWorld, paid } from './payments-support.js';
import { account, answers, confirmEmail, registrant } from './registrations-support.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let w: GivingWorld;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_LIMIT_PER_IP: '100000' });
  admin = await actor(t, { staffRole: 'super_admin' });
  w = await givingWorld(t);
});
afterAll(() => t.close());

const now = () => new Date();

describe('which click wins', () => {
  it('last-click programs: the latest open click wins', async () => {
    const p = await program(t.db, { attribution: 'last_click' });
    const a = await affiliate(t.db, { programs: [p] });
    const b = await affiliate(t.db, { programs: [p] });
    const v = visitor();
    await click(t.db, a.id, v, 5);
    const late = await click(t.db, b.id, v, 1);
    expect(await winningClick(t.db, v, now())).toEqual({ clickId: late, affiliateId: b.id });
  });

  it("first-click: the earliest open click's program is first_click, so it wins over later clicks", async () => {
    const first = await program(t.db, { attribution: 'first_click' });
    const last = await program(t.db, { attribution: 'last_click' });
    const a = await affiliate(t.db, { programs: [first] });
    const b = await affiliate(t.db, { programs: [last] });
    const v = visitor();
    const early = await click(t.db, a.id, v, 6);
    await click(t.db, b.id, v, 2);
    await click(t.db, a.id, v, 1);
    expect(await winningClick(t.db, v, now())).toEqual({ clickId: early, affiliateId: a.id });
    // The other way round: the earliest click is a last-click program's, so the latest wins.
    const v2 = visitor();
    await click(t.db, b.id, v2, 6);
    await click(t.db, a.id, v2, 3);
    const latest = await click(t.db, b.id, v2, 1);
    expect(await winningClick(t.db, v2, now())).toEqual({ clickId: latest, affiliateId: b.id });
  });

  it("a click outside its window does not count; the window is the longest of the affiliate's programs", async () => {
    const short = await program(t.db, { windowDays: 3 });
    const long = await program(t.db, { windowDays: 60 });
    const a = await affiliate(t.db, { programs: [short] });
    const v = visitor();
    await click(t.db, a.id, v, 5);
    expect(await winningClick(t.db, v, now())).toBeNull();
    // At the time of the click + 2 days it was open.
    expect(await winningClick(t.db, v, new Date(Date.now() - 3 * 86_400_000))).not.toBeNull();
    // With a second accepted program of 60 days, the same click is open again.
    const b = await affiliate(t.db, { programs: [short, long] });
    const v2 = visitor();
    const c = await click(t.db, b.id, v2, 40);
    expect(await winningClick(t.db, v2, now())).toEqual({ clickId: c, affiliateId: b.id });
    // An affiliate without an accepted program has no window.
    const none = await affiliate(t.db);
    const v3 = visitor();
    await click(t.db, none.id, v3, 0.1);
    expect(await winningClick(t.db, v3, now())).toBeNull();
  });

  it('paused and disabled affiliates never win; an active one behind them does', async () => {
    const p = await program(t.db, { attribution: 'first_click' });
    const paused = await affiliate(t.db, { status: 'paused', programs: [p] });
    const disabled = await affiliate(t.db, { status: 'disabled', programs: [p] });
    const active = await affiliate(t.db, { programs: [p] });
    const v = visitor();
    await click(t.db, paused.id, v, 4);
    await click(t.db, disabled.id, v, 3);
    expect(await winningClick(t.db, v, now())).toBeNull();
    const c = await click(t.db, active.id, v, 1);
    expect(await winningClick(t.db, v, now())).toEqual({ clickId: c, affiliateId: active.id });
  });

  it('no visitor id, or one not shaped like the minted id, is no click', async () => {
    expect(await winningClick(t.db, null, now())).toBeNull();
    expect(await winningClick(t.db, "x' or 1=1 --", now())).toBeNull();
    expect(await winningClick(t.db, 'short', now())).toBeNull();
  });
});

/** A registration started with the visitor cookie, every step answered and submitted. */
async function registrationVia(headers: Record<string, string>, over: { email?: string } = {}) {
  const r = registrant(t);
  const acc = { ...account(), ...(over.email ? { email: over.email } : {}) };
  const started = await r.start({ account: acc }, undefined, headers);
  expect(started.statusCode, started.body).toBe(200);
  const { token, registration } = started.json().data;
  const a = answers();
  for (const [n, key] of [
    [2, 'organization'],
    [3, 'team'],
    [4, 'contacts'],
    [5, 'fundraising'],
  ] as const) {
    const res = await r.step(token, n, a[key]);
    expect(res.statusCode, res.body).toBe(200);
  }
  await confirmEmail(t, registration.registrant.email);
  expect((await r.submit(token)).statusCode).toBe(200);
  return registration.id as number;
}
const approve = (id: number) => admin.call({ method: 'POST', url: `/api/v1/onboarding/${id}/approve` });
const regRow = (id: number) =>
  one<{ affiliate_id: number | null; affiliate_click_id: number | null; created_team_id: number | null }>(
    t.db,
    sql`select affiliate_id, affiliate_click_id, created_team_id from team_registrations where id = ${id}`,
  );

describe('team registrations', () => {
  it('the start stores the winning click; ten approvals at once and one more credit once, with the flat amount', async () => {
    const p = await program(t.db, { teamFlatCents: 7500, dueDays: 14 });
    const a = await affiliate(t.db, { programs: [p] });
    const v = visitor();
    const c = await click(t.db, a.id, v, 1);
    const id = await registrationVia(cookie(v));
    expect(await regRow(id)).toMatchObject({ affiliate_id: a.id, affiliate_click_id: c });
    // A later click of another affiliate does not change the registration in progress.
    const b = await affiliate(t.db, { programs: [p] });
    await click(t.db, b.id, v, 0);
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(id)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect((await approve(id)).statusCode).toBe(200);
    const conv = await conversionsOf(t.db, a.id);
    expect(conv).toHaveLength(1);
    const team = (await regRow(id))!.created_team_id;
    expect(conv[0]).toMatchObject({
      kind: 'team',
      source: 'link',
      status: 'pending',
      commission_cents: 7500,
      registration_id: id,
      click_id: c,
    });
    const due = await one<{ days: number; org: number }>(
      t.db,
      sql`select round(extract(epoch from due_at - qualified_at) / 86400)::int as days, organization_id as org
        from affiliate_conversions where id = ${conv[0]!.id}`,
    );
    expect(due).toEqual({ days: 14, org: team });
    expect(await conversionsOf(t.db, b.id)).toHaveLength(0);
  });

  it('a cookie that is not a minted id, or no cookie, stores no click', async () => {
    const id = await registrationVia({ cookie: 'fc_ref=bad%20value' });
    expect(await regRow(id)).toMatchObject({ affiliate_id: null, affiliate_click_id: null });
    const id2 = await registrationVia({});
    expect(await regRow(id2)).toMatchObject({ affiliate_id: null, affiliate_click_id: null });
  });

  it('self-referral (the registrant is the affiliate) and a paused affiliate earn nothing', async () => {
    const p = await program(t.db);
    const email = `self-${Date.now()}@example.test`;
    const self = await affiliate(t.db, { programs: [p], email });
    const v = visitor();
    await click(t.db, self.id, v, 1);
    const id = await registrationVia(cookie(v), { email });
    expect((await regRow(id))!.affiliate_id).toBe(self.id);
    expect((await approve(id)).statusCode).toBe(200);
    expect(await conversionsOf(t.db, self.id)).toHaveLength(0);

    const later = await affiliate(t.db, { programs: [p] });
    const v2 = visitor();
    await click(t.db, later.id, v2, 1);
    const id2 = await registrationVia(cookie(v2));
    await t.db.execute(sql`update affiliates set status = 'paused' where id = ${later.id}`);
    expect((await approve(id2)).statusCode).toBe(200);
    expect(await conversionsOf(t.db, later.id)).toHaveLength(0);
  });

  it("deleting the team's campaign voids its commission; a paid one becomes a clawback", async () => {
    const p = await program(t.db, { teamFlatCents: 3000 });
    const a = await affiliate(t.db, { programs: [p] });
    const v = visitor();
    await click(t.db, a.id, v, 1);
    const id = await registrationVia(cookie(v));
    expect((await approve(id)).statusCode).toBe(200);
    await t.db.execute(
      sql`update affiliate_conversions set status = 'paid', paid_at = now() where registration_id = ${id}`,
    );
    const reg = await one<{ campaign: number }>(
      t.db,
      sql`select created_campaign_id as campaign from team_registrations where id = ${id}`,
    );
    const del = await admin.call({ method: 'DELETE', url: '/api/v1/campaign', payload: { id: reg!.campaign } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await conversionsOf(t.db, a.id))[0]).toMatchObject({
      status: 'voided',
      void_reason: 'campaign_deleted',
      clawback_cents: 3000,
    });
  });
});

/** Independent oracle: the kept amount of the counting gifts in the node's subtree. */
const raisedOracle = async (orgId: number) =>
  (await one<{ n: number }>(
    t.db,
    sql`with recursive sub (id) as (select ${orgId}::int union all
          select o.id from organizations o join sub on o.parent_id = sub.id)
        select coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0)), 0)::int as n from donations d
        where d.status = 1 and d.kind = 'gift' and (d.organization_id in (select id from sub)
          or d.division_id in (select id from sub))`,
  ))!.n;

describe('team qualification and approval jobs', () => {
  it('a team conversion earns only once the team raised the amount; two instances qualify and approve it once', async () => {
    const p = await program(t.db, { teamFlatCents: 4000, teamQualifyCents: 6000, dueDays: 0 });
    const a = await affiliate(t.db, { programs: [p] });
    const [row] = await q<{ id: number }>(
      t.db,
      sql`insert into affiliate_conversions (affiliate_id, program_id, kind, source, organization_id)
        values (${a.id}, ${p}, 'team', 'link', ${w.team.id}) returning id`,
    );
    const id = row!.id;
    const peer = await createPeerApp(t);
    try {
      const before = await raisedOracle(w.team.id);
      const need = Math.max(0, 6000 - before);
      if (need > 1000) {
        await paid(t, { campaign: w.campaign.slug, amountCents: need - 1000 });
        // Below the amount: nothing happens.
        await Promise.all([qualifyTeamConversions(t.app, now()), qualifyTeamConversions(peer.app, now())]);
        expect((await conversionsOf(t.db, a.id))[0]).toMatchObject({ qualified_at: null, commission_cents: 0 });
      }
      await paid(t, { campaign: w.campaign.slug, amountCents: 1000 });
      const raised = await raisedOracle(w.team.id);
      expect(raised).toBeGreaterThanOrEqual(6000);
      const counts = await Promise.all([qualifyTeamConversions(t.app, now()), qualifyTeamConversions(peer.app, now())]);
      const [c] = await q<{ commission_cents: number; base_cents: number; qualified_at: Date | null; status: string }>(
        t.db,
        sql`select * from affiliate_conversions where id = ${id}`,
      );
      expect(c).toMatchObject({ commission_cents: 4000, base_cents: raised, status: 'pending' });
      expect(c!.qualified_at).not.toBeNull();
      expect(await qualifyTeamConversions(t.app, now())).toBe(0);
      expect(counts.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
      // Due at once (due_days 0): approved by one of two instances running at the same moment.
      const approved = await Promise.all([
        approveDueConversions(t.app, new Date(Date.now() + 1000)),
        approveDueConversions(peer.app, new Date(Date.now() + 1000)),
      ]);
      expect(
        (await one<{ status: string }>(t.db, sql`select status from affiliate_conversions where id = ${id}`))!.status,
      ).toBe('approved');
      expect(await approveDueConversions(t.app, new Date(Date.now() + 1000))).toBe(0);
      expect(approved.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await peer.close();
    }
  });

  it('a pending conversion is not approved before it is due', async () => {
    const p = await program(t.db, { dueDays: 30 });
    const a = await affiliate(t.db, { programs: [p] });
    await t.db.execute(sql`insert into affiliate_conversions (affiliate_id, program_id, kind, source, commission_cents,
        qualified_at, due_at) values (${a.id}, ${p}, 'gift', 'link', 100, now(), now() + interval '30 days')`);
    await approveDueConversions(t.app, now());
    expect((await conversionsOf(t.db, a.id))[0]!.status).toBe('pending');
    await approveDueConversions(t.app, new Date(Date.now() + 31 * 86_400_000));
    expect((await conversionsOf(t.db, a.id))[0]!.status).toBe('approved');
  });
});
