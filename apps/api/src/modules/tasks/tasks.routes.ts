/**
 * Onboarding tasks (`/apps/todo`, issue 13): a node's checklist, automatic items computed from
 * the facts plus manual tasks. The route policy only requires sign-in; the service decides whose
 * checklist the caller reaches and whether they may change it.
 */
import {
  createTaskBodySchema,
  envelope,
  messageEnvelope,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  updateTaskBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ok } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import * as service from './tasks.service.js';

const tags = ['tasks'];

const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks',
    {
      config: { policy: 'authenticated' },
      schema: { tags, querystring: taskListQuerySchema, response: { 200: envelope(taskListSchema) } },
    },
    async (req) => ok(await service.list(app, principalOf(req), req.query)),
  );

  app.post(
    '/tasks',
    {
      config: { policy: 'authenticated' },
      schema: { tags, body: createTaskBodySchema, response: { 200: envelope(taskSchema) } },
    },
    async (req) => ok(await service.create(app, principalOf(req), req.body), 'Task created.'),
  );

  app.patch(
    '/tasks/:id',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, body: updateTaskBodySchema, response: { 200: envelope(taskSchema) } },
    },
    async (req) => ok(await service.update(app, principalOf(req), req.params.id, req.body), 'Task saved.'),
  );

  app.delete(
    '/tasks/:id',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await service.remove(app, principalOf(req), req.params.id);
      return { hasError: false as const, message: 'Task deleted.' };
    },
  );
};

export default tasksRoutes;
