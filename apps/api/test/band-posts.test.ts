/**
 * A team's band and its posts (issue 18, decision 021): who may link, unlink and post (403s change
 * nothing), posts written by the server once per event, and the outbox's sender against the
 * sandbox: expired tokens refreshed once, an account BAND refuses marked expired, not-a-member
 * surfaced, retries with backoff up to the limit, and a post whose answer was lost never sent twice.
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendBandPosts } from '../src/modules/band/jobs.js';
import { claimDue } from '../src/modules/band/posts.repository.js';
import { createCampaign, jobNow, linkBand, postRows, sandboxOf } from './band-support.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let admin: Awaited<ReturnType<typeof actor>>;
const MAX = 3;
beforeAll(async () => {
  t = await createTestApp({
    BAND_COOLDOWN_SECONDS: '0',
    BAND_POST_RETRY_SECONDS: '30',
    BAND_POST_MAX_ATTEMPTS: String(MAX),
  });
  tree = await createTree(t.db);
  admin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  expect(await linkBand(t, admin.call, 'Coach Admin')).toBe('success');
});
afterAll(async () => t.close());
beforeEach(() => sandboxOf(t).reset());

const bandsOf = async (call: typeof admin.call) =>
  (await call({ method: 'GET', url: '/api/v1/band/bands' })).json().data as {
    bandKey: string;
    canPost: boolean;
    name: string;
  }[];
const sandboxPosts = (content?: string) =>
  rows<{ n: number }>(
    t.db,
    content
      ? sql`select count(*)::int as n from band_sandbox_posts where content = ${content}`
      : sql`select count(*)::int as n from band_sandbox_posts`,
  ).then((r) => r[0]!.n);
const linkRow = (orgId: number) =>
  rows<{ band_key: string }>(t.db, sql`select band_key from band_team_links where organization_id = ${orgId}`);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** A new team under the league, linked to the admin's first band (through the API). */
async function linkedTeam() {
  const team = await createOrg(t.db, 3, tree.league.id);
  const a = await actor(t, { membership: { organizationId: team.id, role: 'team_admin' } });
  await linkBand(t, a.call, `Coach ${team.id}`);
  const [band] = await bandsOf(a.call);
  const res = await a.call({ method: 'PUT', url: `/api/v1/orgs/${team.id}/band`, payload: { bandKey: band!.bandKey } });
  expect(res.statusCode).toBe(200);
  return { team, a, campaign: await createCampaign(t.db, team.id) };
}
const post = (a: typeof admin, orgId: number, payload: Record<string, unknown>) =>
  a.call({ method: 'POST', url: `/api/v1/orgs/${orgId}/band/posts`, payload });

describe("a team's band: access", () => {
  it('the team admin links it; a read-only user and a stranger change nothing', async () => {
    const bands = await bandsOf(admin.call);
    const writable = bands.find((b) => b.canPost)!;
    const readOnly = bands.find((b) => !b.canPost)!;
    const viewer = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_user' } });
    const other = await createTree(t.db);
    const stranger = await actor(t, { membership: { organizationId: other.team.id, role: 'team_admin' } });
    await linkBand(t, viewer.call, 'Viewer');
    await linkBand(t, stranger.call, 'Stranger');
    const url = `/api/v1/orgs/${tree.team.id}/band`;

    // Refusals first: nothing is linked after them.
    const refusals = [
      await viewer.call({ method: 'PUT', url, payload: { bandKey: (await bandsOf(viewer.call))[0]!.bandKey } }),
      await stranger.call({ method: 'PUT', url, payload: { bandKey: (await bandsOf(stranger.call))[0]!.bandKey } }),
      await admin.call({ method: 'PUT', url, payload: { bandKey: readOnly.bandKey } }),
      await admin.call({ method: 'PUT', url, payload: { bandKey: 'not-my-band' } }),
      await admin.call({ method: 'PUT', url, payload: {} }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 404, 409, 409, 400]);
    expect(refusals[2]!.json().code).toBe('BAND_NOT_MEMBER');
    expect(JSON.stringify(refusals[4]!.json().errors)).toContain('bandKey');
    expect(await linkRow(tree.team.id)).toEqual([]);

    const ok = await admin.call({ method: 'PUT', url, payload: { bandKey: writable.bandKey } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      canManage: true,
      link: { bandKey: writable.bandKey, accountStatus: 'valid' },
    });
    expect((await viewer.call({ method: 'GET', url })).json().data).toMatchObject({
      canManage: false,
      link: { bandKey: writable.bandKey },
    });
    expect((await stranger.call({ method: 'GET', url })).statusCode).toBe(404);
    // Nor may they unlink it or post.
    const campaign = await createCampaign(t.db, tree.team.id);
    expect((await viewer.call({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await post(viewer, tree.team.id, { kind: 'campaign_launch', campaignId: campaign.id })).statusCode).toBe(
      403,
    );
    expect((await post(stranger, tree.team.id, { kind: 'campaign_launch', campaignId: campaign.id })).statusCode).toBe(
      404,
    );
    expect(await linkRow(tree.team.id)).toEqual([{ band_key: writable.bandKey }]);
    expect(await postRows(t.db, tree.team.id)).toEqual([]);

    // A league is not a team (Super Admin may update it, still refused).
    const sa = await actor(t, { staffRole: 'super_admin' });
    await linkBand(t, sa.call, 'Super');
    const res = await sa.call({
      method: 'PUT',
      url: `/api/v1/orgs/${tree.league.id}/band`,
      payload: { bandKey: (await bandsOf(sa.call))[0]!.bandKey },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAND_NOT_A_TEAM');
    console.log('[band] access: 5 refused link attempts, 3 refused unlink/post, 0 rows changed by them');
  });
});

describe('posts', () => {
  it("are written by the server in the author's language, queued once per event, and refused for bad input", async () => {
    const campaign = await createCampaign(t.db, tree.team.id, 500_000);
    const bad = [
      await post(admin, tree.team.id, { kind: 'shout', campaignId: campaign.id }),
      await post(admin, tree.team.id, { kind: 'campaign_launch', campaignId: 'x' }),
      await post(admin, tree.team.id, { kind: 'campaign_launch', campaignId: campaign.id, message: 'x'.repeat(1001) }),
      await post(admin, tree.team.id, {
        kind: 'campaign_launch',
        campaignId: (await createCampaign(t.db, (await createTree(t.db)).team.id)).id,
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(bad.map((r) => JSON.stringify(r.json().errors))).toEqual([
      expect.stringContaining('kind'),
      expect.stringContaining('campaignId'),
      expect.stringContaining('message'),
      expect.stringContaining('campaignId'),
    ]);
    expect(await postRows(t.db, tree.team.id)).toEqual([]);

    const first = await post(admin, tree.team.id, {
      kind: 'campaign_launch',
      campaignId: campaign.id,
      doPush: true,
      message: 'Go Tigers!',
    });
    const again = await post(admin, tree.team.id, {
      kind: 'campaign_launch',
      campaignId: campaign.id,
      message: 'Different words',
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.id).toBe(first.json().data.id);
    const content = first.json().data.content as string;
    expect(content).toContain('Go Tigers!');
    expect(content).toContain(campaign.title);
    expect(content).toContain('$5,000');
    expect(content).toContain(`/campaigns/${campaign.slug}`);
    expect(await postRows(t.db, tree.team.id)).toHaveLength(1);

    // A Spanish-speaking admin's post is in Spanish.
    const es = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    await t.db.execute(sql`update users set language = 'es' where id = ${es.user.id}`);
    const esPost = await post(es, tree.team.id, { kind: 'goal_reached', campaignId: campaign.id });
    expect(esPost.json().data.content).toContain('¡Lo logramos!');
    expect(esPost.json().data.content).toContain('5000\u00a0US$');

    // The sender posts both, once.
    expect(await sendBandPosts(t.app, jobNow())).toBe(2);
    expect(await sendBandPosts(t.app, later(60))).toBe(0);
    const list = await admin.call({ method: 'GET', url: `/api/v1/orgs/${tree.team.id}/band/posts?page=1&pageSize=10` });
    expect(list.json().total).toBe(2);
    expect(list.json().data.map((p: { status: string }) => p.status)).toEqual(['posted', 'posted']);
    expect(await sandboxPosts(content)).toBe(1);
    const pushed = await rows<{ do_push: boolean }>(
      t.db,
      sql`select do_push from band_sandbox_posts where content = ${content}`,
    );
    expect(pushed[0]!.do_push).toBe(true);
  });

  it('an expired access token is refreshed once and the post goes out', async () => {
    const { team, a, campaign } = await linkedTeam();
    const sb = sandboxOf(t);
    sb.failNext('createPost', 'token_expired', 1);
    await post(a, team.id, { kind: 'campaign_launch', campaignId: campaign.id });
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    console.log(`[band] token expired at BAND: refreshes ${sb.calls.refresh}, post attempts ${sb.calls.createPost}`);
    expect(sb.calls.refresh).toBe(1);
    expect(sb.calls.createPost).toBe(2);
    // A stored token past its expiry is refreshed before the call, once.
    sb.reset();
    await t.db.execute(sql`update band_accounts set access_expires_at = now() - interval '1 minute'
      where user_id = ${a.user.id}`);
    await post(a, team.id, { kind: 'thank_you', campaignId: campaign.id });
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    expect([sb.calls.refresh, sb.calls.createPost]).toEqual([1, 1]);
    expect((await postRows(t.db, team.id)).map((r) => r.status)).toEqual(['posted', 'posted']);
  });

  it('a refresh BAND refuses marks the account expired and fails the post; relinking sends it', async () => {
    const { team, a, campaign } = await linkedTeam();
    const sb = sandboxOf(t);
    sb.failNext('createPost', 'token_expired', 1);
    sb.failNext('refresh', 'invalid_grant', 1);
    await post(a, team.id, { kind: 'campaign_launch', campaignId: campaign.id });
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    expect((await postRows(t.db, team.id))[0]).toMatchObject({ status: 'failed', last_error: 'BAND_ACCOUNT_EXPIRED' });
    expect(sb.calls.refresh).toBe(1);
    expect((await a.call({ method: 'GET', url: '/api/v1/band/account' })).json().data.account.status).toBe('expired');
    expect((await a.call({ method: 'GET', url: `/api/v1/orgs/${team.id}/band` })).json().data.link.accountStatus).toBe(
      'expired',
    );
    expect((await a.call({ method: 'GET', url: '/api/v1/band/bands' })).json().code).toBe('BAND_ACCOUNT_EXPIRED');
    // Linking the same BAND account again renews it and queues the post again.
    expect(await linkBand(t, a.call, `Coach ${team.id}`)).toBe('success');
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    expect((await postRows(t.db, team.id))[0]).toMatchObject({ status: 'posted', last_error: null });
  });

  it('not a member (or no permission) is surfaced at once, not retried', async () => {
    const { team, a, campaign } = await linkedTeam();
    sandboxOf(t).failNext('createPost', 'not_member', 1);
    await post(a, team.id, { kind: 'campaign_invite', campaignId: campaign.id });
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    expect(await sendBandPosts(t.app, later(3600))).toBe(0);
    const [row] = await postRows(t.db, team.id);
    expect(row).toMatchObject({ status: 'failed', last_error: 'BAND_NOT_MEMBER', attempts: 1 });
    const listed = (await a.call({ method: 'GET', url: `/api/v1/orgs/${team.id}/band/posts` })).json().data[0];
    expect(listed).toMatchObject({ status: 'failed', lastError: 'BAND_NOT_MEMBER' });
  });

  it('quota: retried with a doubling wait, then failed after the last attempt', async () => {
    const { team, a, campaign } = await linkedTeam();
    sandboxOf(t).failNext('createPost', 'quota', 10);
    await post(a, team.id, { kind: 'at_risk_nudge', campaignId: campaign.id });
    const waits: number[] = [];
    let clock = jobNow().getTime();
    for (let i = 0; i < MAX; i++) {
      await sendBandPosts(t.app, new Date(clock));
      const [row] = await postRows(t.db, team.id);
      if (row!.status !== 'queued') break;
      const next = new Date(row!.next_attempt_at).getTime();
      waits.push(Math.round((next - clock) / 1000));
      // Not due before its time.
      await sendBandPosts(t.app, new Date(next - 5000));
      expect((await postRows(t.db, team.id))[0]!.attempts).toBe(i + 1);
      clock = next + 1000;
    }
    const [row] = await postRows(t.db, team.id);
    console.log(`[band] quota: waits ${waits.join('s, ')}s, then ${row!.status} after ${row!.attempts} attempts`);
    expect(waits).toEqual([30, 60]);
    expect(row).toMatchObject({ status: 'failed', last_error: 'BAND_QUOTA', attempts: MAX });
    expect(sandboxOf(t).calls.createPost).toBe(MAX);
  });

  it('a post whose answer was lost, or whose sender died, is never published twice', async () => {
    const { team, a, campaign } = await linkedTeam();
    const sb = sandboxOf(t);
    // BAND published it but the answer never came back.
    sb.loseNextAnswer();
    const queued = (await post(a, team.id, { kind: 'campaign_launch', campaignId: campaign.id })).json().data;
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    expect((await postRows(t.db, team.id))[0]).toMatchObject({ status: 'sending', last_error: 'BAND_UNAVAILABLE' });
    expect(await sendBandPosts(t.app, later(31))).toBe(1);
    expect(await sandboxPosts(queued.content)).toBe(1);
    expect(sb.calls.createPost).toBe(1);
    expect(sb.calls.recentPosts).toBe(1);

    // An instance claimed a post and died before sending: after the lease, another sends it, once.
    const second = (await post(a, team.id, { kind: 'goal_reached', campaignId: campaign.id })).json().data;
    expect((await claimDue(t.db, jobNow(), 120, 50)).map((c) => c.id)).toContain(second.id);
    expect(await sendBandPosts(t.app, later(60))).toBe(0); // still leased
    expect(await sendBandPosts(t.app, later(121))).toBe(1);
    expect(await sendBandPosts(t.app, later(600))).toBe(0);
    expect(await sandboxPosts(second.content)).toBe(1);
    expect((await postRows(t.db, team.id)).map((r) => [r.status, r.attempts])).toEqual([
      ['posted', 2],
      ['posted', 2],
    ]);
  });

  it('unlinking the team cancels its queued posts; the sender never posts them', async () => {
    const { team, a, campaign } = await linkedTeam();
    await post(a, team.id, { kind: 'campaign_launch', campaignId: campaign.id });
    expect((await a.call({ method: 'DELETE', url: `/api/v1/orgs/${team.id}/band` })).statusCode).toBe(200);
    expect(await sendBandPosts(t.app, jobNow())).toBe(0);
    expect((await postRows(t.db, team.id))[0]).toMatchObject({ status: 'cancelled' });
    expect((await post(a, team.id, { kind: 'thank_you', campaignId: campaign.id })).json().code).toBe(
      'BAND_TEAM_NOT_LINKED',
    );
  });
});
