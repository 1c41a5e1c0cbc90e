/**
 * The real BAND adapter (providers/band/real.ts) against recorded shapes of BAND's Open API
 * (developers.band.us/develop/guide/api: "Login - Get OAuth Token", "Get User Information",
 * "Get Band List", "Check Write/Delete Permissions", "Write Post", "Get Posts", "Handle Errors"),
 * served by a local HTTP server: no network. Each request our adapter sends is recorded and
 * checked (method, path, query, form body, HTTP Basic credentials), and each of BAND's failure
 * codes becomes our outcome. Then the whole product runs on it: link through /band/auth and a post
 * through the outbox with an access token BAND calls expired (refreshed once).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBandPosts } from '../src/modules/band/jobs.js';
import { BandError } from '../src/providers/band/band.js';
import { realBandProvider } from '../src/providers/band/real.js';
import { connectState, createCampaign, jobNow, postAuth, postRows } from './band-support.js';
import { actor, createTestApp, createTree, logCapture, type TestApp } from './helpers.js';

// Recorded shapes (BAND's documented answers; values made up) ------------------------------------
const CLIENT = { id: '228534290', secret: 'dXfFK2WDKbqvq1x0_F1kT9kub2hALrRP' };
const TOKEN_ANSWER = {
  access_token: 'ZQAAAV6_P0s91qJHYoCz_QpKMUZZuC8_Tnp1r5_KbnJUeXOxx',
  token_type: 'bearer',
  refresh_token: 'ZQAAAYlkH-yP0j1KA1xkTJY7AcVHx4Jz3oN9pSHD5nYgAAAA',
  expires_in: 315359999,
  scope: 'READ_PHOTO READ_ALBUM DELETE_POST READ_POST WRITE_POST READ_BAND_AND_USERS_LIST READ_MY_PROFILE',
  user_key: 'AAA2Dk0cZ-lJiLWHZZCxLL-D',
};
const REFRESHED = {
  ...TOKEN_ANSWER,
  access_token: 'ZQAAAbNew_accessTokenAfterRefresh_x9QkLmN',
  refresh_token: undefined,
};
const PROFILE = {
  result_code: 1,
  result_data: {
    user_key: TOKEN_ANSWER.user_key,
    profile_image_url: 'http://coresos.phinf.naver.net/a/2g8b4g_e0a.jpg',
    name: 'Coach Kim',
    is_app_member: true,
    message_allowed: true,
  },
};
const BANDS = {
  result_code: 1,
  result_data: {
    bands: [
      {
        name: 'Tigers U12',
        band_key: 'AADlR9uaJ6KsPj3y',
        cover: 'http://coresos.phinf.naver.net/a/c.jpg',
        member_count: 24,
      },
      {
        name: 'Tigers parents',
        band_key: 'AAAbBbMeQkKXAlmk',
        cover: 'http://coresos.phinf.naver.net/a/d.jpg',
        member_count: 41,
      },
    ],
  },
};
/** The guide's example answers `permission` (its table says `permissions`): both are read. */
const PERMISSION_EXAMPLE = { result_code: 1, result_data: { permission: ['posting', 'commenting'] } };
const NO_POSTING = { result_code: 1, result_data: { permissions: ['commenting'] } };
const POST_CREATED = {
  result_code: 1,
  result_data: { band_key: 'AADlR9uaJ6KsPj3y', post_key: 'AABsZ7n0gNCgXdVfUDpBqX9b' },
};
const FAILURE = (code: number, message: string) => ({ result_code: code, result_data: { message } });

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
}

/** A stand-in for auth.band.us and openapi.band.us: answers from a queue per path, records every request. */
function fakeBand() {
  const seen: Recorded[] = [];
  const answers = new Map<string, { status: number; body: unknown }[]>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://band.test');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(raw)),
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      });
      const next = answers.get(url.pathname)?.shift() ?? { status: 404, body: { error: 'not_found' } };
      res.writeHead(next.status, { 'content-type': typeof next.body === 'string' ? 'text/html' : 'application/json' });
      res.end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
    });
  });
  return {
    seen,
    answer(path: string, body: unknown, status = 200) {
      answers.set(path, [...(answers.get(path) ?? []), { status, body }]);
    },
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
    last: (path: string) => [...seen].reverse().find((s) => s.path === path)!,
  };
}

const band = fakeBand();
let base = '';
const provider = () =>
  realBandProvider({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUri: 'https://console.example.org/band/authorize',
    authBase: base,
    apiBase: base,
    timeoutMs: 3000,
  });
const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

beforeAll(async () => {
  base = await band.start();
});
afterAll(async () => band.close());

describe('the requests the adapter sends', () => {
  it('authorize, token exchange and refresh: the OAuth shapes of BAND', async () => {
    const p = provider();
    const authorize = new URL(p.authorizeUrl('st4te.sig'));
    expect(authorize.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: 'https://console.example.org/band/authorize',
      state: 'st4te.sig',
    });

    band.answer('/oauth2/token', TOKEN_ANSWER);
    const t = await p.exchangeCode('authcode-123');
    const ex = band.last('/oauth2/token');
    expect(ex).toMatchObject({ method: 'GET', authorization: basic });
    expect(ex.query).toEqual({ grant_type: 'authorization_code', code: 'authcode-123' });
    expect(t).toMatchObject({
      accessToken: TOKEN_ANSWER.access_token,
      refreshToken: TOKEN_ANSWER.refresh_token,
      userKey: TOKEN_ANSWER.user_key,
    });
    expect(t.expiresAt.getTime()).toBeGreaterThan(Date.now() + 300_000_000_000);

    band.answer('/oauth2/token', REFRESHED);
    const r = await p.refresh(TOKEN_ANSWER.refresh_token);
    const rf = band.last('/oauth2/token');
    expect(rf).toMatchObject({ method: 'GET', authorization: basic });
    expect(rf.query).toEqual({ grant_type: 'refresh_token', refresh_token: TOKEN_ANSWER.refresh_token });
    expect(r).toMatchObject({ accessToken: REFRESHED.access_token, refreshToken: null });

    band.answer('/oauth2/token', { error: 'invalid_grant', error_description: 'expired code' }, 400);
    await expect(p.exchangeCode('used-code')).rejects.toMatchObject({ kind: 'invalid_grant' });
  });

  it('profile, bands, permission, posts: paths, parameters and the form body of a post', async () => {
    const p = provider();
    const token = TOKEN_ANSWER.access_token;
    band.answer('/v2/profile', PROFILE);
    expect(await p.profile(token)).toEqual({ userKey: TOKEN_ANSWER.user_key, name: 'Coach Kim' });
    expect(band.last('/v2/profile')).toMatchObject({ method: 'GET', query: { access_token: token } });

    band.answer('/v2.1/bands', BANDS);
    expect(await p.bands(token)).toEqual([
      { bandKey: 'AADlR9uaJ6KsPj3y', name: 'Tigers U12', memberCount: 24 },
      { bandKey: 'AAAbBbMeQkKXAlmk', name: 'Tigers parents', memberCount: 41 },
    ]);
    expect(band.last('/v2.1/bands').query).toEqual({ access_token: token });

    band.answer('/v2/band/permissions', PERMISSION_EXAMPLE);
    band.answer('/v2/band/permissions', NO_POSTING);
    expect(await p.canPost(token, 'AADlR9uaJ6KsPj3y')).toBe(true);
    expect(await p.canPost(token, 'AAAbBbMeQkKXAlmk')).toBe(false);
    expect(band.last('/v2/band/permissions').query).toEqual({
      access_token: token,
      band_key: 'AAAbBbMeQkKXAlmk',
      permissions: 'posting',
    });

    band.answer('/v2.2/band/post/create', POST_CREATED);
    const content = 'Spring Drive is live!\n\nhttps://console.example.org/campaigns/spring-drive';
    expect(await p.createPost(token, 'AADlR9uaJ6KsPj3y', content, true)).toEqual({
      postKey: POST_CREATED.result_data.post_key,
    });
    const created = band.last('/v2.2/band/post/create');
    expect(created.method).toBe('POST');
    expect(created.contentType).toBe('application/x-www-form-urlencoded');
    expect(created.query).toEqual({});
    expect(created.form).toEqual({ access_token: token, band_key: 'AADlR9uaJ6KsPj3y', content, do_push: 'true' });

    band.answer('/v2/band/posts', {
      result_code: 1,
      result_data: {
        paging: { previous_params: null, next_params: null },
        items: [{ post_key: 'P1', content: 'a &amp; b', band_key: 'B' }],
      },
    });
    expect(await p.recentPosts(token, 'B')).toEqual([{ postKey: 'P1', content: 'a &amp; b' }]);
    expect(band.last('/v2/band/posts').query).toEqual({ access_token: token, band_key: 'B', locale: 'en_US' });
  });

  it("BAND's result codes become our outcomes", async () => {
    const p = provider();
    const cases: [number, string][] = [
      [1001, 'quota'],
      [1002, 'quota'],
      [1003, 'cooldown'],
      [10401, 'token_expired'],
      [10403, 'not_member'],
      [60102, 'not_member'],
      [60103, 'not_connected'],
      [60104, 'already_connected'],
      [3001, 'invalid_request'],
      [2300, 'unavailable'],
    ];
    const got: string[] = [];
    for (const [code] of cases) {
      band.answer('/v2.2/band/post/create', FAILURE(code, 'failure'), code === 10401 ? 401 : 200);
      const err = await p.createPost('tok', 'band', 'x', false).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BandError);
      got.push((err as BandError).kind);
    }
    expect(got).toEqual(cases.map(([, kind]) => kind));
    band.answer('/v2/profile', '<html>502 Bad Gateway</html>', 502);
    await expect(p.profile('tok')).rejects.toMatchObject({ kind: 'unavailable' });
    const down = realBandProvider({
      clientId: 'a',
      clientSecret: 'bbbbbbbb',
      redirectUri: 'x',
      authBase: 'http://127.0.0.1:1',
      apiBase: 'http://127.0.0.1:1',
    });
    await expect(down.bands('tok')).rejects.toMatchObject({ kind: 'unavailable' });
    console.log(
      `[band] real adapter: ${band.seen.length} requests checked against recorded shapes; ${cases.length + 2} failure answers mapped`,
    );
  });
});

describe('the product on the real adapter', () => {
  let t: TestApp;
  const { lines, stream } = logCapture();
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'json', BAND_COOLDOWN_SECONDS: '0' },
      { band: provider(), logStream: stream },
    );
  });
  afterAll(async () => t.close());

  it('links through /band/auth and posts through the outbox, refreshing an expired token once', async () => {
    const tree = await createTree(t.db);
    const a = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const { url, state } = await connectState(a.call, tree.team.id);
    expect(url.startsWith(`${base}/oauth2/authorize?`)).toBe(true);

    band.answer('/oauth2/token', TOKEN_ANSWER);
    band.answer('/v2/profile', PROFILE);
    expect(await postAuth(t, 'code-from-band', state)).toBe('success');
    expect(band.last('/oauth2/token').query.code).toBe('code-from-band');

    band.answer('/v2.1/bands', BANDS);
    band.answer('/v2/band/permissions', PERMISSION_EXAMPLE);
    band.answer('/v2/band/permissions', NO_POSTING);
    const put = await a.call({
      method: 'PUT',
      url: `/api/v1/orgs/${tree.team.id}/band`,
      payload: { bandKey: 'AADlR9uaJ6KsPj3y' },
    });
    expect(put.statusCode).toBe(200);

    const campaign = await createCampaign(t.db, tree.team.id);
    const queued = await a.call({
      method: 'POST',
      url: `/api/v1/orgs/${tree.team.id}/band/posts`,
      payload: { kind: 'campaign_launch', campaignId: campaign.id, doPush: true },
    });
    expect(queued.statusCode).toBe(201);
    const before = band.seen.length;
    band.answer('/v2.2/band/post/create', FAILURE(10401, 'Unauthorized'), 401);
    band.answer('/oauth2/token', REFRESHED);
    band.answer('/v2.2/band/post/create', POST_CREATED);
    expect(await sendBandPosts(t.app, jobNow())).toBe(1);
    const calls = band.seen.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/v2.2/band/post/create', '/oauth2/token', '/v2.2/band/post/create']);
    expect(calls[1]!.query).toEqual({ grant_type: 'refresh_token', refresh_token: TOKEN_ANSWER.refresh_token });
    expect(calls[0]!.form.access_token).toBe(TOKEN_ANSWER.access_token);
    expect(calls[2]!.form).toMatchObject({
      access_token: REFRESHED.access_token,
      band_key: 'AADlR9uaJ6KsPj3y',
      do_push: 'true',
    });
    expect(calls[2]!.form.content).toBe(queued.json().data.content);
    const [row] = await postRows(t.db, tree.team.id);
    expect(row).toMatchObject({ status: 'posted', band_post_key: POST_CREATED.result_data.post_key });

    // Stored sealed (the refresh kept the refresh token BAND did not replace); never logged.
    const dump = JSON.stringify(await rows(t.db, sql`select * from band_accounts`));
    for (const secret of [TOKEN_ANSWER.access_token, TOKEN_ANSWER.refresh_token, REFRESHED.access_token])
      expect(dump).not.toContain(secret);
    await t.app.background.idle();
    const log = lines.join('\n');
    for (const secret of [
      TOKEN_ANSWER.access_token,
      TOKEN_ANSWER.refresh_token,
      REFRESHED.access_token,
      CLIENT.secret,
      'code-from-band',
    ])
      expect(log).not.toContain(secret);
  });
});
