/** Issue 12 items 4, 5 and 7: what the environment parser accepts and refuses. */
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const SECRET = 'a-production-secret-a-production-secret-0123';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};
const fails = (env: NodeJS.ProcessEnv) => {
  try {
    loadEnv(env);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('production refuses unsafe defaults', () => {
  it('names JWT_SECRET when it is unset', () => {
    expect(fails({ NODE_ENV: 'production', ...STRIPE })).toMatch(/JWT_SECRET: JWT_SECRET is required/);
  });

  it('refuses the silent sandbox unless ALLOW_SANDBOX_PAYMENTS=true says so', () => {
    expect(fails({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toMatch(
      /STRIPE_SECRET_KEY: .*ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(fails({ NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_SANDBOX_PAYMENTS: 'true' })).toBeNull();
    expect(fails({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...STRIPE })).toBeNull();
  });

  it('names both problems at once', () => {
    const message = fails({ NODE_ENV: 'production' }) ?? '';
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
  });

  it('development keeps its defaults (generated key, sandbox)', () => {
    expect(fails({})).toBeNull();
    expect(fails({ NODE_ENV: 'development' })).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with false/0', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true, explaining what to write, and anything it does not understand', () => {
    expect(fails({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(fails({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/not understood: 10.0.0.0\/33/);
    expect(fails({ TRUST_PROXY: 'proxy.example.org' })).toMatch(/TRUST_PROXY/);
    expect(fails({ TRUST_PROXY: '99' })).toMatch(/between 1 and 10/);
  });
});

describe('PUBLIC_URL', () => {
  it('follows PORT unless set', () => {
    expect(loadEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(loadEnv({ PORT: '3101', PUBLIC_URL: 'https://give.example.org' }).PUBLIC_URL).toBe(
      'https://give.example.org',
    );
  });
});
