/**
 * Environment, validated once at boot (ENGINEERING habit 8): a bad variable stops the process
 * with a message naming every problem.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy.js';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Secret for signing access tokens; generated once and kept in the database when unset. */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Public address of the site: links in emails, canonical and link-preview URLs, sitemap; unset: http://localhost:$PORT (set below). */
    PUBLIC_URL: optionalString(z.string().url()),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ADMIN_EMAIL: z
      .email()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'ADMIN_PASSWORD must be at least 8 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMTP_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().default('FUNDRAISER CONSOLE <no-reply@fundraiser-console.local>'),
    /** Where Contact-Us messages are sent (issue 14); replies to them go to the visitor. */
    SUPPORT_EMAIL: z.email().default('support@fundraiser-console.local'),
    /** SMTP: how long one delivery attempt may take before another instance retries it (and the first wait after a refusal). */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(5).max(86400).default(120),
    FILES_DIR: z.string().optional(),
    WEB_DIST: z.string().optional(),
    /** The public site's build (apps/site/dist: island bundles and their manifest). */
    SITE_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: short readable lines on a terminal outside production, JSON otherwise. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** Which proxies' X-Forwarded-For to believe: a hop count or addresses/CIDRs (config/trust-proxy.ts). */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const r = parseTrustProxy(v);
        if (typeof r === 'object' && !Array.isArray(r) && r !== null) {
          ctx.addIssue({ code: 'custom', message: r.error });
          return z.NEVER;
        }
        return r;
      }),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(10000),
    DEMO_PASSWORD: z.string().min(8).default('demo-pass-2026'),
    /** Production without Stripe keys refuses to start unless this says the sandbox is meant. */
    ALLOW_SANDBOX_PAYMENTS: bool,
    /** Stripe (all three, or none: the sandbox provider). */
    STRIPE_SECRET_KEY: optionalString(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_ or rk_'),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString(
      z.string().regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_'),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString(
      z.string().regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must start with whsec_'),
    ),
    /** The card fee the cover-the-fee option pays for (DECISIONS §5): 2.9% + 30 cents. */
    FEE_PERCENT_BPS: z.coerce.number().int().min(0).max(2000).default(290),
    FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(1000).default(30),
    /** A donor who left without paying gets one reminder after this long. */
    CART_REMINDER_DELAY_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
    /** A team registration started but not submitted gets one resume link after this many hours (issue 15; a fraction, e.g. 0.001, for end-to-end runs). */
    /** The platform's fee on a gift's kept amount, in basis points: the base of affiliates' gift commissions (decision 018). */
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(500),
    REGISTRATION_REMINDER_HOURS: z.coerce.number().positive().max(720).default(24),
    /** The sandbox's processing card settles after this long. */
    SANDBOX_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86400).default(10),
    /** Checkouts started and cards tried per network address per 15 minutes (card-testing defence). */
    CHECKOUT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Requests one personal API key may make per minute, across all instances (decision 020). */
    API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** How often the background jobs (reminders, sandbox settlement) look for work; 0 = never (tests). */
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
    /** SMTP: a delivered message's body is kept (links already removed) this many days, then purged. */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** Privacy Policy "How long we keep information": a never-paid donation's donor details go this many days after it started. */
    UNFINISHED_DONATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Contacts invited by families are deleted this many months after their campaign ended. */
    CONTACT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
    /** A deleted account's remaining personal details are anonymized this many days after the deletion. */
    DELETED_ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** Messages sent through the Contact-Us page are deleted this many months after they were sent. */
    CONTACT_MESSAGE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
    /** The most rows each retention job changes per run (each run is one short transaction). */
    RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** BAND team messaging (decision 021): both, or neither for the sandbox. Registered redirect: PUBLIC_URL/band/authorize. */
    BAND_CLIENT_ID: optionalString(z.string().trim().min(1).max(200)),
    BAND_CLIENT_SECRET: optionalString(z.string().trim().min(8, 'BAND_CLIENT_SECRET looks too short').max(500)),
    /** BAND sandbox: how long its access tokens live (then they are refreshed). */
    BAND_SANDBOX_TOKEN_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(86400 * 30)
      .default(3600),
    /** BAND: the least time between two posts of one BAND account; the outbox waits it out, the sandbox refuses closer posts (BAND's cooldown, result 1003). */
    BAND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** BAND posts: attempts before a post is marked failed; the first retry waits BAND_POST_RETRY_SECONDS, each next one twice as long. */
    BAND_POST_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    BAND_POST_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a dashboard answer may be reused by the instance that computed it (0: never; unset: 30, or 0 under NODE_ENV=test). */
    DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    /** How long a rendered public page may be reused by the instance that rendered it, emptied by any write it answers (0: never; unset: 5, or 0 under NODE_ENV=test). */
    PUBLIC_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  })
  .superRefine((e, ctx) => {
    const stripe = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none for the sandbox)',
      });
    if (Boolean(e.BAND_CLIENT_ID) !== Boolean(e.BAND_CLIENT_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['BAND_CLIENT_ID'],
        message: 'Set BAND_CLIENT_ID and BAND_CLIENT_SECRET together (or neither for the BAND sandbox)',
      });
    // Production refuses the defaults that are only safe on a laptop (issue 12, item 5).
    if (e.NODE_ENV === 'production') {
      if (!e.JWT_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message:
            'JWT_SECRET is required when NODE_ENV=production (at least 32 random characters, the same on every instance)',
        });
      if (!stripe.every(Boolean) && !e.ALLOW_SANDBOX_PAYMENTS)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'NODE_ENV=production without Stripe keys would take donations with the sandbox (no money moves): set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_SANDBOX_PAYMENTS=true to mean it',
        });
    }
  })
  .transform((e) => ({ ...e, PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}` }));

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
