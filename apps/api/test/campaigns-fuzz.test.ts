/**
 * RELIABILITY row 5 for the campaign endpoints: every write, every read that takes a query string
 * and every path id, fuzzed from the zod contracts. Each endpoint gets at least 100 inputs the
 * contract refuses (a field of the wrong type or shape, a missing field, an unknown key, loose JSON,
 * raw text, pollution payloads), plus inputs the contract accepts but that carry hostile values
 * (unknown, foreign or repeated ids, the longest allowed text, impossible dates, taken slugs).
 * Answers are 2xx or 4xx envelopes; never 5xx, never a stack trace.
 */
import {
  bulkAddFundraisersBodySchema,
  bulkMessageBodySchema,
  campaignFilterQuerySchema,
  campaignFundraisersQuerySchema,
  campaignIdBodySchema,
  campaignListByUserQuerySchema,
  createCampaignBodySchema,
  createFeeRequestBodySchema,
  dbIdTextSchema,
  orgCampaignBodySchema,
  orgCampaignBulkBodySchema,
  ROLES,
  resendInvitesBodySchema,
  updateCampaignBodySchema,
  updateFeeRequestBodySchema,
} from '@fc/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { donate, insertCampaign, rosterPlayer, V1 } from './campaigns-support.js';
import { page } from './fundraisers-fixtures.js';
import {
  bodyIsMalformed,
  type Caller,
  createFigures,
  idText,
  malformedBodies,
  malformedQueries,
  paramIsMalformed,
  queryIsMalformed,
  RUNS,
  type SchemaHints,
  useSeed,
  validFrom,
  validQueries,
} from './fuzz-support.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

const SEED = useSeed(20261124);
/** Schema-valid inputs with hostile values per endpoint (on top of the RUNS malformed ones). */
const VALID_RUNS = 25;

let t: TestApp;
let admin: Caller;
let anon: Caller;
let adminId = 0;
let otherUserId = 0;
const figures = createFigures();

/** Real ids by kind, in this tenant (a) and another (b), so inputs reach the services' own checks. */
const pool = {
  campaigns: [] as number[],
  /** Campaigns the DELETE fuzz may remove. */
  disposable: [] as number[],
  orgs: [] as number[],
  players: [] as number[],
  cfs: [] as number[],
  fees: [] as number[],
  slugs: [] as string[],
};
let mainCampaign = 0;
let divisionA = 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTree(t.db);
  const b = await createTree(t.db);
  const div2 = await createOrg(t.db, 4, a.team.id);
  divisionA = a.division.id;
  const me = await actor(t, { membership: { organizationId: a.org.id, role: 'org_admin' } });
  const staff = await actor(t, { staffRole: 'super_admin' });
  admin = me.call;
  adminId = me.user.id;
  otherUserId = staff.user.id;
  anon = (o) => t.app.inject({ ...o, remoteAddress: '198.51.100.24' });
  pool.orgs.push(a.org.id, a.league.id, a.team.id, a.division.id, div2.id, b.org.id, b.team.id, b.division.id);

  const main = await insertCampaign(t.db, a.team.id, { status: 'active' });
  const draft = await insertCampaign(t.db, a.org.id);
  const closed = await insertCampaign(t.db, a.league.id, { status: 'closed' });
  const donated = await insertCampaign(t.db, a.team.id, { status: 'active' });
  const foreign = await insertCampaign(t.db, b.team.id, { status: 'active' });
  mainCampaign = main.id;
  pool.campaigns.push(main.id, draft.id, closed.id, donated.id, foreign.id);
  for (let i = 0; i < 3; i++) pool.disposable.push((await insertCampaign(t.db, a.team.id)).id);
  pool.slugs.push(main.slug, draft.slug, foreign.slug);

  for (const [division, parent] of [
    [a.division.id, 'invited'],
    [a.division.id, 'active'],
    [div2.id, 'invited'],
    [b.division.id, 'invited'],
  ] as const) {
    const { player } = await rosterPlayer(t.db, division, { parent });
    pool.players.push(player.id);
  }
  for (const playerId of pool.players.slice(0, 3))
    pool.cfs.push((await page(t.db, main.id, playerId, { divisionId: a.division.id, invitedAt: new Date() })).id);
  pool.cfs.push((await page(t.db, foreign.id, pool.players[3]!)).id);
  await donate(t.db, { campaignId: donated.id, organizationId: a.team.id, amount: 2500 });

  for (const [call, campaignId] of [
    [admin, main.id],
    [admin, main.id],
    [staff.call, foreign.id],
  ] as const) {
    const res = await call({
      method: 'POST',
      url: `${V1}/fee_requests`,
      payload: { campaignId, label: 'Team fee', amountCents: 5000, dueDate: '2030-01-15' },
    });
    expect(res.statusCode, res.body).toBe(200);
    pool.fees.push(res.json().data.id);
  }
});
afterAll(async () => t.close());

const ids =
  (...kinds: (keyof typeof pool)[]) =>
  () =>
    kinds.flatMap((k) => pool[k] as number[]);
const slugField = () =>
  fc.oneof(fc.stringMatching(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { size: 'small' }), fc.constantFrom(...pool.slugs));

type Method = 'POST' | 'PUT' | 'DELETE';
interface BodyEndpoint {
  name: string;
  method: Method;
  /** The URL for one input (a fee id drawn from the pool for `PUT /fee_requests/{id}`). */
  url: (pick: number) => string;
  schema: z.ZodType;
  hints: SchemaHints;
  /** Runs after every other endpoint (it removes what the others use). */
  last?: boolean;
}

const json = { 'content-type': 'application/json' };

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'POST /campaign/',
    method: 'POST',
    url: () => `${V1}/campaign/`,
    schema: createCampaignBodySchema,
    hints: { ids: { organizationId: ids('orgs'), divisionIds: ids('orgs') }, fields: { slug: slugField } },
  },
  {
    name: 'PUT /campaign/',
    method: 'PUT',
    url: () => `${V1}/campaign/`,
    schema: updateCampaignBodySchema,
    hints: { ids: { id: ids('campaigns'), divisionIds: ids('orgs') }, fields: { slug: slugField } },
  },
  {
    name: 'POST /fee_requests',
    method: 'POST',
    url: () => `${V1}/fee_requests`,
    schema: createFeeRequestBodySchema,
    hints: { ids: { campaignId: ids('campaigns') } },
  },
  {
    name: 'PUT /fee_requests/{id}',
    method: 'PUT',
    url: (pick) => `${V1}/fee_requests/${pool.fees[pick % pool.fees.length]}`,
    schema: updateFeeRequestBodySchema,
    hints: {},
  },
  {
    name: 'PUT /organization_campaign/',
    method: 'PUT',
    url: () => `${V1}/organization_campaign/`,
    schema: orgCampaignBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), organizationId: ids('orgs') } },
  },
  {
    name: 'DELETE /organization_campaign/',
    method: 'DELETE',
    url: () => `${V1}/organization_campaign/`,
    schema: orgCampaignBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), organizationId: ids('orgs') } },
  },
  {
    name: 'POST /organization_campaign/bulkadd',
    method: 'POST',
    url: () => `${V1}/organization_campaign/bulkadd`,
    schema: orgCampaignBulkBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), organizationIds: ids('orgs') } },
  },
  {
    name: 'POST /campaign_fundraiser/bulkadd',
    method: 'POST',
    url: () => `${V1}/campaign_fundraiser/bulkadd`,
    schema: bulkAddFundraisersBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), divisionIds: ids('orgs'), playerIds: ids('players') } },
  },
  {
    name: 'POST /campaign_fundraisers/resend_invite',
    method: 'POST',
    url: () => `${V1}/campaign_fundraisers/resend_invite`,
    schema: resendInvitesBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), ids: ids('cfs', 'players') } },
  },
  {
    name: 'POST /campaign_fundraisers/bulk_message',
    method: 'POST',
    url: () => `${V1}/campaign_fundraisers/bulk_message`,
    schema: bulkMessageBodySchema,
    hints: { ids: { campaignId: ids('campaigns'), ids: ids('cfs', 'players') } },
  },
  // Last of all, as it removes campaigns: the disposable ones, one with a donation and another tenant's.
  {
    name: 'DELETE /campaign',
    method: 'DELETE',
    url: () => `${V1}/campaign`,
    schema: campaignIdBodySchema,
    hints: { ids: { id: () => [...pool.disposable, pool.campaigns[3]!, pool.campaigns[4]!] } },
    last: true,
  },
];

interface QueryEndpoint {
  name: string;
  path: () => string;
  schema: z.ZodType;
  hints: () => SchemaHints;
}

const QUERY_ENDPOINTS: QueryEndpoint[] = [
  {
    name: 'GET /campaign/{id}/fundraisers?',
    path: () => `${V1}/campaign/${mainCampaign}/fundraisers`,
    schema: campaignFundraisersQuerySchema,
    hints: () => ({ ids: { division: ids('orgs') } }),
  },
  {
    name: 'GET /admin/campaign/listbyuser/?',
    path: () => `${V1}/admin/campaign/listbyuser/`,
    schema: campaignListByUserQuerySchema,
    hints: () => ({
      ids: { userId: () => [adminId, otherUserId] },
      fields: { userRole: () => fc.constantFrom(...ROLES) },
    }),
  },
  {
    name: 'GET /campaign/filter?',
    path: () => `${V1}/campaign/filter`,
    schema: campaignFilterQuerySchema,
    hints: () => ({ ids: { organization: ids('orgs') } }),
  },
];

/** [name, method, url for one id, caller, body] — the id is sent URI-encoded. */
const PATH_ENDPOINTS: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', (id: string) => string, () => Caller, unknown?][] = [
  ['GET /campaign/{id}', 'GET', (id) => `${V1}/campaign/${id}`, () => admin],
  ['GET /campaign/{id}/fundraisers', 'GET', (id) => `${V1}/campaign/${id}/fundraisers?page=1`, () => admin],
  ['GET /campaign/{id}/candidates', 'GET', (id) => `${V1}/campaign/${id}/candidates`, () => admin],
  ['GET /campaign/{id}/summary', 'GET', (id) => `${V1}/campaign/${id}/summary`, () => admin],
  [
    'GET /campaign/{id}/division/{divisionId}',
    'GET',
    (id) =>
      id.length % 2 ? `${V1}/campaign/${id}/division/${divisionA}` : `${V1}/campaign/${mainCampaign}/division/${id}`,
    () => admin,
  ],
  ['POST /admin/campaign/{id}/avatar', 'POST', (id) => `${V1}/admin/campaign/${id}/avatar`, () => admin],
  ['GET /fee_requests/{id}', 'GET', (id) => `${V1}/fee_requests/${id}`, () => anon],
  ['PUT /fee_requests/{id} (id)', 'PUT', (id) => `${V1}/fee_requests/${id}`, () => admin, { label: 'Uniforms' }],
  // Last, as they remove what the valid ids name.
  ['DELETE /fee_requests/{id}', 'DELETE', (id) => `${V1}/fee_requests/${id}`, () => admin],
  ['DELETE /campaign_fundraiser/{id}', 'DELETE', (id) => `${V1}/campaign_fundraiser/${id}`, () => admin],
];

function fuzzBodies(e: BodyEndpoint) {
  it(`${e.name}: ${RUNS} malformed bodies and ${VALID_RUNS} hostile valid ones`, async () => {
    const send = ([raw, pick]: [string, number]) =>
      admin({ method: e.method, url: e.url(pick), payload: raw, headers: json });
    const isMalformed = ([raw]: [string, number]) => bodyIsMalformed(e.schema, raw);
    const show = ([raw]: [string, number]) => raw;
    const pick = fc.nat(10);
    await figures.fuzz(e.name, fc.tuple(malformedBodies(e.schema, e.hints), pick), { send, isMalformed, show });
    await figures.fuzz(
      e.name,
      fc.tuple(
        validFrom(e.schema, e.hints).map((o) => JSON.stringify(o)),
        pick,
      ),
      { send, isMalformed, show, want: VALID_RUNS, mode: 'valid' },
    );
    figures.clean(e.name);
  });
}

describe('malformed input on the campaign endpoints (RELIABILITY row 5)', () => {
  for (const e of BODY_ENDPOINTS.filter((x) => !x.last)) fuzzBodies(e);

  for (const e of QUERY_ENDPOINTS) {
    it(`${e.name}: ${RUNS} malformed query strings and ${VALID_RUNS} hostile valid ones`, async () => {
      const send = (qs: string) => admin({ method: 'GET', url: `${e.path()}?${qs}` });
      const isMalformed = (qs: string) => queryIsMalformed(e.schema, qs);
      await figures.fuzz(e.name, malformedQueries(e.schema, e.hints()), { send, isMalformed });
      await figures.fuzz(e.name, validQueries(e.schema, e.hints()), {
        send,
        isMalformed,
        want: VALID_RUNS,
        mode: 'valid',
      });
      figures.clean(e.name);
    });
  }

  for (const [name, method, url, caller, body] of PATH_ENDPOINTS) {
    it(`${name}: ${RUNS} malformed ids`, async () => {
      const real = () => [...pool.campaigns, ...pool.fees, ...pool.cfs].map(String);
      const arb = fc.oneof(
        { arbitrary: idText.map(encodeURIComponent), weight: 4 },
        // Sent as is: broken escapes and a parameter over the router's length limit.
        { arbitrary: fc.constantFrom('%', 'a%2', '%E0%A4%A', '%C0%AF', '9'.repeat(150)), weight: 1 },
        { arbitrary: fc.constantFrom(...real()), weight: 1 },
      );
      await figures.fuzz(name, arb, {
        send: (id) =>
          caller()({
            method,
            url: url(id),
            ...(body ? { payload: JSON.stringify(body), headers: json } : {}),
          }),
        isMalformed: (id) => paramIsMalformed(dbIdTextSchema, id),
      });
      figures.clean(name);
    });
  }

  for (const e of BODY_ENDPOINTS.filter((x) => x.last)) fuzzBodies(e);

  it('prints the figures: no 5xx, no stack traces, every 4xx in the envelope', () => {
    console.log(figures.report(SEED, 'campaign endpoints'));
    figures.expectTargets(RUNS);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
