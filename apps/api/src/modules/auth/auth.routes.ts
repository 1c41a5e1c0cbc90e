import {
  activateBodySchema,
  emailConfirmBodySchema,
  envelope,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginLinkBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  messageEnvelope,
  otlBodySchema,
  passwordResetBodySchema,
  recoverPasswordBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  storedUserSchema,
  switchBodySchema,
  switchResponseSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../types.js';
import {
  activateAccount,
  changePassword,
  confirmEmail,
  FORGOT_MESSAGE,
  LOGIN_LINK_MESSAGE,
  login,
  oneTimeLogin,
  recoverPassword,
  register,
  requestEmailLink,
  switchProfile,
  tokenSettings,
} from './auth.service.js';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from './sessions.js';
import { buildStoredUser, loadUserFacts } from './stored-user.js';

const PUBLIC = { policy: 'public' as const };
const AUTHED = { policy: 'authenticated' as const };
/** Account-security routes: a console session only, never a personal API key (decision 020). */
const SESSION_ONLY = { policy: 'authenticated' as const, sessionOnly: true };
const tags = ['auth'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(
    '/jwt/login',
    { config: PUBLIC, schema: { tags, body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (req) => login(app, req.body.email, req.body.password, meta(req)),
  );

  app.post(
    '/jwt/register',
    { config: PUBLIC, schema: { tags, body: registerBodySchema, response: { 200: messageEnvelope } } },
    async (req) => ({ hasError: false as const, message: await register(app, req.body, meta(req)) }),
  );

  app.post(
    '/jwt/refresh-token',
    { config: PUBLIC, schema: { tags, body: refreshBodySchema, response: { 200: refreshResponseSchema } } },
    async (req) => ({
      hasError: false as const,
      ...(await rotateRefreshToken(app.db, tokenSettings(app), req.body.refreshToken, req.body.retryKey)),
    }),
  );

  app.post(
    '/jwt/logout',
    { config: SESSION_ONLY, schema: { tags, body: logoutBodySchema.optional(), response: { 200: messageEnvelope } } },
    async (req) => {
      const p = principalOf(req);
      await revokeSession(app.db, p.sessionId, 'logout');
      const other = req.body?.refreshToken ? await sessionOfRefreshToken(app.db, req.body.refreshToken) : null;
      if (other && other.userId === p.user.id) await revokeSession(app.db, other.sessionId, 'logout');
      return { hasError: false as const, message: 'Signed out.' };
    },
  );

  app.get(
    '/user/me',
    { config: AUTHED, schema: { tags, response: { 200: envelope(storedUserSchema) } } },
    async (req) => {
      const p = principalOf(req);
      const facts = await loadUserFacts(app.db, p.user.id);
      return { hasError: false as const, data: await buildStoredUser(app.db, facts, p) };
    },
  );

  app.post(
    '/user/switch',
    { config: SESSION_ONLY, schema: { tags, body: switchBodySchema, response: { 200: switchResponseSchema } } },
    async (req) => ({
      hasError: false as const,
      data: await switchProfile(app, principalOf(req), req.body, meta(req)),
    }),
  );

  app.post(
    '/password/reset',
    { config: SESSION_ONLY, schema: { tags, body: passwordResetBodySchema, response: { 200: messageEnvelope } } },
    async (req) => ({ hasError: false as const, message: await changePassword(app, principalOf(req), req.body) }),
  );

  app.post(
    '/password/forgot',
    { config: PUBLIC, schema: { tags, body: forgotPasswordBodySchema, response: { 200: messageEnvelope } } },
    async (req) => {
      await requestEmailLink(app, req.body.email, 'reset', meta(req));
      return { hasError: false as const, message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/password/recover',
    { config: PUBLIC, schema: { tags, body: recoverPasswordBodySchema, response: { 200: messageEnvelope } } },
    async (req) => {
      await recoverPassword(app, req.body.token, req.body.password);
      return { hasError: false as const, message: 'Your password was changed. You can sign in now.' };
    },
  );

  app.post(
    '/email/confirm',
    { config: PUBLIC, schema: { tags, body: emailConfirmBodySchema, response: { 200: messageEnvelope } } },
    async (req) => {
      await confirmEmail(app, req.body.token);
      return { hasError: false as const, message: 'Thank you, your email is confirmed.' };
    },
  );

  app.post(
    '/account/activate',
    { config: PUBLIC, schema: { tags, body: activateBodySchema, response: { 200: loginResponseSchema } } },
    async (req) => activateAccount(app, req.body.token, req.body.password, meta(req)),
  );

  app.post(
    '/jwt/login-link',
    { config: PUBLIC, schema: { tags, body: loginLinkBodySchema, response: { 200: messageEnvelope } } },
    async (req) => {
      await requestEmailLink(app, req.body.email, 'otl', meta(req));
      return { hasError: false as const, message: LOGIN_LINK_MESSAGE };
    },
  );

  app.post(
    '/jwt/otl',
    { config: PUBLIC, schema: { tags, body: otlBodySchema, response: { 200: loginResponseSchema } } },
    async (req) => oneTimeLogin(app, req.body.token, meta(req)),
  );
};

export default authRoutes;
