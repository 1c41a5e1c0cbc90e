/**
 * BAND's Open API (developers.band.us/develop/guide/api), called with fetch:
 * - authorize: the user's browser goes to `https://auth.band.us/oauth2/authorize?response_type=code
 *   &client_id&redirect_uri&state`; BAND sends it back to our `/band/authorize?code=…`;
 * - token: `GET https://auth.band.us/oauth2/token?grant_type=authorization_code&code=…` (or
 *   `grant_type=refresh_token&refresh_token=…`) with HTTP Basic `client_id:client_secret`; answers
 *   `{ access_token, refresh_token, expires_in, user_key, token_type, scope }`;
 * - `GET openapi.band.us/v2/profile`, `GET /v2.1/bands`, `GET /v2/band/permissions?permissions=posting`,
 *   `GET /v2/band/posts`, `POST /v2.2/band/post/create` (form: band_key, content, do_push), each
 *   with the user's `access_token`; every answer is `{ result_code, result_data }`, 1 = success,
 *   anything else mapped by `kindOfResultCode`.
 * The recorded shapes these rely on are the fixtures of apps/api/test/band-real.test.ts.
 * Nothing here logs: a token or code never leaves this file except to BAND.
 */
import {
  BandError,
  type BandInfo,
  type BandProfile,
  type BandProvider,
  type BandTokens,
  kindOfResultCode,
} from './band.js';

export interface RealBandOptions {
  clientId: string;
  clientSecret: string;
  /** Our `/band/authorize` page's full address (registered with BAND). */
  redirectUri: string;
  authBase?: string;
  apiBase?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const BAND_AUTH_BASE = 'https://auth.band.us';
export const BAND_API_BASE = 'https://openapi.band.us';

type Json = Record<string, unknown>;

export function realBandProvider(o: RealBandOptions): BandProvider {
  const authBase = o.authBase ?? BAND_AUTH_BASE;
  const apiBase = o.apiBase ?? BAND_API_BASE;
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 15_000;
  const basic = `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`;

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: Json | null }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new BandError('unavailable');
    }
    const text = await res.text().catch(() => '');
    try {
      const body = JSON.parse(text) as unknown;
      return { status: res.status, body: body && typeof body === 'object' ? (body as Json) : null };
    } catch {
      return { status: res.status, body: null };
    }
  }

  async function token(params: Record<string, string>): Promise<BandTokens> {
    const { status, body } = await call(`${authBase}/oauth2/token?${new URLSearchParams(params)}`, {
      method: 'GET',
      headers: { authorization: basic, accept: 'application/json' },
    });
    if (body && typeof body.access_token === 'string' && status < 400) {
      const expiresIn = Number(body.expires_in);
      return {
        accessToken: body.access_token,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        // BAND's tokens live long (about ten years); without an expiry, assume an hour.
        expiresAt: new Date(Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000),
        userKey: typeof body.user_key === 'string' ? body.user_key : null,
      };
    }
    if (body && typeof body.result_code === 'number' && body.result_code !== 1)
      throw new BandError(kindOfResultCode(body.result_code), body.result_code);
    if (status >= 500 || status === 0) throw new BandError('unavailable');
    // An OAuth error answer ({ error: 'invalid_grant' | 'invalid_request' … }) or a 4xx: refused.
    throw new BandError('invalid_grant');
  }

  async function api(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<Json> {
    const url = `${apiBase}${path}`;
    const form = new URLSearchParams(params);
    const { status, body } =
      method === 'GET'
        ? await call(`${url}?${form}`, { method, headers: { accept: 'application/json' } })
        : await call(url, {
            method,
            headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
          });
    if (!body || typeof body.result_code !== 'number')
      throw new BandError(status === 401 ? 'token_expired' : 'unavailable');
    if (body.result_code !== 1) throw new BandError(kindOfResultCode(body.result_code), body.result_code);
    return (body.result_data as Json | undefined) ?? {};
  }

  return {
    kind: 'real',
    authorizeUrl(state) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: o.clientId,
        redirect_uri: o.redirectUri,
        state,
      });
      return `${authBase}/oauth2/authorize?${q}`;
    },
    exchangeCode: (code) => token({ grant_type: 'authorization_code', code }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async profile(accessToken): Promise<BandProfile> {
      const d = await api('GET', '/v2/profile', { access_token: accessToken });
      if (typeof d.user_key !== 'string') throw new BandError('unavailable');
      return { userKey: d.user_key, name: typeof d.name === 'string' ? d.name : '' };
    },
    async bands(accessToken): Promise<BandInfo[]> {
      const d = await api('GET', '/v2.1/bands', { access_token: accessToken });
      const list = Array.isArray(d.bands) ? (d.bands as Json[]) : [];
      return list
        .filter((b) => typeof b.band_key === 'string')
        .map((b) => ({
          bandKey: b.band_key as string,
          name: typeof b.name === 'string' ? b.name : '',
          memberCount: Number(b.member_count) || 0,
        }));
    },
    async canPost(accessToken, bandKey) {
      const d = await api('GET', '/v2/band/permissions', {
        access_token: accessToken,
        band_key: bandKey,
        permissions: 'posting',
      });
      // The guide's table names the list `permissions`; its example answers `permission`.
      const list = (
        Array.isArray(d.permissions) ? d.permissions : Array.isArray(d.permission) ? d.permission : []
      ) as unknown[];
      return list.includes('posting');
    },
    async createPost(accessToken, bandKey, content, doPush) {
      const d = await api('POST', '/v2.2/band/post/create', {
        access_token: accessToken,
        band_key: bandKey,
        content,
        do_push: String(doPush),
      });
      if (typeof d.post_key !== 'string') throw new BandError('unavailable');
      return { postKey: d.post_key };
    },
    async recentPosts(accessToken, bandKey) {
      const d = await api('GET', '/v2/band/posts', { access_token: accessToken, band_key: bandKey, locale: 'en_US' });
      const items = Array.isArray(d.items) ? (d.items as Json[]) : [];
      return items
        .filter((p) => typeof p.post_key === 'string')
        .map((p) => ({ postKey: p.post_key as string, content: typeof p.content === 'string' ? p.content : '' }));
    },
  };
}
