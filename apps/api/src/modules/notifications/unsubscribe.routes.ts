/**
 * The one-click unsubscribe address of every optional e-mail (issue 18, decision 023), no sign-in:
 * - `GET /unsubscribe?t=…`: a small page (English or Spanish) naming the e-mails it stops, with a
 *   button; opening it changes nothing (mail scanners open links);
 * - `POST /unsubscribe?t=…`: turns the topic off for the user the token names, from that button
 *   or from a mail client's one-click request (RFC 8058: a form body `List-Unsubscribe=One-Click`).
 * The token (lib/notifications.ts) is signed for this purpose only and names one user and one
 * topic; a malformed, tampered or foreign token gets a 400 page and changes nothing. Tokens never
 * reach the logs: the request log writes URLs through lib/redact.ts, which drops the `t` value.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asLang, type EmailLang, verifyUnsubscribe } from '../../lib/notifications.js';
import { setTopic } from './preferences.service.js';
import { unsubscribePage } from './unsubscribe.page.js';

const querystring = z.object({
  t: z.string().max(4000).optional(),
  lang: z.enum(['en', 'es']).optional(),
});
const PAGE = { policy: 'public' as const };

/** The page's language: `?lang=`, else the user's e-mail language, else the browser's. */
function pageLang(req: FastifyRequest, query: { lang?: EmailLang }, userLang?: string | null): EmailLang {
  if (query.lang) return query.lang;
  if (userLang) return asLang(userLang);
  return /^es\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'es' : 'en';
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(html);

async function resolve(app: FastifyInstance, token: string | undefined) {
  const claim = token ? verifyUnsubscribe(app.jwtKey, token) : null;
  if (!claim) return null;
  const user = await firstRow<{ email: string; lang: string }>(
    app.db,
    sql`select email, coalesce(email_language, language) as lang from users where id = ${claim.userId} and deleted_at is null`,
  );
  return user ? { ...claim, ...user } : null;
}

const mask = (email: string) => email.replace(/^([^@])[^@]*@/, '$1***@');

const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The confirmation form and a mail client's one-click request send a form body (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_r, b, done) =>
    done(null, b),
  );

  app.get('/unsubscribe', { config: PAGE, schema: { hide: true, querystring } }, async (req, reply) => {
    const found = await resolve(app, req.query.t);
    const lang = pageLang(req, req.query, found?.lang);
    if (!found) return send(reply, 400, unsubscribePage(lang, { kind: 'invalid' }));
    return send(
      reply,
      200,
      unsubscribePage(lang, {
        kind: 'confirm',
        topic: found.topic,
        email: mask(found.email),
        action: `/unsubscribe?t=${encodeURIComponent(req.query.t ?? '')}&lang=${lang}`,
      }),
    );
  });

  app.post('/unsubscribe', { config: PAGE, schema: { hide: true, querystring } }, async (req, reply) => {
    const found = await resolve(app, req.query.t);
    const lang = pageLang(req, req.query, found?.lang);
    if (!found) return send(reply, 400, unsubscribePage(lang, { kind: 'invalid' }));
    await setTopic(app.db, found.userId, found.topic, false);
    app.log.info({ userId: found.userId, topic: found.topic }, 'unsubscribed by link');
    return send(reply, 200, unsubscribePage(lang, { kind: 'done', topic: found.topic, email: mask(found.email) }));
  });
};

export default unsubscribeRoutes;
