/**
 * RELIABILITY rows 1 and 10 spirit (ENGINEERING habit 10): every role × every id-taking users
 * endpoint × targets at its own node, a sibling, a parent and another organization. The expected
 * outcome comes from the ability matrix (DECISIONS §3); a forbidden call must change nothing.
 */
import { emails, organizationUsers, users } from '@fc/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng, userRows } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, createUser, type TestApp, type UserSpec } from './helpers.js';

type Op = 'read' | 'update' | 'delete' | 'resend' | 'avatar' | 'password' | 'list';
const OPS: Op[] = ['read', 'update', 'delete', 'resend', 'avatar', 'password', 'list'];

interface Person {
  name: string;
  id: number;
  email: string;
  nodes: number[];
  staff: boolean;
}
interface Actor extends Person {
  role: string;
  scope: number[];
  /** Nodes whose members the actor manages (update on the node: every org role but org_user). */
  manage: number[];
  call: (o: InjectOptions) => Promise<LightMyRequestResponse>;
}

let t: TestApp;
const actors: Actor[] = [];
const targets: Person[] = [];
const nodes: { name: string; id: number; typeId: number; tree: 'A' | 'B' }[] = [];
let png: Buffer;
const totals = { tried: 0, leaked: 0 };

beforeAll(async () => {
  t = await createTestApp();
  png = await smallPng();
  const a = await createTree(t.db);
  const b = await createTree(t.db);
  const teamA2 = await createOrg(t.db, 3, a.league.id);
  const divA2 = await createOrg(t.db, 4, teamA2.id);
  const treeA = [a.org, a.league, a.team, a.division, teamA2, divA2].map((o) => o.id);
  const treeB = [b.org, b.league, b.team, b.division].map((o) => o.id);
  const named = { orgA: a.org, leagueA: a.league, teamA: a.team, divA: a.division, teamA2, divA2 };
  for (const [name, o] of Object.entries(named)) nodes.push({ name, id: o.id, typeId: o.typeId, tree: 'A' });
  for (const [name, o] of Object.entries({ orgB: b.org, leagueB: b.league, teamB: b.team, divB: b.division }))
    nodes.push({ name, id: o.id, typeId: o.typeId, tree: 'B' });

  const subtree = (id: number) => {
    const i = treeA.indexOf(id);
    if (i >= 0)
      return {
        0: treeA,
        1: treeA.slice(1),
        2: [treeA[2]!, treeA[3]!],
        3: [treeA[3]!],
        4: [treeA[4]!, treeA[5]!],
        5: [treeA[5]!],
      }[i]!;
    const j = treeB.indexOf(id);
    return treeB.slice(j);
  };
  const specs: [string, Parameters<typeof actor>[1], string][] = [
    ['super_admin', { staffRole: 'super_admin' }, 'super_admin'],
    ['fys_sales', { staffRole: 'fys_sales' }, 'fys_sales'],
    ['org_admin A', { membership: { organizationId: a.org.id, role: 'org_admin' } }, 'org_admin'],
    ['org_user A', { membership: { organizationId: a.org.id, role: 'org_user' } }, 'org_user'],
    ['league_admin A', { membership: { organizationId: a.league.id, role: 'league_admin' } }, 'league_admin'],
    ['team_admin A', { membership: { organizationId: a.team.id, role: 'team_admin' } }, 'team_admin'],
    ['team_admin A2', { membership: { organizationId: teamA2.id, role: 'team_admin' } }, 'team_admin'],
    ['division_admin A', { membership: { organizationId: a.division.id, role: 'division_admin' } }, 'division_admin'],
    ['division_admin A2', { membership: { organizationId: divA2.id, role: 'division_admin' } }, 'division_admin'],
    ['org_admin B', { membership: { organizationId: b.org.id, role: 'org_admin' } }, 'org_admin'],
    ['org_user B', { membership: { organizationId: b.org.id, role: 'org_user' } }, 'org_user'],
    ['league_admin B', { membership: { organizationId: b.league.id, role: 'league_admin' } }, 'league_admin'],
    ['fundraiser', { profiles: ['fundraiser'] }, 'fundraiser'],
    ['donor', { profiles: ['donor'] }, 'donor'],
    ['affiliate', { profiles: ['affiliate'] }, 'affiliate'],
    [
      'team_admin + fundraiser',
      { membership: { organizationId: a.team.id, role: 'team_admin' }, profiles: ['fundraiser'] },
      'team_admin',
    ],
  ];
  for (const [name, spec, role] of specs) {
    const x = await actor(t, spec);
    const node = spec?.membership?.organizationId;
    actors.push({
      name,
      role,
      id: x.user.id,
      email: x.user.email,
      nodes: node ? [node] : [],
      staff: Boolean(spec?.staffRole),
      scope: node && (role === 'org_admin' || role === 'org_user') ? subtree(node) : [],
      manage: node && role !== 'org_user' ? subtree(node) : [],
      call: x.call,
    });
  }
  const roleFor: Record<number, string> = { 1: 'org_user', 2: 'league_admin', 3: 'team_admin', 4: 'division_admin' };
  for (const n of nodes) {
    const u = await createUser(t.db, {
      status: 'invited',
      password: null,
      membership: { organizationId: n.id, role: roleFor[n.typeId]! },
    });
    targets.push({ name: `member@${n.name}`, id: u.id, email: u.email, nodes: [n.id], staff: false });
  }
  const others: [string, UserSpec][] = [
    ['donor-only', { profiles: ['donor'] }],
    ['fundraiser-only', { profiles: ['fundraiser'] }],
    ['affiliate-only', { profiles: ['affiliate'] }],
    ['fys_sales staff', { staffRole: 'fys_sales' }],
    ['super_admin staff', { staffRole: 'super_admin' }],
    [
      'fundraiser + member@divA2',
      { profiles: ['fundraiser'], membership: { organizationId: divA2.id, role: 'division_admin' } },
    ],
  ];
  for (const [name, spec] of others) {
    const u = await createUser(t.db, { ...spec, status: 'invited', password: null });
    const nodes = spec.membership ? [spec.membership.organizationId] : [];
    targets.push({ name, id: u.id, email: u.email, nodes, staff: Boolean(spec.staffRole) });
  }
}, 120_000);
afterAll(async () => t.close());

/** The ability matrix, for users: what `who` may do to `target`. */
function allowed(who: Actor, op: Op, target: Person): boolean {
  const self = who.id === target.id;
  if (op === 'list') {
    if (who.role === 'super_admin') return true;
    if (who.role !== 'org_admin' && who.role !== 'org_user') return false;
  }
  if (who.role === 'super_admin') return !(self && (op === 'delete' || op === 'resend'));
  if (self && (op === 'read' || op === 'update' || op === 'avatar')) return true;
  const inScope = target.nodes.some((n) => who.scope.includes(n));
  if (op === 'read' || op === 'list') return inScope;
  if (op === 'password') return false;
  // Inviting again is also open to whoever manages the members of a node the target belongs to.
  if (op === 'resend' && !self && !target.staff && target.nodes.some((n) => who.manage.includes(n))) return true;
  return who.role === 'org_admin' && inScope && !target.staff && !self;
}

function request(op: Op, target: Person): InjectOptions {
  const v1 = '/api/v1';
  switch (op) {
    case 'read':
      return { method: 'GET', url: `${v1}/admin/user/${target.id}` };
    case 'update':
      return { method: 'PATCH', url: `${v1}/user`, payload: { id: target.id, lastName: `Renamed${target.id}` } };
    case 'delete':
      return { method: 'DELETE', url: `${v1}/user/${target.id}` };
    case 'resend':
      return { method: 'POST', url: `${v1}/user/resendInvite`, payload: { id: target.id } };
    case 'avatar':
      return { method: 'POST', url: `${v1}/upload-avatar?id=${target.id}`, ...multipart(png) };
    case 'password':
      return {
        method: 'POST',
        url: `${v1}/password/reset`,
        payload: { id: target.id, newPassword: 'set-by-someone-else-1', confirmPassword: 'set-by-someone-else-1' },
      };
    case 'list':
      return { method: 'GET', url: `${v1}/admin/user/list?perPage=100&q=${encodeURIComponent(target.email)}` };
  }
}

const emailCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(emails))[0]!.n;

describe('cross-tenant users endpoints', () => {
  it('every actor × endpoint × target matches the ability matrix and forbidden calls change nothing', async () => {
    let tried = 0;
    let leaked = 0;
    const wrong: string[] = [];
    const everyone = [...targets.map((x) => x.id), ...actors.map((x) => x.id)];
    for (const op of OPS) {
      for (const who of actors) {
        const list = op === 'password' ? targets : [...targets, who];
        const before = await userRows(t.db, everyone);
        const mailsBefore = await emailCount();
        const changed = new Set<number>();
        let mailsExpected = 0;
        for (const target of list) {
          const expectOk = allowed(who, op, target);
          const res = await who.call(request(op, target));
          tried++;
          const body = res.body;
          let ok = res.statusCode === 200;
          if (op === 'list' && ok) ok = (res.json().data as { id: number }[]).some((r) => r.id === target.id);
          if (ok && expectOk) {
            if (op !== 'read' && op !== 'list') changed.add(target.id);
            if (op === 'resend') mailsExpected++;
            if (op === 'delete')
              await t.db.update(users).set({ deletedAt: null, status: 'invited' }).where(eq(users.id, target.id));
          }
          if (ok && !expectOk) leaked++;
          if (!ok && !expectOk && op !== 'list' && body.includes(target.email)) leaked++;
          if (ok !== expectOk) wrong.push(`${who.name} ${op} ${target.name}: ${res.statusCode} ${body.slice(0, 120)}`);
          if (!ok && op !== 'list' && ![400, 403, 404].includes(res.statusCode))
            wrong.push(`${who.name} ${op} ${target.name}: status ${res.statusCode}`);
        }
        const after = await userRows(t.db, everyone);
        for (const id of everyone) {
          if (changed.has(id)) continue;
          if (before.get(id) !== after.get(id)) {
            leaked++;
            wrong.push(`${who.name} ${op}: user ${id} changed without permission`);
          }
        }
        if ((await emailCount()) - mailsBefore !== mailsExpected) {
          leaked++;
          wrong.push(`${who.name} ${op}: unexpected emails`);
        }
      }
    }
    console.log(
      `[row 1] cross-subtree requests (read/update/delete/resend/avatar/password/list) tried: ${tried}, leaked: ${leaked}, outcomes unlike the matrix: ${wrong.length}`,
    );
    totals.tried += tried;
    totals.leaked += leaked;
    expect(wrong.slice(0, 40)).toEqual([]);
    expect(leaked).toBe(0);
  }, 120_000);

  it('creating users: only inside the caller scope', async () => {
    let tried = 0;
    let leaked = 0;
    const wrong: string[] = [];
    const roleFor: Record<number, string> = { 1: 'org_user', 2: 'league_admin', 3: 'team_admin', 4: 'division_admin' };
    for (const who of actors) {
      for (const node of nodes) {
        const email = `created-${who.id}-${node.id}@example.test`;
        const res = await who.call({
          method: 'POST',
          url: '/api/v1/admin/user/create',
          payload: { firstName: 'New', lastName: 'Member', email, role: roleFor[node.typeId], organizationId: node.id },
        });
        tried++;
        const expectOk = who.role === 'super_admin' || (who.role === 'org_admin' && who.scope.includes(node.id));
        const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        const member = rows.length
          ? await t.db
              .select()
              .from(organizationUsers)
              .where(inArray(organizationUsers.userId, [rows[0]!.id]))
          : [];
        if (!expectOk && (res.statusCode === 200 || rows.length > 0)) leaked++;
        if (expectOk && (res.statusCode !== 200 || member[0]?.organizationId !== node.id))
          wrong.push(`${who.name} create at ${node.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (!expectOk && ![400, 403].includes(res.statusCode))
          wrong.push(`${who.name} create at ${node.name}: ${res.statusCode}`);
      }
    }
    console.log(`[row 1] user creations tried across subtrees: ${tried}, leaked: ${leaked}`);
    totals.tried += tried;
    totals.leaked += leaked;
    console.log(`[row 1] cross-subtree requests tried: ${totals.tried}, leaked: ${totals.leaked}`);
    expect(wrong).toEqual([]);
    expect(leaked).toBe(0);
    expect(totals.tried).toBeGreaterThanOrEqual(2000);
  }, 60_000);
});
