import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { BOOT_SCRIPT_CSP } from '@fc/site';
import type { FastifyInstance } from 'fastify';

/** Security headers with a strict CSP, and CORS only for configured origins. */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The public site's one inline script, by its hash (apps/site lib/server/boot-script.ts).
        scriptSrc: ["'self'", BOOT_SCRIPT_CSP, 'https://js.stripe.com', 'https://*.js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin ? false : corsOrigins.includes(origin)),
    credentials: false,
    allowedHeaders: ['Authorization', 'Content-Type', 'X-FC-Client'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
}
