/**
 * RELIABILITY row 5 for the public pages, invitation acceptance and family registration: slugs,
 * ids, query strings, bodies and session headers fuzzed from the zod contracts and the routes'
 * own parameter schemas. Each endpoint gets at least 100 inputs its contract refuses, plus inputs
 * the contract accepts that carry hostile values (unknown or draft slugs, live and spent invitation
 * tokens, other divisions, taken emails). Every request comes from its own address, so the per-IP
 * throttles do not answer for the validation (a 429 would still have to be an envelope).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  acceptInviteBodySchema,
  contactOpenedBodySchema,
  dbIdTextSchema,
  inviteTokenQuerySchema,
  publicPlayerSearchQuerySchema,
  registerPlayerBodySchema,
} from '@fc/contracts';
import { campaignFundraisers, players } from '@fc/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { V1 } from './campaigns-support.js';
import { campaign, contact, family, page } from './fundraisers-fixtures.js';
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
import { createOrg, createTestApp, createTree, createUser, type TestApp } from './helpers.js';

const SEED = useSeed(20261125);
const VALID_RUNS = 25;
/** The routes' own parameter schemas (public.routes.ts). */
const slugParam = z.string().trim().min(1).max(120);

let t: TestApp;
const figures = createFigures();

const pool = {
  campaignSlugs: [] as string[],
  pageSlugs: [] as string[],
  orgSlugs: [] as string[],
  divisions: [] as number[],
  cfids: [] as number[],
  tokens: [] as string[],
  /** Each invitation with its own token (the last one expired). */
  invites: [] as { cfid: string; token: string }[],
  trackTokens: [] as string[],
  playerIds: [] as number[],
  emails: [] as string[],
  familyToken: '',
};

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTree(t.db);
  const b = await createTree(t.db);
  const div2 = await createOrg(t.db, 4, a.team.id);
  pool.orgSlugs.push(a.org.slug, a.team.slug, a.division.slug, b.league.slug);
  // a.division (open under every a.* slug) most often; a division elsewhere, a team.
  pool.divisions.push(a.division.id, a.division.id, a.division.id, div2.id, b.division.id, a.team.id);

  const active = await campaign(t.db, a.team.id);
  const draft = await campaign(t.db, a.team.id, { status: 'draft' });
  const closed = await campaign(t.db, a.team.id, { status: 'closed' });
  pool.campaignSlugs.push(active.slug, draft.slug, closed.slug);

  const fam = await family(t, a.division.id);
  pool.familyToken = fam.parent.token;
  pool.emails.push(fam.parent.user.email);
  pool.playerIds.push(fam.player.id);
  const famPage = await page(t.db, active.id, fam.player.id, { divisionId: a.division.id });
  const draftPage = await page(t.db, draft.id, fam.player.id);
  pool.pageSlugs.push(famPage.slug, draftPage.slug);
  for (let i = 0; i < 2; i++) pool.trackTokens.push((await contact(t.db, fam.player.id, active.id)).trackToken);

  // Invitations: parents without an account, one with an account, one expired.
  const invitee = await createUser(t.db, { profiles: ['fundraiser'] });
  for (const [guardian, expiresInMs] of [
    [null, 86_400_000],
    [null, 86_400_000],
    [null, 86_400_000],
    [invitee, 86_400_000],
    [null, -60_000],
  ] as const) {
    const n = randomBytes(4).toString('hex');
    const [p] = await t.db
      .insert(players)
      .values({
        guardianUserId: guardian?.id ?? null,
        firstName: `Kid${n}`,
        lastName: 'Invitee',
        email: guardian?.email ?? `invitee-${n}@example.test`,
        slug: `kid-${n}`,
      })
      .returning();
    const token = randomBytes(32).toString('base64url');
    const [cf] = await t.db
      .insert(campaignFundraisers)
      .values({
        campaignId: active.id,
        playerId: p!.id,
        divisionId: a.division.id,
        slug: `cf-${n}`,
        inviteTokenHash: sha(token),
        inviteExpiresAt: new Date(Date.now() + expiresInMs),
        invitedAt: new Date(),
      })
      .returning();
    pool.cfids.push(cf!.id);
    pool.tokens.push(token);
    pool.invites.push({ cfid: String(cf!.id), token });
    pool.playerIds.push(p!.id);
    pool.pageSlugs.push(cf!.slug);
  }
  pool.emails.push(invitee.email);
});
afterAll(async () => t.close());

/** A path segment as sent: mostly outside the slug schema (too long, blank, NUL, broken escapes). */
const slugText = () =>
  fc.oneof(
    { arbitrary: fc.string({ minLength: 121, maxLength: 1500 }).map(encodeURIComponent), weight: 3 },
    {
      arbitrary: fc.constantFrom('%20', '%20%09%20', '%00', 'a%00b', '%', 'a%2', '%E0%A4%A', '%C0%AF', '%FF', '%uD800'),
      weight: 2,
    },
    { arbitrary: fc.tuple(fc.string(), fc.string()).map(([x, y]) => encodeURIComponent(`${x}\u0000${y}`)), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 160 }).map(encodeURIComponent), weight: 1 },
    {
      arbitrary: fc
        .oneof(fc.string({ minLength: 1, maxLength: 120 }), fc.constantFrom('..', '%', '_', "' or 1=1 --", 'ß'))
        .map(encodeURIComponent),
      weight: 1,
    },
  );
const realOr = (arb: fc.Arbitrary<string>, real: () => string[], weight = 1) =>
  fc.oneof({ arbitrary: arb, weight: 3 }, { arbitrary: fc.constantFrom(...real()), weight });
const cfidText = () => realOr(idText.map(encodeURIComponent), () => pool.cfids.map(String));

/** The session header: none, a family's, or a broken one. */
const authArb = () =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constant(`Bearer ${pool.familyToken}`), weight: 1 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz', `Bearer ${pool.familyToken}x`),
        fc.string({ maxLength: 200 }).map((x) => `Bearer ${x}`),
        fc.stringMatching(/^[A-Za-z0-9._~+/-]{10,300}$/).map((x) => `Bearer ${x}`),
      ),
      weight: 2,
    },
  );

interface Req extends FuzzRequest {
  method: 'GET' | 'POST';
  auth?: string | undefined;
}

/** What a refused write must leave as it was: families, invitations, contacts. */
const TABLES = [
  sql`select * from players order by id`,
  sql`select * from campaign_fundraisers order by id`,
  sql`select * from fundraiser_contacts order by id`,
  sql`select id, email from users order by id`,
];

const { fuzzRequests } = createRequestFuzzer<Req>({
  figures,
  inject: (r) => t.app.inject(r),
  ipPrefix: '203.0',
  headers: (r) => ({ authorization: r.auth }),
  snapshot: () => snapshotOf(t.db, TABLES),
  validRuns: VALID_RUNS,
  show: (r) => `${r.url} ${r.payload ?? ''}${r.auth ? ` [${r.auth.slice(0, 20)}]` : ''}`,
});

const emailField = () =>
  fc.oneof({ arbitrary: testEmail(), weight: 3 }, { arbitrary: fc.constantFrom(...pool.emails), weight: 1 });
const registerHints = (): SchemaHints => ({
  ids: { divisionId: () => pool.divisions, playerId: () => pool.playerIds },
  fields: {
    email: emailField,
    password: () => fc.oneof({ arbitrary: fc.constant('a-family-password-77'), weight: 3 }, fc.constant('password123')),
  },
});
/** Tokens: the invitation's own (when given), another invitation's, or made up. */
const tokenArb = (own?: string) =>
  fc.oneof(
    { arbitrary: fc.constant(own ?? pool.tokens[0]!), weight: own ? 3 : 0 },
    { arbitrary: fc.constantFrom(...pool.tokens), weight: 1 },
    { arbitrary: fc.string({ minLength: 16, maxLength: 64 }), weight: 1 },
  );
const acceptHints = (own?: string): SchemaHints => ({
  fields: {
    token: () => tokenArb(own),
    password: () => fc.constantFrom('a-family-password-77', 'password123'),
  },
});
/** A real invitation id with inputs built for it. */
const invitation = <T>(build: (own: { cfid: string; token: string }) => fc.Arbitrary<T>) =>
  fc.constantFrom(...pool.invites).chain((inv) => build(inv).map((x) => [inv.cfid, x] as const));

/** Slug pages: [name, path for a slug, real slugs]. */
const SLUG_PAGES: [string, (slug: string) => string, () => string[]][] = [
  ['GET /public/campaigns/{slug}', (s) => `${V1}/public/campaigns/${s}`, () => pool.campaignSlugs],
  ['GET /public/fundraisers/{slug}', (s) => `${V1}/public/fundraisers/${s}`, () => pool.pageSlugs],
  ['GET /register/{organization}/player', (s) => `${V1}/register/${s}/player`, () => pool.orgSlugs],
];

describe('malformed input on the public and onboarding endpoints (RELIABILITY row 5)', () => {
  for (const [name, path, real] of SLUG_PAGES) {
    it(`${name}: ${RUNS} malformed slugs`, async () => {
      const req = (slug: string, auth: string | undefined): Req => ({
        method: 'GET',
        url: path(slug),
        auth: name.startsWith('GET /register') ? auth : undefined,
        malformed: paramIsMalformed(slugParam, slug),
      });
      await fuzzRequests(
        name,
        fc.tuple(slugText(), authArb()).map(([s, a]) => req(s, a)),
        fc.tuple(realOr(fc.stringMatching(/^[a-z0-9-]{1,40}$/), real, 3), authArb()).map(([s, a]) => req(s, a)),
      );
    });
  }

  it(`GET /public/campaigns/{slug}/players?q=: ${RUNS} malformed slugs and queries`, async () => {
    const name = 'GET /public/campaigns/{slug}/players?q=';
    const req = (slug: string, qs: string): Req => ({
      method: 'GET',
      url: `${V1}/public/campaigns/${slug}/players?${qs}`,
      malformed: paramIsMalformed(slugParam, slug) || queryIsMalformed(publicPlayerSearchQuerySchema, qs),
    });
    const realSlug = () => fc.constantFrom(...pool.campaignSlugs);
    const q = (valid: boolean) =>
      queriesOf(
        publicPlayerSearchQuerySchema,
        { fields: { q: () => fc.constantFrom('kid', '%', '_', 'Kid', ' ') } },
        valid,
      );
    await fuzzRequests(
      name,
      fc.oneof(
        fc.tuple(realSlug(), q(false)).map(([s, qs]) => req(s, qs)),
        fc.tuple(slugText(), q(true)).map(([s, qs]) => req(s, qs)),
      ),
      fc.tuple(realSlug(), q(true)).map(([s, qs]) => req(s, qs)),
    );
  });

  it(`POST /public/fundraisers/{slug}/opened: ${RUNS} malformed slugs and bodies`, async () => {
    const name = 'POST /public/fundraisers/{slug}/opened';
    const hints: SchemaHints = { fields: { c: () => fc.constantFrom(...pool.trackTokens) } };
    const req = (slug: string, raw: string): Req => ({
      method: 'POST',
      url: `${V1}/public/fundraisers/${slug}/opened`,
      payload: raw,
      malformed: paramIsMalformed(slugParam, slug) || bodyIsMalformed(contactOpenedBodySchema, raw),
    });
    const realSlug = () => fc.constantFrom(...pool.pageSlugs);
    await fuzzRequests(
      name,
      fc
        .oneof(
          { arbitrary: fc.tuple(realSlug(), bodiesOf(contactOpenedBodySchema, hints, false)), weight: 3 },
          { arbitrary: fc.tuple(slugText(), bodiesOf(contactOpenedBodySchema, hints, true)), weight: 1 },
        )
        .map(([s, raw]) => req(s, raw)),
      fc.tuple(realSlug(), bodiesOf(contactOpenedBodySchema, hints, true)).map(([s, raw]) => req(s, raw)),
    );
  });

  it(`GET /onboarding/campaign/invite/{cfid}?token=: ${RUNS} malformed ids and tokens`, async () => {
    const name = 'GET /onboarding/campaign/invite/{cfid}?token=';
    const req = (cfid: string, qs: string): Req => ({
      method: 'GET',
      url: `${V1}/onboarding/campaign/invite/${cfid}?${qs}`,
      malformed: paramIsMalformed(dbIdTextSchema, cfid) || queryIsMalformed(inviteTokenQuerySchema, qs),
    });
    const forInvite = (valid: boolean) =>
      invitation((inv) => queriesOf(inviteTokenQuerySchema, acceptHints(inv.token), valid)).map(([c, qs]) =>
        req(c, qs),
      );
    await fuzzRequests(
      name,
      fc.oneof(
        forInvite(false),
        fc.tuple(cfidText(), queriesOf(inviteTokenQuerySchema, acceptHints(), true)).map(([c, qs]) => req(c, qs)),
      ),
      forInvite(true),
    );
  });

  it(`POST /onboarding/campaign/accept-invite/{cfid}: ${RUNS} malformed ids, bodies and sessions`, async () => {
    const name = 'POST /onboarding/campaign/accept-invite/{cfid}';
    const req = (cfid: string, raw: string, auth: string | undefined): Req => ({
      method: 'POST',
      url: `${V1}/onboarding/campaign/accept-invite/${cfid}`,
      payload: raw,
      auth,
      malformed: paramIsMalformed(dbIdTextSchema, cfid) || bodyIsMalformed(acceptInviteBodySchema, raw),
    });
    const forInvite = (valid: boolean) =>
      invitation((inv) => bodiesOf(acceptInviteBodySchema, acceptHints(inv.token), valid));
    await fuzzRequests(
      name,
      fc
        .oneof(
          { arbitrary: forInvite(false), weight: 3 },
          { arbitrary: fc.tuple(cfidText(), bodiesOf(acceptInviteBodySchema, acceptHints(), true)), weight: 1 },
        )
        .chain(([c, raw]) => authArb().map((a) => req(c, raw, a))),
      fc.tuple(forInvite(true), authArb()).map(([[c, raw], a]) => req(c, raw, a)),
    );
  });

  it(`POST /register/{organization}/player: ${RUNS} malformed slugs, bodies and sessions`, async () => {
    const name = 'POST /register/{organization}/player';
    const req = (slug: string, raw: string, auth: string | undefined): Req => ({
      method: 'POST',
      url: `${V1}/register/${slug}/player`,
      payload: raw,
      auth,
      malformed: paramIsMalformed(slugParam, slug) || bodyIsMalformed(registerPlayerBodySchema, raw),
    });
    const realSlug = () => fc.constantFrom(...pool.orgSlugs);
    await fuzzRequests(
      name,
      fc
        .oneof(
          { arbitrary: fc.tuple(realSlug(), bodiesOf(registerPlayerBodySchema, registerHints(), false)), weight: 3 },
          { arbitrary: fc.tuple(slugText(), bodiesOf(registerPlayerBodySchema, registerHints(), true)), weight: 1 },
        )
        .chain(([s, raw]) => authArb().map((a) => req(s, raw, a))),
      fc
        .tuple(
          realSlug(),
          // A new family sends no player id; a signed-in one may re-register its own.
          fc.oneof(
            bodiesOf(registerPlayerBodySchema.omit({ playerId: true }), registerHints(), true),
            bodiesOf(registerPlayerBodySchema, registerHints(), true),
          ),
          authArb(),
        )
        .map(([s, raw, a]) => req(s, raw, a)),
    );
  });

  it('prints the figures: no 5xx, no stack traces, every 4xx in the envelope', () => {
    console.log(figures.report(SEED, 'public and onboarding endpoints'));
    figures.expectTargets(RUNS);
  });
});
