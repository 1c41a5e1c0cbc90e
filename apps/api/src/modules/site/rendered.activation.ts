/**
 * The affiliate activation page `/affiliate/activate/{token}` (issue 16), rendered on the server
 * (decision 017): the invitation read with the same service and the same per-network allowance
 * as `GET /api/v1/affiliate/activation/{token}` (so the page is no new way to try tokens), then
 * the greeting, the program's terms and the form island (which posts to
 * `POST /api/v1/affiliate/activation`). An expired link answers 410, a used, replaced or unknown
 * one 404, each with a page that says to ask for a new invitation; past the allowance, 429.
 *
 * Secrets: the token is in the path and the island's props. The page is `private, no-store`,
 * `no-referrer`, never indexed, and the request log writes URLs through lib/redact.ts, whose
 * token-shaped path segment rule drops it.
 */
import type { ActivateState } from '@fc/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { activationView, consumeActivationViewAllowance } from '../affiliates/activation.service.js';
import { FAMILY_CACHE } from './rendered.family.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { rememberLanguage, requestLanguage, requestTheme } from './site.request.js';
import { baseUrl } from './site.service.js';

const PAGE = { config: { policy: 'public' as const }, schema: { hide: true } };
/** contracts affiliateActivateBodySchema: a token of 20 to 200 characters. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function registerActivationPage(app: FastifyInstance, siteDist: string) {
  const site = siteFor(siteDist);

  async function state(req: FastifyRequest, reply: FastifyReply, token: string): Promise<[number, ActivateState]> {
    if (!TOKEN.test(token)) return [404, { kind: 'invalid' }];
    try {
      await consumeActivationViewAllowance(app, req.ip);
      return [200, { kind: 'ok', token, data: await activationView(app, token) }];
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 410) return [410, { kind: 'expired' }];
      if (err.status === 404) return [404, { kind: 'invalid' }];
      if (err.status !== 429) throw err;
      for (const [k, v] of Object.entries(err.headers ?? {})) reply.header(k, v);
      return [429, { kind: 'throttled' }];
    }
  }

  app.get('/affiliate/activate/:token', PAGE, async (req, reply) => {
    const { token = '' } = req.params as { token?: string };
    const [status, s] = await state(req, reply, token);
    const html = site.affiliateActivation(
      { lang: requestLanguage(req), theme: requestTheme(req), baseUrl: baseUrl(app) },
      `/affiliate/activate/${encodeURIComponent(token)}`,
      s,
    );
    rememberLanguage(req, reply);
    reply.header('referrer-policy', 'no-referrer');
    return sendHtml(req, reply, html, status, { cacheControl: FAMILY_CACHE, vary: 'Accept-Language, Cookie' });
  });
}
