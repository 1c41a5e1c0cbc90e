/**
 * Campaign routes (spec §7 "Campaigns", the campaign calls of "Organizations..." and the fee
 * requests of DECISIONS §5). Route policies are the coarse gate; the services check each campaign
 * against the caller's scope (campaigns.access.ts).
 */
import {
  bulkAddFundraisersBodySchema,
  bulkAddResultSchema,
  bulkMessageBodySchema,
  campaignCandidateDivisionSchema,
  campaignDetailSchema,
  campaignFilterQuerySchema,
  campaignFundraiserSchema,
  campaignFundraisersQuerySchema,
  campaignIdBodySchema,
  campaignListByUserQuerySchema,
  campaignReportSchema,
  campaignSummarySchema,
  createCampaignBodySchema,
  createFeeRequestBodySchema,
  dbIdTextSchema,
  envelope,
  feeRequestSchema,
  messageEnvelope,
  orgCampaignBodySchema,
  orgCampaignBulkBodySchema,
  orgShareSchema,
  pagedEnvelope,
  publicFeeRequestSchema,
  recipientResultSchema,
  resendInvitesBodySchema,
  updateCampaignBodySchema,
  updateFeeRequestBodySchema,
} from '@fc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnIdentity, idParams, ok } from '../../lib/http.js';
import { replaceImage, storeUploadedImage } from '../../lib/images.js';
import { IMAGE_UPLOAD } from '../../lib/multipart.js';
import { callerCacheKey, reportCacheSeconds, responseCache, sendCached } from '../../lib/response-cache.js';
import { principalOf } from '../../types.js';
import * as service from './campaigns.service.js';
import { bulkMessage } from './family-messages.js';
import * as fees from './fees.service.js';
import * as invitations from './invitations.js';
import * as players from './players.service.js';
import * as reports from './reports.service.js';
import * as sharing from './sharing.service.js';

const tags = ['campaigns'];
const READ = { policy: { action: 'read', subject: 'campaigns' } } as const;
const UPDATE = { policy: { action: 'update', subject: 'campaigns' } } as const;
const sent = (results: { ok: boolean }[], verb: string) => {
  const n = results.filter((r) => r.ok).length;
  return `${verb} ${n} of ${results.length}.`;
};

const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/campaign/listbyuser/',
    {
      config: READ,
      schema: {
        tags,
        querystring: campaignListByUserQuerySchema,
        response: { 200: envelope(z.array(campaignSummarySchema)) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      assertOwnIdentity(p, req.query);
      return ok(await service.listForUser(app, p, req.query));
    },
  );

  app.get(
    '/campaign/filter',
    {
      config: READ,
      schema: {
        tags,
        querystring: campaignFilterQuerySchema,
        response: { 200: envelope(z.array(campaignSummarySchema)) },
      },
    },
    async (req) => ok(await service.listForNode(app, principalOf(req), req.query.organization)),
  );

  app.get(
    '/campaign/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: envelope(campaignDetailSchema) } } },
    async (req) => ok(await service.detail(app, principalOf(req), req.params.id)),
  );

  app.post(
    '/campaign/',
    {
      config: UPDATE,
      schema: { tags, body: createCampaignBodySchema, response: { 200: envelope(campaignDetailSchema) } },
    },
    async (req) => ok(await service.create(app, principalOf(req), req.body), 'Campaign created.'),
  );

  app.put(
    '/campaign/',
    {
      config: UPDATE,
      schema: { tags, body: updateCampaignBodySchema, response: { 200: envelope(campaignDetailSchema) } },
    },
    async (req) => ok(await service.update(app, principalOf(req), req.body), 'Saved.'),
  );

  app.delete(
    '/campaign',
    { config: UPDATE, schema: { tags, body: campaignIdBodySchema, response: { 200: messageEnvelope } } },
    async (req) => ({ hasError: false as const, message: await service.remove(app, principalOf(req), req.body.id) }),
  );

  app.post(
    '/admin/campaign/:id/avatar',
    {
      config: { ...UPDATE, upload: IMAGE_UPLOAD },
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(z.object({ logoUrl: z.string() })) },
      },
    },
    async (req) => {
      await service.campaignFor(app, principalOf(req), req.params.id, 'update');
      const url = await storeUploadedImage(req, app.files, 'logos', `c${req.params.id}`);
      return ok({ logoUrl: await replaceImage(app, 'campaign', req.params.id, url) }, 'Logo updated.');
    },
  );

  // Fee requests ---------------------------------------------------------------------------------

  app.post(
    '/fee_requests',
    {
      config: UPDATE,
      schema: { tags, body: createFeeRequestBodySchema, response: { 200: envelope(feeRequestSchema) } },
    },
    async (req) => ok(await fees.create(app, principalOf(req), req.body), 'Fee request added.'),
  );

  app.put(
    '/fee_requests/:id',
    {
      config: UPDATE,
      schema: {
        tags,
        params: idParams,
        body: updateFeeRequestBodySchema,
        response: { 200: envelope(feeRequestSchema) },
      },
    },
    async (req) => ok(await fees.update(app, principalOf(req), req.params.id, req.body), 'Saved.'),
  );

  app.delete(
    '/fee_requests/:id',
    { config: UPDATE, schema: { tags, params: idParams, response: { 200: messageEnvelope } } },
    async (req) => ({ hasError: false as const, message: await fees.remove(app, principalOf(req), req.params.id) }),
  );

  app.get(
    '/fee_requests/:id',
    {
      config: { policy: 'public' },
      schema: { tags, params: idParams, response: { 200: envelope(publicFeeRequestSchema) } },
    },
    async (req) => ok(await fees.publicFee(app, req.params.id)),
  );

  // Sharing --------------------------------------------------------------------------------------

  const sharesEnvelope = envelope(z.array(orgShareSchema));
  app.put(
    '/organization_campaign/',
    { config: UPDATE, schema: { tags, body: orgCampaignBodySchema, response: { 200: sharesEnvelope } } },
    async (req) =>
      ok(
        await sharing.share(
          app,
          principalOf(req),
          req.body.campaignId,
          [req.body.organizationId],
          'body.organizationId',
        ),
        'Campaign shared.',
      ),
  );

  app.delete(
    '/organization_campaign/',
    { config: UPDATE, schema: { tags, body: orgCampaignBodySchema, response: { 200: sharesEnvelope } } },
    async (req) =>
      ok(
        await sharing.unshare(app, principalOf(req), req.body.campaignId, req.body.organizationId),
        'No longer shared.',
      ),
  );

  app.post(
    '/organization_campaign/bulkadd',
    { config: UPDATE, schema: { tags, body: orgCampaignBulkBodySchema, response: { 200: sharesEnvelope } } },
    async (req) =>
      ok(
        await sharing.share(
          app,
          principalOf(req),
          req.body.campaignId,
          req.body.organizationIds,
          'body.organizationIds',
        ),
        'Campaign shared.',
      ),
  );

  // Players on the campaign ------------------------------------------------------------------------

  app.get(
    '/campaign/:id/fundraisers',
    {
      config: READ,
      schema: {
        tags,
        params: idParams,
        querystring: campaignFundraisersQuerySchema,
        response: { 200: pagedEnvelope(campaignFundraiserSchema) },
      },
    },
    async (req) => {
      const { rows, total } = await players.listPlayers(app, principalOf(req), req.params.id, req.query);
      return { hasError: false as const, data: rows, total };
    },
  );

  app.get(
    '/campaign/:id/candidates',
    {
      config: UPDATE,
      schema: { tags, params: idParams, response: { 200: envelope(z.array(campaignCandidateDivisionSchema)) } },
    },
    async (req) => ok(await players.candidates(app, principalOf(req), req.params.id)),
  );

  app.post(
    '/campaign_fundraiser/bulkadd',
    {
      config: UPDATE,
      schema: { tags, body: bulkAddFundraisersBodySchema, response: { 200: envelope(bulkAddResultSchema) } },
    },
    async (req) => {
      const r = await players.bulkAdd(app, principalOf(req), req.body);
      const msg =
        r.added === 0
          ? 'Every chosen player is already on this campaign.'
          : `${r.added} ${r.added === 1 ? 'player' : 'players'} added${r.invited ? `, ${r.invited} invited` : ''}.`;
      return ok(r, msg);
    },
  );

  app.delete(
    '/campaign_fundraiser/:id',
    { config: UPDATE, schema: { tags, params: idParams, response: { 200: messageEnvelope } } },
    async (req) => ({
      hasError: false as const,
      message: await players.removePlayer(app, principalOf(req), req.params.id),
    }),
  );

  app.post(
    '/campaign_fundraisers/resend_invite',
    {
      config: UPDATE,
      schema: { tags, body: resendInvitesBodySchema, response: { 200: envelope(z.array(recipientResultSchema)) } },
    },
    async (req) => {
      const results = await invitations.resendInvites(app, principalOf(req), req.body.campaignId, req.body.ids);
      return ok(results, sent(results, 'Invitations sent:'));
    },
  );

  app.post(
    '/campaign_fundraisers/bulk_message',
    {
      config: UPDATE,
      schema: { tags, body: bulkMessageBodySchema, response: { 200: envelope(z.array(recipientResultSchema)) } },
    },
    async (req) => {
      const results = await bulkMessage(app, principalOf(req), req.body);
      return ok(results, sent(results, 'Messages sent:'));
    },
  );

  // Summaries ----------------------------------------------------------------------------------------

  // A summary is a report like the dashboards: an instance reuses an answer for
  // DASHBOARD_CACHE_SECONDS (decisions 016 and 026), and any write it answers empties the cache.
  const summaries = app.clearedByWrites(responseCache(reportCacheSeconds(app.env)));

  app.get(
    '/campaign/:id/summary',
    { config: READ, schema: { tags, params: idParams, response: { 200: envelope(campaignReportSchema) } } },
    async (req, reply) => {
      const p = principalOf(req);
      return sendCached(summaries, callerCacheKey('summary', p, [req.params.id]), reply, async () =>
        ok(await reports.report(app, p, req.params.id)),
      );
    },
  );

  app.get(
    '/campaign/:id/division/:divisionId',
    {
      config: READ,
      schema: {
        tags,
        params: z.object({ id: dbIdTextSchema, divisionId: dbIdTextSchema }),
        response: { 200: envelope(campaignReportSchema) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const { id, divisionId } = req.params;
      return sendCached(summaries, callerCacheKey('summary', p, [id, divisionId]), reply, async () =>
        ok(await reports.report(app, p, id, divisionId)),
      );
    },
  );
};

export default campaignsRoutes;
