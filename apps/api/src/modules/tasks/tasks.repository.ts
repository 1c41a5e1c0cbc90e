/**
 * SQL of the onboarding checklist (`/apps/todo`, issue 13): a node's manual tasks (`org_tasks`),
 * the members who may be assigned, and the facts behind the automatic items.
 */
import type { AutoTaskKey, Task, TaskFilter } from '@fc/contracts';
import { type Db, firstRow, orgTasks, type Row, rows } from '@fc/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../lib/text-search.js';
import { counts } from '../campaigns/totals.js';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A text[] as either driver returns it (to_json: an array, or its JSON text). */
function textArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') return textArray(JSON.parse(v));
  return [];
}

function toTask(r: Row): Task {
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    title: String(r.title),
    description: (r.description as string | null) ?? null,
    assignee: r.assignee_id == null ? null : { id: Number(r.assignee_id), name: String(r.assignee_name) },
    dueOn: (r.due_on as string | null) ?? null,
    tags: textArray(r.tags),
    completedAt: r.completed_at == null ? null : iso(r.completed_at),
    createdAt: iso(r.created_at),
  };
}

const taskSelect = sql`select t.id, t.organization_id, t.title, t.description, t.due_on::text as due_on,
    to_json(t.tags) as tags, t.completed_at, t.created_at,
    u.id as assignee_id, u.first_name || ' ' || u.last_name as assignee_name
  from org_tasks t left join users u on u.id = t.assignee_user_id and u.deleted_at is null`;

/** The filter of `/apps/todo/{filter}` as a condition over `t` ('automatic' lists no manual task). */
function filterSql(filter: TaskFilter, userId: number): SQL {
  switch (filter) {
    case 'open':
      return sql`t.completed_at is null`;
    case 'mine':
      return sql`t.assignee_user_id = ${userId}`;
    case 'completed':
      return sql`t.completed_at is not null`;
    case 'overdue':
      return sql`t.completed_at is null and t.due_on < (now() at time zone 'UTC')::date`;
    case 'automatic':
      return sql`false`;
    default:
      return sql`true`;
  }
}

export async function listTasks(
  db: Db,
  nodeId: number,
  q: { filter: TaskFilter; tag?: string | undefined; search?: string | undefined },
  userId: number,
): Promise<Task[]> {
  const conds: SQL[] = [sql`t.organization_id = ${nodeId}`, filterSql(q.filter, userId)];
  if (q.tag) conds.push(sql`${q.tag} = any(t.tags)`);
  if (q.search) conds.push(sql`t.title ilike ${likePattern(q.search)}`);
  const list = await rows(
    db,
    sql`${taskSelect} where ${sql.join(conds, sql` and `)}
      order by (t.completed_at is not null), t.due_on asc nulls last, t.id asc limit 500`,
  );
  return list.map(toTask);
}

export async function findTask(db: Db, id: number): Promise<Task | null> {
  const r = await firstRow(db, sql`${taskSelect} where t.id = ${id}`);
  return r ? toTask(r) : null;
}

/** Every tag used on the node's tasks, sorted. */
export async function tagsOf(db: Db, nodeId: number): Promise<string[]> {
  const list = await rows<{ tag: string }>(
    db,
    sql`select distinct unnest(tags) as tag from org_tasks where organization_id = ${nodeId} order by 1`,
  );
  return list.map((r) => String(r.tag));
}

/** Live users with a membership at the node or one of its ancestors: who a task may be assigned to. */
export async function assignees(db: Db, nodeIds: number[]): Promise<{ id: number; name: string }[]> {
  const ids = `{${nodeIds.map((i) => Math.trunc(i)).join(',')}}`;
  const list = await rows(
    db,
    sql`select distinct u.id, u.first_name || ' ' || u.last_name as name, lower(u.first_name), lower(u.last_name)
      from organization_users ou join users u on u.id = ou.user_id
      where ou.organization_id = any(${ids}::int[]) and u.deleted_at is null and u.status <> 'disabled'
      order by lower(u.first_name), lower(u.last_name), u.id`,
  );
  return list.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

export interface TaskWrite {
  title?: string;
  description?: string | null;
  assigneeUserId?: number | null;
  dueOn?: string | null;
  tags?: string[];
  completedAt?: Date | null;
  completedByUserId?: number | null;
}

export async function insertTask(db: Db, values: TaskWrite & { organizationId: number; title: string; by: number }) {
  const { by, ...rest } = values;
  const [row] = await db
    .insert(orgTasks)
    .values({ ...rest, createdByUserId: by })
    .returning({ id: orgTasks.id });
  return row!.id;
}

export async function updateTask(db: Db, id: number, values: TaskWrite) {
  await db
    .update(orgTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orgTasks.id, id));
}

export async function deleteTask(db: Db, id: number) {
  await db.delete(orgTasks).where(eq(orgTasks.id, id));
}

/** The node's subtree (itself included) as an SQL `ids` CTE body. */
const subtree = (nodeId: number) => sql`with recursive sub(id) as (
    select id from organizations where id = ${nodeId}
    union all select o.id from organizations o join sub on o.parent_id = sub.id)`;

/**
 * The facts behind the automatic items, read in one statement (nothing stored: they tick and
 * untick with the tables). "The subtree's campaigns" are campaigns owned by a node of the subtree
 * or in which one of its divisions takes part (a division owns none: it joins its team's).
 * Payouts: a verified account at the node itself; a division, which collects through the
 * campaigns of the nodes above it, counts one at any of its ancestors as well.
 */
export async function autoFacts(db: Db, nodeId: number, typeId: number): Promise<Record<AutoTaskKey, boolean>> {
  const payoutNodes =
    typeId === 4
      ? sql`(with recursive up(id, parent_id) as (
            select id, parent_id from organizations where id = ${nodeId}
            union all select o.id, o.parent_id from organizations o join up on o.id = up.parent_id)
          select id from up)`
      : sql`(select ${nodeId}::int)`;
  const r = await firstRow(
    db,
    sql`${subtree(nodeId)}, camp as (
        select c.id, c.goal_cents from campaigns c where c.organization_id in (select id from sub)
        union
        select c.id, c.goal_cents from campaigns c join campaign_divisions cd on cd.campaign_id = c.id
          where cd.organization_id in (select id from sub))
      select
        exists (select 1 from payout_accounts pa where pa.status = 'verified'
          and pa.organization_id in ${payoutNodes}) as payouts_connected,
        coalesce((select r.players from org_rollups r where r.organization_id = ${nodeId}), 0) > 0 as roster_imported,
        exists (select 1 from camp) as campaign_created,
        (exists (select 1 from camp join campaign_fundraisers cf on cf.campaign_id = camp.id
            where cf.invited_at is not null)
          or exists (select 1 from campaign_fundraisers cf where cf.invited_at is not null
            and cf.division_id in (select id from sub))) as players_invited,
        (exists (select 1 from donations d where ${counts('d')} and d.division_id is null
            and d.organization_id in (select id from sub))
          or exists (select 1 from donations d where ${counts('d')} and d.division_id in (select id from sub))) as first_gift,
        exists (select 1 from camp join campaign_rollups cr on cr.campaign_id = camp.id
          where camp.goal_cents > 0 and cr.raised_cents >= camp.goal_cents) as goal_reached`,
  );
  const b = (k: string) => r?.[k] === true || r?.[k] === 't';
  return {
    payouts_connected: b('payouts_connected'),
    roster_imported: b('roster_imported'),
    campaign_created: b('campaign_created'),
    players_invited: b('players_invited'),
    first_gift: b('first_gift'),
    goal_reached: b('goal_reached'),
  };
}
