/**
 * RELIABILITY row 5: property-based malformed input on the auth, users and organization endpoints:
 * 4xx envelopes, never 5xx.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createFigures, idText, looseBodies, RUNS, useSeed, weirdOf } from './fuzz-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const SEED = useSeed(20261122);
let t: TestApp;
let anon: Caller;
let superAdmin: Caller;
let orgAdmin: Caller;
let donor: Caller;
let leaver: Caller;
let tree: Awaited<ReturnType<typeof createTree>>;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  const { org } = tree;
  anon = (o) => t.app.inject({ ...o, remoteAddress: '198.51.100.99' });
  superAdmin = (await actor(t, { staffRole: 'super_admin' })).call;
  orgAdmin = (await actor(t, { membership: { organizationId: org.id, role: 'org_admin' } })).call;
  donor = (await actor(t, { profiles: ['donor'] })).call;
  leaver = (await actor(t, { profiles: ['donor'] })).call;
});
afterAll(async () => t.close());

const figures = createFigures();
const { check, clean } = figures;

const weird = weirdOf({
  numbers: [0, -1, 2147483648, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, -0],
  strings: ['a@b', ' @example.test', 'x'.repeat(300), '\u0000', '../../etc/passwd', "' or 1=1 --", '{{7*7}}'],
});

async function fuzzBody(name: string, call: Caller, method: 'POST' | 'PATCH', url: string, keys: string[]) {
  await fc.assert(
    fc.asyncProperty(looseBodies(keys, weird), async (raw) => {
      const res = await call({ method, url, payload: raw, headers: { 'content-type': 'application/json' } });
      check(name, res, raw);
    }),
    { numRuns: RUNS },
  );
  clean(name);
}

/** [name, caller, method, url (a function when it names a node made in beforeAll), body keys] */
const BODY_ENDPOINTS: [string, () => Caller, 'POST' | 'PATCH', string | (() => string), string[]][] = [
  ['POST /jwt/login', () => anon, 'POST', '/api/v1/jwt/login', ['email', 'password']],
  [
    'POST /jwt/register',
    () => anon,
    'POST',
    '/api/v1/jwt/register',
    ['firstName', 'lastName', 'email', 'password', 'language'],
  ],
  ['POST /jwt/refresh-token', () => anon, 'POST', '/api/v1/jwt/refresh-token', ['refreshToken']],
  ['POST /password/forgot', () => anon, 'POST', '/api/v1/password/forgot', ['email']],
  ['POST /password/recover', () => anon, 'POST', '/api/v1/password/recover', ['token', 'password']],
  ['POST /email/confirm', () => anon, 'POST', '/api/v1/email/confirm', ['token']],
  ['POST /account/activate', () => anon, 'POST', '/api/v1/account/activate', ['token', 'password']],
  ['POST /jwt/login-link', () => anon, 'POST', '/api/v1/jwt/login-link', ['email']],
  ['POST /jwt/otl', () => anon, 'POST', '/api/v1/jwt/otl', ['token']],
  ['POST /user/switch', () => donor, 'POST', '/api/v1/user/switch', ['loginRole', 'organizationId']],
  [
    'POST /password/reset',
    () => donor,
    'POST',
    '/api/v1/password/reset',
    ['id', 'currentPassword', 'newPassword', 'confirmPassword'],
  ],
  ['PATCH /user', () => orgAdmin, 'PATCH', '/api/v1/user', ['id', 'firstName', 'lastName', 'phone', 'language']],
  [
    'POST /admin/user/create',
    () => orgAdmin,
    'POST',
    '/api/v1/admin/user/create',
    ['firstName', 'lastName', 'email', 'role', 'organizationId', 'phone', 'language'],
  ],
  ['POST /user/resendInvite', () => superAdmin, 'POST', '/api/v1/user/resendInvite', ['id']],
  ['POST /jwt/logout', () => leaver, 'POST', '/api/v1/jwt/logout', ['refreshToken']],
  [
    'POST /admin/organization/create',
    () => orgAdmin,
    'POST',
    '/api/v1/admin/organization/create',
    ['typeId', 'name', 'slug', 'parentId', 'salesUserId', 'website', 'contactEmail', 'status'],
  ],
  [
    'POST /admin/division/create',
    () => orgAdmin,
    'POST',
    '/api/v1/admin/division/create',
    ['parentId', 'name', 'slug'],
  ],
  [
    'PATCH /organization',
    () => orgAdmin,
    'PATCH',
    '/api/v1/organization',
    ['id', 'name', 'slug', 'parentId', 'salesUserId', 'status', 'website'],
  ],
  [
    'POST /organization/{id}/user',
    () => orgAdmin,
    'POST',
    () => `/api/v1/organization/${tree.team.id}/user`,
    ['email', 'firstName', 'lastName', 'role'],
  ],
  [
    'POST /division/{id}/player',
    () => orgAdmin,
    'POST',
    () => `/api/v1/division/${tree.division.id}/player`,
    ['firstName', 'lastName', 'parentFirstName', 'parentLastName', 'email', 'phone'],
  ],
];

const queryText = fc
  .dictionary(
    fc.constantFrom(
      'q',
      'search',
      'page',
      'perPage',
      'limit',
      'sort',
      'sortColumn',
      'role',
      'status',
      'userId',
      'userRole',
      'organizationType',
      'parent',
      'sales',
      '__proto__',
      'x',
    ),
    fc.oneof(idText, fc.string({ maxLength: 400 })),
    { maxKeys: 5 },
  )
  .map((o) =>
    Object.entries(o)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  );

describe('malformed input', () => {
  for (const [name, caller, method, url, keys] of BODY_ENDPOINTS) {
    it(
      `${name}: ${RUNS} bodies, no 5xx`,
      async () => fuzzBody(name, caller(), method, typeof url === 'function' ? url() : url, keys),
      60_000,
    );
  }

  it(`GET /admin/user/list: ${RUNS} query strings`, async () => {
    await fc.assert(
      fc.asyncProperty(queryText, async (qs) =>
        check('GET /admin/user/list', await superAdmin({ method: 'GET', url: `/api/v1/admin/user/list?${qs}` }), qs),
      ),
      { numRuns: RUNS },
    );
    clean('GET /admin/user/list');
  });

  it(`GET /admin/user_organization/filter: ${RUNS} query strings`, async () => {
    const name = 'GET /admin/user_organization/filter';
    await fc.assert(
      fc.asyncProperty(queryText, async (qs) =>
        check(name, await orgAdmin({ method: 'GET', url: `/api/v1/admin/user_organization/filter?${qs}` }), qs),
      ),
      { numRuns: RUNS },
    );
    clean(name);
  });

  for (const [name, method, path] of [
    ['GET /admin/user/{id}', 'GET', '/api/v1/admin/user/'],
    ['DELETE /user/{id}', 'DELETE', '/api/v1/user/'],
    ['POST /upload-avatar?id=', 'POST', '/api/v1/upload-avatar?id='],
    ['GET /admin/organization/?organization=', 'GET', '/api/v1/admin/organization/?organization='],
    ['GET /divisions/{id}', 'GET', '/api/v1/divisions/'],
    ['GET /organization/validate-url/{url}', 'GET', '/api/v1/organization/validate-url/'],
  ] as const) {
    it(`${name}: ${RUNS} ids`, async () => {
      await fc.assert(
        fc.asyncProperty(idText, async (id) =>
          check(name, await orgAdmin({ method, url: `${path}${encodeURIComponent(id)}` }), id),
        ),
        { numRuns: RUNS },
      );
      clean(name);
    });
  }

  it('oversized and broken bodies', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    const cases: InjectOptions[] = [
      { method: 'POST', url: '/api/v1/jwt/login', payload: big, headers: { 'content-type': 'application/json' } },
      {
        method: 'POST',
        url: '/api/v1/jwt/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/api/v1/jwt/login',
        payload: 'email=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { method: 'POST', url: '/api/v1/jwt/login', payload: '<x/>', headers: { 'content-type': 'text/xml' } },
      { method: 'POST', url: '/api/v1/jwt/login', payload: '', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) check('broken bodies', await anon(c), String(c.payload).slice(0, 40));
    clean('broken bodies');
  });

  it('ids beyond the integer range are a 400, not a database error', async () => {
    const N = 2147483648;
    const pw = { newPassword: 'long-enough-secret-1', confirmPassword: 'long-enough-secret-1' };
    const person = { firstName: 'A', lastName: 'B', email: 'range@example.test' };
    const cases: [string, Caller, InjectOptions][] = [
      ['GET /admin/user/{id}', orgAdmin, { method: 'GET', url: `/api/v1/admin/user/${N}` }],
      ['DELETE /user/{id}', orgAdmin, { method: 'DELETE', url: `/api/v1/user/${N}` }],
      ['PATCH /user', orgAdmin, { method: 'PATCH', url: '/api/v1/user', payload: { id: N } }],
      ['POST /user/resendInvite', superAdmin, { method: 'POST', url: '/api/v1/user/resendInvite', payload: { id: N } }],
      [
        'POST /password/reset',
        superAdmin,
        { method: 'POST', url: '/api/v1/password/reset', payload: { id: N, ...pw } },
      ],
      ['POST /upload-avatar?id=', orgAdmin, { method: 'POST', url: `/api/v1/upload-avatar?id=${N}` }],
      [
        'POST /admin/user/create',
        orgAdmin,
        {
          method: 'POST',
          url: '/api/v1/admin/user/create',
          payload: { ...person, role: 'team_admin', organizationId: N },
        },
      ],
      [
        'POST /user/switch',
        donor,
        { method: 'POST', url: '/api/v1/user/switch', payload: { loginRole: 'organization', organizationId: N } },
      ],
    ];
    const failed: string[] = [];
    for (const [name, call, req] of cases) {
      const res = await call(req);
      check('out-of-range ids', res, name);
      if (res.statusCode !== 400) failed.push(`${name}: ${res.statusCode}`);
    }
    console.log(`[row 5] out-of-range ids tried: ${cases.length}, not answered 400: ${failed.length}`);
    expect(failed).toEqual([]);
  });

  it('prints the figures: no 5xx, no stack traces, every 4xx in the envelope, no prototype pollution', () => {
    console.log(figures.report(SEED));
    figures.expectTargets(RUNS, /broken|out-of-range/);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
