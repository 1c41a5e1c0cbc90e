/**
 * Onboarding tasks (`/api/v1/tasks`, issue 13): the automatic items tick AND untick when the facts
 * in the tables change; manual tasks are created, assigned, tagged, completed, filtered and
 * deleted within the caller's reach only.
 */
import type { TaskList } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let orgAdmin: Awaited<ReturnType<typeof actor>>;
let orgUser: Awaited<ReturnType<typeof actor>>;
let teamAdmin: Awaited<ReturnType<typeof actor>>;
let divisionAdmin: Awaited<ReturnType<typeof actor>>;
let otherAdmin: Awaited<ReturnType<typeof actor>>;
let superAdmin: Awaited<ReturnType<typeof actor>>;
let family: Awaited<ReturnType<typeof actor>>;
let outsider: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  const other = await createOrg(t.db, 1, null);
  orgAdmin = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_admin' } });
  orgUser = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_user' } });
  teamAdmin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  divisionAdmin = await actor(t, { membership: { organizationId: tree.division.id, role: 'division_admin' } });
  otherAdmin = await actor(t, { membership: { organizationId: other.id, role: 'org_admin' } });
  superAdmin = await actor(t, { staffRole: 'super_admin' });
  family = await actor(t, { profiles: ['fundraiser'] });
  outsider = otherAdmin;
});
afterAll(async () => t.close());

type Actor = typeof orgAdmin;
const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);

async function checklist(who: Actor, query = '') {
  const res = await who.call({ method: 'GET', url: `/api/v1/tasks${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TaskList }).data;
}
const doneOf = async (who: Actor, query = '') =>
  Object.fromEntries((await checklist(who, query)).automatic.map((a) => [a.key, a.done]));

describe('automatic items', () => {
  it('tick and untick with the facts, for the node and the nodes above it', async () => {
    const team = `?organizationId=${tree.team.id}`;
    const none = {
      payouts_connected: false,
      roster_imported: false,
      campaign_created: false,
      players_invited: false,
      first_gift: false,
      goal_reached: false,
    };
    expect(await doneOf(teamAdmin)).toEqual(none);
    const list = await checklist(teamAdmin);
    expect(list.organization.id).toBe(tree.team.id);
    expect(list.automatic.find((a) => a.key === 'payouts_connected')?.href).toBe(
      `/orgs/teams/view/${tree.team.id}?tab=payouts`,
    );

    // Payouts: a verified account at the team; pending does not count.
    await exec(sql`insert into payout_accounts (organization_id, provider, account_id, status)
      values (${tree.team.id}, 'sandbox', ${`acct_${tree.team.id}`}, 'pending')`);
    expect((await doneOf(teamAdmin)).payouts_connected).toBe(false);
    await exec(sql`update payout_accounts set status = 'verified' where organization_id = ${tree.team.id}`);
    expect((await doneOf(teamAdmin)).payouts_connected).toBe(true);
    // The division collects through its team: the team's account counts for it; not for the league above.
    expect((await doneOf(superAdmin, `?organizationId=${tree.division.id}`)).payouts_connected).toBe(true);
    expect((await doneOf(superAdmin, `?organizationId=${tree.league.id}`)).payouts_connected).toBe(false);
    await exec(sql`update payout_accounts set status = 'restricted' where organization_id = ${tree.team.id}`);
    expect((await doneOf(teamAdmin)).payouts_connected).toBe(false);

    // Roster: a player on the division's roster, then removed.
    const [player] = (
      await exec(sql`insert into players (first_name, last_name, email, slug)
        values ('Ana', 'Ruiz', 'ana.family@example.test', ${`ana-${tree.team.id}`}) returning id`)
    ).rows as { id: number }[];
    await exec(sql`insert into organization_fundraisers (organization_id, player_id, natural_key)
      values (${tree.division.id}, ${player!.id}, 'ana|ruiz|ana.family@example.test')`);
    expect((await doneOf(teamAdmin)).roster_imported).toBe(true);
    expect((await doneOf(orgAdmin, `?organizationId=${tree.org.id}`)).roster_imported).toBe(true);

    // A campaign owned by the team: created, then deleted.
    const [camp] = (
      await exec(sql`insert into campaigns (organization_id, title, slug, status, goal_cents)
        values (${tree.team.id}, 'Spring', ${`spring-${tree.team.id}`}, 'active', 10000) returning id`)
    ).rows as { id: number }[];
    expect((await doneOf(teamAdmin)).campaign_created).toBe(true);
    expect((await doneOf(orgAdmin, `?organizationId=${tree.org.id}`)).campaign_created).toBe(true);
    // The division takes part in the team's campaign: it is the division's campaign too.
    expect((await doneOf(divisionAdmin)).campaign_created).toBe(false);
    await exec(
      sql`insert into campaign_divisions (campaign_id, organization_id) values (${camp!.id}, ${tree.division.id})`,
    );
    expect((await doneOf(divisionAdmin)).campaign_created).toBe(true);

    // Invitations: the player joins the campaign (not invited yet), then is invited.
    const [cf] = (
      await exec(sql`insert into campaign_fundraisers (campaign_id, player_id, division_id, slug)
        values (${camp!.id}, ${player!.id}, ${tree.division.id}, ${`ana-spring-${tree.team.id}`}) returning id`)
    ).rows as { id: number }[];
    expect((await doneOf(teamAdmin)).players_invited).toBe(false);
    await exec(sql`update campaign_fundraisers set invited_at = now() where id = ${cf!.id}`);
    expect((await doneOf(teamAdmin)).players_invited).toBe(true);
    expect((await doneOf(divisionAdmin)).players_invited).toBe(true);

    // A gift: pending does not count; completed counts; half refunded still counts, but the goal
    // is then missed; a full refund unticks both.
    const [gift] = (
      await exec(sql`insert into donations (public_id, campaign_id, campaign_fundraiser_id, organization_id, division_id,
          amount_cents, status, donor_first_name, donor_last_name, donor_email)
        values (${`pub${camp!.id}`}, ${camp!.id}, ${cf!.id}, ${tree.team.id}, ${tree.division.id}, 10000, 0,
          'Dana', 'Giver', 'dana@example.test') returning id`)
    ).rows as { id: number }[];
    expect(await doneOf(teamAdmin)).toMatchObject({ first_gift: false, goal_reached: false });
    await exec(sql`update donations set status = 1, completed_at = now() where id = ${gift!.id}`);
    expect(await doneOf(teamAdmin)).toMatchObject({ first_gift: true, goal_reached: true });
    expect(await doneOf(divisionAdmin)).toMatchObject({ first_gift: true, goal_reached: true });
    expect(await doneOf(orgAdmin, `?organizationId=${tree.org.id}`)).toMatchObject({ first_gift: true });
    await exec(sql`update donations set refunded_cents = 5000 where id = ${gift!.id}`);
    expect(await doneOf(teamAdmin)).toMatchObject({ first_gift: true, goal_reached: false });
    await exec(sql`update donations set refunded_cents = 10000, status = 3 where id = ${gift!.id}`);
    expect(await doneOf(teamAdmin)).toMatchObject({ first_gift: false, goal_reached: false });
    expect((await doneOf(outsider)).first_gift).toBe(false);

    // Undo the rest: the invitation, the campaign, the roster.
    await exec(sql`update campaign_fundraisers set invited_at = null where id = ${cf!.id}`);
    expect((await doneOf(teamAdmin)).players_invited).toBe(false);
    await exec(sql`delete from donations where id = ${gift!.id}`);
    await exec(sql`delete from campaign_fundraisers where id = ${cf!.id}`);
    await exec(sql`delete from campaign_divisions where campaign_id = ${camp!.id}`);
    await exec(sql`delete from campaigns where id = ${camp!.id}`);
    expect((await doneOf(teamAdmin)).campaign_created).toBe(false);
    await exec(sql`delete from organization_fundraisers where player_id = ${player!.id}`);
    expect(await doneOf(teamAdmin)).toEqual(none);
    expect(await doneOf(teamAdmin, team)).toEqual(none);
  });
});

const post = (who: Actor, payload: Record<string, unknown>) =>
  who.call({ method: 'POST', url: '/api/v1/tasks', payload });
const patch = (who: Actor, id: number, payload: Record<string, unknown>) =>
  who.call({ method: 'PATCH', url: `/api/v1/tasks/${id}`, payload });

describe('manual tasks', () => {
  it('creates with cleaned tags, assigns only members of the node or above, completes and deletes', async () => {
    const created = await post(teamAdmin, {
      organizationId: tree.team.id,
      title: '  Order jerseys ',
      description: 'Sizes from the roster',
      assigneeUserId: orgAdmin.user.id,
      dueOn: '2030-05-01',
      tags: ['Gear', 'gear', ' Setup '],
    });
    expect(created.statusCode, created.body).toBe(200);
    const task = created.json().data;
    expect(task).toMatchObject({
      organizationId: tree.team.id,
      title: 'Order jerseys',
      description: 'Sizes from the roster',
      assignee: { id: orgAdmin.user.id, name: `${orgAdmin.user.firstName} ${orgAdmin.user.lastName}` },
      dueOn: '2030-05-01',
      tags: ['gear', 'setup'],
      completedAt: null,
    });

    // Assignees: the team's and its ancestors' members, not the division's nor another org's.
    const list = await checklist(teamAdmin);
    const ids = list.assignees.map((a) => a.id).sort((a, b) => a - b);
    expect(ids).toEqual([orgAdmin.user.id, orgUser.user.id, teamAdmin.user.id].sort((a, b) => a - b));
    expect(Object.keys(list.assignees[0]!).sort()).toEqual(['id', 'name']);
    expect(list.canManage).toBe(true);
    expect(list.tags).toEqual(['gear', 'setup']);

    for (const assigneeUserId of [divisionAdmin.user.id, otherAdmin.user.id, 999999]) {
      const bad = await post(teamAdmin, { organizationId: tree.team.id, title: 'x', assigneeUserId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'ASSIGNEE_INVALID', errors: [{ path: 'body.assigneeUserId' }] });
    }
    const badPatch = await patch(teamAdmin, task.id, { assigneeUserId: divisionAdmin.user.id });
    expect(badPatch.json()).toMatchObject({ code: 'ASSIGNEE_INVALID' });
    for (const payload of [
      { organizationId: tree.team.id, title: '   ' },
      { organizationId: tree.team.id, title: 'x', tags: ['bad!tag'] },
      { organizationId: tree.team.id, title: 'x', dueOn: '2030-13-01' },
      { organizationId: tree.team.id, title: 'x', extra: 1 },
    ]) {
      const bad = await post(teamAdmin, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }

    // Complete: completed_at and completed_by set; uncomplete clears both.
    const done = await patch(teamAdmin, task.id, { completed: true, tags: ['Setup'] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.completedAt).not.toBeNull();
    expect(done.json().data.tags).toEqual(['setup']);
    const stored = async () =>
      (await exec(sql`select completed_at, completed_by_user_id from org_tasks where id = ${task.id}`)).rows[0] as {
        completed_at: unknown;
        completed_by_user_id: number | null;
      };
    expect(Number((await stored()).completed_by_user_id)).toBe(teamAdmin.user.id);
    const undone = await patch(teamAdmin, task.id, { completed: false, assigneeUserId: null });
    expect(undone.json().data).toMatchObject({ completedAt: null, assignee: null });
    expect(await stored()).toMatchObject({ completed_at: null, completed_by_user_id: null });

    const del = await teamAdmin.call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` });
    expect(del.statusCode).toBe(200);
    expect((await exec(sql`select count(*)::int as n from org_tasks where id = ${task.id}`)).rows[0]).toEqual({ n: 0 });
    expect((await patch(teamAdmin, task.id, { title: 'again' })).statusCode).toBe(404);
  });

  it('keeps every caller to their reach: 404 outside it, 403 for read-only profiles', async () => {
    const task = (await post(orgAdmin, { organizationId: tree.team.id, title: 'Scoped' })).json().data;

    // Another organization's admin: the node and the task do not exist for them.
    for (const res of [
      await otherAdmin.call({ method: 'GET', url: `/api/v1/tasks?organizationId=${tree.team.id}` }),
      await patch(otherAdmin, task.id, { completed: true }),
      await otherAdmin.call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` }),
      await post(otherAdmin, { organizationId: tree.team.id, title: 'x' }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect((await patch(otherAdmin, task.id, { completed: true })).json().code).toBe('TASK_NOT_FOUND');
    // A team admin does not reach the organization above it; a division admin not its team.
    expect(
      (await teamAdmin.call({ method: 'GET', url: `/api/v1/tasks?organizationId=${tree.org.id}` })).statusCode,
    ).toBe(404);
    expect((await patch(divisionAdmin, task.id, { title: 'mine now' })).statusCode).toBe(404);

    // Organization User: reads, never writes.
    const read = await checklist(orgUser, `?organizationId=${tree.team.id}`);
    expect(read.canManage).toBe(false);
    expect(read.tasks.map((x) => x.id)).toContain(task.id);
    expect((await post(orgUser, { organizationId: tree.team.id, title: 'x' })).statusCode).toBe(403);
    expect((await patch(orgUser, task.id, { completed: true })).statusCode).toBe(403);
    expect((await orgUser.call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` })).statusCode).toBe(403);

    // Families have no checklist; staff must name the node and reach every one.
    expect((await family.call({ method: 'GET', url: '/api/v1/tasks' })).statusCode).toBe(403);
    expect((await patch(family, task.id, { completed: true })).statusCode).toBe(403);
    const noNode = await superAdmin.call({ method: 'GET', url: '/api/v1/tasks' });
    expect(noNode.statusCode).toBe(400);
    expect(noNode.json()).toMatchObject({ code: 'ORGANIZATION_REQUIRED', errors: [{ path: 'query.organizationId' }] });
    expect((await checklist(superAdmin, `?organizationId=${tree.team.id}`)).canManage).toBe(true);
    expect((await patch(superAdmin, task.id, { completed: true })).statusCode).toBe(200);
    // FYS Sales: read any node, manage only the teams they sell (and nothing above them).
    const sales = await actor(t, { staffRole: 'fys_sales' });
    const soldTeam = await createOrg(t.db, 3, tree.league.id, { salesUserId: sales.user.id });
    expect((await checklist(sales, `?organizationId=${soldTeam.id}`)).canManage).toBe(true);
    expect((await post(sales, { organizationId: soldTeam.id, title: 'Call the coach' })).statusCode).toBe(200);
    expect((await checklist(sales, `?organizationId=${tree.team.id}`)).canManage).toBe(false);
    expect((await post(sales, { organizationId: tree.team.id, title: 'x' })).statusCode).toBe(403);
    expect((await patch(sales, task.id, { completed: false })).statusCode).toBe(403);
    const missing = await superAdmin.call({ method: 'GET', url: '/api/v1/tasks?organizationId=99999999' });
    expect(missing.statusCode).toBe(404);
    await superAdmin.call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` });
  });

  it('filters by state, assignee, due date, tag and title', async () => {
    const division = tree.division.id;
    const make = async (body: Record<string, unknown>) =>
      (await post(divisionAdmin, { organizationId: division, ...body })).json().data.id as number;
    const a = await make({ title: 'Collect waivers', assigneeUserId: divisionAdmin.user.id, tags: ['paperwork'] });
    const b = await make({ title: 'Book the field', dueOn: '2000-01-01', tags: ['logistics'] });
    const c = await make({ title: 'Old overdue but done', dueOn: '2000-01-01', tags: ['Paperwork'] });
    const d = await make({ title: 'Future task', dueOn: '2999-01-01', assigneeUserId: teamAdmin.user.id });
    await patch(divisionAdmin, c, { completed: true });

    const idsOf = async (query: string) =>
      (await checklist(divisionAdmin, `?organizationId=${division}&${query}`)).tasks.map((x) => x.id).sort();
    const sorted = (...ids: number[]) => ids.sort();
    expect(await idsOf('filter=all')).toEqual(sorted(a, b, c, d));
    expect(await idsOf('filter=open')).toEqual(sorted(a, b, d));
    expect(await idsOf('filter=completed')).toEqual([c]);
    expect(await idsOf('filter=mine')).toEqual([a]);
    expect(await idsOf('filter=overdue')).toEqual([b]);
    const auto = await checklist(divisionAdmin, `?organizationId=${division}&filter=automatic`);
    expect(auto.tasks).toEqual([]);
    expect(auto.automatic).toHaveLength(6);
    expect(await idsOf('tag=paperwork')).toEqual(sorted(a, c));
    expect(await idsOf('tag=PAPERWORK&filter=open')).toEqual([a]);
    expect(await idsOf('search=FIELD')).toEqual([b]);
    expect(await idsOf('search=100%25')).toEqual([]);
    // Open tasks first, then by due date.
    expect((await checklist(divisionAdmin)).tasks.map((x) => x.id)).toEqual([b, d, a, c]);
    expect((await checklist(divisionAdmin)).tags).toEqual(['logistics', 'paperwork']);
    const bad = await divisionAdmin.call({ method: 'GET', url: '/api/v1/tasks?filter=soon' });
    expect(bad.statusCode).toBe(400);
  });
});
