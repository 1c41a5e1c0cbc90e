/**
 * RELIABILITY row 5 for affiliates (issue 16): every affiliate endpoint gets at least 100 inputs
 * its contract refuses (bodies, query strings, path ids, activation tokens) plus schema-valid
 * inputs with hostile values. A refused input is a 4xx error envelope (a 400 names the field),
 * never a 5xx or a trace, and changes nothing in the affiliate tables. Every request comes from its
 * own address, so the per-address throttles do not answer for the validation.
 */
import {
  acceptOfferBodySchema,
  affiliateActivateBodySchema,
  affiliateListQuerySchema,
  bulkAddBodySchema,
  createAffiliateBodySchema,
  dbIdTextSchema,
  inviteBodySchema,
  offerBodySchema,
  programBodySchema,
  updateAffiliateBodySchema,
} from '@fc/contracts';
import { affiliateOffers } from '@fc/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { z } from 'zod';
import { insertAffiliate, insertProgram } from './affiliates-support.js';
import {
  bodiesOf,
  bodyIsMalformed,
  createFigures,
  createRequestFuzzer,
  type FuzzRequest,
  idText,
  malformedQueries,
  paramIsMalformed,
  queryIsMalformed,
  RUNS,
  type SchemaHints,
  snapshotOf,
  testEmail,
  testSlug,
  useSeed,
  validQueries,
} from './fuzz-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';

const SEED = useSeed(20261127);
const VALID_RUNS = 20;
const V1 = '/api/v1';

let t: TestApp;
const figures = createFigures();
let adminToken = '';
const pool = { affiliates: [] as number[], programs: [] as number[], orgs: [] as number[], offers: [] as number[] };

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await actor(t, { staffRole: 'super_admin' })).token;
  const tree = await createTree(t.db);
  pool.orgs.push(tree.org.id, tree.team.id);
  for (let i = 0; i < 2; i++) pool.programs.push((await insertProgram(t.db)).id);
  for (let i = 0; i < 3; i++) pool.affiliates.push((await insertAffiliate(t.db, { status: 'invited' })).id);
  const [o] = await t.db
    .insert(affiliateOffers)
    .values({ affiliateId: pool.affiliates[0]!, programId: pool.programs[0]! })
    .returning({ id: affiliateOffers.id });
  pool.offers.push(o!.id);
});
afterAll(async () => {
  console.log(figures.report(SEED, 'affiliates (issue 16)'));
  await t.close();
});

/** The tables a refused write must leave as they were. */
const TABLES = [
  'affiliates',
  'affiliate_programs',
  'affiliate_offers',
  'affiliate_invitations',
  'organization_affiliates',
].map((table) => sql`select * from ${sql.identifier(table)} order by id`);

type Req = FuzzRequest;

const { fuzzRequests } = createRequestFuzzer<Req>({
  figures,
  inject: (r) => t.app.inject(r),
  ipPrefix: '198.19',
  headers: () => ({ authorization: `Bearer ${adminToken}` }),
  snapshot: () => snapshotOf(t.db, TABLES),
  validRuns: VALID_RUNS,
});

const hints: SchemaHints = {
  ids: {
    id: () => pool.affiliates,
    affiliateId: () => pool.affiliates,
    programId: () => pool.programs,
    offerId: () => pool.offers,
    organizationId: () => pool.orgs,
  },
  fields: { email: testEmail, slug: testSlug },
};
const body = (schema: z.ZodType, valid: boolean) => bodiesOf(schema, hints, valid);

const BODIES: [string, 'POST' | 'PUT', string, z.ZodType][] = [
  ['POST /affiliate/program', 'POST', '/affiliate/program', programBodySchema],
  ['POST /affiliate', 'POST', '/affiliate', createAffiliateBodySchema],
  ['PUT /affiliate/', 'PUT', '/affiliate/', updateAffiliateBodySchema],
  ['POST /affiliate/offer', 'POST', '/affiliate/offer', offerBodySchema],
  ['POST /affiliate/offer/accept', 'POST', '/affiliate/offer/accept', acceptOfferBodySchema],
  ['POST /affiliate/invite', 'POST', '/affiliate/invite', inviteBodySchema],
  ['POST /organization_affiliate/bulkadd', 'POST', '/organization_affiliate/bulkadd', bulkAddBodySchema],
  ['POST /affiliate/activation', 'POST', '/affiliate/activation', affiliateActivateBodySchema],
];

describe('malformed input on the affiliate endpoints (RELIABILITY row 5)', () => {
  for (const [name, method, path, schema] of BODIES) {
    it(`${name}: ${RUNS} malformed bodies, nothing changed`, async () => {
      const req = (raw: string): Req => ({
        method,
        url: `${V1}${path}`,
        payload: raw,
        malformed: bodyIsMalformed(schema, raw),
      });
      await fuzzRequests(name, body(schema, false).map(req), body(schema, true).map(req));
    });
  }

  it(`PUT /affiliate/program/{id}: ${RUNS} malformed ids and bodies`, async () => {
    const req = (id: string, raw: string): Req => ({
      method: 'PUT',
      url: `${V1}/affiliate/program/${id}`,
      payload: raw,
      malformed: paramIsMalformed(dbIdTextSchema, id) || bodyIsMalformed(programBodySchema, raw),
    });
    const ids = fc.oneof(idText.map(encodeURIComponent), fc.constantFrom(...pool.programs.map(String)));
    await fuzzRequests(
      'PUT /affiliate/program/{id}',
      fc.tuple(ids, body(programBodySchema, false)).map(([i, b]) => req(i, b)),
    );
  });

  it(`GET /affiliate/: ${RUNS} malformed query strings`, async () => {
    const req = (qs: string): Req => ({
      method: 'GET',
      url: `${V1}/affiliate/?${qs}`,
      malformed: queryIsMalformed(affiliateListQuerySchema, qs),
    });
    await fuzzRequests(
      'GET /affiliate/',
      malformedQueries(affiliateListQuerySchema, hints).map(req),
      validQueries(affiliateListQuerySchema, hints).map(req),
    );
  });

  for (const [name, method, prefix, suffix] of [
    ['GET /affiliate/{id}', 'GET', '/affiliate/', ''],
    ['DELETE /organization_affiliate/{organizationId}', 'DELETE', '/organization_affiliate/', ''],
  ] as const) {
    it(`${name}: ${RUNS} malformed ids`, async () => {
      const req = (id: string): Req => ({
        method,
        url: `${V1}${prefix}${id}${suffix}`,
        malformed: paramIsMalformed(dbIdTextSchema, id),
      });
      // `GET /affiliate/program` and `/affiliate/offer` are calls of their own, not ids.
      const ids = idText.map(encodeURIComponent).filter((s) => !['program', 'offer', 'invite', ''].includes(s));
      await fuzzRequests(name, ids.map(req));
    });
  }

  it(`GET /affiliate/activation/{token}: ${RUNS} malformed and unknown tokens`, async () => {
    const tokens = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('x'.repeat(201), 'short', '%00'));
    await fuzzRequests(
      'GET /affiliate/activation/{token}',
      tokens
        .map(encodeURIComponent)
        .filter((s) => s.length > 0)
        .map((s) => ({ method: 'GET' as const, url: `${V1}/affiliate/activation/${s}`, malformed: true })),
    );
  });
});
