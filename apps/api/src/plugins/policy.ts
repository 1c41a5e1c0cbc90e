/**
 * Auth by default (ENGINEERING habit 3): every route declares `config.policy`; a route without
 * one stops the boot. Each request is then authenticated and checked against its policy before
 * validation, so an anonymous or unauthorised caller learns nothing about the body it sent.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import { isApiKeyToken, principalFromApiKey } from '../modules/api-keys/api-keys.auth.js';
import { verifyAccessToken } from '../modules/auth/jwt.js';
import { buildPrincipal } from '../modules/auth/principal.js';
import type { Policy } from '../types.js';

/** Routes added by third-party plugins that are public by nature (docs UI, static files). */
const PLUGIN_PUBLIC = [/^\/api\/docs(\/|$)/, /^\/files\/\*$/, /^\/assets\/\*$/, /^\/assets\/site\/\*$/, /^\/\*$/];

export interface RouteInventoryEntry {
  method: string;
  url: string;
  policy: Policy;
  hasSchema: boolean;
  /** Refuses personal API keys (account-security routes, decision 020). */
  sessionOnly: boolean;
}

export const routeInventory: RouteInventoryEntry[] = [];

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (header: string | undefined) =>
  header?.match(/^Bearer ([A-Za-z0-9._~+/-]+=*)$/)?.[1] ?? null;

const keyNotAllowed = () =>
  forbidden(
    'Personal API keys cannot be used here: sign in to the console to manage keys, passwords and sessions.',
    'API_KEY_NOT_ALLOWED',
  );

/**
 * The principal a verified access token names (401 when it is expired, revoked or forged). Public
 * routes that recognise a signed-in caller (and may start a session for them) come here, and a
 * personal API key is refused: a key never turns into a session.
 */
export async function principalFromToken(app: FastifyInstance, token: string) {
  if (isApiKeyToken(token)) throw keyNotAllowed();
  const claims = await verifyAccessToken(app.jwtKey, token);
  return buildPrincipal(app.db, claims.userId, claims.sessionId);
}

export function registerPolicyEnforcement(app: FastifyInstance) {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    let policy = route.config?.policy;
    if (!policy && PLUGIN_PUBLIC.some((re) => re.test(route.url))) {
      policy = 'public';
      route.config = { ...route.config, policy };
    }
    if (!policy) throw new Error(`Route ${methods.join(',')} ${route.url} declares no access policy (config.policy)`);
    const isApi = route.url.startsWith('/api/v1');
    const hasSchema = Boolean(route.schema && (route.schema.response || route.schema.body || route.schema.querystring));
    if (isApi && !hasSchema) throw new Error(`Route ${methods.join(',')} ${route.url} declares no schema`);
    const sessionOnly = route.config?.sessionOnly === true;
    if (sessionOnly && policy === 'public')
      throw new Error(`Route ${methods.join(',')} ${route.url} is public: sessionOnly has no meaning there`);
    for (const method of methods)
      routeInventory.push({ method, url: route.url, policy, hasSchema: hasSchema || !isApi, sessionOnly });
  });

  // Every request a personal API key signed, answered or refused, leaves one line: which key,
  // whose, what, and the outcome. Never the secret (it is not on the request log either: the
  // request serializer keeps no headers, and `authorization` is on the redaction list).
  app.decorateRequest('apiKeyUse', null);
  app.addHook('onResponse', async (req, reply) => {
    const use = req.apiKeyUse;
    if (!use) return;
    req.log.info(
      {
        apiKeyId: use.keyId,
        userId: use.userId,
        method: req.method,
        route: req.routeOptions.url ?? null,
        status: reply.statusCode,
      },
      'api key use',
    );
  });

  app.addHook('onRequest', async (req) => {
    const policy = req.routeOptions.config?.policy;
    if (!policy || policy === 'public') {
      // Public routes do not read the token (a stale header must not block signing in); the few
      // that care who is signed in ask with `principalFromToken` (modules/public/session.ts).
      return;
    }
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('Please sign in.', 'NO_TOKEN');
    const principal = isApiKeyToken(token)
      ? await principalFromApiKey(app, req, token)
      : await principalFromToken(app, token);
    req.principal = principal;
    if (principal.via === 'api_key' && req.routeOptions.config?.sessionOnly) throw keyNotAllowed();
    if (policy !== 'authenticated' && !principal.ability.can(policy.action, policy.subject)) {
      throw forbidden();
    }
  });
}
