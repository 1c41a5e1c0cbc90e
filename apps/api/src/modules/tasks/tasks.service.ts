/**
 * Onboarding tasks (`/apps/todo`, DECISIONS §1, issue 13). Whose checklist: the node named by
 * `organizationId`, or the caller's own node. Organization roles reach their own subtree; Super
 * Admin and FYS Sales any node they may read. Anyone else (families, donors, affiliates) has no
 * checklist: 403. A node or task outside reach is a 404, as everywhere in the API.
 * Managing (create, edit, complete, delete) needs `update` on the node: its admins, FYS Sales for
 * their teams, Super Admin; an Organization User reads only.
 */
import {
  AUTO_TASKS,
  type AutoTask,
  type AutoTaskKey,
  type CreateTaskBody,
  isStaffRole,
  ORG_ROLES,
  type Task,
  type TaskList,
  type taskListQuerySchema,
  type UpdateTaskBody,
} from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { canOnNode } from '../orgs/orgs.access.js';
import { ancestorsOf } from '../orgs/orgs.repository.js';
import { visibleNode } from '../orgs/orgs.service.js';
import * as repo from './tasks.repository.js';

type Node = Awaited<ReturnType<typeof visibleNode>>;

const SEGMENT: Record<number, string> = { 1: 'organizations', 2: 'leagues', 3: 'teams', 4: 'divisions' };
const viewPath = (node: Pick<Node, 'id' | 'typeId'>) =>
  `/orgs/${SEGMENT[node.typeId] ?? 'organizations'}/view/${node.id}`;

/** Where each automatic item is done, in the console. */
function hrefOf(key: AutoTaskKey, node: Node): string {
  switch (key) {
    case 'payouts_connected':
      return `${viewPath(node)}?tab=payouts`;
    case 'roster_imported':
      return `${viewPath(node)}?tab=${node.typeId === 3 ? 'import' : node.typeId === 4 ? 'players' : 'children'}`;
    case 'campaign_created':
    case 'goal_reached':
      return '/campaigns/list';
    case 'players_invited':
      return '/fundraisers/list';
    case 'first_gift':
      return '/donations/list';
  }
}

const hasChecklist = (p: Principal) => isStaffRole(p.role) || (ORG_ROLES as readonly string[]).includes(p.role);

/** The node whose checklist is asked for, if the caller reaches it (else 403 / 404). */
async function reachNode(app: FastifyInstance, p: Principal, organizationId: number | undefined): Promise<Node> {
  if (!hasChecklist(p)) throw forbidden('Your profile has no onboarding checklist.');
  const id = organizationId ?? p.organizationId;
  if (id == null)
    throw badRequest('ORGANIZATION_REQUIRED', 'Choose the organization whose checklist to show.', [
      { path: 'query.organizationId', message: 'Required' },
    ]);
  const node = await visibleNode(app, p, id);
  // An organization profile's checklists are those of its own subtree (not the nodes above it).
  if (!isStaffRole(p.role) && !p.scopeIds.includes(node.id))
    throw notFound('This organization was not found or is outside your access.');
  return node;
}

const canManage = (p: Principal, node: Node) => canOnNode(p, 'update', node);

async function assigneesOf(app: FastifyInstance, node: Node) {
  const ancestors = await ancestorsOf(app.db, node.id);
  return repo.assignees(app.db, [node.id, ...ancestors.map((a) => a.id)]);
}

export async function automatic(app: FastifyInstance, node: Node): Promise<AutoTask[]> {
  const facts = await repo.autoFacts(app.db, node.id, node.typeId);
  return AUTO_TASKS.map((key) => ({ key, done: facts[key], href: hrefOf(key, node) }));
}

export async function list(
  app: FastifyInstance,
  p: Principal,
  q: z.output<typeof taskListQuerySchema>,
): Promise<TaskList> {
  const node = await reachNode(app, p, q.organizationId);
  const filter = q.filter;
  const [auto, tasks, tags, assignees] = await Promise.all([
    automatic(app, node),
    repo.listTasks(app.db, node.id, { filter, tag: q.tag, search: q.search || undefined }, p.user.id),
    repo.tagsOf(app.db, node.id),
    assigneesOf(app, node),
  ]);
  return {
    organization: { id: node.id, name: node.name, typeId: node.typeId },
    automatic: auto,
    tasks,
    tags,
    assignees,
    canManage: canManage(p, node),
  };
}

/** A task the caller may manage: 404 outside reach, 403 when read-only. */
async function manageableTask(app: FastifyInstance, p: Principal, id: number): Promise<{ task: Task; node: Node }> {
  if (!hasChecklist(p)) throw forbidden('Your profile has no onboarding checklist.');
  const task = await repo.findTask(app.db, id);
  const missing = () => notFound('This task was not found or is outside your access.', 'TASK_NOT_FOUND');
  if (!task) throw missing();
  let node: Node;
  try {
    node = await reachNode(app, p, task.organizationId);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw missing();
    throw err;
  }
  if (!canManage(p, node)) throw forbidden('Your profile can read these tasks but not change them.');
  return { task, node };
}

async function checkAssignee(app: FastifyInstance, node: Node, userId: number | null | undefined) {
  if (userId == null) return;
  const members = await assigneesOf(app, node);
  if (!members.some((m) => m.id === userId))
    throw badRequest('ASSIGNEE_INVALID', 'Assign the task to a member of this organization or one above it.', [
      { path: 'body.assigneeUserId', message: 'Not a member of this organization or one above it' },
    ]);
}

const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()))];

export async function create(app: FastifyInstance, p: Principal, body: CreateTaskBody): Promise<Task> {
  const node = await reachNode(app, p, body.organizationId);
  if (!canManage(p, node)) throw forbidden('Your profile can read these tasks but not change them.');
  await checkAssignee(app, node, body.assigneeUserId);
  const id = await repo.insertTask(app.db, {
    organizationId: node.id,
    title: body.title,
    description: body.description || null,
    assigneeUserId: body.assigneeUserId ?? null,
    dueOn: body.dueOn ?? null,
    tags: cleanTags(body.tags ?? []),
    by: p.user.id,
  });
  return (await repo.findTask(app.db, id))!;
}

export async function update(app: FastifyInstance, p: Principal, id: number, body: UpdateTaskBody): Promise<Task> {
  const { task, node } = await manageableTask(app, p, id);
  await checkAssignee(app, node, body.assigneeUserId);
  const values: repo.TaskWrite = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description || null;
  if (body.assigneeUserId !== undefined) values.assigneeUserId = body.assigneeUserId;
  if (body.dueOn !== undefined) values.dueOn = body.dueOn;
  if (body.tags !== undefined) values.tags = cleanTags(body.tags);
  if (body.completed === true && task.completedAt == null) {
    values.completedAt = new Date();
    values.completedByUserId = p.user.id;
  } else if (body.completed === false) {
    values.completedAt = null;
    values.completedByUserId = null;
  }
  if (Object.keys(values).length > 0) await repo.updateTask(app.db, id, values);
  return (await repo.findTask(app.db, id))!;
}

export async function remove(app: FastifyInstance, p: Principal, id: number): Promise<void> {
  await manageableTask(app, p, id);
  await repo.deleteTask(app.db, id);
}
