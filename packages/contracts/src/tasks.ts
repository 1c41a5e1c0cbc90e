/**
 * Onboarding tasks (`/apps/todo`, menu "Onboarding Tasks"; DECISIONS §1, issue 13): a node's
 * checklist. Automatic items are facts read from the tables each time (they tick and untick on
 * their own); manual tasks are stored rows a manager creates, assigns, tags and completes.
 */
import { z } from 'zod';
import { isoDateSchema } from './campaigns.js';
import { dbIdTextSchema } from './envelope.js';

export const AUTO_TASKS = [
  'payouts_connected',
  'roster_imported',
  'campaign_created',
  'players_invited',
  'first_gift',
  'goal_reached',
] as const;
export type AutoTaskKey = (typeof AUTO_TASKS)[number];

/** `/apps/todo/{filter}`. */
export const TASK_FILTERS = ['all', 'open', 'mine', 'completed', 'overdue', 'automatic'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export const autoTaskSchema = z.object({
  key: z.enum(AUTO_TASKS),
  done: z.boolean(),
  /** Where the user goes to do it (a console path). */
  href: z.string(),
});
export type AutoTask = z.infer<typeof autoTaskSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  dueOn: z.string().nullable(),
  tags: z.array(z.string()),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(30)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'Letters, digits, spaces, - and _');

export const taskListQuerySchema = z.object({
  organizationId: dbIdTextSchema.optional(),
  filter: z.enum(TASK_FILTERS).default('all'),
  tag: tagSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() }),
  automatic: z.array(autoTaskSchema),
  tasks: z.array(taskSchema),
  /** Every tag used on this node's tasks, for the tag filter. */
  tags: z.array(z.string()),
  /** Members who can be assigned. */
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
  canManage: z.boolean(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const createTaskBodySchema = z.strictObject({
  organizationId: z.number().int().positive(),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  assigneeUserId: z.number().int().positive().nullable().optional(),
  dueOn: isoDateSchema.nullable().optional(),
  tags: z.array(tagSchema).max(10).default([]),
});
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;

export const updateTaskBodySchema = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  assigneeUserId: z.number().int().positive().nullable().optional(),
  dueOn: isoDateSchema.nullable().optional(),
  tags: z.array(tagSchema).max(10).optional(),
  completed: z.boolean().optional(),
});
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;
