/** DELETE /admin/organization/{id}: only empty nodes, only inside the caller's scope, nothing cascades. */
import { organizations } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_REFERENCES } from '../src/modules/orgs/orgs.service.js';
import { donate, insertCampaign } from './campaigns-support.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const q = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const exists = async (id: number) =>
  (await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id))).length === 1;

describe('deleting a node', () => {
  it('deletes an empty division for its team admin and shows can.delete on the detail', async () => {
    const tree = await createTree(t.db);
    const empty = await createOrg(t.db, 4, tree.team.id);
    const ta = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const detail = await ta.call({ method: 'GET', url: `${V1}/admin/organization/?organization=${empty.id}` });
    expect(detail.json().data.can.delete).toBe(true);
    const res = await ta.call({ method: 'DELETE', url: `${V1}/admin/organization/${empty.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/was deleted/);
    expect(await exists(empty.id)).toBe(false);
  });

  it('refuses a node that still has children, players or members, naming them, and deletes nothing', async () => {
    const tree = await createTree(t.db);
    const oa = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
    const res = await oa.call({ method: 'DELETE', url: `${V1}/admin/organization/${tree.team.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ hasError: true, code: 'NODE_NOT_EMPTY' });
    expect(res.json().message).toMatch(/1 child/);
    const withMember = await createOrg(t.db, 4, tree.team.id);
    await actor(t, { membership: { organizationId: withMember.id, role: 'division_admin' } });
    const res2 = await oa.call({ method: 'DELETE', url: `${V1}/admin/organization/${withMember.id}` });
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toMatch(/1 member/);
    expect(await exists(tree.team.id)).toBe(true);
    expect(await exists(withMember.id)).toBe(true);
  });

  it('is refused to read-only roles (403) and outside the scope (404); Super Admin deletes an empty root', async () => {
    const tree = await createTree(t.db);
    const empty = await createOrg(t.db, 4, tree.team.id);
    const ou = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_user' } });
    expect((await ou.call({ method: 'DELETE', url: `${V1}/admin/organization/${empty.id}` })).statusCode).toBe(403);
    const other = await createTree(t.db);
    const stranger = await actor(t, { membership: { organizationId: other.org.id, role: 'org_admin' } });
    expect((await stranger.call({ method: 'DELETE', url: `${V1}/admin/organization/${empty.id}` })).statusCode).toBe(
      404,
    );
    expect(await exists(empty.id)).toBe(true);
    const root = await createOrg(t.db, 1, null);
    const sa = await actor(t, { staffRole: 'super_admin' });
    expect((await sa.call({ method: 'DELETE', url: `${V1}/admin/organization/${root.id}` })).statusCode).toBe(200);
    expect(await exists(root.id)).toBe(false);
  });

  it('refuses (409 NODE_NOT_EMPTY, never a 500) a node that owns a campaign, and changes nothing', async () => {
    const tree = await createTree(t.db);
    const owner = await createOrg(t.db, 4, tree.team.id);
    const camp = await insertCampaign(t.db, owner.id);
    const sa = await actor(t, { staffRole: 'super_admin' });
    const res = await sa.call({ method: 'DELETE', url: `${V1}/admin/organization/${owner.id}` });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ hasError: true, code: 'NODE_NOT_EMPTY' });
    expect(res.json().message).toMatch(/1 campaign\b.*nothing was deleted/);
    expect(await exists(owner.id)).toBe(true);
    expect(await q(sql`select organization_id from campaigns where id = ${camp.id}`)).toEqual([
      { organization_id: owner.id },
    ]);
  });

  it('refuses a node credited with donations (owner or division), naming them, and changes nothing', async () => {
    const tree = await createTree(t.db);
    const owner = await createOrg(t.db, 4, tree.team.id);
    const credited = await createOrg(t.db, 4, tree.team.id);
    const camp = await insertCampaign(t.db, tree.team.id);
    const gift = await donate(t.db, { campaignId: camp.id, organizationId: owner.id, amount: 2500 });
    await donate(t.db, { campaignId: camp.id, organizationId: tree.team.id, amount: 1000 });
    await t.db.execute(sql`update donations set division_id = ${credited.id}
      where campaign_id = ${camp.id} and organization_id = ${tree.team.id}`);
    const sa = await actor(t, { staffRole: 'super_admin' });
    const before = await q(sql`select count(*)::int as n from donations where campaign_id = ${camp.id}`);
    for (const [node, words] of [
      [owner, /1 donation\b/],
      [credited, /1 donation\b/],
    ] as const) {
      const res = await sa.call({ method: 'DELETE', url: `${V1}/admin/organization/${node.id}` });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ hasError: true, code: 'NODE_NOT_EMPTY' });
      expect(res.json().message).toMatch(words);
      expect(await exists(node.id)).toBe(true);
    }
    expect(await q(sql`select count(*)::int as n from donations where campaign_id = ${camp.id}`)).toEqual(before);
    expect(await q(sql`select organization_id from donations where id = ${gift.id}`)).toEqual([
      { organization_id: owner.id },
    ]);
  });

  it('checks every column that references a node (each foreign key to organizations)', async () => {
    // A key declared ON DELETE CASCADE (a node's onboarding tasks, migration 0009) goes with the
    // node, and one declared ON DELETE SET NULL (a team registration's links, migration 0015) lets
    // go of it: neither blocks the deletion; every other key must be checked before the delete.
    const fks = (await t.db.execute(sql`select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'organizations'::regclass and c.confdeltype not in ('c', 'n')`)) as unknown as {
      rows: { table: string; column: string }[];
    };
    const key = (r: { table: string; column: string }) => `${r.table.replace(/^public\./, '')}.${r.column}`;
    const checked = new Set(NODE_REFERENCES.map(key));
    expect(fks.rows.length).toBeGreaterThan(0);
    expect(fks.rows.map(key).filter((k) => !checked.has(k))).toEqual([]);
  });
});
