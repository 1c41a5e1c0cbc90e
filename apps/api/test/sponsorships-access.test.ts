/**
 * Issue 17 access (decision 019 "Access"): every staff sponsorship call × every role. Managing
 * needs the right to update the node (Super Admin, Organization/League/Team Admin in scope, FYS
 * Sales on their own teams); reading needs the right to read it; a node the caller cannot read is
 * not found. A refused call changes nothing, and no refused answer carries a sponsor's data.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from './campaigns-support.js';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';
import { insertOpportunity, insertUnit, V1 } from './sponsorships-support.js';

type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
const roles: [string, Call | null, 'manage' | 'read' | 'none'][] = [];
let campaignId: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const sales = await actor(t, { staffRole: 'fys_sales' });
  tree = await createTree(t.db);
  // The team is sold by `sales`; another salesperson sells nothing here.
  await t.db.execute(sql`update organizations set sales_user_id = ${sales.user.id} where id = ${tree.team.id}`);
  const otherTree = await createTree(t.db);
  const otherTeam = await createOrg(t.db, 3, otherTree.league.id);
  const spec = (organizationId: number, role: string) => ({ membership: { organizationId, role } });
  const list: [string, Parameters<typeof actor>[1] | null, 'manage' | 'read' | 'none'][] = [
    ['super_admin', { staffRole: 'super_admin' }, 'manage'],
    ['org_admin in scope', spec(tree.org.id, 'org_admin'), 'manage'],
    ['org_admin out of scope', spec(otherTree.org.id, 'org_admin'), 'none'],
    ['org_user in scope', spec(tree.org.id, 'org_user'), 'read'],
    ['league_admin', spec(tree.league.id, 'league_admin'), 'manage'],
    ['team_admin', spec(tree.team.id, 'team_admin'), 'manage'],
    ['team_admin of another team', spec(otherTeam.id, 'team_admin'), 'none'],
    ['division_admin', spec(tree.division.id, 'division_admin'), 'read'],
    ['fundraiser', { profiles: ['fundraiser'] }, 'none'],
    ['donor', { profiles: ['donor'] }, 'none'],
    ['affiliate', { profiles: ['affiliate'] }, 'none'],
    ['anonymous', null, 'none'],
  ];
  roles.push(['fys_sales own team', sales.call, 'manage']);
  roles.push(['fys_sales other team', (await actor(t, { staffRole: 'fys_sales' })).call, 'read']);
  for (const [name, s, expected] of list)
    roles.push([name, s ? (await actor(t, s)).call : (o) => t.app.inject(o), expected]);
  campaignId = (await insertCampaign(t.db, tree.team.id)).id;
  png = await smallPng();
});
afterAll(async () => t.close());

const snapshot = async () =>
  firstRow<Record<string, unknown>>(
    t.db,
    sql`select (select count(*) from sponsorship_opportunities)::int as o,
      (select coalesce(sum(quantity), 0) from sponsorship_opportunities)::int as q,
      (select string_agg(name || status || coalesce(image_url, ''), ',' order by id) from sponsorship_opportunities) as n,
      (select count(*) from sponsorships)::int as s,
      (select string_agg(logo_status, ',' order by id) from sponsorships) as l,
      (select count(*) from donations)::int as d`,
  );

describe('every staff sponsorship call × every role', () => {
  it('answers as the node abilities say, changes nothing when refused, leaks nothing', async () => {
    const wrong: string[] = [];
    let leaked = 0;
    for (const [name, call, access] of roles) {
      const o = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId, quantity: 10 });
      const paid = await insertUnit(t.db, {
        opportunityId: o.id,
        campaignId,
        organizationId: tree.team.id,
        logoStatus: 'submitted',
        email: 'secret-buyer@example.test',
      });
      const reads: [string, InjectOptions][] = [
        [
          'list opportunities',
          { method: 'GET', url: `${V1}/admin/sponsorship_opportunity?organizationId=${tree.team.id}` },
        ],
        ['list by campaign', { method: 'GET', url: `${V1}/admin/sponsorship_opportunity?campaignId=${campaignId}` }],
        ['get opportunity', { method: 'GET', url: `${V1}/admin/sponsorship_opportunity/${o.id}` }],
        ['list sponsors', { method: 'GET', url: `${V1}/admin/sponsorship?organizationId=${tree.team.id}` }],
        ['sponsors csv', { method: 'GET', url: `${V1}/admin/sponsorship.csv?organizationId=${tree.team.id}` }],
        ['get sponsor', { method: 'GET', url: `${V1}/admin/sponsorship/${paid.id}` }],
      ];
      const writes: [string, InjectOptions][] = [
        [
          'create',
          {
            method: 'POST',
            url: `${V1}/admin/sponsorship_opportunity`,
            payload: { organizationId: tree.team.id, slug: `acc-${o.id}`, name: 'X', priceCents: 1000 },
          },
        ],
        ['update', { method: 'PUT', url: `${V1}/admin/sponsorship_opportunity/${o.id}`, payload: { name: 'Renamed' } }],
        [
          'reject',
          { method: 'POST', url: `${V1}/admin/sponsorship/${paid.id}/logo/reject`, payload: { reason: 'No' } },
        ],
        ['approve', { method: 'POST', url: `${V1}/admin/sponsorship/${paid.id}/logo/approve` }],
        [
          'offline',
          {
            method: 'POST',
            url: `${V1}/admin/sponsorship/offline`,
            payload: {
              opportunityId: o.id,
              firstName: 'A',
              lastName: 'B',
              email: 'a@example.test',
              reference: 'cash',
              receivedOn: '2026-11-01',
            },
          },
        ],
        ['image', { method: 'POST', url: `${V1}/admin/sponsopship_opportunity/${o.id}/image`, ...multipart(png) }],
        ['delete', { method: 'DELETE', url: `${V1}/admin/sponsorship_opportunity/${o.id}` }],
      ];
      const anonymous = name === 'anonymous';
      for (const [label, req] of reads) {
        const res = await call!(req);
        const expected = anonymous ? 401 : access === 'none' ? 404 : 200;
        if (res.statusCode !== expected) wrong.push(`${name} ${label}: ${res.statusCode} (expected ${expected})`);
        if (res.statusCode !== 200 && res.body.includes('secret-buyer')) leaked++;
      }
      for (const [label, req] of writes) {
        const before = await snapshot();
        const res = await call!(req);
        // The delete of an opportunity with a unit is a 409 (archive it) even for managers.
        const ok = label === 'delete' ? 409 : 200;
        const expected = anonymous ? 401 : access === 'none' ? 404 : access === 'read' ? 403 : ok;
        if (res.statusCode !== expected) wrong.push(`${name} ${label}: ${res.statusCode} (expected ${expected})`);
        if (res.statusCode >= 400) {
          if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) wrong.push(`${name} ${label}: changed data`);
          if (res.body.includes('secret-buyer')) leaked++;
        }
      }
    }
    console.log(`[issue 17] sponsorship access: ${roles.length} roles × 13 calls, leaked ${leaked}`);
    expect(wrong).toEqual([]);
    expect(leaked).toBe(0);
  }, 120_000);
});
