/**
 * Chooses the BAND provider (DECISIONS §6, decision 021): BAND's Open API when BAND_CLIENT_ID and
 * BAND_CLIENT_SECRET are configured, otherwise the sandbox.
 */
import type { Db } from '@fc/db';
import type { Env } from '../../config/env.js';
import type { BandProvider } from './band.js';
import { realBandProvider } from './real.js';
import { sandboxBandProvider } from './sandbox.js';

export function createBandProvider(db: Db, env: Env, jwtKey: Uint8Array): BandProvider {
  if (env.BAND_CLIENT_ID && env.BAND_CLIENT_SECRET)
    return realBandProvider({
      clientId: env.BAND_CLIENT_ID,
      clientSecret: env.BAND_CLIENT_SECRET,
      redirectUri: `${env.PUBLIC_URL.replace(/\/$/, '')}/band/authorize`,
    });
  return sandboxBandProvider(db, jwtKey, {
    tokenSeconds: env.BAND_SANDBOX_TOKEN_SECONDS,
    cooldownSeconds: env.BAND_COOLDOWN_SECONDS,
  });
}

export { BandError, type BandErrorKind, type BandProvider, type BandTokens } from './band.js';
export { isBandSandbox, type SandboxBandProvider } from './sandbox.js';
