/**
 * RELIABILITY row 5 for team registration (issue 15): every registrant and staff endpoint gets at
 * least 100 inputs its contract refuses (bodies, query strings, path ids, draft secrets) plus
 * schema-valid inputs with hostile values; no answer is a 5xx, leaks a trace or leaves the error
 * envelope. Every request comes from its own address, so the per-IP throttles do not answer for
 * the validation (a 429 would still have to be an envelope).
 */
import {
  contactsAnswerSchema,
  dbIdTextSchema,
  deleteRegistrationQuerySchema,
  fundraisingAnswerSchema,
  organizationAnswerSchema,
  registrationAddressQuerySchema,
  registrationListQuerySchema,
  registrationOrganizationQuerySchema,
  rejectRegistrationBodySchema,
  startRegistrationBodySchema,
  submitRegistrationBodySchema,
  teamAnswerSchema,
  updateRegistrationBodySchema,
} from '@fc/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import {
  bodiesOf,
  bodyIsMalformed,
  createFigures,
  createRequestFuzzer,
  type FuzzRequest,
  idText,
  paramIsMalformed,
  queriesOf,
  queryIsMalformed,
  RUNS,
  type SchemaHints,
  snapshotOf,
  testEmail,
  useSeed,
} from './fuzz-support.js';
import { actor, createTestApp, type TestApp } from './helpers.js';
import { account, insertRegistration, registrant, submittedRegistration } from './registrations-support.js';

const SEED = useSeed(20261126);
const VALID_RUNS = 20;
const V1 = '/api/v1';

let t: TestApp;
const figures = createFigures();
let adminToken = '';
const pool = { ids: [] as number[], tokens: [] as string[] };

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await actor(t, { staffRole: 'super_admin' })).token;
  const r = registrant(t);
  for (let i = 0; i < 3; i++) pool.tokens.push((await r.start({ account: account() })).json().data.token);
  const s = await submittedRegistration(t);
  pool.tokens.push(s.token);
  pool.ids.push(s.id);
  for (const spec of [{ submitted: false }, { decision: 'rejected' }, {}])
    pool.ids.push((await insertRegistration(t, spec)).id);
});
afterAll(async () => {
  console.log(figures.report(SEED, 'team registration (issue 15)'));
  await t.close();
});

interface Req extends FuzzRequest {
  token?: string;
  staff?: boolean;
}

/** What a refused write must leave as it was: the registrations and what approving one creates. */
const TABLES = [
  sql`select * from team_registrations order by id`,
  sql`select * from organizations order by id`,
  sql`select id, email from users order by id`,
];

const { fuzzRequests } = createRequestFuzzer<Req>({
  figures,
  inject: (r) => t.app.inject(r),
  ipPrefix: '198.18',
  headers: (r) => ({
    'x-registration-token': r.token,
    authorization: r.staff ? `Bearer ${adminToken}` : undefined,
  }),
  snapshot: () => snapshotOf(t.db, TABLES),
  validRuns: VALID_RUNS,
});

const realId = () => fc.constantFrom(...pool.ids);
const idArb = () => fc.oneof({ arbitrary: idText.map(encodeURIComponent), weight: 3 }, realId().map(String));
const tokenArb = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...pool.tokens), weight: 3 },
    fc.string({ maxLength: 300 }),
    fc.constantFrom('', ' ', 'null', '%00', 'x'.repeat(201)),
  );
const hints: SchemaHints = {
  ids: { id: () => pool.ids, teamId: () => pool.ids, organizationId: () => pool.ids },
  fields: { email: testEmail },
};
const body = (schema: z.ZodType, valid: boolean) => bodiesOf(schema, hints, valid);
const query = (schema: z.ZodType, valid: boolean) => queriesOf(schema, hints, valid);

/** The new-organization variant's shape (the union's JSON Schema has no single property list). */
const newOrganization = organizationAnswerSchema.options[1];

describe('malformed input on the team registration endpoints (RELIABILITY row 5)', () => {
  it(`POST /onboarding/registration: ${RUNS} malformed bodies`, async () => {
    const req = (raw: string): Req => ({
      method: 'POST',
      url: `${V1}/onboarding/registration`,
      payload: raw,
      malformed: bodyIsMalformed(startRegistrationBodySchema, raw),
    });
    await fuzzRequests(
      'POST /onboarding/registration',
      body(startRegistrationBodySchema, false).map(req),
      body(startRegistrationBodySchema, true).map(req),
    );
  });

  it(`PUT /onboarding/registration/steps/{step}: ${RUNS} malformed steps, bodies and secrets`, async () => {
    const stepSchema = z.coerce.number().int().min(2).max(5);
    const STEPS: [string, z.ZodType][] = [
      ['2', newOrganization],
      ['3', teamAnswerSchema],
      ['4', contactsAnswerSchema],
      ['5', fundraisingAnswerSchema],
    ];
    const req = (step: string, schema: z.ZodType, raw: string, token: string): Req => ({
      method: 'PUT',
      url: `${V1}/onboarding/registration/steps/${step}`,
      payload: raw,
      token,
      malformed: paramIsMalformed(stepSchema, step) || bodyIsMalformed(schema, raw),
    });
    const forStep = (valid: boolean) =>
      fc
        .constantFrom(...STEPS)
        .chain(([step, schema]) => fc.tuple(body(schema, valid), tokenArb()).map(([b, k]) => req(step, schema, b, k)));
    await fuzzRequests(
      'PUT /onboarding/registration/steps/{step}',
      fc.oneof(
        { arbitrary: forStep(false), weight: 3 },
        fc
          .tuple(idText.map(encodeURIComponent), body(newOrganization, true), tokenArb())
          .map(([s, b, k]) => req(s, newOrganization, b, k)),
      ),
      forStep(true),
    );
  });

  it(`GET and POST submit with ${RUNS} malformed secrets and bodies`, async () => {
    await fuzzRequests(
      'GET /onboarding/registration',
      fc.string({ maxLength: 400 }).map((token) => ({
        method: 'GET' as const,
        url: `${V1}/onboarding/registration`,
        token,
        malformed: true,
      })),
    );
    const req = (raw: string, token: string): Req => ({
      method: 'POST',
      url: `${V1}/onboarding/registration/submit`,
      payload: raw,
      token,
      malformed: bodyIsMalformed(submitRegistrationBodySchema, raw),
    });
    await fuzzRequests(
      'POST /onboarding/registration/submit',
      fc.tuple(body(submitRegistrationBodySchema, false), tokenArb()).map(([b, k]) => req(b, k)),
      fc.tuple(body(submitRegistrationBodySchema, true), tokenArb()).map(([b, k]) => req(b, k)),
    );
  });

  for (const [path, schema] of [
    ['/onboarding/registration/organizations', registrationOrganizationQuerySchema],
    ['/onboarding/registration/check-address', registrationAddressQuerySchema],
    ['/onboarding/', registrationListQuerySchema],
    ['/onboardings/delete', deleteRegistrationQuerySchema],
  ] as const) {
    it(`${path}: ${RUNS} malformed query strings`, async () => {
      const method = path === '/onboardings/delete' ? 'DELETE' : 'GET';
      const req = (qs: string): Req => ({
        method,
        url: `${V1}${path}?${qs}`,
        staff: !path.startsWith('/onboarding/registration'),
        malformed: queryIsMalformed(schema, qs),
      });
      await fuzzRequests(
        `${method} ${path}`,
        query(schema, false).map(req),
        method === 'GET' ? query(schema, true).map(req) : undefined,
      );
    });
  }

  for (const action of ['', '/claim', '/approve'] as const) {
    it(`${action ? 'POST' : 'GET'} /onboarding/{id}${action}: ${RUNS} malformed ids`, async () => {
      const req = (id: string): Req => ({
        method: action ? 'POST' : 'GET',
        url: `${V1}/onboarding/${id}${action}`,
        staff: true,
        malformed: paramIsMalformed(dbIdTextSchema, id),
      });
      await fuzzRequests(`${action ? 'POST' : 'GET'} /onboarding/{id}${action}`, idArb().map(req));
    });
  }

  it(`POST /onboarding/{id}/reject: ${RUNS} malformed ids and bodies`, async () => {
    const req = (id: string, raw: string): Req => ({
      method: 'POST',
      url: `${V1}/onboarding/${id}/reject`,
      payload: raw,
      staff: true,
      malformed: paramIsMalformed(dbIdTextSchema, id) || bodyIsMalformed(rejectRegistrationBodySchema, raw),
    });
    await fuzzRequests(
      'POST /onboarding/{id}/reject',
      fc.oneof(
        fc.tuple(realId().map(String), body(rejectRegistrationBodySchema, false)).map(([i, b]) => req(i, b)),
        fc.tuple(idArb(), body(rejectRegistrationBodySchema, true)).map(([i, b]) => req(i, b)),
      ),
    );
  });

  it(`PUT /onboarding/: ${RUNS} malformed bodies`, async () => {
    const req = (raw: string): Req => ({
      method: 'PUT',
      url: `${V1}/onboarding/`,
      payload: raw,
      staff: true,
      malformed: bodyIsMalformed(updateRegistrationBodySchema, raw),
    });
    await fuzzRequests(
      'PUT /onboarding/',
      body(updateRegistrationBodySchema, false).map(req),
      body(updateRegistrationBodySchema, true).map(req),
    );
  });

  it('the row’s targets: every endpoint at least 100 malformed inputs, 0 5xx, 0 traces, 0 bare 4xx', () => {
    figures.expectTargets();
  });
});
