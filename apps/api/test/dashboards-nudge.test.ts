/**
 * `POST /dashboards/nudge`: at most one reminder per family per NUDGE_WINDOW_HOURS whoever sends
 * it (checked in the outbox and `nudges`), in the family's language, never beyond the bulk
 * message limits, and only for at-risk players the caller may message.
 */
import type { NodeDashboard, NudgeResult } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, outboxFor, rosterPlayer } from './campaigns-support.js';
import { type Populated, populated } from './dashboards-fixture.js';
import { pageFor, q, V1 } from './dashboards-support.js';
import { addPlayer } from './fundraisers-fixtures.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let f: Populated;
let sibling: { id: number };
let orphan: { id: number };
let other: { cf: { id: number }; email: string };
beforeAll(async () => {
  t = await createTestApp();
  f = await populated(t);
  const { c1 } = f.campaigns;
  const kid = await rosterPlayer(t.db, f.w.D1.id, { guardianId: f.players.p2.guardianId });
  sibling = await pageFor(t.db, c1.id, kid.player.id, f.w.D1.id);
  const lone = await addPlayer(t.db, f.w.D1.id, { guardianUserId: null });
  orphan = await pageFor(t.db, c1.id, lone.id, f.w.D1.id);
  const p7 = await rosterPlayer(t.db, f.w.D1.id, { parent: 'active' });
  other = { cf: await pageFor(t.db, c1.id, p7.player.id, f.w.D1.id), email: p7.email };
});
afterAll(async () => t?.close());

type Call = Populated['actors']['teamAdmin']['call'];
const nudge = async (call: Call, ids: number[]) =>
  (
    await expectStatus(
      call({ method: 'POST', url: `${V1}/dashboards/nudge`, payload: { campaignFundraiserIds: ids } }),
      200,
    )
  ).data as NudgeResult[];
const outcomes = (list: NudgeResult[]) => Object.fromEntries(list.map((r) => [r.campaignFundraiserId, r.outcome]));
const nudgesOf = async (family: number) =>
  (await q(t.db, sql`select count(*)::int as n from nudges where family_user_id = ${family}`))[0]!.n;

describe('nudge', () => {
  it('sends one message per family, in its language; says why the others were not sent', async () => {
    const { cf1, cf2, cf6 } = f.pages;
    const res = await nudge(f.actors.teamAdmin.call, [cf2.id, sibling.id, cf1.id, cf6.id, orphan.id]);
    expect(res.map((r) => r.campaignFundraiserId)).toEqual([cf2.id, sibling.id, cf1.id, cf6.id, orphan.id]);
    expect(outcomes(res)).toEqual({
      [cf2.id]: 'sent',
      [sibling.id]: 'recently_nudged',
      [cf1.id]: 'not_at_risk',
      [cf6.id]: 'not_at_risk',
      [orphan.id]: 'no_family',
    });
    const mail = await outboxFor(t.db, f.players.p2.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ template: 'campaign_message' });
    expect(mail[0]!.subject).toContain('Un recordatorio');
    expect(mail[0]!.text).toContain('Acepta la invitación');
    expect(mail[0]!.text).toContain(`/fundraisers/${f.pages.cf2.slug}`);
    expect(await nudgesOf(f.players.p2.guardianId)).toBe(1);
  });

  it('another sender within the window: recently_nudged, nothing sent; the dashboard shows it', async () => {
    const res = await nudge(f.actors.divisionAdmin.call, [f.pages.cf2.id]);
    expect(outcomes(res)).toEqual({ [f.pages.cf2.id]: 'recently_nudged' });
    expect(await outboxFor(t.db, f.players.p2.email)).toHaveLength(1);
    const d = (await expectStatus(f.actors.teamAdmin.call({ method: 'GET', url: `${V1}/dashboards/node` }), 200))
      .data as NodeDashboard;
    const row = d.atRisk.players.find((p) => p.campaignFundraiserId === f.pages.cf2.id)!;
    expect(row.lastNudgedAt).not.toBeNull();
    expect(row.canNudge).toBe(false);
    expect(d.atRisk.players.find((p) => p.campaignFundraiserId === other.cf.id)?.canNudge).toBe(true);
  });

  it('once the window has passed, the family can be nudged again', async () => {
    await t.db.execute(
      sql`update nudges set created_at = now() - interval '25 hours' where family_user_id = ${f.players.p2.guardianId}`,
    );
    const res = await nudge(f.actors.divisionAdmin.call, [sibling.id]);
    expect(outcomes(res)).toEqual({ [sibling.id]: 'sent' });
    expect(await outboxFor(t.db, f.players.p2.email)).toHaveLength(2);
  });

  it('two senders at once: one message', async () => {
    const { cf4 } = f.pages;
    const [a, b] = await Promise.all([
      nudge(f.actors.leagueAdmin.call, [cf4.id]),
      nudge(f.actors.orgAdmin.call, [cf4.id]),
    ]);
    expect([a[0]!.outcome, b[0]!.outcome].sort()).toEqual(['recently_nudged', 'sent']);
    const mail = await outboxFor(t.db, f.players.p4.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('A quick reminder');
    expect(await nudgesOf(f.players.p4.guardianId)).toBe(1);
  });

  it('never beyond the bulk-message limits: limit, nothing sent', async () => {
    const key = `bulk_message:user:${f.actors.teamAdmin.user.id}`;
    await t.db.execute(sql`insert into throttle_events (key) select ${key} from generate_series(1, 40)`);
    const res = await nudge(f.actors.teamAdmin.call, [other.cf.id]);
    expect(outcomes(res)).toEqual({ [other.cf.id]: 'limit' });
    expect(await outboxFor(t.db, other.email)).toHaveLength(0);
    expect(
      (await q(t.db, sql`select count(*)::int as n from nudges where campaign_fundraiser_id = ${other.cf.id}`))[0]!.n,
    ).toBe(0);
  });

  it('batches of 25 families each spend one bulk-message batch: the 26th family is over the limit', async () => {
    const pages = [];
    for (let i = 0; i < 26; i++) {
      const kid = await rosterPlayer(t.db, f.w.D2.id, { parent: 'active' });
      pages.push(await pageFor(t.db, f.campaigns.c1.id, kid.player.id, f.w.D2.id));
    }
    const key = `bulk_message:user:${f.actors.super_.user.id}`;
    await t.db.execute(sql`insert into throttle_events (key) select ${key} from generate_series(1, 39)`);
    const res = await nudge(
      f.actors.super_.call,
      pages.map((p) => p.id),
    );
    expect(res.filter((r) => r.outcome === 'sent')).toHaveLength(25);
    expect(res[25]).toEqual({ campaignFundraiserId: pages[25]!.id, outcome: 'limit' });
    const [sent] = await q(
      t.db,
      sql`select count(*)::int as n from emails where template = 'campaign_message'
        and (meta->>'campaignFundraiserId')::int in ${sql.raw(`(${pages.map((p) => p.id).join(',')})`)}`,
    );
    expect(sent!.n).toBe(25);
  });

  it('out of reach rows are not_at_risk; families may not nudge', async () => {
    const res = await nudge(f.actors.sales.call, [f.pages.cf6.id]);
    expect(outcomes(res)).toEqual({ [f.pages.cf6.id]: 'not_at_risk' });
    const fam = await f.actors.family.call({
      method: 'POST',
      url: `${V1}/dashboards/nudge`,
      payload: { campaignFundraiserIds: [f.pages.cf2.id] },
    });
    expect(fam.statusCode).toBe(403);
  });
});
