/**
 * Players ("fundraisers") and their contacts (spec §7 "Fundraisers"). Route policies are the coarse
 * gate; the services check each player against the caller's scope (fundraisers.access.ts).
 */
import {
  createContactsBodySchema,
  createContactsResultSchema,
  dbIdTextSchema,
  envelope,
  familyHomeSchema,
  fundraiserCampaignSchema,
  fundraiserContactSchema,
  fundraiserContactsQuerySchema,
  fundraiserDetailSchema,
  fundraiserDivisionSchema,
  fundraiserFilterQuerySchema,
  fundraiserRowSchema,
  inviteContactsBodySchema,
  inviteContactsResultSchema,
  messageEnvelope,
  pagedEnvelope,
  playerAvatarResultSchema,
  rosterEntryIdBodySchema,
  updateContactBodySchema,
  updateFundraiserBodySchema,
  updateFundraiserCampaignBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ok } from '../../lib/http.js';
import { storeUploadedImage } from '../../lib/images.js';
import { IMAGE_UPLOAD } from '../../lib/multipart.js';
import { principalOf } from '../../types.js';
import * as roster from '../orgs/roster.service.js';
import * as contacts from './contacts.service.js';
import * as service from './fundraisers.service.js';

const tags = ['fundraisers'];
/**
 * Calls naming a player are open to any signed-in caller and decided per record by the service,
 * so a caller without any right on players gets the same 404 as one outside the scope.
 */
const read = { policy: 'authenticated' } as const;
const write = { policy: 'authenticated' } as const;

const fundraisersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fundraiser/filter',
    {
      config: { policy: { action: 'read', subject: 'players' } },
      schema: { tags, querystring: fundraiserFilterQuerySchema, response: { 200: pagedEnvelope(fundraiserRowSchema) } },
    },
    async (req) => {
      const { rows, total } = await service.list(app, principalOf(req), req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.get(
    '/fundraiser/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: envelope(fundraiserDetailSchema) } } },
    async (req) => ok(await service.detail(app, principalOf(req), req.params.id)),
  );

  app.get(
    '/fundraiser/:id/campaigns',
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: envelope(z.array(fundraiserCampaignSchema)) } },
    },
    async (req) => ok(await service.campaignsOf(app, principalOf(req), req.params.id)),
  );

  app.get(
    '/fundraiser/:id/campaign/:campaign',
    {
      config: read,
      schema: {
        tags,
        params: z.object({ id: dbIdTextSchema, campaign: dbIdTextSchema }),
        response: { 200: envelope(fundraiserCampaignSchema) },
      },
    },
    async (req) => ok(await service.campaignOf(app, principalOf(req), req.params.id, req.params.campaign)),
  );

  app.get(
    '/fundraiser/:id/contacts',
    {
      config: read,
      schema: {
        tags,
        params: idParams,
        querystring: fundraiserContactsQuerySchema,
        response: { 200: envelope(z.array(fundraiserContactSchema)) },
      },
    },
    async (req) => ok(await service.contactsOf(app, principalOf(req), req.params.id, req.query.campaign)),
  );

  app.get(
    '/fundraiser/:id/divisions',
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: envelope(z.array(fundraiserDivisionSchema)) } },
    },
    async (req) => ok(await service.divisionsOf(app, principalOf(req), req.params.id)),
  );

  app.patch(
    '/fundraiser/:id',
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: updateFundraiserBodySchema,
        response: { 200: envelope(fundraiserDetailSchema) },
      },
    },
    async (req) => ok(await service.update(app, principalOf(req), req.params.id, req.body), 'Saved.'),
  );

  // The spec's client calls it with a trailing slash; both forms are the same route.
  for (const url of [
    '/fundraiser/:fundraiserId/campaign/:campaignId/',
    '/fundraiser/:fundraiserId/campaign/:campaignId',
  ])
    app.patch(
      url,
      {
        config: write,
        schema: {
          tags,
          params: z.object({ fundraiserId: dbIdTextSchema, campaignId: dbIdTextSchema }),
          body: updateFundraiserCampaignBodySchema,
          response: { 200: envelope(fundraiserCampaignSchema) },
        },
      },
      async (req) =>
        ok(
          await service.updateCampaign(app, principalOf(req), req.params.fundraiserId, req.params.campaignId, req.body),
          'Saved.',
        ),
    );

  // Contacts ---------------------------------------------------------------------------------

  app.post(
    '/fundraiser_contact',
    {
      config: write,
      schema: { tags, body: createContactsBodySchema, response: { 200: envelope(createContactsResultSchema) } },
    },
    async (req) => {
      const result = await contacts.create(app, principalOf(req), req.body);
      const dup = result.duplicates ? ` ${result.duplicates} already on the list.` : '';
      return ok(result, `${result.added} ${result.added === 1 ? 'contact' : 'contacts'} added.${dup}`);
    },
  );

  app.post(
    '/fundraiser_contact/update',
    {
      config: write,
      schema: { tags, body: updateContactBodySchema, response: { 200: envelope(fundraiserContactSchema) } },
    },
    async (req) => ok(await contacts.update(app, principalOf(req), req.body), 'Saved.'),
  );

  app.delete(
    '/fundraiser/:fundraiser/contact/:contactid',
    {
      config: write,
      schema: {
        tags,
        params: z.object({ fundraiser: dbIdTextSchema, contactid: dbIdTextSchema }),
        response: { 200: messageEnvelope },
      },
    },
    async (req) => ({
      hasError: false as const,
      message: await contacts.remove(app, principalOf(req), req.params.fundraiser, req.params.contactid),
    }),
  );

  app.post(
    '/fundraiser_contact/invite',
    {
      config: write,
      schema: { tags, body: inviteContactsBodySchema, response: { 200: envelope(inviteContactsResultSchema) } },
    },
    async (req) => {
      const result = await contacts.invite(app, principalOf(req), req.body);
      return ok(
        result,
        result.skipped
          ? `${result.sent} sent; ${result.skipped} not sent (see each contact).`
          : `${result.sent} ${result.sent === 1 ? 'invitation' : 'invitations'} sent.`,
      );
    },
  );

  // Staff actions and the family home -----------------------------------------------------------

  app.post(
    '/admin/fundraiser/:id/resendInvitation',
    { config: write, schema: { tags, params: idParams, response: { 200: messageEnvelope } } },
    async (req) => ({
      hasError: false as const,
      message: await service.resendInvitation(app, principalOf(req), req.params.id),
    }),
  );

  app.post(
    '/admin/fundraiser/:id/avatar',
    {
      config: { ...write, upload: IMAGE_UPLOAD },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(playerAvatarResultSchema) },
      },
    },
    async (req) => {
      const id = req.params.id;
      const avatarUrl = await service.setAvatar(app, principalOf(req), id, () =>
        storeUploadedImage(req, app.files, 'avatars', `p${id}`),
      );
      return ok({ avatarUrl }, 'Photo updated.');
    },
  );

  app.get(
    '/admin/user/campaigns',
    { config: { policy: 'authenticated' }, schema: { tags, response: { 200: envelope(familyHomeSchema) } } },
    async (req) => ok(await service.familyHome(app, principalOf(req))),
  );

  /** The body form of `DELETE /organization_fundraiser/{id}` (the spec's client sends the id in the body). */
  app.delete(
    '/organization_fundraiser',
    {
      config: { policy: { action: 'update', subject: 'players' } },
      schema: { tags, body: rosterEntryIdBodySchema, response: { 200: messageEnvelope } },
    },
    async (req) => ({
      hasError: false as const,
      message: await roster.removeEntry(app, principalOf(req), req.body.id),
    }),
  );
};

export default fundraisersRoutes;
