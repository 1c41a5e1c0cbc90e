/**
 * Organization hierarchy routes (spec §7 "Organizations, leagues, teams, divisions"). Route
 * policies are the coarse gate; the services check each node against the caller's scope.
 */
import {
  addMemberBodySchema,
  addPlayerBodySchema,
  createDivisionBodySchema,
  createOrgBodySchema,
  divisionDetailSchema,
  envelope,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  type ImportKind,
  importQuerySchema,
  importResultSchema,
  isStaffRole,
  messageEnvelope,
  myMembershipSchema,
  orgDetailQuerySchema,
  orgDetailSchema,
  orgFilterQuerySchema,
  orgListQuerySchema,
  orgMemberSchema,
  orgMembersQuerySchema,
  orgRefSchema,
  orgSummarySchema,
  pagedEnvelope,
  rosterEntrySchema,
  updateMemberBodySchema,
  updateOrgBodySchema,
  validateUrlParamsSchema,
  validateUrlQuerySchema,
  validateUrlResultSchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import { idParams, ok } from '../../lib/http.js';
import { replaceImage, storeUploadedImage } from '../../lib/images.js';
import { IMAGE_UPLOAD, readUploadedFile, type UploadSpec } from '../../lib/multipart.js';
import { principalOf } from '../../types.js';
import { exportRoster, runImport } from './imports.service.js';
import { subjectOfType } from './orgs.access.js';
import * as repo from './orgs.repository.js';
import * as service from './orgs.service.js';
import * as roster from './roster.service.js';

const tags = ['organizations'];
const optionSchema = z.object({ id: z.number().int(), name: z.string(), typeId: z.number().int() });

const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Nodes the caller may attach people to: every node for staff, the caller's subtree otherwise. */
  app.get(
    '/admin/organization/options',
    {
      config: { policy: 'authenticated' },
      schema: { tags, response: { 200: envelope(z.array(optionSchema)) } },
    },
    async (req) => {
      const p = principalOf(req);
      const data = isStaffRole(p.role)
        ? await repo.organizationOptions(app.db, null)
        : await repo.organizationOptions(app.db, p.scopeIds);
      return ok(data);
    },
  );

  app.get(
    '/admin/user_organization/filter',
    {
      config: { policy: 'authenticated' },
      schema: { tags, querystring: orgListQuerySchema, response: { 200: pagedEnvelope(orgSummarySchema) } },
    },
    async (req) => {
      const p = principalOf(req);
      const types = req.query.organizationType ? [req.query.organizationType] : [1, 2, 3, 4];
      if (!types.some((t) => p.ability.can('read', subjectOfType(t))))
        throw forbidden('Your profile cannot view organizations.');
      const { rows, total } = await service.list(app, p, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.get(
    '/user_organization/',
    {
      config: { policy: 'authenticated' },
      schema: { tags, response: { 200: envelope(z.array(myMembershipSchema)) } },
    },
    async (req) => ok(await service.myMemberships(app, principalOf(req))),
  );

  app.get(
    '/admin/organization/',
    {
      config: { policy: 'authenticated' },
      schema: { tags, querystring: orgDetailQuerySchema, response: { 200: envelope(orgDetailSchema) } },
    },
    async (req) => ok(await service.detail(app, principalOf(req), req.query.organization)),
  );

  app.get(
    '/admin/organization/filter',
    {
      config: { policy: 'authenticated' },
      schema: { tags, querystring: orgFilterQuerySchema, response: { 200: envelope(z.array(orgRefSchema)) } },
    },
    async (req) => ok(await service.options(app, principalOf(req), req.query)),
  );

  app.post(
    '/admin/organization/create',
    {
      config: { policy: 'authenticated' },
      schema: { tags, body: createOrgBodySchema, response: { 200: envelope(orgDetailSchema) } },
    },
    async (req) => ok(await service.create(app, principalOf(req), req.body), 'Created.'),
  );

  app.post(
    '/admin/division/create',
    {
      config: { policy: 'authenticated' },
      schema: { tags, body: createDivisionBodySchema, response: { 200: envelope(orgDetailSchema) } },
    },
    async (req) => ok(await service.create(app, principalOf(req), { ...req.body, typeId: 4 }), 'Division created.'),
  );

  app.patch(
    '/organization',
    {
      config: { policy: 'authenticated' },
      schema: { tags, body: updateOrgBodySchema, response: { 200: envelope(orgDetailSchema) } },
    },
    async (req) => ok(await service.update(app, principalOf(req), req.body), 'Saved.'),
  );

  app.delete(
    '/admin/organization/:id',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, response: { 200: messageEnvelope } },
    },
    async (req) => ({ hasError: false as const, message: await service.remove(app, principalOf(req), req.params.id) }),
  );

  app.post(
    '/admin/organization/:id/avatar',
    {
      config: { policy: 'authenticated', upload: IMAGE_UPLOAD },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(z.object({ logoUrl: z.string() })) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      await service.assertCanUpdate(app, p, req.params.id);
      const url = await storeUploadedImage(req, app.files, 'logos', `o${req.params.id}`);
      return ok({ logoUrl: await replaceImage(app, 'organization', req.params.id, url) }, 'Logo updated.');
    },
  );

  app.get(
    '/:type/validate-url/:url',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        params: validateUrlParamsSchema,
        querystring: validateUrlQuerySchema,
        response: { 200: envelope(validateUrlResultSchema) },
      },
    },
    async (req) => ok(await service.validateUrl(app, req.params.url, req.query.exclude, req.params.type)),
  );

  // Members ---------------------------------------------------------------------------------

  app.get(
    '/admin/organization/:id/users',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        params: idParams,
        querystring: orgMembersQuerySchema,
        response: { 200: pagedEnvelope(orgMemberSchema) },
      },
    },
    async (req) => {
      const { rows, total } = await service.members(app, principalOf(req), req.params.id, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.post(
    '/organization/:id/user',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, body: addMemberBodySchema, response: { 200: envelope(orgMemberSchema) } },
    },
    async (req) => {
      const { member, invited } = await service.addMember(app, principalOf(req), req.params.id, req.body);
      return ok(member, invited ? `Invitation sent to ${member.email}.` : `${member.email} now has access.`);
    },
  );

  app.patch(
    '/admin/user_organization/:id',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, body: updateMemberBodySchema, response: { 200: envelope(orgMemberSchema) } },
    },
    async (req) => ok(await service.updateMember(app, principalOf(req), req.params.id, req.body.role), 'Role changed.'),
  );

  app.delete(
    '/admin/user_organization/:id',
    {
      config: { policy: 'authenticated' },
      schema: { tags, params: idParams, response: { 200: messageEnvelope } },
    },
    async (req) => ({
      hasError: false as const,
      message: await service.removeMember(app, principalOf(req), req.params.id),
    }),
  );

  // Divisions and rosters ------------------------------------------------------------------------

  app.get(
    '/divisions/:id',
    {
      config: { policy: { action: 'read', subject: 'org-divisions' } },
      schema: { tags, params: idParams, response: { 200: envelope(divisionDetailSchema) } },
    },
    async (req) => ok(await roster.divisionDetail(app, principalOf(req), req.params.id)),
  );

  app.post(
    '/division/:id/player',
    {
      config: { policy: { action: 'update', subject: 'players' } },
      schema: { tags, params: idParams, body: addPlayerBodySchema, response: { 200: envelope(rosterEntrySchema) } },
    },
    async (req) => {
      const entry = await roster.addPlayer(app, principalOf(req), req.params.id, req.body);
      return ok(
        entry,
        entry.status === 'invited' ? `Player added; invitation sent to ${entry.email}.` : 'Player added.',
      );
    },
  );

  app.post(
    '/division/:id/user',
    {
      config: { policy: { action: 'read', subject: 'org-divisions' } },
      schema: { tags, params: idParams, body: addMemberBodySchema, response: { 200: envelope(orgMemberSchema) } },
    },
    async (req) => {
      const { member, invited } = await service.addMember(
        app,
        principalOf(req),
        req.params.id,
        { ...req.body, role: 'division_admin' },
        4,
      );
      return ok(member, invited ? `Invitation sent to ${member.email}.` : `${member.email} is now a division admin.`);
    },
  );

  app.delete(
    '/organization_fundraiser/:id',
    {
      config: { policy: { action: 'update', subject: 'players' } },
      schema: { tags, params: idParams, response: { 200: messageEnvelope } },
    },
    async (req) => ({
      hasError: false as const,
      message: await roster.removeEntry(app, principalOf(req), req.params.id),
    }),
  );

  app.post(
    '/organization_fundraiser/:id/resend_invites',
    {
      config: { policy: { action: 'update', subject: 'players' } },
      schema: { tags, params: idParams, response: { 200: messageEnvelope } },
    },
    async (req) => ({
      hasError: false as const,
      message: await roster.resendEntryInvite(app, principalOf(req), req.params.id),
    }),
  );

  app.post(
    '/divisions/:id/send_invites',
    {
      config: { policy: { action: 'update', subject: 'players' } },
      schema: { tags, params: idParams, response: { 200: envelope(z.object({ sent: z.number().int() })) } },
    },
    async (req) => {
      const sent = await roster.inviteUninvited(app, principalOf(req), req.params.id);
      return ok(
        { sent },
        sent === 0
          ? 'Every family has already been invited.'
          : sent === 1
            ? 'Invitation sent to 1 family.'
            : `Invitations sent to ${sent} families.`,
      );
    },
  );

  // Imports --------------------------------------------------------------------------------------

  /** An import's CSV, as its OpenAPI request body describes it: the template's columns, in order. */
  const csvUpload = (kind: ImportKind): UploadSpec => ({
    description:
      'A CSV file (UTF-8, comma-separated) whose first line is the ' +
      `header ${IMPORT_COLUMNS[kind].join(',')}. Every row is checked; errors name the line and the column.`,
    mediaTypes: ['text/csv'],
    maxBytes: IMPORT_MAX_BYTES,
  });
  const importRoute = (url: string, kind: ImportKind) =>
    app.post(
      url,
      {
        config: { policy: 'authenticated', upload: csvUpload(kind) },
        schema: {
          tags,
          params: idParams,
          querystring: importQuerySchema,
          response: { 200: envelope(importResultSchema) },
        },
      },
      async (req) => {
        const data = await readUploadedFile(req, IMPORT_MAX_BYTES, 'CSV file');
        const { result, message } = await runImport(
          app,
          principalOf(req),
          kind,
          req.params.id,
          data,
          req.query.dryRun === '1',
        );
        return ok(result, message);
      },
    );
  const exportRoute = (url: string, kind: 'player' | 'roster') =>
    app.get(
      url,
      {
        config: { policy: 'authenticated' },
        schema: {
          tags,
          params: idParams,
          response: {
            200: envelope(z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() })),
          },
        },
      },
      async (req) => ok(await exportRoster(app, principalOf(req), kind, req.params.id)),
    );
  exportRoute('/divisions/:id/player_export', 'player');
  exportRoute('/team/:id/roster_export', 'roster');

  importRoute('/divisions/:id/player_import', 'player');
  importRoute('/team/:id/roster_import', 'roster');
  importRoute('/team/:id/division_import', 'division');
};

export default orgRoutes;
