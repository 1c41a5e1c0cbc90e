/**
 * The BAND sandbox (DECISIONS §6, decision 021): the default when no BAND client is configured.
 * It behaves like BAND where our code can tell: single-use authorization codes that expire
 * (`band_sandbox_codes`, hashed), short-lived access tokens refreshed with a refresh token, a
 * deterministic band list per BAND user (two where they may post, one where they may not), a
 * posting cooldown per user, BAND's failure codes, and the posts it "published"
 * (`band_sandbox_posts`, read by the console and the tests). Its state is in the database, so every
 * instance on one database is the same sandbox. Tokens are signed with a key derived from the
 * server secret, so any instance accepts another's.
 *
 * Tests switch failures on with `failNext(op, kind)` and read `calls` (how often each operation
 * ran on this instance).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Db, firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../lib/crypto.js';
import { signer } from '../../lib/sealed.js';
import { BandError, type BandErrorKind, type BandInfo, type BandProvider, type BandTokens } from './band.js';

export type SandboxOp = 'exchangeCode' | 'refresh' | 'profile' | 'bands' | 'canPost' | 'createPost' | 'recentPosts';

export interface SandboxOptions {
  tokenSeconds: number;
  cooldownSeconds: number;
  codeSeconds?: number;
}

export interface SandboxBandProvider extends BandProvider {
  readonly kind: 'sandbox';
  /** The consent page's Allow: a single-use code for that sandbox BAND account. */
  issueCode(account: string): Promise<string>;
  /** The sandbox BAND user key of an account name (the consent page's field). */
  userKeyOf(account: string): string;
  /** The next `times` calls of `op` fail with `kind` (BAND's code for it). */
  failNext(op: SandboxOp, kind: BandErrorKind, times?: number): void;
  /** The next post is published but its answer is lost (BAND posted; we cannot know). */
  loseNextAnswer(): void;
  /** Calls per operation on this instance since it started (tests). */
  readonly calls: Record<SandboxOp, number>;
  reset(): void;
}

/** BAND's code for each outcome (developers.band.us "Handle Errors"). */
const CODE_OF: Partial<Record<BandErrorKind, number>> = {
  quota: 1002,
  cooldown: 1003,
  token_expired: 10401,
  not_member: 60102,
  not_connected: 60103,
  already_connected: 60104,
  invalid_request: 3000,
};

interface AccessClaims {
  t: 'a' | 'r';
  u: string;
  nm: string;
}

/** The sandbox's bands of every user: the last is one where they may read but not post. */
const BAND_NAMES = ['Team chat', 'Parents & families', 'Club announcements (read only)'] as const;

export function sandboxBandProvider(db: Db, jwtKey: Uint8Array, o: SandboxOptions): SandboxBandProvider {
  const tokens = signer<AccessClaims>(jwtKey, 'band-sandbox-tokens');
  const faults: { op: SandboxOp; kind: BandErrorKind; left: number }[] = [];
  const calls = {} as Record<SandboxOp, number>;
  let loseAnswer = false;
  const reset = () => {
    faults.length = 0;
    loseAnswer = false;
    for (const op of ['exchangeCode', 'refresh', 'profile', 'bands', 'canPost', 'createPost', 'recentPosts'] as const)
      calls[op] = 0;
  };
  reset();

  const enter = (op: SandboxOp) => {
    calls[op] += 1;
    const f = faults.find((x) => x.op === op && x.left > 0);
    if (f) {
      f.left -= 1;
      throw new BandError(f.kind, CODE_OF[f.kind] ?? null);
    }
  };
  const claims = (accessToken: string): AccessClaims => {
    const c = tokens.verify(accessToken);
    if (c?.t !== 'a') throw new BandError('token_expired', 10401);
    return c;
  };
  const issue = (u: string, nm: string): BandTokens => ({
    accessToken: tokens.sign({ t: 'a', u, nm }, o.tokenSeconds),
    refreshToken: tokens.sign({ t: 'r', u, nm }, 365 * 86400),
    expiresAt: new Date(Date.now() + o.tokenSeconds * 1000),
    userKey: u,
  });
  const userKeyOf = (account: string) =>
    `sbxu${createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
  const bandsOf = (userKey: string): (BandInfo & { canPost: boolean })[] => {
    const h = createHash('sha256').update(userKey).digest();
    return BAND_NAMES.map((name, i) => ({
      bandKey: `sbxb${h.subarray(i * 4, i * 4 + 6).toString('hex')}${i}`,
      name: `${name} · ${userKey.slice(4, 8)}`,
      memberCount: 8 + (h[20 + i]! % 30),
      canPost: i < 2,
    }));
  };

  return {
    kind: 'sandbox',
    calls,
    reset,
    userKeyOf,
    loseNextAnswer() {
      loseAnswer = true;
    },
    failNext(op, kind, times = 1) {
      faults.push({ op, kind, left: times });
    },
    authorizeUrl(state) {
      const q = new URLSearchParams({ client_id: 'sandbox', redirect_uri: '/band/authorize', state });
      return `/api/v1/band/sandbox/authorize?${q}`;
    },
    async issueCode(account) {
      const code = randomBytes(24).toString('base64url');
      await db.execute(sql`insert into band_sandbox_codes (code_hash, band_user_key, name, expires_at)
        values (${sha256(code)}, ${userKeyOf(account)}, ${account.trim().slice(0, 120)},
          now() + make_interval(secs => ${o.codeSeconds ?? 300}))`);
      return code;
    },
    async exchangeCode(code) {
      enter('exchangeCode');
      // Single use: the first exchange marks it used; a second (or an expired code) is refused.
      const row = await firstRow<{ band_user_key: string; name: string }>(
        db,
        sql`update band_sandbox_codes set used_at = now()
          where code_hash = ${sha256(code)} and used_at is null and expires_at > now()
          returning band_user_key, name`,
      );
      if (!row) throw new BandError('invalid_grant');
      return issue(row.band_user_key, row.name);
    },
    async refresh(refreshToken) {
      enter('refresh');
      const c = tokens.verify(refreshToken);
      if (c?.t !== 'r') throw new BandError('invalid_grant');
      return issue(c.u, c.nm);
    },
    async profile(accessToken) {
      enter('profile');
      const c = claims(accessToken);
      return { userKey: c.u, name: c.nm };
    },
    async bands(accessToken) {
      enter('bands');
      return bandsOf(claims(accessToken).u).map(({ canPost: _, ...b }) => b);
    },
    async canPost(accessToken, bandKey) {
      enter('canPost');
      const band = bandsOf(claims(accessToken).u).find((b) => b.bandKey === bandKey);
      if (!band) throw new BandError('not_member', 60102);
      return band.canPost;
    },
    async createPost(accessToken, bandKey, content, doPush) {
      enter('createPost');
      const c = claims(accessToken);
      const band = bandsOf(c.u).find((b) => b.bandKey === bandKey);
      if (!band) throw new BandError('not_member', 60102);
      if (!band.canPost) throw new BandError('not_member', 10403);
      if (o.cooldownSeconds > 0) {
        const recent = await firstRow<{ n: number }>(
          db,
          sql`select count(*)::int as n from band_sandbox_posts
            where band_user_key = ${c.u} and created_at > now() - make_interval(secs => ${o.cooldownSeconds})`,
        );
        if ((recent?.n ?? 0) > 0) throw new BandError('cooldown', 1003);
      }
      const postKey = `sbxp${randomBytes(9).toString('base64url')}`;
      await db.execute(sql`insert into band_sandbox_posts (band_key, post_key, band_user_key, content, do_push)
        values (${bandKey}, ${postKey}, ${c.u}, ${content}, ${doPush})`);
      if (loseAnswer) {
        loseAnswer = false;
        throw new BandError('unavailable');
      }
      return { postKey };
    },
    async recentPosts(accessToken, bandKey) {
      enter('recentPosts');
      claims(accessToken);
      const list = await rows<{ post_key: string; content: string }>(
        db,
        sql`select post_key, content from band_sandbox_posts where band_key = ${bandKey}
          order by created_at desc, id desc limit 20`,
      );
      return list.map((r) => ({ postKey: r.post_key, content: r.content }));
    },
  };
}

export const isBandSandbox = (p: BandProvider): p is SandboxBandProvider => p.kind === 'sandbox';
