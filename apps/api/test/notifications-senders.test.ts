/**
 * Each optional e-mail's sender honours the choice (issue 18, decision 023), read from the stored
 * outbox: `gift_to_player` once per gift (a replayed completion sends nothing more), the at-risk
 * nudge, the daily summary once per user and day even with two instances; in the chosen e-mail
 * language, each with its own one-click unsubscribe link.
 */
import { formatMoney } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyUnsubscribe } from '../src/lib/notifications.js';
import { days } from '../src/lib/time.js';
import { sendDailySummaries } from '../src/modules/notifications/daily-summary.js';
import { enqueueGiftNotice } from '../src/modules/notifications/hooks.js';
import { actor, createPeerApp, createTestApp, type TestApp } from './helpers.js';
import {
  deliverSigned,
  donationRow,
  type GivingWorld,
  givingWorld,
  intentObject,
  paid,
  stripeEvent,
  V1,
} from './payments-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Stored {
  id: number;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  meta: Record<string, unknown>;
}
const mails = async (to: string, template: string) =>
  (
    (await t.db.execute(
      sql`select id, subject, text, html, template, meta from emails where "to" = ${to} and template = ${template} order by id`,
    )) as unknown as { rows: Stored[] }
  ).rows;
const tokenIn = (text: string) => /\/unsubscribe\?t=([^\s"<]+)/.exec(text)?.[1] ?? '';

type Parent = GivingWorld['parent'];
const choose = (who: Parent, payload: Record<string, unknown>) =>
  who.call({ method: 'PUT', url: `${V1}/user/notifications`, payload });

describe('gift_to_player', () => {
  let w: GivingWorld;
  beforeAll(async () => {
    w = await givingWorld(t);
  });

  it('one e-mail per completed gift, to the family, with its unsubscribe link; a replayed completion adds none', async () => {
    const { checkout } = await paid(t, { fundraiser: w.cf.slug, amountCents: 2500 });
    let notices = await mails(w.parent.user.email, 'gift-to-player');
    expect(notices).toHaveLength(1);
    const n = notices[0]!;
    expect(n.subject).toBe(`New gift of ${formatMoney(2500, 'en')} for Parker`);
    expect(n.text).toContain('Dana gave $25.00');
    expect(n.html).toContain('/unsubscribe?t=');
    expect(verifyUnsubscribe(t.app.jwtKey, tokenIn(n.text))).toEqual({
      userId: w.parent.user.id,
      topic: 'gift_to_player',
    });
    expect(n.meta.listUnsubscribe).toBe(`${t.app.env.PUBLIC_URL}/unsubscribe?t=${tokenIn(n.text)}`);

    // The provider sends the success again (a new event id for the same intent): no second notice.
    const row = await donationRow(t.db, checkout.donationId);
    const again = await deliverSigned(
      t,
      stripeEvent('payment_intent.succeeded', intentObject(String(row.payment_intent_id), checkout, 'succeeded')),
    );
    expect(again.statusCode, again.body).toBe(200);
    // And a completion hook run twice on the same gift stores nothing more either.
    expect(await t.app.db.transaction((tx) => enqueueGiftNotice(t.app, tx, Number(row.id)))).toBeNull();
    notices = await mails(w.parent.user.email, 'gift-to-player');
    expect(notices).toHaveLength(1);

    // A second gift is a second notice.
    await paid(t, { fundraiser: w.cf.slug, amountCents: 4000 });
    expect(await mails(w.parent.user.email, 'gift-to-player')).toHaveLength(2);
  });

  it('in the family’s e-mail language', async () => {
    await choose(w.parent, { emailLanguage: 'es' });
    await paid(t, { fundraiser: w.cf.slug, amountCents: 1000 });
    const last = (await mails(w.parent.user.email, 'gift-to-player')).at(-1)!;
    expect(last.subject).toBe(`Nueva donación de ${formatMoney(1000, 'es')} para Parker`);
    expect(last.text).toContain('Dejar de recibir estos correos');
    await choose(w.parent, { emailLanguage: null });
  });

  it('opted out: the gift completes, the donor gets the receipt, the family gets nothing', async () => {
    const before = (await mails(w.parent.user.email, 'gift-to-player')).length;
    await choose(w.parent, { topics: { gift_to_player: false } });
    const donor = 'opted-out-gift@example.test';
    await paid(t, { fundraiser: w.cf.slug, amountCents: 1500, email: donor });
    expect(await mails(w.parent.user.email, 'gift-to-player')).toHaveLength(before);
    expect(await mails(donor, 'donation-receipt')).toHaveLength(1);
    // Back on: the next gift is announced again.
    await choose(w.parent, { topics: { gift_to_player: true } });
    await paid(t, { fundraiser: w.cf.slug, amountCents: 1500 });
    expect(await mails(w.parent.user.email, 'gift-to-player')).toHaveLength(before + 1);
  });
});

describe('at_risk_nudge', () => {
  it('an opted-out family is not nudged (opted_out); an opted-in one gets the reminder with its link', async () => {
    const w = await givingWorld(t);
    const staff = await actor(t, { membership: { organizationId: w.team.id, role: 'team_admin' } });
    const nudge = async () =>
      (
        await staff.call({
          method: 'POST',
          url: `${V1}/dashboards/nudge`,
          payload: { campaignFundraiserIds: [w.cf.id] },
        })
      ).json().data as { outcome: string }[];
    await choose(w.parent, { topics: { at_risk_nudge: false } });
    expect((await nudge())[0]!.outcome).toBe('opted_out');
    expect(await mails(w.parent.user.email, 'campaign_message')).toEqual([]);
    const nudges = (await t.db.execute(
      sql`select count(*)::int as n from nudges where family_user_id = ${w.parent.user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(nudges.rows[0]!.n).toBe(0);

    await choose(w.parent, { topics: { at_risk_nudge: true } });
    expect((await nudge())[0]!.outcome).toBe('sent');
    const sent = await mails(w.parent.user.email, 'campaign_message');
    expect(sent).toHaveLength(1);
    expect(verifyUnsubscribe(t.app.jwtKey, tokenIn(sent[0]!.text))).toEqual({
      userId: w.parent.user.id,
      topic: 'at_risk_nudge',
    });
    // A staff member's own bulk message is not an optional e-mail: no unsubscribe link.
    const bulk = await staff.call({
      method: 'POST',
      url: `${V1}/campaign_fundraisers/bulk_message`,
      payload: { campaignId: w.campaign.id, ids: [w.cf.id], subject: 'Practice moved', message: 'See you at 6.' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const all = await mails(w.parent.user.email, 'campaign_message');
    expect(all).toHaveLength(2);
    expect(all[1]!.text).not.toContain('/unsubscribe');
  });
});

describe('daily_summary', () => {
  it('once per admin and day, even with two instances at once; opted-out admins get none; in their language', async () => {
    const w = await givingWorld(t);
    const admin = await actor(t, { membership: { organizationId: w.team.id, role: 'team_admin' } });
    const adminEs = await actor(t, { membership: { organizationId: w.league.id, role: 'league_admin' } });
    const optedOut = await actor(t, { membership: { organizationId: w.org.id, role: 'org_admin' } });
    const member = await actor(t, { membership: { organizationId: w.team.id, role: 'org_user' } });
    await choose(adminEs, { emailLanguage: 'es' });
    await choose(optedOut, { topics: { daily_summary: false } });
    await paid(t, { fundraiser: w.cf.slug, amountCents: 5000 });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + days(1));

    const peer = await createPeerApp(t);
    try {
      const [a, b] = await Promise.all([sendDailySummaries(t.app, tomorrow), sendDailySummaries(peer.app, tomorrow)]);
      expect(a + b).toBeGreaterThanOrEqual(2);
      // A later tick the same day: nothing more.
      await Promise.all([sendDailySummaries(t.app, tomorrow), sendDailySummaries(peer.app, tomorrow)]);
    } finally {
      await peer.close();
    }
    const mine = await mails(admin.user.email, 'daily-summary');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.meta).toMatchObject({ day: today, userId: admin.user.id, topic: 'daily_summary' });
    // The figures are the dashboards' own: the team's day in org_money_daily.
    const day = (
      (await t.db.execute(
        sql`select gifts, net_cents from org_money_daily where organization_id = ${w.team.id} and day = ${today}::date`,
      )) as unknown as { rows: { gifts: number; net_cents: number | string }[] }
    ).rows[0]!;
    expect(mine[0]!.text).toContain(`gifts that day: ${day.gifts}, net ${formatMoney(Number(day.net_cents), 'en')}`);
    expect(verifyUnsubscribe(t.app.jwtKey, tokenIn(mine[0]!.text))).toEqual({
      userId: admin.user.id,
      topic: 'daily_summary',
    });
    const es = await mails(adminEs.user.email, 'daily-summary');
    expect(es).toHaveLength(1);
    expect(es[0]!.subject).toBe(`Tu resumen diario del ${today}`);
    expect(await mails(optedOut.user.email, 'daily-summary')).toEqual([]);
    expect(await mails(member.user.email, 'daily-summary')).toEqual([]);

    // The next day: one more each.
    await sendDailySummaries(t.app, new Date(tomorrow.getTime() + days(1)));
    expect(await mails(admin.user.email, 'daily-summary')).toHaveLength(2);
    expect(await mails(optedOut.user.email, 'daily-summary')).toEqual([]);
  });
});
