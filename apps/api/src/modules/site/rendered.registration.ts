/**
 * Team registration pages (issue 15), rendered on the server (decision 017): `/onboarding/team`
 * and `/pages/register-multi-steps` (a new team) and `/onboarding/team/{teamId}` (an existing
 * team's new season; the API fills its known details in when the draft starts with `teamId`).
 * GET and HEAD whatever the Accept header. The page is the same for everyone: the draft is the
 * island's, read with its token or the stored session after hydration.
 *
 * Secrets: the e-mailed resume link carries `?token=`; the page never writes it (the island reads
 * it from the address, keeps it in sessionStorage and takes it out of the address), the page is
 * `private, no-store` and `no-referrer`, never indexed, and the request log drops `token=` values
 * (lib/redact.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FAMILY_CACHE } from './rendered.family.js';
import { sendHtml } from './shell.js';
import { siteFor } from './site.instance.js';
import { rememberLanguage, requestLanguage, requestReferral, requestTheme, SITE_PAGE } from './site.request.js';
import { baseUrl } from './site.service.js';

const PAGE = SITE_PAGE;
export const REGISTRATION_PATHS = ['/onboarding/team', '/pages/register-multi-steps'] as const;
const DB_ID = /^[1-9]\d{0,9}$/;

export function registerRegistrationPages(app: FastifyInstance, siteDist: string) {
  const site = siteFor(siteDist);
  const render = (req: FastifyRequest, reply: FastifyReply, path: string, teamId: number | null) => {
    const token = (req.query as { token?: unknown }).token;
    const html = site.teamRegistration(
      { lang: requestLanguage(req), theme: requestTheme(req), baseUrl: baseUrl(app), referral: requestReferral(req) },
      path,
      { teamId, resume: typeof token === 'string' && token.length > 0 },
    );
    rememberLanguage(req, reply);
    reply.header('referrer-policy', 'no-referrer');
    return sendHtml(req, reply, html, 200, { cacheControl: FAMILY_CACHE, vary: 'Accept-Language, Cookie' });
  };
  for (const path of REGISTRATION_PATHS) app.get(path, PAGE, (req, reply) => render(req, reply, path, null));
  app.get('/onboarding/team/:teamId', PAGE, async (req, reply) => {
    const { teamId = '' } = req.params as { teamId?: string };
    // Not a team's id: the site's own not-found answer for the address.
    if (!DB_ID.test(teamId) || Number(teamId) > 2_147_483_647) return reply.callNotFound();
    return render(req, reply, `/onboarding/team/${teamId}`, Number(teamId));
  });
}
