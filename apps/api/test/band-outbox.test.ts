/**
 * The BAND outbox with BAND's cooldown and with several instances (decision 021 "Outbox"): posts
 * of one BAND account are spaced by BAND_COOLDOWN_SECONDS (and BAND's own "cooldown" answer puts a
 * post back without counting a failure); two instances of the product on one database running the
 * sender at the same time publish each event exactly once.
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBandPosts } from '../src/modules/band/jobs.js';
import { createCampaign, jobNow, linkBand, postRows, sandboxOf } from './band-support.js';
import { actor, createOrg, createPeerApp, createTestApp, createTree, type TestApp } from './helpers.js';

const COOLDOWN = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BAND_COOLDOWN_SECONDS: String(COOLDOWN), BAND_POST_RETRY_SECONDS: '5' });
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `n` teams under one league, all linked by one admin (one BAND account) to the same band. */
async function teamsOfOneAccount(app: TestApp, n: number) {
  const tree = await createTree(app.db);
  const admin = await actor(app, { membership: { organizationId: tree.league.id, role: 'league_admin' } });
  expect(await linkBand(app, admin.call, `League ${tree.league.id}`)).toBe('success');
  const bands = (await admin.call({ method: 'GET', url: '/api/v1/band/bands' })).json().data as { bandKey: string }[];
  const teams = [];
  for (let i = 0; i < n; i++) {
    const team = await createOrg(app.db, 3, tree.league.id);
    const put = await admin.call({
      method: 'PUT',
      url: `/api/v1/orgs/${team.id}/band`,
      payload: { bandKey: bands[0]!.bandKey },
    });
    expect(put.statusCode).toBe(200);
    teams.push({ team, campaign: await createCampaign(app.db, team.id) });
  }
  return { admin, teams };
}

describe('cooldown', () => {
  it("spaces one account's posts, and BAND's cooldown answer is no failure", async () => {
    const { admin, teams } = await teamsOfOneAccount(t, 2);
    for (const { team, campaign } of teams)
      await admin.call({
        method: 'POST',
        url: `/api/v1/orgs/${team.id}/band/posts`,
        payload: { kind: 'campaign_launch', campaignId: campaign.id },
      });
    const sb = sandboxOf(t);
    sb.reset();
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    const [a] = await postRows(t.db, teams[0]!.team.id);
    const [b] = await postRows(t.db, teams[1]!.team.id);
    const [first, waiting] = a!.status === 'posted' ? [a!, b!] : [b!, a!];
    expect(first.status).toBe('posted');
    expect(waiting).toMatchObject({ status: 'queued', last_error: 'BAND_COOLDOWN', attempts: 0 });
    expect(sb.calls.createPost).toBe(1);
    // Not before the spacing is over …
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    expect(sb.calls.createPost).toBe(1);
    // … then it goes.
    await sleep(COOLDOWN * 1000 + 1200);
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    const times = await rows<{ created_at: Date | string }>(
      t.db,
      sql`select created_at from band_sandbox_posts order by created_at desc limit 2`,
    );
    const gap = (new Date(times[0]!.created_at).getTime() - new Date(times[1]!.created_at).getTime()) / 1000;
    console.log(
      `[band] cooldown ${COOLDOWN}s: 2 posts of one account ${gap.toFixed(1)}s apart, ${sb.calls.createPost} BAND calls, none refused`,
    );
    expect(gap).toBeGreaterThanOrEqual(COOLDOWN);

    // BAND itself says "cooldown" (1003): back to the queue, the attempt not counted.
    await sleep(COOLDOWN * 1000 + 200);
    const other = teams[0]!;
    await admin.call({
      method: 'POST',
      url: `/api/v1/orgs/${other.team.id}/band/posts`,
      payload: { kind: 'thank_you', campaignId: other.campaign.id },
    });
    sb.failNext('createPost', 'cooldown', 1);
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    const [, refused] = await postRows(t.db, other.team.id);
    expect(refused).toMatchObject({ status: 'queued', last_error: 'BAND_COOLDOWN', attempts: 0 });
  });
});

describe('two instances', () => {
  // Without spacing, so both instances compete for every post.
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({ BAND_COOLDOWN_SECONDS: '0' });
    two = await createPeerApp(one, { BAND_COOLDOWN_SECONDS: '0' });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('running the sender at the same time publish every event exactly once', async () => {
    const { admin, teams } = await teamsOfOneAccount(one, 10);
    const kinds = ['campaign_launch', 'campaign_invite', 'goal_reached', 'thank_you', 'at_risk_nudge'] as const;
    let queued = 0;
    for (const { team, campaign } of teams)
      for (const kind of kinds) {
        const ask = () =>
          admin.call({
            method: 'POST',
            url: `/api/v1/orgs/${team.id}/band/posts`,
            payload: { kind, campaignId: campaign.id },
          });
        // Asked twice: still one post per event.
        const [x, y] = [await ask(), await ask()];
        expect([x.statusCode, y.statusCode]).toEqual([201, 200]);
        queued += 1;
      }
    const a = sandboxOf(one);
    const b = sandboxOf(two);
    a.reset();
    b.reset();
    let posted = 0;
    for (let round = 0; round < 8 && posted < queued; round++) {
      const [x, y] = await Promise.all([sendBandPosts(one.app, jobNow()), sendBandPosts(two.app, jobNow())]);
      posted += x + y;
    }
    const ids = sql.join(
      teams.map((x) => sql`${x.team.id}`),
      sql`, `,
    );
    const published = await rows<{ n: number }>(
      one.db,
      sql`select count(*)::int as n from band_sandbox_posts
        where content in (select content from band_posts where organization_id in (${ids})) group by content`,
    );
    const out = (await Promise.all(teams.map((x) => postRows(one.db, x.team.id)))).flat();
    console.log(
      `[band] two instances: ${queued} events queued (each asked twice), ${posted} posted, BAND calls ${a.calls.createPost} + ${b.calls.createPost}, published ${published.length} distinct, ${published.filter((p) => p.n > 1).length} twice`,
    );
    expect(out).toHaveLength(queued);
    expect(out.every((r) => r.status === 'posted' && r.attempts === 1)).toBe(true);
    expect(published).toHaveLength(queued);
    expect(published.every((p) => p.n === 1)).toBe(true);
    expect(a.calls.createPost + b.calls.createPost).toBe(queued);
    expect(a.calls.createPost).toBeGreaterThan(0);
    expect(b.calls.createPost).toBeGreaterThan(0);
  });
});
