/** RELIABILITY row 3: every route declares a policy and every API route a schema, checked at boot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RouteInventoryEntry, routeInventory } from '../src/plugins/policy.js';
import { bootWith, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let inventory: RouteInventoryEntry[];
beforeAll(async () => {
  // The inventory is module-wide, and a worker runs several files one after another in one module
  // graph (vitest.config.ts): read only what this file's app registered, and keep one entry per
  // method + url (this file builds more apps below).
  const start = routeInventory.length;
  t = await createTestApp();
  const seen = new Map<string, RouteInventoryEntry>();
  for (const r of routeInventory.slice(start)) seen.set(`${r.method} ${r.url}`, r);
  inventory = [...seen.values()];
});
afterAll(async () => t.close());

const policyText = (p: RouteInventoryEntry['policy']) => (typeof p === 'string' ? p : `${p.action}:${p.subject}`);

interface OpenApiOperation {
  parameters?: unknown[];
  requestBody?: unknown;
}
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

describe('route inventory', () => {
  it('prints every route with its policy; none lacks a policy, every /api/v1 route has a schema', () => {
    expect(inventory.length).toBeGreaterThan(20);
    const rows = inventory
      .map((r) => `${r.method.padEnd(7)} ${r.url.padEnd(40)} ${policyText(r.policy).padEnd(26)} ${r.hasSchema}`)
      .sort();
    console.log(`[row 3] route inventory (${inventory.length} routes)\n${rows.join('\n')}`);
    const noPolicy = inventory.filter((r) => !r.policy);
    const api = inventory.filter((r) => r.url.startsWith('/api/v1'));
    const noSchema = api.filter((r) => !r.hasSchema);
    console.log(
      `[row 3] routes: ${inventory.length}, without policy: ${noPolicy.length}; api routes: ${api.length}, without schema: ${noSchema.length}`,
    );
    expect(noPolicy).toEqual([]);
    expect(noSchema).toEqual([]);
    expect(api.length).toBeGreaterThanOrEqual(20);
    // Sign-in, refresh, the email-link flows, public campaign/player pages, fee requests to pay,
    // invitation acceptance, family registration, the donor's checkout, thank-you and abandoned
    // cart, the signed payment webhook, the Contact-Us form and the team registration's calls are the only
    // public API routes.
    const publicApi = api.filter((r) => r.policy === 'public').map((r) => r.url);
    expect(publicApi.sort()).toEqual(
      [
        '/api/v1/:type/validate-url/:url',
        '/api/v1/account/activate',
        '/api/v1/email/confirm',
        '/api/v1/jwt/login',
        '/api/v1/jwt/login-link',
        '/api/v1/jwt/otl',
        '/api/v1/jwt/refresh-token',
        '/api/v1/jwt/register',
        '/api/v1/password/forgot',
        '/api/v1/password/recover',
        '/api/v1/fee_requests/:id',
        '/api/v1/onboarding/campaign/accept-invite/:cfid',
        '/api/v1/onboarding/campaign/invite/:cfid',
        '/api/v1/public/campaigns/:slug',
        '/api/v1/public/campaigns/:slug/players',
        '/api/v1/public/fundraisers/:slug',
        '/api/v1/public/fundraisers/:slug/opened',
        '/api/v1/public/referral/forget',
        '/api/v1/register/:organization/player',
        '/api/v1/register/:organization/player',
        '/api/v1/public/checkout',
        '/api/v1/public/donations',
        '/api/v1/public/donations/:donationId',
        '/api/v1/public/donations/:donationId/confirm',
        '/api/v1/abandoned_cart/:donationId',
        '/api/v1/abandoned_cart/:donationId',
        '/api/v1/stripe/webhook',
        '/api/v1/public/contact',
        '/api/v1/onboarding/registration',
        '/api/v1/onboarding/registration',
        '/api/v1/onboarding/registration/steps/:step',
        '/api/v1/onboarding/registration/submit',
        '/api/v1/onboarding/registration/organizations',
        '/api/v1/onboarding/registration/check-address',
        '/api/v1/affiliate/activation/:token',
        '/api/v1/affiliate/activation',
        // Sponsorships (decision 019): buying a unit, then the buyer's page named by the payment's public id.
        '/api/v1/public/sponsorships',
        '/api/v1/public/sponsorships/:id',
        '/api/v1/public/sponsorships/:id',
        '/api/v1/public/sponsorships/:id/logo',
        // BAND (decision 021): the link result page's post (our signed state names the user) and the sandbox's consent page.
        '/api/v1/band/auth',
        '/api/v1/band/sandbox/authorize',
        '/api/v1/band/sandbox/authorize',
      ].sort(),
    );
  });

  it('refuses to boot when a route declares no policy', async () => {
    const { app, boot } = await bootWith(t, async (i) => {
      i.get('/api/v1/no-policy', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
      }));
    });
    await expect(boot).rejects.toThrow(/declares no access policy/);
    await app.close().catch(() => undefined);
  });

  it('refuses to boot when an API route declares no schema', async () => {
    const { app, boot } = await bootWith(t, async (i) => {
      i.post('/api/v1/no-schema', { config: { policy: 'authenticated' } }, async () => ({ ok: true }));
    });
    await expect(boot).rejects.toThrow(/declares no schema/);
    await app.close().catch(() => undefined);
  });

  it('boots when the extra route declares both', async () => {
    const { app, boot } = await bootWith(t, async (i) => {
      i.get(
        '/api/v1/fine',
        { config: { policy: 'authenticated' }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => ({ ok: true }),
      );
    });
    await expect(boot).resolves.toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/v1/fine' })).statusCode).toBe(401);
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('publishes /api/docs/json with the API routes and a request schema for every write', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/jwt/login']?.post?.requestBody).toBeDefined();
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths))
      for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${p}`);
    const api = inventory.filter((r) => r.url.startsWith('/api/v1'));
    const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const missing = api.filter((r) => !documented.has(`${r.method} ${toOpenApi(r.url)}`));
    // Writes must describe their input (body, or params/query for DELETE and the multipart upload).
    const writes = api.filter((r) => r.method !== 'GET');
    const noInput = writes.filter((r) => {
      const op = doc.paths[toOpenApi(r.url)]?.[r.method.toLowerCase()];
      return !op?.requestBody && !op?.parameters?.length;
    });
    console.log(
      `[row 3] api routes documented: ${api.length - missing.length}/${api.length}; writes without a request schema: ${noInput.length}/${writes.length}`,
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The affiliate calls (issue 16) are all in the document.
    for (const call of [
      'GET /api/v1/affiliate/program',
      'POST /api/v1/affiliate/program',
      'PUT /api/v1/affiliate/program/{id}',
      'GET /api/v1/affiliate/',
      'GET /api/v1/affiliate/{id}',
      'POST /api/v1/affiliate',
      'PUT /api/v1/affiliate/',
      'POST /api/v1/affiliate/{id}/avatar',
      'POST /api/v1/affiliate/offer',
      'POST /api/v1/affiliate/offer/accept',
      'POST /api/v1/affiliate/invite',
      'GET /api/v1/affiliate/activation/{token}',
      'POST /api/v1/affiliate/activation',
      'POST /api/v1/organization_affiliate/bulkadd',
      'DELETE /api/v1/organization_affiliate/{organizationId}',
      'GET /api/v1/{type}/validate-url/{url}',
    ])
      expect(documented, call).toContain(call);
    expect(noInput.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
