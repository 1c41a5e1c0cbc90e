/**
 * Organization, league and team web addresses are served at `/{slug}` (issue 14), so the site's
 * own words (login, campaigns, how-it-works, api…) can never be one: validate-url says so with a
 * suggestion, create and rename refuse them, and generated addresses skip them. Campaign and
 * player addresses live under their own prefix and are not affected.
 */
import { RESERVED_WEB_ADDRESSES } from '@fc/contracts';
import { organizations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
let sa: Awaited<ReturnType<typeof actor>>;
let tree: Awaited<ReturnType<typeof createTree>>;
beforeAll(async () => {
  t = await createTestApp();
  sa = await actor(t, { staffRole: 'super_admin' });
  tree = await createTree(t.db);
});
afterAll(async () => t.close());

const check = async (type: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${V1}/${type}/validate-url/${url}?showDetail=0` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('reserved web addresses', () => {
  it('covers the site routes the brief names', () => {
    for (const word of ['login', 'register', 'campaigns', 'fundraisers', 'donations', 'api', 'files', 'apps', 'orgs'])
      expect(RESERVED_WEB_ADDRESSES.has(word), word).toBe(true);
    for (const word of ['dashboard', 'onboarding', 'affiliate', 'affiliates', 'sponsorships', 'misc', 'help', 'pages'])
      expect(RESERVED_WEB_ADDRESSES.has(word), word).toBe(true);
    for (const word of [
      'band',
      'contact-us',
      'how-it-works',
      'our-story',
      'privacy-policy',
      'terms-and-conditions',
      'home',
    ])
      expect(RESERVED_WEB_ADDRESSES.has(word), word).toBe(true);
  });

  it('validate-url refuses them for organizations, leagues and teams, with a free suggestion', async () => {
    for (const type of ['organization', 'league', 'team']) {
      for (const word of ['login', 'how-it-works', 'api', 'terms-and-conditions']) {
        const data = await check(type, word);
        expect(data, `${type} ${word}`).toMatchObject({ url: word, available: false, reason: 'reserved' });
        expect(data.message).toMatch(/site's own pages/);
        expect(data.suggestion).toBe(`${word}-2`);
      }
    }
    // Upper case is the same address.
    expect(await check('team', 'LOGIN')).toMatchObject({ available: false, reason: 'reserved' });
    // Not a reserved word: free as before; campaign addresses are under /campaigns/.
    expect(await check('team', 'login-tigers')).toEqual({ url: 'login-tigers', available: true });
    expect(await check('campaigns', 'login')).toEqual({ url: 'login', available: true });
  });

  it('creating or renaming a node to a reserved word is refused with 409 on body.slug, and nothing changes', async () => {
    const created = await sa.call({
      method: 'POST',
      url: `${V1}/admin/organization/create`,
      payload: { typeId: 1, name: 'Our Story', slug: 'our-story' },
    });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'SLUG_RESERVED',
      errors: [{ path: 'body.slug', message: 'Reserved by the site' }],
    });
    expect(await t.db.select().from(organizations).where(eq(organizations.slug, 'our-story'))).toEqual([]);

    const renamed = await sa.call({
      method: 'PATCH',
      url: `${V1}/organization`,
      payload: { id: tree.team.id, slug: 'campaigns' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('SLUG_RESERVED');
    const [team] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect(team?.slug).toBe(tree.team.slug);
  });
});
