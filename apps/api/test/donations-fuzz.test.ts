/**
 * RELIABILITY row 5 for the donation, checkout and payout endpoints, public and staff: every
 * body, query string and path id fuzzed from the zod contracts (packages/contracts/src/donations.ts).
 * Each endpoint gets at least 100 inputs the contract refuses (a field of the wrong type or shape,
 * a missing field, an unknown key, loose JSON, raw text, pollution payloads, broken ids), plus
 * inputs the contract accepts but that carry hostile values (unknown, foreign or spent ids, the
 * longest allowed text, test cards that decline). Answers are 2xx or 4xx envelopes; never 5xx,
 * never a stack trace.
 * Row 4: amounts, statuses, fees, refunds, the organization and the currency sent to the write
 * endpoints are refused and never persisted; responses carry no field outside their schema.
 */
import {
  abandonedCartSchema,
  checkoutTargetQuerySchema,
  completeSetupBodySchema,
  coverFeeCents,
  createDonationBodySchema,
  DONATION_STATUS,
  dbIdTextSchema,
  donationDetailSchema,
  donationListQuerySchema,
  donationStatusBodySchema,
  donationStatusParamsSchema,
  offlineDonationBodySchema,
  payoutBodySchema,
  payoutOverviewSchema,
  payoutParamsSchema,
  processTransfersBodySchema,
  publicDonationSchema,
  refundBodySchema,
  resendReceiptQuerySchema,
  resumeCartBodySchema,
  SANDBOX_CARDS,
  sandboxConfirmBodySchema,
} from '@fc/contracts';
import { feeRequests } from '@fc/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertCampaign } from './campaigns-support.js';
import { addPlayer, page } from './fundraisers-fixtures.js';
import {
  bodyIsMalformed,
  type Caller,
  createFigures,
  idText,
  malformedBodies,
  malformedQueries,
  paramIsMalformed,
  queryIsMalformed,
  queryString,
  RUNS,
  type SchemaHints,
  useSeed,
  validFrom,
  validQueries,
} from './fuzz-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import {
  CARD,
  donationRow,
  expectLedgerSound,
  moneyFingerprint,
  payoutAccount,
  payWith,
  startCheckout,
  V1,
} from './payments-support.js';

const SEED = useSeed(20261205);
/** Schema-valid inputs with hostile values per endpoint (on top of the RUNS malformed ones). */
const VALID_RUNS = 25;
/** The route's own schema for a donation's public id (donations.routes.ts). */
const publicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,40}$/);

let t: TestApp;
let staff: Caller;
let anon: Caller;
const figures = createFigures();
const json = { 'content-type': 'application/json' };

/** Real ids and names, in this organization (a) and another (b), so inputs reach the services' own checks. */
const pool = {
  orgs: [] as number[],
  campaigns: [] as number[],
  campaignSlugs: [] as string[],
  cfs: [] as number[],
  cfSlugs: [] as string[],
  fees: [] as number[],
  donations: [] as number[],
  donors: [] as number[],
  publicIds: [] as string[],
  /** Public ids of attempts that can still be paid (pending or failed). */
  payable: [] as string[],
  accounts: [] as string[],
};
let otherOrg = 0;
let otherDivision = 0;
let bareOrg = 0;

const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_LIMIT_PER_IP: '1000000' });
  const a = await createTree(t.db);
  const b = await createTree(t.db);
  otherOrg = b.org.id;
  otherDivision = b.division.id;
  bareOrg = a.league.id;
  pool.orgs.push(a.org.id, a.league.id, a.team.id, a.division.id, b.org.id, b.team.id, b.division.id);
  const sa = await actor(t, { staffRole: 'super_admin' });
  staff = sa.call;
  anon = (o) => t.app.inject({ ...o, remoteAddress: '198.51.100.77' });

  const campA = await insertCampaign(t.db, a.team.id, { status: 'active' });
  const campB = await insertCampaign(t.db, b.team.id, { status: 'active' });
  const draft = await insertCampaign(t.db, a.team.id);
  const closed = await insertCampaign(t.db, a.org.id, { status: 'closed' });
  pool.campaigns.push(campA.id, campB.id, draft.id, closed.id);
  pool.campaignSlugs.push(campA.slug, campB.slug, draft.slug, closed.slug);
  for (const [camp, division] of [
    [campA, a.division.id],
    [campA, a.division.id],
    [campB, b.division.id],
    [draft, a.division.id],
  ] as const) {
    const player = await addPlayer(t.db, division);
    const cf = await page(t.db, camp.id, player.id, { divisionId: division });
    pool.cfs.push(cf.id);
    pool.cfSlugs.push(cf.slug);
  }
  for (const c of [campA, campB]) {
    const [fee] = await t.db
      .insert(feeRequests)
      .values({ campaignId: c.id, label: 'Kit fee', amountCents: 4_000 })
      .returning({ id: feeRequests.id });
    pool.fees.push(fee!.id);
  }

  // Donations in every state, on both organizations.
  const checkout = async (target: { fundraiser?: string; campaign?: string }, card: string | null, amount = 2_500) => {
    const c = await startCheckout(t, { ...target, amountCents: amount, coverFee: amount % 2 === 0 });
    if (card) expect((await payWith(t, c.donationId, card)).statusCode).toBe(200);
    const row = await donationRow(t.db, c.donationId);
    pool.donations.push(row.id);
    pool.publicIds.push(c.donationId);
    if (row.status === DONATION_STATUS.pending || row.status === DONATION_STATUS.failed)
      pool.payable.push(c.donationId);
    return row;
  };
  for (let i = 0; i < 4; i++) await checkout({ fundraiser: pool.cfSlugs[i % 3]! }, SANDBOX_CARDS.success, 2_500 + i);
  await checkout({ campaign: campB.slug }, SANDBOX_CARDS.success, 10_000);
  for (let i = 0; i < 3; i++) await checkout({ campaign: campA.slug }, null, 3_000 + i);
  await checkout({ fundraiser: pool.cfSlugs[0]! }, SANDBOX_CARDS.declined);
  const refunded = await checkout({ campaign: campA.slug }, SANDBOX_CARDS.success, 6_000);
  const full = await staff({
    method: 'POST',
    url: `${V1}/donation/${refunded.id}/refund`,
    payload: { reason: 'Fixture refund', requestKey: 'fuzz-fixture-refund' },
  });
  expect(full.statusCode, full.body).toBe(200);
  const cancelled = await checkout({ campaign: campB.slug }, null, 5_000);
  const cancel = await staff({
    method: 'PUT',
    url: `${V1}/donation/${cancelled.id}/status/4`,
    payload: { reason: 'Fixture cancel' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const offline = await staff({
    method: 'POST',
    url: `${V1}/admin/donation_form`,
    payload: {
      campaignId: campA.id,
      amountCents: 7_500,
      firstName: 'Cash',
      lastName: 'Giver',
      email: 'cash.giver@example.test',
      offlineMethod: 'cash',
      sendReceipt: false,
    },
  });
  expect(offline.statusCode, offline.body).toBe(200);
  pool.donations.push(offline.json().data.id);
  const donors = (await t.db.execute(sql`select id from donors order by id`)) as unknown as { rows: { id: number }[] };
  pool.donors.push(...donors.rows.map((r) => r.id));
  for (const org of [a.team.id, b.team.id, a.org.id]) pool.accounts.push(await payoutAccount(staff, org));
}, 120_000);
afterAll(async () => t.close());

const ids =
  (...kinds: ('orgs' | 'campaigns' | 'cfs' | 'fees' | 'donations' | 'donors')[]) =>
  () =>
    kinds.flatMap((k) => pool[k]);
const slugs = (k: 'campaignSlugs' | 'cfSlugs') => () =>
  fc.oneof(fc.constantFrom(...pool[k]), fc.stringMatching(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { size: 'small' }));
/** Donor names and emails the contract accepts, hostile ones included (markup, quotes, the longest allowed). */
const person = {
  firstName: () => names,
  lastName: () => names,
  email: () =>
    fc.oneof(
      fc
        .stringMatching(/^[a-z][a-z0-9.]{0,20}@[a-z]{2,10}\.test$/)
        .filter((x) => !x.includes('.@') && !x.includes('..')),
      fc.constantFrom('UP@Example.Test', "o'neil+gift@example.test", `${'a'.repeat(60)}@example.test`),
    ),
};
const names = fc.oneof(
  fc.string({ minLength: 1, maxLength: 80 }).filter((x) => x.trim().length > 0),
  fc.constantFrom("O'Brien", '<b>Bold</b>', 'Zoë 李', '=HYPERLINK("x")', 'é'.repeat(80)),
);
const cards = () =>
  fc.oneof(
    fc.constantFrom(...Object.values(SANDBOX_CARDS), '4111111111111111', '4242 4242 4242 4242', '4242-4242-4242-4242'),
    fc.stringMatching(/^\d{12,19}$/),
  );

interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: (pick: number) => string;
  caller: () => Caller;
  schema: z.ZodType;
  hints: () => SchemaHints;
  /** Schema-valid values, when the contract's refinements need more than the derived ones. */
  valid?: () => fc.Arbitrary<Record<string, unknown>>;
}

/**
 * Valid values naming exactly one checkout target (the contracts' refinement), the rest as derived.
 * The target's key is set from the pool when the derived value left it out.
 */
function oneTarget(schema: z.ZodType, hints: SchemaHints, targets: [string, () => fc.Arbitrary<unknown>][]) {
  return fc
    .tuple(validFrom(schema, hints), fc.nat(targets.length - 1), fc.oneof(...targets.map(([, arb]) => arb())))
    .map(([o, k, fallback]) => {
      const [keep] = targets[k]!;
      const out: Record<string, unknown> = { ...o };
      for (const [key] of targets) if (key !== keep) delete out[key];
      out[keep] ??= fallback;
      return out;
    })
    .filter((o) => targets.some(([key]) => o[key] !== undefined));
}

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'POST /public/donations',
    method: 'POST',
    url: () => `${V1}/public/donations`,
    caller: () => anon,
    schema: createDonationBodySchema,
    hints: () => ({
      ids: { feeRequestId: ids('fees') },
      fields: {
        ...person,
        campaign: slugs('campaignSlugs'),
        fundraiser: slugs('cfSlugs'),
        forPlayer: slugs('cfSlugs'),
      },
    }),
    valid: () =>
      oneTarget(
        createDonationBodySchema,
        {
          ids: { feeRequestId: ids('fees') },
          fields: { ...person, campaign: slugs('campaignSlugs'), fundraiser: slugs('cfSlugs') },
        },
        [
          ['campaign', () => fc.constantFrom(...pool.campaignSlugs)],
          ['fundraiser', () => fc.constantFrom(...pool.cfSlugs)],
          ['feeRequestId', () => fc.constantFrom(...pool.fees)],
        ],
      ).map(({ forPlayer: _, ...o }) => o),
  },
  {
    name: 'POST /public/donations/{id}/confirm',
    method: 'POST',
    url: (i) => `${V1}/public/donations/${pick(pool.publicIds, i)}/confirm`,
    caller: () => anon,
    schema: sandboxConfirmBodySchema,
    hints: () => ({ fields: { cardNumber: cards } }),
  },
  {
    name: 'POST /abandoned_cart/{id}',
    method: 'POST',
    url: (i) => `${V1}/abandoned_cart/${pick(pool.publicIds, i)}`,
    caller: () => anon,
    schema: resumeCartBodySchema,
    hints: () => ({}),
  },
  {
    name: 'PUT /donation/{id}/status/{status}',
    method: 'PUT',
    url: (i) => `${V1}/donation/${pick(pool.donations, i)}/status/${i % 5}`,
    caller: () => staff,
    schema: donationStatusBodySchema,
    hints: () => ({}),
  },
  {
    name: 'POST /donation/{id}/refund',
    method: 'POST',
    url: (i) => `${V1}/donation/${pick(pool.donations, i)}/refund`,
    caller: () => staff,
    schema: refundBodySchema,
    hints: () => ({}),
  },
  {
    name: 'POST /admin/donation_form',
    method: 'POST',
    url: () => `${V1}/admin/donation_form`,
    caller: () => staff,
    schema: offlineDonationBodySchema,
    hints: () => ({ ids: { campaignId: ids('campaigns'), campaignFundraiserId: ids('cfs') }, fields: person }),
  },
  {
    name: 'POST /admin/stripe/complete-setup',
    method: 'POST',
    url: () => `${V1}/admin/stripe/complete-setup`,
    caller: () => staff,
    schema: completeSetupBodySchema,
    hints: () => ({ ids: { organizationId: ids('orgs') } }),
  },
  {
    name: 'POST /stripe/processTransfers',
    method: 'POST',
    url: () => `${V1}/stripe/processTransfers`,
    caller: () => staff,
    schema: processTransfersBodySchema,
    hints: () => ({ fields: { account: () => fc.oneof(fc.constantFrom(...pool.accounts), fc.string()) } }),
  },
  {
    name: 'POST /stripe/{account}/payout',
    method: 'POST',
    url: (i) => `${V1}/stripe/${pick(pool.accounts, i)}/payout`,
    caller: () => staff,
    schema: payoutBodySchema,
    hints: () => ({}),
  },
];

interface QueryEndpoint {
  name: string;
  path: string;
  caller: () => Caller;
  schema: z.ZodType;
  hints: () => SchemaHints;
  /** Schema-valid values, when the contract's refinements need more than the derived ones. */
  valid?: () => fc.Arbitrary<Record<string, unknown>>;
}

const QUERY_ENDPOINTS: QueryEndpoint[] = [
  {
    name: 'GET /public/checkout?',
    path: `${V1}/public/checkout`,
    caller: () => anon,
    schema: checkoutTargetQuerySchema,
    hints: () => ({
      ids: { feeRequest: ids('fees') },
      fields: { campaign: slugs('campaignSlugs'), fundraiser: slugs('cfSlugs') },
    }),
    valid: () =>
      oneTarget(
        checkoutTargetQuerySchema,
        { fields: { campaign: slugs('campaignSlugs'), fundraiser: slugs('cfSlugs') } },
        [
          ['campaign', () => fc.constantFrom(...pool.campaignSlugs)],
          ['fundraiser', () => fc.constantFrom(...pool.cfSlugs)],
          ['feeRequest', () => fc.constantFrom(...pool.fees)],
        ],
      ),
  },
  {
    name: 'GET /admin/donation/list?',
    path: `${V1}/admin/donation/list`,
    caller: () => staff,
    schema: donationListQuerySchema,
    hints: () => ({ ids: { campaignId: ids('campaigns'), organizationId: ids('orgs') } }),
  },
  {
    name: 'GET /admin/donation/export?',
    path: `${V1}/admin/donation/export`,
    caller: () => staff,
    schema: donationListQuerySchema,
    hints: () => ({ ids: { campaignId: ids('campaigns'), organizationId: ids('orgs') } }),
  },
  {
    name: 'GET /stripe/resendReceipt?',
    path: `${V1}/stripe/resendReceipt`,
    caller: () => staff,
    schema: resendReceiptQuerySchema,
    hints: () => ({ ids: { donation: ids('donations') } }),
  },
];

interface PathEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The URL for one (URI-encoded) parameter value. */
  url: (v: string) => string;
  caller: () => Caller;
  /** The contract's verdict on the value as sent. */
  isMalformed: (v: string) => boolean;
  arb: () => fc.Arbitrary<string>;
  body?: () => unknown;
}

/** Numeric ids: huge, negative, fractional, hex, text, traversal, broken escapes, and real ones. */
const numericIds = (real: () => number[]) => () =>
  fc.oneof(
    { arbitrary: idText.map(encodeURIComponent), weight: 4 },
    { arbitrary: fc.constantFrom('%', 'a%2', '%E0%A4%A', '%C0%AF', '9'.repeat(150)), weight: 1 },
    { arbitrary: fc.constantFrom(...real().map(String)), weight: 1 },
  );
/** Public ids: the same hostile text, well-formed unknown ids, and real ones. */
const publicIds = () =>
  fc.oneof(
    { arbitrary: idText.map(encodeURIComponent), weight: 3 },
    { arbitrary: fc.string({ minLength: 10, maxLength: 50 }).map(encodeURIComponent), weight: 1 },
    { arbitrary: fc.constantFrom('%', 'a%2', '%C0%AF', 'A'.repeat(41), 'A'.repeat(15), 'x'.repeat(300)), weight: 1 },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/), weight: 1 },
    { arbitrary: fc.constantFrom(...pool.publicIds), weight: 1 },
  );
const numeric = (v: string) => paramIsMalformed(dbIdTextSchema, v);
const publicId = (v: string) => paramIsMalformed(publicIdSchema, v);

const PATH_ENDPOINTS: PathEndpoint[] = [
  {
    name: 'GET /donation/{id}',
    method: 'GET',
    url: (v) => `${V1}/donation/${v}`,
    caller: () => staff,
    isMalformed: numeric,
    arb: numericIds(ids('donations')),
  },
  {
    // Odd lengths fuzz the id, even lengths the status.
    name: 'PUT /donation/{id}/status/{status} (path)',
    method: 'PUT',
    url: (v) =>
      v.length % 2 ? `${V1}/donation/${v}/status/4` : `${V1}/donation/${pick(pool.donations, v.length)}/status/${v}`,
    caller: () => staff,
    isMalformed: (v) => (v.length % 2 ? numeric(v) : paramIsMalformed(donationStatusParamsSchema.shape.status, v)),
    arb: () =>
      fc.oneof(numericIds(ids('donations'))(), fc.constantFrom('0', '1', '2', '3', '4', '5', '-1', '1.0', '4e0')),
    body: () => ({ reason: 'Path fuzz' }),
  },
  {
    name: 'POST /donation/{id}/refund (path)',
    method: 'POST',
    url: (v) => `${V1}/donation/${v}/refund`,
    caller: () => staff,
    isMalformed: numeric,
    arb: numericIds(ids('donations')),
    // One key for every call: a real id gets one $1 refund, repeats are the same request.
    body: () => ({ amountCents: 100, reason: 'Path fuzz', requestKey: 'fuzz-path-refund' }),
  },
  {
    name: 'GET /donor/{id}',
    method: 'GET',
    url: (v) => `${V1}/donor/${v}`,
    caller: () => staff,
    isMalformed: numeric,
    arb: numericIds(ids('donors')),
  },
  {
    name: 'GET /admin/organization/{id}/payouts',
    method: 'GET',
    url: (v) => `${V1}/admin/organization/${v}/payouts`,
    caller: () => staff,
    isMalformed: numeric,
    arb: numericIds(ids('orgs')),
  },
  {
    name: 'POST /stripe/{stripeAccount}/payout (path)',
    method: 'POST',
    url: (v) => `${V1}/stripe/${v}/payout`,
    caller: () => staff,
    isMalformed: (v) => paramIsMalformed(payoutParamsSchema.shape.stripeAccount, v),
    arb: () =>
      fc.oneof(
        // Mostly too short (once trimmed) or too long; some odd text and real accounts.
        { arbitrary: fc.string({ maxLength: 2 }).map((x) => encodeURIComponent(` ${x} `)), weight: 3 },
        { arbitrary: fc.integer({ min: 256, max: 400 }).map((n) => 'x'.repeat(n)), weight: 1 },
        { arbitrary: fc.constantFrom('%', 'a%2', '%C0%AF', '%20%20%20', '%00ab', 'a%00b'), weight: 1 },
        { arbitrary: idText.map(encodeURIComponent), weight: 1 },
        { arbitrary: fc.constantFrom(...pool.accounts), weight: 1 },
      ),
    body: () => ({ amountCents: 100 }),
  },
  {
    name: 'GET /public/donations/{donationId}',
    method: 'GET',
    url: (v) => `${V1}/public/donations/${v}`,
    caller: () => anon,
    isMalformed: publicId,
    arb: publicIds,
  },
  {
    name: 'POST /public/donations/{donationId}/confirm (path)',
    method: 'POST',
    url: (v) => `${V1}/public/donations/${v}/confirm`,
    caller: () => anon,
    isMalformed: publicId,
    arb: publicIds,
    body: () => ({ cardNumber: SANDBOX_CARDS.declined, ...CARD }),
  },
  {
    name: 'GET /abandoned_cart/{donationId}',
    method: 'GET',
    url: (v) => `${V1}/abandoned_cart/${v}`,
    caller: () => anon,
    isMalformed: publicId,
    arb: publicIds,
  },
  {
    name: 'POST /abandoned_cart/{donationId} (path)',
    method: 'POST',
    url: (v) => `${V1}/abandoned_cart/${v}`,
    caller: () => anon,
    isMalformed: publicId,
    arb: publicIds,
    body: () => ({}),
  },
];

describe('malformed input on the donation endpoints (RELIABILITY row 5)', () => {
  for (const e of BODY_ENDPOINTS) {
    it(`${e.name}: ${RUNS} malformed bodies and ${VALID_RUNS} hostile valid ones`, async () => {
      const send = ([raw, i]: [string, number]) =>
        e.caller()({ method: e.method, url: e.url(i), payload: raw, headers: json });
      const isMalformed = ([raw]: [string, number]) => bodyIsMalformed(e.schema, raw);
      const show = ([raw]: [string, number]) => raw;
      const index = fc.nat(100);
      await figures.fuzz(e.name, fc.tuple(malformedBodies(e.schema, e.hints()), index), { send, isMalformed, show });
      await figures.fuzz(
        e.name,
        fc.tuple(
          (e.valid?.() ?? validFrom(e.schema, e.hints())).map((o) => JSON.stringify(o)),
          index,
        ),
        { send, isMalformed, show, want: VALID_RUNS, mode: 'valid' },
      );
      figures.clean(e.name);
    });
  }

  for (const e of QUERY_ENDPOINTS) {
    it(`${e.name}: ${RUNS} malformed query strings and ${VALID_RUNS} hostile valid ones`, async () => {
      const send = (qs: string) => e.caller()({ method: 'GET', url: `${e.path}?${qs}` });
      const isMalformed = (qs: string) => queryIsMalformed(e.schema, qs);
      await figures.fuzz(e.name, malformedQueries(e.schema, e.hints()), { send, isMalformed });
      await figures.fuzz(e.name, e.valid ? e.valid().map(queryString) : validQueries(e.schema, e.hints()), {
        send,
        isMalformed,
        want: VALID_RUNS,
        mode: 'valid',
      });
      figures.clean(e.name);
    });
  }

  for (const e of PATH_ENDPOINTS) {
    it(`${e.name}: ${RUNS} malformed path parameters`, async () => {
      await figures.fuzz(e.name, e.arb(), {
        send: (v) =>
          e.caller()({
            method: e.method,
            url: e.url(v),
            ...(e.body ? { payload: JSON.stringify(e.body()), headers: json } : {}),
          }),
        isMalformed: e.isMalformed,
      });
      figures.clean(e.name);
    });
  }

  it('prints the figures: no 5xx, no stack traces, every 4xx in the envelope', async () => {
    console.log(figures.report(SEED, 'donation, checkout and payout endpoints'));
    figures.expectTargets(RUNS);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The valid inputs refunded, cancelled, recorded and moved money: the books still balance.
    await expectLedgerSound(t.db, 'after the donation fuzz');
  });
});

// ------------------------------------------------------------------------------------------------
// Row 4

/** Everything a donation's money, state and owner are made of. */
const PROTECTED: Record<string, unknown> = {
  amountCents: 1,
  coverFeeCents: 0,
  coverFeeAmount: 0,
  totalCents: 1,
  feeCents: 0,
  fee: { percentBps: 0, fixedCents: 0 },
  processingFeeCents: 0,
  status: DONATION_STATUS.completed,
  refundedCents: 0,
  refundedFeeCents: 0,
  netCents: 1_000_000,
  organizationId: -1,
  divisionId: -1,
  currency: 'eur',
  method: 'offline',
  provider: 'stripe',
  kind: 'fee',
  paymentIntentId: 'pi_attacker',
  receiptNumber: 'FC-99999999',
  donorUserId: 1,
  completedAt: '2020-01-01T00:00:00.000Z',
  accountId: 'acct_attacker',
  balance: 1_000_000,
};
const fill = (field: string) =>
  field === 'organizationId' ? otherOrg : field === 'divisionId' ? otherDivision : PROTECTED[field];

const fingerprint = () => moneyFingerprint(t.db);

interface WriteEndpoint {
  name: string;
  req: () => InjectOptions;
  caller: () => Caller;
  /** The endpoint's own fields (not protected here). */
  own: string[];
  /** After the unprotected body went through: the server computed what it stores. */
  control: (res: Awaited<ReturnType<Caller>>) => Promise<void>;
}

let sent = 0;
let persisted = 0;
let keySeq = 0;
const refusedWith: Record<number, number> = {};

describe('protected fields sent to the donation write endpoints (RELIABILITY row 4)', () => {
  let pendingPublic = '';
  let completedId = 0;
  let account = '';
  beforeAll(async () => {
    const fresh = await startCheckout(t, { fundraiser: pool.cfSlugs[0]!, amountCents: 4_200 });
    pendingPublic = fresh.donationId;
    const done = await startCheckout(t, { fundraiser: pool.cfSlugs[1]!, amountCents: 8_800, coverFee: true });
    expect((await payWith(t, done.donationId)).statusCode).toBe(200);
    completedId = (await donationRow(t.db, done.donationId)).id;
    account = pool.accounts[0]!;
  });

  const WRITES: WriteEndpoint[] = [
    {
      name: 'POST /public/donations',
      caller: () => anon,
      req: () => ({
        method: 'POST',
        url: `${V1}/public/donations`,
        payload: {
          fundraiser: pool.cfSlugs[0],
          amountCents: 2_500,
          coverFee: true,
          firstName: 'Mal',
          lastName: 'Lory',
          email: 'protected.fields@example.test',
        },
      }),
      own: ['amountCents'],
      control: async (res) => {
        const d = await donationRow(t.db, res.json().data.donationId);
        expect(d).toMatchObject({ status: 0, amount_cents: 2_500, cover_fee_cents: coverFeeCents(2_500) });
      },
    },
    {
      name: 'POST /abandoned_cart/{id}',
      caller: () => anon,
      req: () => ({ method: 'POST', url: `${V1}/abandoned_cart/${pendingPublic}`, payload: { amountCents: 3_100 } }),
      own: ['amountCents'],
      control: async () => {
        const d = await donationRow(t.db, pendingPublic);
        expect(d).toMatchObject({ status: 0, amount_cents: 3_100, cover_fee_cents: 0 });
      },
    },
    {
      name: 'POST /public/donations/{id}/confirm',
      caller: () => anon,
      req: () => ({
        method: 'POST',
        url: `${V1}/public/donations/${pendingPublic}/confirm`,
        payload: { cardNumber: SANDBOX_CARDS.success, ...CARD },
      }),
      own: [],
      control: async () => {
        const d = await donationRow(t.db, pendingPublic);
        expect(d).toMatchObject({ status: 1, amount_cents: 3_100, refunded_cents: 0 });
      },
    },
    {
      name: 'POST /donation/{id}/refund',
      caller: () => staff,
      req: () => ({
        method: 'POST',
        url: `${V1}/donation/${completedId}/refund`,
        payload: { amountCents: 100, reason: 'Protected fields', requestKey: `protected-${++keySeq}` },
      }),
      own: ['amountCents'],
      control: async () => {
        const r = (await t.db.execute(
          sql`select status, refunded_cents, refunded_fee_cents from donations where id = ${completedId}`,
        )) as unknown as { rows: { status: number; refunded_cents: number; refunded_fee_cents: number }[] };
        expect(r.rows[0]).toEqual({ status: 1, refunded_cents: 100, refunded_fee_cents: 0 });
      },
    },
    {
      name: 'PUT /donation/{id}/status/{status}',
      caller: () => staff,
      req: () => ({
        method: 'PUT',
        url: `${V1}/donation/${completedId}/status/4`,
        payload: { reason: 'Protected fields' },
      }),
      own: [],
      // A completed card gift cannot be changed by hand: the allowed body is a 409, and nothing moves.
      control: async (res) => {
        expect(res.statusCode).toBe(409);
        expect(await statusOf(completedId)).toBe(1);
      },
    },
    {
      name: 'POST /admin/donation_form',
      caller: () => staff,
      req: () => ({
        method: 'POST',
        url: `${V1}/admin/donation_form`,
        payload: {
          campaignId: pool.campaigns[0],
          amountCents: 1_900,
          firstName: 'Cash',
          lastName: 'Protected',
          email: 'cash.protected@example.test',
          offlineMethod: 'check',
          sendReceipt: false,
        },
      }),
      own: ['amountCents'],
      control: async (res) => {
        expect(res.json().data).toMatchObject({
          status: 1,
          method: 'offline',
          amountCents: 1_900,
          coverFeeCents: 0,
          refundedCents: 0,
          organizationId: (await campaignOrg(pool.campaigns[0]!)) as number,
        });
      },
    },
    {
      name: 'POST /admin/stripe/complete-setup',
      caller: () => staff,
      req: () => ({ method: 'POST', url: `${V1}/admin/stripe/complete-setup`, payload: { organizationId: bareOrg } }),
      own: ['organizationId'],
      control: async (res) => {
        expect(res.json().data).toMatchObject({ organizationId: bareOrg, provider: 'sandbox' });
        expect(res.json().data.accountId).not.toBe('acct_attacker');
      },
    },
    {
      name: 'POST /stripe/processTransfers',
      caller: () => staff,
      req: () => ({ method: 'POST', url: `${V1}/stripe/processTransfers`, payload: { isEscrow: false, account } }),
      own: [],
      control: async (res) => expect([200, 409]).toContain(res.statusCode),
    },
    {
      name: 'POST /stripe/{account}/payout',
      caller: () => staff,
      req: () => ({ method: 'POST', url: `${V1}/stripe/${account}/payout`, payload: { amountCents: 100 } }),
      own: ['amountCents'],
      control: async (res) => expect([200, 409]).toContain(res.statusCode),
    },
  ];

  for (const w of WRITES) {
    it(`${w.name} refuses every protected field and stores nothing`, async () => {
      const fields = Object.keys(PROTECTED).filter((f) => !w.own.includes(f));
      const before = await fingerprint();
      for (const field of fields) {
        const base = w.req();
        const res = await w.caller()({
          ...base,
          payload: { ...(base.payload as Record<string, unknown>), [field]: fill(field) },
        });
        sent++;
        refusedWith[res.statusCode] = (refusedWith[res.statusCode] ?? 0) + 1;
        expect(res.statusCode, `${w.name} ${field}: ${res.body}`).toBe(400);
        expect(JSON.stringify(res.json().errors ?? res.json().message), field).toContain(field);
      }
      if ((await fingerprint()) !== before) persisted++;
      expect(await fingerprint(), `${w.name}: a refused body changed data`).toBe(before);
      // The same body without them goes through, with the amounts the server computed.
      const res = await w.caller()(w.req());
      if (w.name !== 'PUT /donation/{id}/status/{status}') expect([200, 409], res.body).toContain(res.statusCode);
      await w.control(res);
    });
  }

  it('responses carry no field outside their schema and no secret', async () => {
    const keys = (o: object) => Object.keys(o).sort();
    const shape = (s: z.ZodObject) => Object.keys(s.shape).sort();
    const pub = await anon({ method: 'GET', url: `${V1}/public/donations/${pendingPublic}` });
    const cart = await anon({ method: 'GET', url: `${V1}/abandoned_cart/${pool.payable[0]}` });
    const detail = await staff({ method: 'GET', url: `${V1}/donation/${completedId}` });
    const payouts = await staff({ method: 'GET', url: `${V1}/admin/organization/${bareOrg}/payouts` });
    expect(keys(pub.json().data)).toEqual(shape(publicDonationSchema));
    expect(keys(cart.json().data)).toEqual(shape(abandonedCartSchema));
    expect(keys(detail.json().data)).toEqual(shape(donationDetailSchema));
    expect(keys(payouts.json().data)).toEqual(shape(payoutOverviewSchema));
    const bodies = [pub, cart, detail, payouts].map((r) => r.body);
    // The thank-you page names no email and no client secret; nothing carries a provider key.
    expect(pub.body).not.toMatch(/@example\.test|client_secret|_secret_/);
    for (const b of bodies) expect(b).not.toMatch(/sk_(test|live)_|whsec_|rk_(test|live)_|"clientSecret"/);
    console.log(
      `[row 4] donation responses checked for fields outside their schema and secrets: ${bodies.length}, found: 0`,
    );
  });

  it('prints the figure', async () => {
    console.log(
      `[row 4] donation protected fields sent to write endpoints: ${sent}, persisted: ${persisted} (answers ${JSON.stringify(refusedWith)})`,
    );
    expect(sent).toBeGreaterThan(150);
    expect(persisted).toBe(0);
    await expectLedgerSound(t.db, 'after the protected-field attempts');
  });
});

async function statusOf(id: number) {
  const r = (await t.db.execute(sql`select status from donations where id = ${id}`)) as unknown as {
    rows: { status: number }[];
  };
  return r.rows[0]?.status;
}
async function campaignOrg(id: number) {
  const r = (await t.db.execute(sql`select organization_id from campaigns where id = ${id}`)) as unknown as {
    rows: { organization_id: number }[];
  };
  return r.rows[0]?.organization_id;
}
