/**
 * The BAND sandbox's consent page (decision 021 "Sandbox"): what BAND's authorize popup is when no
 * BAND client is configured. `GET /band/sandbox/authorize?client_id&redirect_uri&state` shows a
 * small page (English or Spanish by Accept-Language) asking to allow FUNDRAISER CONSOLE to post to
 * the user's bands, with the sandbox BAND account's name (two people naming the same account share
 * it, which is how "linked to another user" is tried). Allow issues a single-use code and goes to
 * `/band/authorize?code&state`; Deny goes to `/band/authorize?error=access_denied&state`, as BAND
 * does. Only our own `/band/authorize` is accepted as the redirect (no open redirect). With the real
 * provider these addresses do not exist (404).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import { isBandSandbox } from '../../providers/band/index.js';
import { userOfState } from './link.service.js';

const REDIRECT = '/band/authorize';
const PUBLIC = { policy: 'public' } as const;
const tags = ['band'];

const queryShape = z.object({
  client_id: z.string().max(100).optional(),
  redirect_uri: z.string().max(300),
  state: z.string().min(1).max(1024),
});
const decisionShape = z.object({
  state: z.string().min(1).max(1024),
  account: z.string().trim().max(120).optional(),
  decision: z.enum(['allow', 'deny']),
});

const COPY = {
  en: {
    lang: 'en',
    title: 'Sandbox BAND',
    ask: 'Allow FUNDRAISER CONSOLE to post to your bands?',
    note: 'This is the BAND sandbox: nothing is sent to BAND. Posts are recorded and shown in the console.',
    account: 'Sandbox BAND account',
    allow: 'Allow',
    deny: 'Deny',
    expired: 'This link has expired. Close this window and start again from the console.',
  },
  es: {
    lang: 'es',
    title: 'BAND de prueba',
    ask: '¿Permitir que FUNDRAISER CONSOLE publique en tus bands?',
    note: 'Este es el BAND de prueba: nada se envía a BAND. Las publicaciones se registran y se ven en la consola.',
    account: 'Cuenta de BAND de prueba',
    allow: 'Permitir',
    deny: 'Denegar',
    expired: 'Este enlace caducó. Cierra esta ventana y vuelve a empezar desde la consola.',
  },
} as const;

/** Spanish when the browser's first choice is Spanish. */
export const copyFor = (acceptLanguage: string | undefined) =>
  /^\s*es\b/i.test(acceptLanguage ?? '') ? COPY.es : COPY.en;

const page = (c: (typeof COPY)[keyof typeof COPY], body: string) => `<!doctype html>
<html lang="${c.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(c.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px;background:#f4f5fa;color:#2f2b3d}
@media (prefers-color-scheme: dark){body{background:#25293c;color:#e1def5}main{background:#2f3349!important}h1{color:#5ad891!important}input{background:#25293c;color:#e1def5}}
main{max-width:420px;margin:8vh auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:1.25rem;margin:0 0 8px;color:#00733a}label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #888;border-radius:6px;font:inherit}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border-radius:6px;border:1px solid #00a35c;font:inherit;cursor:pointer}
button[value=allow]{background:#00803f;color:#fff}button[value=deny]{background:transparent;color:inherit}
button:focus-visible,input:focus-visible{outline:3px solid #7367f0;outline-offset:2px}small{opacity:.8}
</style></head><body><main>${body}</main></body></html>`;

const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // The consent form posts as a browser form does.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/band/sandbox/authorize',
    {
      config: PUBLIC,
      schema: { tags, description: 'The BAND sandbox consent page (HTML).', querystring: queryShape },
    },
    async (req, reply) => {
      const band = app.band;
      if (!isBandSandbox(band))
        return reply.status(404).send({ hasError: true, code: 'NOT_FOUND', message: 'Not found.' });
      const c = copyFor(req.headers['accept-language']);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const user = req.query.redirect_uri === REDIRECT ? await userOfState(app, req.query.state) : null;
      if (!user)
        return reply.status(400).send(page(c, `<h1>${escapeHtml(c.title)}</h1><p>${escapeHtml(c.expired)}</p>`));
      const name = `${user.first_name} ${user.last_name}`.trim() || `user ${user.id}`;
      return reply.send(
        page(
          c,
          `<h1>${escapeHtml(c.title)}</h1><p>${escapeHtml(c.ask)}</p><p><small>${escapeHtml(c.note)}</small></p>
<form method="post" action="/api/v1/band/sandbox/authorize">
<input type="hidden" name="state" value="${escapeHtml(req.query.state)}">
<label for="account">${escapeHtml(c.account)}</label>
<input id="account" name="account" maxlength="120" required value="${escapeHtml(name)}" autocomplete="off">
<div class="row"><button type="submit" name="decision" value="deny">${escapeHtml(c.deny)}</button>
<button type="submit" name="decision" value="allow">${escapeHtml(c.allow)}</button></div>
</form>`,
        ),
      );
    },
  );

  app.post(
    '/band/sandbox/authorize',
    {
      config: PUBLIC,
      schema: {
        tags,
        description: "The sandbox consent page's answer: redirects to /band/authorize.",
        body: decisionShape,
      },
    },
    async (req, reply) => {
      const band = app.band;
      if (!isBandSandbox(band))
        return reply.status(404).send({ hasError: true, code: 'NOT_FOUND', message: 'Not found.' });
      const { state, decision } = req.body;
      const user = await userOfState(app, state);
      const q = new URLSearchParams();
      if (decision === 'allow' && user) {
        const account = req.body.account || `${user.first_name} ${user.last_name}`.trim() || `user ${user.id}`;
        q.set('code', await band.issueCode(account));
      } else q.set('error', decision === 'deny' ? 'access_denied' : 'invalid_request');
      q.set('state', state);
      return reply.header('cache-control', 'no-store').redirect(`${REDIRECT}?${q}`, 302);
    },
  );
};

export default sandboxRoutes;
