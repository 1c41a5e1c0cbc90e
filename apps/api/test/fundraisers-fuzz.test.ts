/**
 * RELIABILITY row 5 for the player and contact endpoints: property-based malformed input (bodies,
 * query strings and path ids) sent by a caller who may use them; answers are 2xx or 4xx envelopes,
 * never 5xx, never a stack trace.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { campaign, contact, family, page } from './fundraisers-fixtures.js';
import { type Caller, createFigures, RUNS, useSeed, weirdOf } from './fuzz-support.js';
import { createTestApp, createTree, type TestApp } from './helpers.js';

const SEED = useSeed(20261123);

let t: TestApp;
let parent: Caller;
let playerId = 0;
let campaignId = 0;
let contactId = 0;
const figures = createFigures();

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createTree(t.db);
  const f = await family(t, tree.division.id);
  parent = f.parent.call;
  playerId = f.player.id;
  campaignId = (await campaign(t.db, tree.team.id)).id;
  await page(t.db, campaignId, playerId);
  contactId = (await contact(t.db, playerId, campaignId)).id;
});
afterAll(async () => t.close());

const record = figures.check;

const weird = weirdOf({
  numbers: [0, -1, 2147483648, Number.MAX_SAFE_INTEGER, 1.5],
  strings: ['a@b', 'UP@Example.test', 'a\u0000b', "' or 1=1 --", '100%_', 'x'.repeat(300)],
});
/** A contact that is valid except, sometimes, for one field. */
const contactArb = fc.record({
  name: fc.oneof(fc.string({ maxLength: 200 }), weird),
  email: fc.oneof(fc.emailAddress(), weird),
  phone: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 40 }), weird),
});

function bodies(shape: () => Record<string, fc.Arbitrary<unknown>>) {
  const shaped = fc.record(shape(), { requiredKeys: [] }).map((o) => JSON.stringify(o));
  const loose = fc
    .dictionary(fc.constantFrom(...Object.keys(shape()), 'extra', '__proto__'), weird, { maxKeys: 4 })
    .map((o) => JSON.stringify(o));
  return fc.oneof(
    { arbitrary: shaped, weight: 4 },
    { arbitrary: loose, weight: 2 },
    { arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
    { arbitrary: fc.string(), weight: 1 },
  );
}
const id = () => fc.oneof(fc.constant(playerId), fc.constant(campaignId), fc.constant(contactId), weird);

const BODIES: [string, 'POST' | 'PATCH', () => string, () => Record<string, fc.Arbitrary<unknown>>][] = [
  [
    'POST /fundraiser_contact',
    'POST',
    () => '/api/v1/fundraiser_contact',
    () => ({
      fundraiserId: id(),
      campaignId: id(),
      contacts: fc.oneof(fc.array(contactArb, { maxLength: 5 }), weird),
    }),
  ],
  [
    'POST /fundraiser_contact/update',
    'POST',
    () => '/api/v1/fundraiser_contact/update',
    () => ({ id: id(), fundraiserId: id(), name: weird, email: fc.oneof(fc.emailAddress(), weird), phone: weird }),
  ],
  [
    'POST /fundraiser_contact/invite',
    'POST',
    () => '/api/v1/fundraiser_contact/invite',
    () => ({
      fundraiserId: id(),
      campaignId: id(),
      contactIds: fc.oneof(fc.array(id(), { maxLength: 4 }), weird),
      note: weird,
    }),
  ],
  [
    'PATCH /fundraiser/{id}',
    'PATCH',
    () => `/api/v1/fundraiser/${playerId}`,
    () => ({
      firstName: weird,
      lastName: weird,
      parentFirstName: weird,
      email: fc.oneof(fc.emailAddress(), weird),
      phone: weird,
      fundraisingReason: weird,
      birthDate: fc.oneof(fc.constantFrom('2014-02-28', '2014-02-30', '1900-01-01', '9999-12-31'), weird),
      publicListing: weird,
    }),
  ],
  [
    'PATCH /fundraiser/{id}/campaign/{campaignId}/',
    'PATCH',
    () => `/api/v1/fundraiser/${playerId}/campaign/${campaignId}/`,
    () => ({ goalCents: fc.oneof(fc.integer(), weird), fundraisingReason: weird, slug: weird }),
  ],
  ['DELETE /organization_fundraiser', 'POST', () => '', () => ({ id: id() })],
];

const idText = fc.oneof(
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('0', '-1', '2147483648', '1e3', '0x10', '1.5', 'NaN', '%00', '__proto__'),
);

describe('malformed input on the player and contact endpoints (RELIABILITY row 5)', () => {
  it.each(BODIES)('%s', async (name, method, url, shape) => {
    await fc.assert(
      fc.asyncProperty(bodies(shape), async (raw) => {
        const res =
          name === 'DELETE /organization_fundraiser'
            ? await parent({
                method: 'DELETE',
                url: '/api/v1/organization_fundraiser',
                payload: raw,
                headers: { 'content-type': 'application/json' },
              })
            : await parent({ method, url: url(), payload: raw, headers: { 'content-type': 'application/json' } });
        record(name, res, raw);
      }),
      { numRuns: RUNS },
    );
    figures.clean(name);
  });

  it.each([
    ['GET /fundraiser/{id}', (x: string) => `/api/v1/fundraiser/${x}`],
    ['GET /fundraiser/{id}/campaign/{campaign}', (x: string) => `/api/v1/fundraiser/${playerId}/campaign/${x}`],
    ['GET /fundraiser/{id}/contacts', (x: string) => `/api/v1/fundraiser/${x}/contacts?campaign=${x}`],
    ['DELETE /fundraiser/{f}/contact/{c}', (x: string) => `/api/v1/fundraiser/${playerId}/contact/${x}`],
  ] as const)('%s with malformed ids', async (name, url) => {
    await fc.assert(
      fc.asyncProperty(idText, async (x) => {
        const res = await parent({
          method: name.startsWith('DELETE') ? 'DELETE' : 'GET',
          url: url(encodeURIComponent(x)),
        });
        record(name, res, x);
      }),
      { numRuns: RUNS },
    );
    figures.clean(name);
  });

  it('GET /fundraiser/filter with malformed query strings', async () => {
    const name = 'GET /fundraiser/filter';
    const q = fc.dictionary(
      fc.constantFrom(
        'search',
        'limit',
        'page',
        'order',
        'sortColumn',
        'sort',
        'division',
        'campaign',
        'userId',
        'userRole',
      ),
      fc.oneof(idText, fc.string({ maxLength: 300 }), fc.constantFrom('a\u0000b', '%', '_', "'")),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(q, async (query) => {
        const res = await parent({ method: 'GET', url: '/api/v1/fundraiser/filter', query });
        record(name, res, JSON.stringify(query));
      }),
      { numRuns: RUNS },
    );
    figures.clean(name);
  });

  it('prints the figures', () => {
    console.log(figures.report(SEED, 'player and contact endpoints'));
    figures.expectTargets(RUNS);
  });
});
