/**
 * Chooses the payment provider (DECISIONS §6): Stripe when its keys are configured, otherwise the
 * offline sandbox. The sandbox signs its events with a key derived from the signing key every
 * instance shares, so any instance can verify another's deliveries.
 */
import { createHmac } from 'node:crypto';
import type { FeeRule } from '@fc/contracts';
import type { Db } from '@fc/db';
import type { Env } from '../../config/env.js';
import type { PaymentProvider } from './payments.js';
import { type SandboxProvider, sandboxProvider } from './sandbox.js';
import { stripeProvider } from './stripe.js';

export const feeRuleOf = (env: Env): FeeRule => ({ percentBps: env.FEE_PERCENT_BPS, fixedCents: env.FEE_FIXED_CENTS });

export function createPaymentProvider(db: Db, env: Env, jwtKey: Uint8Array): PaymentProvider {
  const feeRule = feeRuleOf(env);
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publicUrl: env.PUBLIC_URL,
      feeRule,
    });
  const webhookSecret = `whsec_${createHmac('sha256', jwtKey).update('sandbox-webhooks').digest('hex')}`;
  return sandboxProvider(db, { webhookSecret, feeRule, settleSeconds: env.SANDBOX_SETTLE_SECONDS });
}

export const isSandbox = (p: PaymentProvider): p is SandboxProvider => p.kind === 'sandbox';
