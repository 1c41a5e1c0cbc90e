import type { Action, Role, Subject } from '@fc/contracts';
import type { DatabaseHandle, Db } from '@fc/db';
import type { Env } from './config/env.js';
import type { Background } from './lib/background.js';
import type { PageCache } from './lib/page-cache.js';
import type { ResponseCache } from './lib/response-cache.js';
import type { AppAbility } from './modules/abilities/abilities.js';
import type { BandProvider } from './providers/band/band.js';
import type { FileStore } from './providers/files/files.js';
import type { MailProvider } from './providers/mail/mail.js';
import type { PaymentProvider } from './providers/payments/payments.js';

/** A route's access policy; every route must declare one (plugins/policy.ts refuses to boot otherwise). */
export type Policy = 'public' | 'authenticated' | { action: Action; subject: Subject };

export interface PrincipalUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  staffRole: string | null;
  language: string;
  avatarUrl: string | null;
}

export interface Principal {
  user: PrincipalUser;
  /** The session's id; for a personal API key (`via: 'api_key'`) a marker naming the key, not a session. */
  sessionId: string;
  /** How the request authenticated: a console session's access token, or a personal API key (decision 020). */
  via: 'session' | 'api_key';
  /** The key's id when `via` is `'api_key'`. */
  apiKeyId?: number;
  role: Role;
  organizationId: number | null;
  scopeIds: number[];
  ancestorIds: number[];
  ability: AppAbility;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /**
     * Account-security routes (API key management, password, session, profile switch): a personal
     * API key is refused here with 403 API_KEY_NOT_ALLOWED; only a console session may call them.
     */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The personal API key the request presented (set even when the key is then refused), for the use log. */
    apiKeyUse: { keyId: number; userId: number | null } | null;
  }
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: DatabaseHandle;
    mail: MailProvider;
    files: FileStore;
    payments: PaymentProvider;
    /** BAND team messaging: BAND's Open API or the sandbox (providers/band). */
    band: BandProvider;
    jwtKey: Uint8Array;
    lifecycle: { shuttingDown: boolean };
    background: Background;
    /** The public pages' rendered answers (lib/page-cache.ts). */
    pageCache: PageCache;
    /** The public pages' data as JSON bodies, kept like the pages (lib/page-cache.ts). */
    publicDataCache: ResponseCache;
    /** Empties `cache` after every successful write this instance answers; returns it. */
    clearedByWrites: (cache: ResponseCache) => ResponseCache;
  }
}

/** Narrow access to the principal inside a handler whose policy requires sign-in. */
export function principalOf(req: { principal: Principal | null }): Principal {
  if (!req.principal) throw new Error('principalOf() on a public route');
  return req.principal;
}
