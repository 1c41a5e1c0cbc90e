/**
 * RELIABILITY rows 1 and 2 for campaigns, players and contacts: every role × every id-taking
 * endpoint of the campaigns issue × campaigns and players on the caller's own node, its parent,
 * siblings and another organization. The expected outcome comes from an oracle written here from
 * the DECISIONS §3 matrix (it never calls the app's access code): a record the caller may not
 * read answers 404, one it may read but not change answers 403, and any refused call changes
 * nothing (fingerprints of every table the issue writes, before and after). Lists never show a
 * campaign or player outside the readable set.
 */

import { ROLES, type Role } from '@fc/contracts';
import {
  campaignDivisions,
  campaignFundraisers,
  campaigns,
  donations,
  feeRequests,
  fundraiserContacts,
  organizationCampaigns,
  organizationFundraisers,
  players,
} from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createUser, type TestApp } from './helpers.js';

const V1 = '/api/v1';

/** Two trees: team A is sold by the FYS Sales actor, team B by another salesperson. */
const SHAPE: Record<string, [1 | 2 | 3 | 4, string | null]> = {
  orgA: [1, null],
  leagueA: [2, 'orgA'],
  teamA: [3, 'leagueA'],
  teamA2: [3, 'leagueA'],
  divA: [4, 'teamA'],
  divA3: [4, 'teamA'],
  divA2: [4, 'teamA2'],
  orgB: [1, null],
  leagueB: [2, 'orgB'],
  teamB: [3, 'leagueB'],
  divB: [4, 'teamB'],
};
const ROLE_NODE: Partial<Record<Role, string>> = {
  org_admin: 'orgA',
  org_user: 'orgA',
  league_admin: 'leagueA',
  team_admin: 'teamA',
  division_admin: 'divA',
};
/** Campaigns: [owner node, divisions taking part, nodes shared with]. */
const CAMPAIGNS: Record<string, [string, string[], string[]]> = {
  campOrgA: ['orgA', [], []],
  campLeagueA: ['leagueA', ['divA2'], ['teamA2']],
  campTeamA: ['teamA', ['divA'], []],
  // The Division Admin's own team, without its division (decision 014: not theirs to read).
  campTeamA3: ['teamA', ['divA3'], []],
  campTeamA2: ['teamA2', ['divA2'], []],
  campTeamB: ['teamB', ['divB'], []],
};
/** One player per division, each on the campaigns of its division; the fundraiser actor is divA's parent. */
const PLAYER_CAMPAIGNS: Record<string, string[]> = {
  divA: ['campTeamA'],
  divA3: ['campTeamA3'],
  divA2: ['campTeamA2', 'campLeagueA'],
  divB: ['campTeamB'],
};

interface Actor {
  role: Role;
  id: number;
  node: string | null;
  call: (o: InjectOptions) => Promise<LightMyRequestResponse>;
}

let t: TestApp;
let png: Buffer;
let salesId = 0;
const nodeId = new Map<string, number>();
const campaignId = new Map<string, number>();
const playerOf = new Map<string, { id: number; guardian: number }>();
/** `${division}:${campaign}` → campaign fundraiser id; contact ids per campaign fundraiser. */
const cfId = new Map<string, number>();
const contactId = new Map<string, number>();
const feeId = new Map<string, number>();
const actors: Actor[] = [];
const totals = { tried: 0, leaked: 0, wrongRefusal: 0, listRows: 0, foreignRows: 0 };
const problems: string[] = [];

// ------------------------------------------------------------------------------------------------
// The oracle: DECISIONS §3, read literally.

const ancestors = (n: string): string[] => {
  const p = SHAPE[n]![1];
  return p ? [p, ...ancestors(p)] : [];
};
const inSubtree = (n: string, root: string) => n === root || ancestors(n).includes(root);
const soldBy = (n: string, a: Actor) => a.role === 'fys_sales' && [n, ...ancestors(n)].includes('teamA');

/** The nodes a campaign is attached to: owner, divisions, shares. */
const campaignNodes = (c: string) => {
  const [owner, divs, shares] = CAMPAIGNS[c]!;
  return [owner, ...divs, ...shares];
};

function campaignReadable(a: Actor, c: string): boolean {
  switch (a.role) {
    case 'super_admin':
    case 'fys_sales': // read campaigns: all
      return true;
    case 'org_admin':
    case 'org_user':
    case 'league_admin':
    case 'team_admin':
      return campaignNodes(c).some((n) => inSubtree(n, a.node!));
    case 'division_admin': {
      // Its own node's campaigns (owned, shared, taking part); a campaign of a node above it only
      // when its division takes part: named, or the campaign names no division (decision 014).
      const [owner, divs, shares] = CAMPAIGNS[c]!;
      const above = [owner, ...shares].some((n) => ancestors(a.node!).includes(n));
      return campaignNodes(c).some((n) => n === a.node) || (above && divs.length === 0);
    }
    case 'fundraiser': // own campaigns: those the family's player is on
      return PLAYER_CAMPAIGNS.divA!.includes(c);
    default:
      return false;
  }
}
/** Manage campaigns on node `n`. */
function managesCampaignsOn(a: Actor, n: string): boolean {
  switch (a.role) {
    case 'super_admin':
      return true;
    case 'fys_sales':
      return soldBy(n, a);
    case 'org_admin':
    case 'league_admin':
    case 'team_admin':
      return inSubtree(n, a.node!);
    default:
      return false;
  }
}
const campaignWritable = (a: Actor, c: string) => managesCampaignsOn(a, CAMPAIGNS[c]![0]);
const campaignPlayersWritable = (a: Actor, c: string) =>
  campaignWritable(a, c) || CAMPAIGNS[c]![2].some((n) => managesCampaignsOn(a, n));

/** Players: on a division's roster. */
function playerReadable(a: Actor, d: string): boolean {
  switch (a.role) {
    case 'super_admin':
    case 'fys_sales':
      return true;
    case 'org_admin':
    case 'org_user':
    case 'league_admin':
    case 'team_admin':
    case 'division_admin':
      return inSubtree(d, a.node!);
    case 'fundraiser':
      return d === 'divA';
    default:
      return false;
  }
}
function playerWritable(a: Actor, d: string): boolean {
  switch (a.role) {
    case 'super_admin':
      return true;
    case 'fys_sales':
      return soldBy(d, a);
    case 'org_admin':
    case 'league_admin':
    case 'team_admin':
    case 'division_admin':
      return inSubtree(d, a.node!);
    case 'fundraiser':
      return d === 'divA';
    default:
      return false;
  }
}

/** 'ok' | 403 | 404: what the caller must get. */
type Expect = 'ok' | 403 | 404;
const expectFor = (read: boolean, write: boolean): Expect => (!read ? 404 : write ? 'ok' : 403);

// ------------------------------------------------------------------------------------------------
// Fixtures

beforeAll(async () => {
  t = await createTestApp();
  png = await smallPng();
  const fys = await actor(t, { staffRole: 'fys_sales' });
  salesId = fys.user.id;
  const otherSales = await createUser(t.db, { staffRole: 'fys_sales' });
  for (const [name, [typeId, parent]] of Object.entries(SHAPE)) {
    const sales = name === 'teamA' ? salesId : name === 'teamB' ? otherSales.id : undefined;
    const row = await createOrg(t.db, typeId, parent ? nodeId.get(parent)! : null, { salesUserId: sales });
    nodeId.set(name, row.id);
  }
  for (const role of ROLES) {
    const node = ROLE_NODE[role] ?? null;
    const x =
      role === 'fys_sales'
        ? fys
        : await actor(
            t,
            role === 'super_admin'
              ? { staffRole: 'super_admin' }
              : node
                ? { membership: { organizationId: nodeId.get(node)!, role } }
                : { profiles: [role as 'fundraiser' | 'donor' | 'affiliate'] },
          );
    actors.push({ role, id: x.user.id, node, call: x.call });
  }
  const family = actors.find((a) => a.role === 'fundraiser')!;
  for (const [c, [owner, divs, shares]] of Object.entries(CAMPAIGNS)) {
    const [row] = await t.db
      .insert(campaigns)
      .values({
        organizationId: nodeId.get(owner)!,
        title: `Campaign ${c}`,
        slug: `x-${c.toLowerCase()}`,
        status: 'active',
        goalCents: 100_000,
      })
      .returning({ id: campaigns.id });
    campaignId.set(c, row!.id);
    // A campaign-level gift on every campaign: an allowed delete must answer 409, never delete.
    await t.db.insert(donations).values({
      publicId: `pub-c-${row!.id}`,
      campaignId: row!.id,
      organizationId: nodeId.get(owner)!,
      amountCents: 1_000,
      status: 1,
      donorFirstName: 'Camp',
      donorLastName: 'Aign',
      donorEmail: `camp-${row!.id}@example.test`,
      completedAt: new Date(),
    });
    const [fee] = await t.db
      .insert(feeRequests)
      .values({ campaignId: row!.id, label: 'Kit fee', amountCents: 4_000 })
      .returning({ id: feeRequests.id });
    feeId.set(c, fee!.id);
    for (const d of divs)
      await t.db.insert(campaignDivisions).values({ campaignId: row!.id, organizationId: nodeId.get(d)! });
    for (const s of shares)
      await t.db.insert(organizationCampaigns).values({ campaignId: row!.id, organizationId: nodeId.get(s)! });
  }
  for (const [d, camps] of Object.entries(PLAYER_CAMPAIGNS)) {
    const guardian =
      d === 'divA' ? { id: family.id, email: `family-${family.id}@example.test` } : await createUser(t.db);
    const [p] = await t.db
      .insert(players)
      .values({
        guardianUserId: guardian.id,
        firstName: 'Kid',
        lastName: d,
        email: guardian.email,
        slug: `kid-${d.toLowerCase()}`,
      })
      .returning({ id: players.id });
    playerOf.set(d, { id: p!.id, guardian: guardian.id });
    await t.db
      .insert(organizationFundraisers)
      .values({ organizationId: nodeId.get(d)!, playerId: p!.id, naturalKey: `kid|${d}|${guardian.email}` });
    for (const c of camps) {
      const [cf] = await t.db
        .insert(campaignFundraisers)
        .values({
          campaignId: campaignId.get(c)!,
          playerId: p!.id,
          divisionId: nodeId.get(d)!,
          slug: `kid-${d}-${c}`.toLowerCase(),
          goalCents: 10_000,
        })
        .returning({ id: campaignFundraisers.id });
      cfId.set(`${d}:${c}`, cf!.id);
      const [contact] = await t.db
        .insert(fundraiserContacts)
        .values({
          playerId: p!.id,
          campaignId: campaignId.get(c)!,
          name: 'Aunt',
          email: `aunt-${cf!.id}@example.test`,
          trackToken: `track${cf!.id}xxxxxxxx`,
        })
        .returning({ id: fundraiserContacts.id });
      contactId.set(`${d}:${c}`, contact!.id);
      await t.db.insert(donations).values({
        publicId: `pub-${cf!.id}`,
        campaignId: campaignId.get(c)!,
        campaignFundraiserId: cf!.id,
        organizationId: nodeId.get(CAMPAIGNS[c]![0])!,
        amountCents: 2_500,
        status: 1,
        donorFirstName: 'Don',
        donorLastName: 'Or',
        donorEmail: `donor-${cf!.id}@example.test`,
        completedAt: new Date(),
      });
    }
  }
}, 120_000);
afterAll(async () => t.close());

async function fingerprint(): Promise<string> {
  const res = (await t.db.execute(sql`
    select md5(string_agg(h, ',' order by h)) as fp from (
      select 'c' || md5(x::text) as h from campaigns x
      union all select 'cd' || md5(x::text) from campaign_divisions x
      union all select 'oc' || md5(x::text) from organization_campaigns x
      union all select 'cf' || md5(x::text) from campaign_fundraisers x
      union all select 'fc' || md5(x::text) from fundraiser_contacts x
      union all select 'fr' || md5(x::text) from fee_requests x
      union all select 'd' || md5(x::text) from donations x
      union all select 'p' || md5(x::text) from players x
      union all select 'of' || md5(x::text) from organization_fundraisers x
      union all select 'e' || md5(x::text) from emails x
      union all select 'u' || md5(x::text) from users x) s`)) as unknown as { rows: { fp: string }[] };
  return res.rows[0]!.fp;
}

// ------------------------------------------------------------------------------------------------
// The requests

let seq = 0;
interface Case {
  label: string;
  req: InjectOptions;
  expect: Expect;
  /** The type-level right the route's policy checks before looking at the record. */
  needs?: 'campaigns:write' | 'players:write';
  /** Other refusals that are right here too (e.g. 400 naming a division the caller may not use). */
  alsoRefused?: number[];
}

/** Type-level rights (does the role hold the action on the subject anywhere?). */
const TYPE_RIGHTS: Record<string, Role[]> = {
  'campaigns:read': [
    'super_admin',
    'fys_sales',
    'org_admin',
    'org_user',
    'league_admin',
    'team_admin',
    'division_admin',
    'fundraiser',
  ],
  'campaigns:write': ['super_admin', 'fys_sales', 'org_admin', 'league_admin', 'team_admin'],
  'players:read': [
    'super_admin',
    'fys_sales',
    'org_admin',
    'org_user',
    'league_admin',
    'team_admin',
    'division_admin',
    'fundraiser',
  ],
  'players:write': [
    'super_admin',
    'fys_sales',
    'org_admin',
    'league_admin',
    'team_admin',
    'division_admin',
    'fundraiser',
  ],
};
/**
 * The refusals that are right for a case: its expected status, and 403 when the route's policy
 * refuses the role for every record alike (it has no such right anywhere, so nothing is revealed).
 */
function acceptedRefusals(a: Actor, c: Case, subject: 'campaigns' | 'players'): number[] {
  const out = [c.expect as number, ...(c.alsoRefused ?? [])];
  if (!TYPE_RIGHTS[`${subject}:read`]!.includes(a.role)) out.push(403, 404);
  if (c.needs && !TYPE_RIGHTS[c.needs]!.includes(a.role)) out.push(403);
  return out;
}

function campaignCases(a: Actor, c: string): Case[] {
  const id = campaignId.get(c)!;
  const read = campaignReadable(a, c);
  const write = campaignWritable(a, c);
  const players = campaignPlayersWritable(a, c);
  const [owner, divs, shares] = CAMPAIGNS[c]!;
  /** Divisions whose players may join: the campaign's divisions, or when it names none every division under its nodes. */
  const takesPart = (d: string) => (divs.length ? divs.includes(d) : [owner, ...shares].some((n) => inSubtree(d, n)));
  const cfs = [...cfId].filter(([k]) => k.endsWith(`:${c}`)).map(([, v]) => v);
  const cf = cfs[0];
  const r = expectFor(read, true);
  // A family reads its campaign's page, never the other families' rows, emails or donors.
  const staff = expectFor(read, a.role !== 'fundraiser');
  const w = expectFor(read, write);
  const pw = expectFor(read, players);
  const out: Case[] = [
    { label: 'detail', req: { method: 'GET', url: `${V1}/campaign/${id}` }, expect: r },
    { label: 'fundraisers', req: { method: 'GET', url: `${V1}/campaign/${id}/fundraisers` }, expect: staff },
    { label: 'summary', req: { method: 'GET', url: `${V1}/campaign/${id}/summary` }, expect: staff },
    ...divs.map(
      (d): Case => ({
        label: 'division summary',
        req: { method: 'GET', url: `${V1}/campaign/${id}/division/${nodeId.get(d)}` },
        expect: staff,
      }),
    ),
    {
      label: 'candidates',
      req: { method: 'GET', url: `${V1}/campaign/${id}/candidates` },
      expect: pw,
      needs: 'campaigns:write',
    },
    {
      label: 'update',
      req: { method: 'PUT', url: `${V1}/campaign/`, payload: { id, shortDescription: `edited ${++seq}` } },
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'logo',
      req: { method: 'POST', url: `${V1}/admin/campaign/${id}/avatar`, ...multipart(png) },
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'fee request',
      req: {
        method: 'POST',
        url: `${V1}/fee_requests`,
        payload: { campaignId: id, label: `Fee ${++seq}`, amountCents: 5_000 },
      },
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'share',
      req: {
        method: 'PUT',
        url: `${V1}/organization_campaign/`,
        payload: { campaignId: id, organizationId: nodeId.get(owner === 'teamB' ? 'divB' : 'divA')! },
      },
      // Sharing also needs the target readable; both targets are inside the owner's tree.
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'edit fee request',
      req: { method: 'PUT', url: `${V1}/fee_requests/${feeId.get(c)}`, payload: { label: `Fee ${++seq}` } },
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'delete fee request',
      req: { method: 'DELETE', url: `${V1}/fee_requests/${feeId.get(c)}` },
      expect: w,
      needs: 'campaigns:write',
    },
    ...shares.map(
      (n): Case => ({
        label: 'unshare',
        req: {
          method: 'DELETE',
          url: `${V1}/organization_campaign/`,
          payload: { campaignId: id, organizationId: nodeId.get(n)! },
        },
        expect: w,
        needs: 'campaigns:write',
      }),
    ),
    {
      label: 'share in bulk',
      req: {
        method: 'POST',
        url: `${V1}/organization_campaign/bulkadd`,
        payload: { campaignId: id, organizationIds: [nodeId.get(owner === 'teamB' ? 'divB' : 'divA')!] },
      },
      expect: w,
      needs: 'campaigns:write',
    },
    {
      label: 'delete',
      // Every campaign has a completed donation: an allowed caller gets 409, never a deletion.
      req: { method: 'DELETE', url: `${V1}/campaign`, payload: { id } },
      expect: w,
      needs: 'campaigns:write',
    },
  ];
  if (cf) {
    out.push(
      {
        label: 'resend invites',
        req: {
          method: 'POST',
          url: `${V1}/campaign_fundraisers/resend_invite`,
          payload: { campaignId: id, ids: [cf] },
        },
        expect: pw,
        needs: 'campaigns:write',
      },
      {
        label: 'bulk message',
        req: {
          method: 'POST',
          url: `${V1}/campaign_fundraisers/bulk_message`,
          payload: { campaignId: id, ids: [cf], subject: 'Practice moved', message: 'See you Tuesday.' },
        },
        expect: pw,
        needs: 'campaigns:write',
      },
      {
        label: 'remove player',
        // Each player has a donation on the campaign: an allowed caller gets 409.
        req: { method: 'DELETE', url: `${V1}/campaign_fundraiser/${cf}` },
        expect: pw,
        needs: 'campaigns:write',
      },
    );
  }
  // Adding a division's players: allowed when the caller manages the campaign's players and that roster.
  for (const d of ['divA', 'divA2', 'divB']) {
    out.push({
      label: `bulkadd ${d}`,
      req: {
        method: 'POST',
        url: `${V1}/campaign_fundraiser/bulkadd`,
        payload: { campaignId: id, divisionIds: [nodeId.get(d)!], sendInvites: false },
      },
      expect: !read ? 404 : players && playerWritable(a, d) && takesPart(d) ? 'ok' : 403,
      needs: 'campaigns:write',
      // A division that does not take part, or whose roster the caller does not manage, is named in a 400.
      alsoRefused: [400],
    });
  }
  return out;
}

function playerCases(a: Actor, d: string): Case[] {
  const p = playerOf.get(d)!;
  const read = playerReadable(a, d);
  const write = playerWritable(a, d);
  const r = expectFor(read, true);
  const w = expectFor(read, write);
  const [firstCampaign] = PLAYER_CAMPAIGNS[d]!;
  const cid = campaignId.get(firstCampaign!)!;
  const key = `${d}:${firstCampaign}`;
  return [
    { label: 'player', req: { method: 'GET', url: `${V1}/fundraiser/${p.id}` }, expect: r },
    { label: 'player campaigns', req: { method: 'GET', url: `${V1}/fundraiser/${p.id}/campaigns` }, expect: r },
    { label: 'player campaign', req: { method: 'GET', url: `${V1}/fundraiser/${p.id}/campaign/${cid}` }, expect: r },
    { label: 'player contacts', req: { method: 'GET', url: `${V1}/fundraiser/${p.id}/contacts` }, expect: r },
    { label: 'player divisions', req: { method: 'GET', url: `${V1}/fundraiser/${p.id}/divisions` }, expect: r },
    {
      label: 'edit player',
      req: {
        method: 'PATCH',
        url: `${V1}/fundraiser/${p.id}`,
        payload: { phone: `555-01${String(++seq % 100).padStart(2, '0')}` },
      },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'page settings',
      req: {
        method: 'PATCH',
        url: `${V1}/fundraiser/${p.id}/campaign/${cid}/`,
        payload: { goalCents: 20_000 + ++seq },
      },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'photo',
      req: { method: 'POST', url: `${V1}/admin/fundraiser/${p.id}/avatar`, ...multipart(png) },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'add contact',
      req: {
        method: 'POST',
        url: `${V1}/fundraiser_contact`,
        payload: {
          fundraiserId: p.id,
          campaignId: cid,
          contacts: [{ name: 'Neighbour', email: `n${++seq}@example.test` }],
        },
      },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'edit contact',
      req: {
        method: 'POST',
        url: `${V1}/fundraiser_contact/update`,
        payload: { id: contactId.get(key)!, fundraiserId: p.id, name: `Aunt ${++seq}` },
      },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'delete contact',
      req: { method: 'DELETE', url: `${V1}/fundraiser/${p.id}/contact/${contactId.get(key)!}` },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'invite contacts',
      req: {
        method: 'POST',
        url: `${V1}/fundraiser_contact/invite`,
        payload: { fundraiserId: p.id, campaignId: cid, contactIds: [contactId.get(key)!] },
      },
      expect: w,
      needs: 'players:write',
    },
    {
      label: 'resend account invitation',
      // The guardian has a password: an allowed caller gets 409 (nothing to resend).
      req: { method: 'POST', url: `${V1}/admin/fundraiser/${p.id}/resendInvitation` },
      expect: a.role === 'fundraiser' && read ? 403 : expectFor(read, write),
    },
  ];
}

/** Statuses that mean "allowed" for a case: 2xx, or a business refusal (409/422) after access passed. */
const allowedStatus = (s: number) => (s >= 200 && s < 300) || s === 409;

/**
 * Puts back what allowed calls changed (shares, campaign players, contacts, fee requests: extra
 * rows removed, removed rows re-inserted with their ids) so the oracle's fixtures hold for the
 * next caller.
 */
const SNAPSHOT_TABLES = [
  'organization_campaigns',
  'campaign_fundraisers',
  'fundraiser_contacts',
  'fee_requests',
] as const;
let baseline: Map<string, Record<string, unknown>[]> | null = null;
async function restore() {
  const rowsOf = async (table: string) =>
    (
      (await t.db.execute(sql.raw(`select * from ${table} order by id`))) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
  if (!baseline) {
    baseline = new Map();
    for (const table of SNAPSHOT_TABLES) baseline.set(table, await rowsOf(table));
    return;
  }
  // Children first when deleting, parents first when re-inserting.
  for (const table of [...SNAPSHOT_TABLES].reverse()) {
    const ids = baseline.get(table)!.map((r) => Number(r.id));
    await t.db.execute(
      sql`delete from ${sql.identifier(table)} where id not in ${sql.raw(`(${[0, ...ids].join(',')})`)}`,
    );
  }
  for (const table of SNAPSHOT_TABLES) {
    for (const row of baseline.get(table)!) {
      const cols = Object.keys(row);
      await t.db.execute(
        sql`insert into ${sql.identifier(table)} (${sql.join(
          cols.map((c) => sql.identifier(c)),
          sql`, `,
        )})
            overriding system value values (${sql.join(
              cols.map((c) => sql`${row[c] instanceof Date ? (row[c] as Date).toISOString() : row[c]}`),
              sql`, `,
            )})
            on conflict (id) do nothing`,
      );
    }
  }
}

async function run(a: Actor, cases: Case[], subject: 'campaigns' | 'players') {
  await restore();
  const refused = cases.filter((c) => c.expect !== 'ok');
  const allowed = cases.filter((c) => c.expect === 'ok');
  const before = await fingerprint();
  for (const c of refused) {
    const res = await a.call(c.req);
    totals.tried++;
    const accepted = acceptedRefusals(a, c, subject);
    if (!accepted.includes(res.statusCode)) {
      if (allowedStatus(res.statusCode)) totals.leaked++;
      else totals.wrongRefusal++;
      problems.push(
        `${a.role} ${c.label} ${c.req.method} ${c.req.url}: ${res.statusCode}, expected ${accepted.join(' or ')}`,
      );
    }
  }
  const after = await fingerprint();
  if (after !== before) {
    totals.leaked++;
    problems.push(`${a.role}: refused calls changed data`);
  }
  for (const c of allowed) {
    const res = await a.call(c.req);
    totals.tried++;
    if (!allowedStatus(res.statusCode)) {
      totals.wrongRefusal++;
      problems.push(
        `${a.role} ${c.label} ${c.req.method} ${c.req.url}: ${res.statusCode} ${res.body.slice(0, 120)}, expected success`,
      );
    }
  }
  await restore();
}

// ------------------------------------------------------------------------------------------------

describe('cross-subtree: campaigns, players and contacts (RELIABILITY rows 1 and 2)', () => {
  it.each(ROLES)(
    '%s gets exactly what the matrix allows on every campaign',
    async (role) => {
      const a = actors.find((x) => x.role === role)!;
      for (const c of Object.keys(CAMPAIGNS)) await run(a, campaignCases(a, c), 'campaigns');
    },
    120_000,
  );

  it.each(ROLES)(
    '%s gets exactly what the matrix allows on every player and contact',
    async (role) => {
      const a = actors.find((x) => x.role === role)!;
      for (const d of Object.keys(PLAYER_CAMPAIGNS)) await run(a, playerCases(a, d), 'players');
    },
    120_000,
  );

  it.each(ROLES)('%s lists only readable campaigns and players', async (role) => {
    const a = actors.find((x) => x.role === role)!;
    const camps = await a.call({ method: 'GET', url: `${V1}/admin/campaign/listbyuser/` });
    if (camps.statusCode === 200) {
      const ids = new Set((camps.json().data as { id: number }[]).map((r) => r.id));
      const expected = Object.keys(CAMPAIGNS).filter((c) => campaignReadable(a, c));
      for (const c of Object.keys(CAMPAIGNS)) {
        const seen = ids.has(campaignId.get(c)!);
        totals.listRows++;
        if (seen && !expected.includes(c)) totals.foreignRows++;
        if (seen !== expected.includes(c)) problems.push(`${role} campaign list: ${c} ${seen ? 'shown' : 'missing'}`);
      }
    } else if (Object.keys(CAMPAIGNS).some((c) => campaignReadable(a, c))) {
      problems.push(`${role} campaign list: ${camps.statusCode}`);
    }
    const list = await a.call({ method: 'GET', url: `${V1}/fundraiser/filter?limit=100` });
    if (list.statusCode === 200) {
      const ids = new Set((list.json().data as { id: number }[]).map((r) => r.id));
      for (const [d, p] of playerOf) {
        totals.listRows++;
        const seen = ids.has(p.id);
        if (seen && !playerReadable(a, d)) totals.foreignRows++;
        if (seen !== playerReadable(a, d)) problems.push(`${role} player list: ${d} ${seen ? 'shown' : 'missing'}`);
      }
    } else if ([...playerOf.keys()].some((d) => playerReadable(a, d))) {
      problems.push(`${role} player list: ${list.statusCode}`);
    }
  });

  it.each(ROLES)(
    "%s sees only readable campaigns in every node's campaign list, and only its own family",
    async (role) => {
      const a = actors.find((x) => x.role === role)!;
      const readableIds = new Set(
        Object.keys(CAMPAIGNS)
          .filter((c) => campaignReadable(a, c))
          .map((c) => campaignId.get(c)!),
      );
      for (const [name, id] of nodeId) {
        const res = await a.call({ method: 'GET', url: `${V1}/campaign/filter?organization=${id}` });
        totals.tried++;
        if (res.statusCode >= 500) problems.push(`${role} campaign filter ${name}: ${res.statusCode}`);
        if (res.statusCode !== 200) continue;
        for (const row of res.json().data as { id: number }[]) {
          totals.listRows++;
          if (!readableIds.has(row.id)) {
            totals.foreignRows++;
            problems.push(`${role} campaign filter ${name}: shows campaign ${row.id}`);
          }
        }
      }
      const home = await a.call({ method: 'GET', url: `${V1}/admin/user/campaigns` });
      totals.tried++;
      if (home.statusCode === 200) {
        const data = home.json().data as { players: { id: number }[]; campaigns: { playerId: number }[] };
        const own = new Set([...playerOf.values()].filter((x) => x.guardian === a.id).map((x) => x.id));
        for (const id of [...data.players.map((x) => x.id), ...data.campaigns.map((x) => x.playerId)]) {
          totals.listRows++;
          if (!own.has(id)) {
            totals.foreignRows++;
            problems.push(`${role} family home: shows player ${id}`);
          }
        }
      }
    },
  );

  it('prints the figures: 0 leaked, 0 foreign rows, every refusal as the matrix says', () => {
    console.log(
      `[row 1] campaigns/players cross-subtree requests tried: ${totals.tried}, leaked: ${totals.leaked}, refused when allowed or wrong refusal: ${totals.wrongRefusal}`,
    );
    console.log(`[row 2] campaign/player list rows checked: ${totals.listRows}, foreign rows: ${totals.foreignRows}`);
    expect(totals.tried).toBeGreaterThan(600);
    expect(problems).toEqual([]);
    expect(totals.leaked).toBe(0);
    expect(totals.foreignRows).toBe(0);
  });
});
