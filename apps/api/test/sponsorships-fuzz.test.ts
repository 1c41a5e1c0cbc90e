/**
 * RELIABILITY row 5 for the staff's sponsorship calls (issue 17): every call gets at least 100
 * inputs its contract refuses (bodies, query strings, path ids) plus schema-valid inputs with
 * hostile values. A refused input is a 4xx error envelope (a 400 names the field), never a 5xx or
 * a trace, and changes nothing in the sponsorship or donation tables.
 */
import {
  dbIdTextSchema,
  offlineSponsorshipBodySchema,
  opportunityBodySchema,
  opportunityListQuerySchema,
  opportunityUpdateBodySchema,
  rejectLogoBodySchema,
  sponsorListQuerySchema,
} from '@fc/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { z } from 'zod';
import { insertCampaign } from './campaigns-support.js';
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
import { insertOpportunity, insertUnit, V1 } from './sponsorships-support.js';

const SEED = useSeed(20261126);
const VALID_RUNS = 20;

let t: TestApp;
const figures = createFigures();
let token = '';
const pool = {
  orgs: [] as number[],
  campaigns: [] as number[],
  opportunities: [] as number[],
  sponsors: [] as number[],
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await actor(t, { staffRole: 'super_admin' })).token;
  const tree = await createTree(t.db);
  const c = await insertCampaign(t.db, tree.team.id);
  pool.orgs.push(tree.org.id, tree.team.id);
  pool.campaigns.push(c.id);
  for (let i = 0; i < 2; i++) {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId: c.id, quantity: null });
    pool.opportunities.push(o.id);
    const s = await insertUnit(t.db, {
      opportunityId: o.id,
      campaignId: c.id,
      organizationId: tree.team.id,
      logoStatus: 'submitted',
    });
    pool.sponsors.push(s.id);
  }
});
afterAll(async () => {
  console.log(figures.report(SEED, 'sponsorships (issue 17)'));
  await t.close();
});

/** The tables a refused write must leave as they were. */
const TABLES = [
  sql`select * from sponsorship_opportunities order by id`,
  sql`select * from sponsorships order by id`,
  sql`select id, status, amount_cents from donations order by id`,
];

type Req = FuzzRequest;

const { fuzzRequests } = createRequestFuzzer<Req>({
  figures,
  inject: (r) => t.app.inject(r),
  ipPrefix: '198.20',
  headers: () => ({ authorization: `Bearer ${token}` }),
  snapshot: () => snapshotOf(t.db, TABLES),
  validRuns: VALID_RUNS,
});

const hints: SchemaHints = {
  ids: {
    id: () => pool.sponsors,
    organizationId: () => pool.orgs,
    campaignId: () => pool.campaigns,
    opportunityId: () => pool.opportunities,
  },
  fields: { email: testEmail, slug: testSlug },
};
const body = (schema: z.ZodType, valid: boolean) => bodiesOf(schema, hints, valid);
const ids = (list: () => number[]) => fc.oneof(idText.map(encodeURIComponent), fc.constantFrom(...list().map(String)));

describe('malformed input on the staff sponsorship calls (RELIABILITY row 5)', () => {
  const BODIES: [string, 'POST', string, z.ZodType][] = [
    ['POST /admin/sponsorship_opportunity', 'POST', '/admin/sponsorship_opportunity', opportunityBodySchema],
    ['POST /admin/sponsorship/offline', 'POST', '/admin/sponsorship/offline', offlineSponsorshipBodySchema],
  ];
  for (const [name, method, path, schema] of BODIES)
    it(`${name}: ${RUNS} malformed bodies, nothing changed`, async () => {
      const req = (raw: string): Req => ({
        method,
        url: `${V1}${path}`,
        payload: raw,
        malformed: bodyIsMalformed(schema, raw),
      });
      await fuzzRequests(name, body(schema, false).map(req), body(schema, true).map(req));
    });

  const WITH_ID: [string, 'PUT' | 'POST', (id: string) => string, z.ZodType, () => number[]][] = [
    [
      'PUT /admin/sponsorship_opportunity/{id}',
      'PUT',
      (id) => `/admin/sponsorship_opportunity/${id}`,
      opportunityUpdateBodySchema,
      () => pool.opportunities,
    ],
    [
      'POST /admin/sponsorship/{id}/logo/reject',
      'POST',
      (id) => `/admin/sponsorship/${id}/logo/reject`,
      rejectLogoBodySchema,
      () => pool.sponsors,
    ],
  ];
  for (const [name, method, path, schema, list] of WITH_ID)
    it(`${name}: ${RUNS} malformed ids and bodies, nothing changed`, async () => {
      const req = (id: string, raw: string): Req => ({
        method,
        url: `${V1}${path(id)}`,
        payload: raw,
        malformed: paramIsMalformed(dbIdTextSchema, id) || bodyIsMalformed(schema, raw),
      });
      await fuzzRequests(
        name,
        fc.tuple(ids(list), body(schema, false)).map(([i, b]) => req(i, b)),
      );
    });

  const PATHS: [string, 'GET' | 'DELETE' | 'POST', (id: string) => string][] = [
    ['GET /admin/sponsorship_opportunity/{id}', 'GET', (id) => `/admin/sponsorship_opportunity/${id}`],
    ['DELETE /admin/sponsorship_opportunity/{id}', 'DELETE', (id) => `/admin/sponsorship_opportunity/${id}`],
    ['GET /admin/sponsorship/{id}', 'GET', (id) => `/admin/sponsorship/${id}`],
    ['POST /admin/sponsorship/{id}/logo/approve', 'POST', (id) => `/admin/sponsorship/${id}/logo/approve`],
  ];
  for (const [name, method, path] of PATHS)
    it(`${name}: ${RUNS} malformed ids, nothing changed`, async () => {
      const req = (id: string): Req => ({
        method,
        url: `${V1}${path(id)}`,
        malformed: paramIsMalformed(dbIdTextSchema, id),
      });
      await fuzzRequests(name, idText.map(encodeURIComponent).map(req));
    });

  const QUERIES: [string, string, z.ZodType][] = [
    ['GET /admin/sponsorship_opportunity', '/admin/sponsorship_opportunity', opportunityListQuerySchema],
    ['GET /admin/sponsorship', '/admin/sponsorship', sponsorListQuerySchema],
    ['GET /admin/sponsorship.csv', '/admin/sponsorship.csv', sponsorListQuerySchema],
  ];
  for (const [name, path, schema] of QUERIES)
    it(`${name}: ${RUNS} malformed query strings`, async () => {
      const req = (qs: string): Req => ({
        method: 'GET',
        url: `${V1}${path}?${qs}`,
        malformed: queryIsMalformed(schema, qs),
      });
      await fuzzRequests(name, malformedQueries(schema, hints).map(req), validQueries(schema, hints).map(req));
    });
});
