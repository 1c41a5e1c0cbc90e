/**
 * buildApp(): plugins, then modules (fastify/demo layout). Tests call it with an in-memory
 * database and use `inject`; server.ts adds listen and graceful shutdown.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { type DatabaseHandle, openDatabase } from '@fc/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Env, loadEnv } from './config/env.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import { createBackground } from './lib/background.js';
import { loadJwtKey } from './lib/bootstrap.js';
import { registerPageCache } from './lib/page-cache.js';
import aclRoutes from './modules/abilities/abilities.routes.js';
import affiliatesRoutes from './modules/affiliates/affiliates.routes.js';
import conversionsRoutes from './modules/affiliates/conversions.routes.js';
import referralRoutes from './modules/affiliates/referral.routes.js';
import { approveDueConversions, qualifyTeamConversions } from './modules/affiliates/teams.service.js';
import apiKeysRoutes from './modules/api-keys/api-keys.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import bandRoutes from './modules/band/band.routes.js';
import { bandJobs } from './modules/band/jobs.js';
import bandSandboxRoutes from './modules/band/sandbox.routes.js';
import campaignsRoutes from './modules/campaigns/campaigns.routes.js';
import { purgeOldContactMessages } from './modules/contact/contact.retention.js';
import contactRoutes from './modules/contact/contact.routes.js';
import dashboardsRoutes from './modules/dashboards/dashboards.routes.js';
import donationsRoutes from './modules/donations/donations.routes.js';
import { donationJobs } from './modules/donations/jobs.js';
import { handleWebhook } from './modules/donations/webhooks.js';
import fundraisersRoutes from './modules/fundraisers/fundraisers.routes.js';
import { purgeExpiredContacts } from './modules/fundraisers/retention.js';
import helpRoutes from './modules/help/help.routes.js';
import { sendDailySummaries } from './modules/notifications/daily-summary.js';
import notificationsRoutes from './modules/notifications/notifications.routes.js';
import unsubscribeRoutes from './modules/notifications/unsubscribe.routes.js';
import orgRoutes from './modules/orgs/orgs.routes.js';
import outboxRoutes from './modules/outbox/outbox.routes.js';
import publicRoutes from './modules/public/public.routes.js';
import { sendRegistrationReminders } from './modules/registrations/registrations.jobs.js';
import { forgetDeletedRegistrants } from './modules/registrations/registrations.retention.js';
import registrationsRoutes from './modules/registrations/registrations.routes.js';
import { registerSite } from './modules/site/site.routes.js';
import { sponsorshipJobs } from './modules/sponsorships/jobs.js';
import opportunitiesRoutes from './modules/sponsorships/opportunities.routes.js';
import purchaseRoutes from './modules/sponsorships/purchase.routes.js';
import systemRoutes from './modules/system/system.routes.js';
import tasksRoutes from './modules/tasks/tasks.routes.js';
import { anonymizeDeletedAccounts } from './modules/users/retention.js';
import usersRoutes from './modules/users/users.routes.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { purgeMail, registerJobs, retryMail, startJobs } from './plugins/jobs.js';
import { createLogger } from './plugins/logging.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerPolicyEnforcement } from './plugins/policy.js';
import { registerSecurity } from './plugins/security.js';
import type { BandProvider } from './providers/band/band.js';
import { createBandProvider } from './providers/band/index.js';
import type { FileStore } from './providers/files/files.js';
import { localFiles } from './providers/files/local.js';
import { outboxMail, smtpMail } from './providers/mail/index.js';
import type { MailProvider } from './providers/mail/mail.js';
import { createPaymentProvider, isSandbox } from './providers/payments/index.js';
import type { PaymentProvider } from './providers/payments/payments.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
export const DEFAULT_SITE_DIST = path.resolve(here, '../../site/dist');

/** A lost connection's code (57P01, ECONNRESET...), never its message: a failed query's carries its parameters. */
const lostCode = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

export interface BuildOptions {
  env?: Env;
  database?: DatabaseHandle;
  /** false: no logger (tests). Default: the logger of plugins/logging.ts. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: DestinationStream;
  mail?: MailProvider;
  files?: FileStore;
  payments?: PaymentProvider;
  /** BAND provider (default: BAND's Open API when configured, else the sandbox). */
  band?: BandProvider;
  /** Serve the built web app (default: when its dist folder exists). */
  serveWeb?: boolean;
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const env = opts.env ?? loadEnv();
  const app = Fastify({
    loggerInstance: opts.logger === false ? undefined : createLogger(env, opts.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Page addresses (slugs) are stored up to 120 characters; the router refuses longer parts (414).
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onPoolError: (err) => app.log.error({ err }, 'database pool error'),
      onReadRetry: (err) => app.log.warn({ code: lostCode(err) }, 'database connection lost: read run again'),
      onTransactionRetry: (err) =>
        app.log.warn({ code: lostCode(err) }, 'database connection lost before commit: transaction run again'),
    }));
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('lifecycle', { shuttingDown: false });
  app.decorate('background', createBackground(app.log));
  app.addHook('onClose', async () => app.background.idle());
  app.decorate('jwtKey', await loadJwtKey(database.db, env));
  app.decorate(
    'mail',
    opts.mail ??
      (env.SMTP_URL
        ? smtpMail(database.db, app.log, {
            url: env.SMTP_URL,
            from: env.MAIL_FROM,
            retrySeconds: env.MAIL_RETRY_SECONDS,
          })
        : outboxMail(database.db, app.log)),
  );
  app.decorate('files', opts.files ?? localFiles(env.FILES_DIR ?? path.join(env.DATA_DIR, 'files')));
  const payments = opts.payments ?? createPaymentProvider(database.db, env, app.jwtKey);
  // The sandbox's events go through the same handler as Stripe's webhook deliveries.
  if (isSandbox(payments)) payments.attach((raw, signature) => handleWebhook(app, raw, signature));
  app.decorate('payments', payments);
  app.decorate('band', opts.band ?? createBandProvider(database.db, env, app.jwtKey));
  // Before any route: every write this instance answers empties the public pages' cache.
  registerPageCache(app, env.PUBLIC_PAGE_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5));
  if (!opts.database) app.addHook('onClose', async () => database.close());

  registerErrorHandling(app);
  // Security headers and CORS first, so that refusals by the policy hook (401/403) carry them too.
  await registerSecurity(app, env.CORS_ORIGINS);
  registerPolicyEnforcement(app);
  await app.register(multipart, {
    limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });

  await registerOpenApi(app);

  await app.register(systemRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(aclRoutes);
      await api.register(orgRoutes);
      await api.register(campaignsRoutes);
      await api.register(fundraisersRoutes);
      await api.register(publicRoutes);
      await api.register(outboxRoutes);
      await api.register(contactRoutes);
      await api.register(donationsRoutes);
      await api.register(tasksRoutes);
      await api.register(dashboardsRoutes);
      await api.register(registrationsRoutes);
      await api.register(affiliatesRoutes);
      await api.register(conversionsRoutes);
      await api.register(opportunitiesRoutes);
      await api.register(purchaseRoutes);
      await api.register(referralRoutes);
      await api.register(helpRoutes);
      await api.register(notificationsRoutes);
      await api.register(bandRoutes);
      await api.register(bandSandboxRoutes);
      await api.register(apiKeysRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The optional e-mails' one-click unsubscribe page (issue 18): no sign-in, outside the API.
  await app.register(unsubscribeRoutes);

  mkdirSync(app.files.root, { recursive: true });
  await app.register(fastifyStatic, { root: app.files.root, prefix: '/files/', decorateReply: false, index: false });
  const webDist = env.WEB_DIST ?? DEFAULT_WEB_DIST;
  const serveWeb = (opts.serveWeb ?? true) && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      preCompressed: true,
      index: false,
      wildcard: true,
      // dist/.vite/manifest.json is for the size check, not for visitors.
      dotfiles: 'ignore',
      // Hashed file names change with their content: a browser keeps them for a year. Anything
      // else (the HTML shell) is revalidated on every visit, so a release reaches everyone.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The public pages layer: page addresses, robots.txt, sitemap.xml (modules/site).
  const shellFallback = serveWeb ? await registerSite(app, webDist, env.SITE_DIST ?? DEFAULT_SITE_DIST) : null;
  registerJobs(app, {
    ...donationJobs,
    contactsPurged: purgeExpiredContacts,
    contactMessagesPurged: purgeOldContactMessages,
    registrationReminders: sendRegistrationReminders,
    // Affiliates (decision 018): team conversions qualify, then due commissions are approved.
    affiliateTeamsQualified: qualifyTeamConversions,
    affiliateCommissionsApproved: approveDueConversions,
    registrationsForgotten: forgetDeletedRegistrants,
    deletedAccountsAnonymized: anonymizeDeletedAccounts,
    // Sponsorships (decision 019): expired holds released, sold-out late payments refunded.
    ...sponsorshipJobs,
    // Notification preferences (decision 023): the node admins' daily summary, once a day each.
    dailySummariesSent: sendDailySummaries,
    // BAND (decision 021): the posts outbox's sender; a deleted user's link removed.
    ...bandJobs,
    mailRetried: retryMail,
    mailPurged: purgeMail,
  });
  startJobs(app);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // Other client-side routes (the console's): a GET or HEAD that wants HTML gets the SPA shell.
    const page =
      (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/files/');
    if (shellFallback && page && req.headers.accept?.includes('text/html')) return shellFallback(req, reply);
    return reply.status(404).send({ hasError: true, code: 'NOT_FOUND', message: `No route ${req.method} ${url}` });
  });
  return app;
}
