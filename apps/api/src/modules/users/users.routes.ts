import {
  avatarResponseSchema,
  createUserBodySchema,
  dbIdTextSchema,
  envelope,
  idParamSchema,
  messageEnvelope,
  pagedEnvelope,
  resendInviteBodySchema,
  salespersonSchema,
  updateUserBodySchema,
  userDetailSchema,
  userListQuerySchema,
  userSummarySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import { principalOf } from '../../types.js';
import { storeUploadedImage } from './avatar.js';
import * as repo from './users.repository.js';
import * as service from './users.service.js';

const tags = ['users'];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/user/list',
    {
      config: { policy: { action: 'list', subject: 'userprofile' } },
      schema: { tags, querystring: userListQuerySchema, response: { 200: pagedEnvelope(userSummarySchema) } },
    },
    async (req) => {
      const p = principalOf(req);
      if (req.query.userId !== undefined && req.query.userId !== p.user.id)
        throw forbidden('userId does not match your session.');
      const { rows, total } = await service.list(app, p, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.get(
    '/admin/user/:id',
    {
      config: { policy: { action: 'read', subject: 'userprofile' } },
      schema: { tags, params: idParamSchema, response: { 200: envelope(userDetailSchema) } },
    },
    async (req) => ({ hasError: false as const, data: await service.detail(app, principalOf(req), req.params.id) }),
  );

  app.post(
    '/admin/user/create',
    {
      config: { policy: { action: 'create', subject: 'userprofile' } },
      schema: { tags, body: createUserBodySchema, response: { 200: envelope(userDetailSchema) } },
    },
    async (req) => ({
      hasError: false as const,
      data: await service.create(app, principalOf(req), req.body),
      message: 'User created and invited.',
    }),
  );

  app.patch(
    '/user',
    {
      config: { policy: { action: 'update', subject: 'userprofile' } },
      schema: { tags, body: updateUserBodySchema, response: { 200: envelope(userDetailSchema) } },
    },
    async (req) => ({
      hasError: false as const,
      data: await service.update(app, principalOf(req), req.body),
      message: 'Saved.',
    }),
  );

  app.delete(
    '/user/:id',
    {
      config: { policy: { action: 'delete', subject: 'userprofile' } },
      schema: { tags, params: idParamSchema, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await service.remove(app, principalOf(req), req.params.id);
      return { hasError: false as const, message: 'User deleted.' };
    },
  );

  app.get(
    '/user/salespeople',
    {
      config: { policy: { action: 'read', subject: 'org-teams' } },
      schema: { tags, response: { 200: envelope(z.array(salespersonSchema)) } },
    },
    async () => ({ hasError: false as const, data: await service.salespeople(app) }),
  );

  app.post(
    '/user/resendInvite',
    {
      config: { policy: { action: 'update', subject: 'userprofile' } },
      schema: { tags, body: resendInviteBodySchema, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await service.resendInvite(app, principalOf(req), req.body.id);
      return { hasError: false as const, message: 'Invitation sent.' };
    },
  );

  app.post(
    '/upload-avatar',
    {
      config: { policy: { action: 'update', subject: 'userprofile' } },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: z.object({ id: dbIdTextSchema.optional() }),
        response: { 200: envelope(avatarResponseSchema) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      const id = req.query.id ?? p.user.id;
      await service.assertCanUpdate(app, p, id);
      const url = await storeUploadedImage(req, app.files, 'avatars', `u${id}`);
      await repo.setAvatarUrl(app.db, id, url);
      return { hasError: false as const, data: { avatar: url } };
    },
  );
};

export default usersRoutes;
