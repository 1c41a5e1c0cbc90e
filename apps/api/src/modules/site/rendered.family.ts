/**
 * The family pages, rendered on the server (decision 017, issue 14): invitations
 * (`/onboarding/campaign/accept-invite[/{cfid}]`, `/onboarding/player[/{cfid}]`, `?token=`) and
 * player registration (`/register/{organization}/player[/{fundraiser}]`). GET and HEAD whatever
 * the Accept header; the data comes from the same services as the JSON endpoints, so "valid" and
 * 404 mean the same on the page and in the API.
 *
 * Status:
 * - An invitation is checked on the server: the look-up is one indexed read (the token's hash on
 *   its campaign_fundraisers row) and counts against the same per-network allowance as
 *   `GET /api/v1/onboarding/campaign/invite/{cfid}`, so the page is no new way to try tokens. A
 *   link without a cfid or a well-formed token, and a token that is used, expired or replaced,
 *   answer 404 with the SPA's own message for each case (not the generic not-found page: the
 *   family needs to know what to do); past the allowance, 429 with retry-after.
 * - Registration: an unknown or inactive organization, and a `{fundraiser}` that is no player's
 *   id, answer 404 with the SPA's message. Whether that player is the signed-in parent's is
 *   decided in the browser (the session is in localStorage), as before.
 *
 * Secrets: invitation tokens ride in the query string and the island's props. These pages are
 * `private, no-store` (never in a shared cache, never revalidated from one), `no-referrer` (the
 * address never leaves in a Referer), never indexed, and the request log writes URLs through
 * lib/redact.ts, which drops `token=` values.
 */
import { players } from '@fc/db';
import type { InviteState, RegisterState } from '@fc/site';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { inviteInfo } from '../public/invitations.service.js';
import { registrationInfo } from '../public/registration.service.js';
import { consumePublicAllowance } from '../public/throttle.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme, SITE_PAGE } from './site.request.js';
import { baseUrl } from './site.service.js';

export const FAMILY_CACHE = 'private, no-store';
const PAGE = SITE_PAGE;
const INVITE_PATHS = ['/onboarding/campaign/accept-invite', '/onboarding/player'] as const;
/** contracts inviteTokenQuerySchema: 16 to 128 characters. */
const TOKEN = /^.{16,128}$/s;
const DB_ID = /^[1-9]\d{0,9}$/;
const isDbId = (s: string) => DB_ID.test(s) && Number(s) <= 2_147_483_647;

const status = (err: unknown) => (err instanceof AppError ? err.status : null);

export function registerFamilyPages(app: FastifyInstance, siteDist: string) {
  const site = siteFor(siteDist);
  const request = (req: FastifyRequest) => ({
    lang: requestLanguage(req),
    theme: requestTheme(req),
    baseUrl: baseUrl(app),
    referral: requestReferral(req),
  });
  const send = (req: FastifyRequest, reply: FastifyReply, html: string, code: number) => {
    rememberLanguage(req, reply);
    reply.header('referrer-policy', 'no-referrer');
    return sendHtml(req, reply, html, code, { cacheControl: FAMILY_CACHE, vary: 'Accept-Language, Cookie' });
  };

  async function invitation(req: FastifyRequest, res: FastifyReply): Promise<{ code: number; state: InviteState }> {
    const { cfid = '' } = req.params as { cfid?: string };
    const token = (req.query as { token?: unknown }).token;
    if (!isDbId(cfid) || typeof token !== 'string' || !TOKEN.test(token))
      return { code: 404, state: { kind: 'missing' } };
    try {
      await consumePublicAllowance(app.db, 'inviteLookup', req.ip);
      const info = await inviteInfo(app, Number(cfid), token);
      return { code: 200, state: { kind: 'ok', info, token } };
    } catch (err) {
      if (status(err) === 404) return { code: 404, state: { kind: 'invalid' } };
      if (status(err) !== 429) throw err;
      for (const [k, v] of Object.entries((err as AppError).headers ?? {})) res.header(k, v);
      return { code: 429, state: { kind: 'throttled' } };
    }
  }

  for (const base of INVITE_PATHS) {
    const handler = async (req: FastifyRequest, res: FastifyReply) => {
      const { cfid } = req.params as { cfid?: string };
      const path = cfid === undefined ? base : `${base}/${encodeURIComponent(cfid)}`;
      const { code, state } = await invitation(req, res);
      return send(req, res, site.invite(request(req), path, state), code);
    };
    app.get(base, PAGE, handler);
    app.get(`${base}/:cfid`, PAGE, handler);
  }

  const register = async (req: FastifyRequest, res: FastifyReply) => {
    const { organization = '', fundraiser } = req.params as { organization?: string; fundraiser?: string };
    const path = `/register/${encodeURIComponent(organization)}/player${
      fundraiser === undefined ? '' : `/${encodeURIComponent(fundraiser)}`
    }`;
    const ctx = request(req);
    const notFound = () => send(req, res, site.register(ctx, path, { kind: 'notFound' }), 404);
    if (fundraiser !== undefined) {
      if (!isDbId(fundraiser)) return notFound();
      const [p] = await app.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.id, Number(fundraiser)));
      if (!p) return notFound();
    }
    let state: RegisterState;
    try {
      // As a visitor: a signed-in parent's players are read by the island with its token.
      const info = await registrationInfo(app, organization, null);
      state = {
        kind: 'ok',
        data: {
          organization: info.organization,
          divisions: info.divisions,
          preselect: fundraiser ?? null,
          path,
        },
      };
    } catch (err) {
      if (status(err) === 404) return notFound();
      throw err;
    }
    return send(req, res, site.register(ctx, path, state), 200);
  };
  app.get('/register/:organization/player', PAGE, register);
  app.get('/register/:organization/player/:fundraiser', PAGE, register);
}
