/**
 * Team registration and its review (issue 15). Registrant calls are public and carry the draft's
 * secret in the `X-Registration-Token` header (redacted from logs); staff calls need the
 * `onboarding` abilities (Super Admin all, FYS Sales their own and unassigned records).
 */
import {
  deleteRegistrationQuerySchema,
  envelope,
  messageEnvelope,
  REGISTRATION_TOKEN_HEADER,
  registrationAddressQuerySchema,
  registrationAddressSchema,
  registrationAllResponseSchema,
  registrationDetailSchema,
  registrationDraftSchema,
  registrationListQuerySchema,
  registrationListResponseSchema,
  registrationOrganizationQuerySchema,
  registrationOrganizationSchema,
  registrationStepParamsSchema,
  rejectRegistrationBodySchema,
  startRegistrationBodySchema,
  submitRegistrationBodySchema,
  updateRegistrationBodySchema,
} from '@fc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ok } from '../../lib/http.js';
import { principalOf } from '../../types.js';
import { visitorIdOf } from '../affiliates/hooks.js';
import { optionalPrincipal } from '../public/session.js';
import { approve } from './approve.service.js';
import { checkAddress, findOrganizations } from './registrant.lookup.js';
import { draftOf, recordByToken, saveStep, startRegistration, submit } from './registrant.service.js';
import { checkStep, isStep } from './registrant.steps.js';
import { consumeLookupAllowance } from './registrations.throttle.js';
import * as review from './review.service.js';

const READ = { action: 'read', subject: 'onboarding' } as const;
const MANAGE = { action: 'update', subject: 'onboarding' } as const;
const tags = ['onboarding'];
/**
 * The answers as the server sends them: already validated when saved. The contract's answer schemas
 * normalise e-mail addresses with a transform, which the response serializer cannot run backwards.
 */
const storedAnswers = z.record(z.string(), z.unknown());
const draftSchema = registrationDraftSchema.extend({ answers: storedAnswers });
const draftEnvelope = envelope(draftSchema);
const startRegistrationResponseSchema = envelope(z.object({ token: z.string(), registration: draftSchema }));
const registrationDetailResponseSchema = envelope(
  z.object({ data: registrationDetailSchema.extend({ answers: storedAnswers }) }),
);
const tokenOf = (req: FastifyRequest) => {
  const v = req.headers[REGISTRATION_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
};
const LIST_KEYS = ['status', 'q', 'perPage', 'page', 'sort', 'sortColumn'];

const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The registrant ------------------------------------------------------------------------------
  app.post(
    '/onboarding/registration',
    {
      config: { policy: 'public' },
      schema: { tags, body: startRegistrationBodySchema, response: { 200: startRegistrationResponseSchema } },
    },
    // The affiliate cookie (issue 16) names the link the registrant came through.
    async (req) =>
      ok(await startRegistration(app, req.body, await optionalPrincipal(app, req), req.ip, visitorIdOf(req))),
  );

  app.get(
    '/onboarding/registration',
    { config: { policy: 'public' }, schema: { tags, response: { 200: draftEnvelope } } },
    async (req) => ok(await draftOf(app, await recordByToken(app, tokenOf(req)))),
  );

  app.put(
    '/onboarding/registration/steps/:step',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description: "The step's answer: organization (2), team (3), contacts (4), fundraising (5).",
        params: registrationStepParamsSchema,
        response: { 200: draftEnvelope },
      },
    },
    async (req) => {
      const row = await recordByToken(app, tokenOf(req));
      const step = req.params.step;
      if (!isStep(step)) throw new Error('unreachable: the params schema allows steps 2 to 5');
      const { key, value } = await checkStep(app, row, step, req.body);
      return ok(await saveStep(app, row, key, value, step), 'Saved.');
    },
  );

  app.post(
    '/onboarding/registration/submit',
    {
      config: { policy: 'public' },
      schema: { tags, body: submitRegistrationBodySchema, response: { 200: draftEnvelope } },
    },
    async (req) =>
      ok(await submit(app, await recordByToken(app, tokenOf(req))), 'Thank you: your registration was submitted.'),
  );

  app.get(
    '/onboarding/registration/organizations',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        querystring: registrationOrganizationQuerySchema,
        response: { 200: envelope(z.array(registrationOrganizationSchema)) },
      },
    },
    async (req) => {
      await consumeLookupAllowance(app.db, req.ip);
      return ok(await findOrganizations(app, req.query.q));
    },
  );

  app.get(
    '/onboarding/registration/check-address',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        querystring: registrationAddressQuerySchema,
        response: { 200: envelope(registrationAddressSchema) },
      },
    },
    async (req) => {
      await consumeLookupAllowance(app.db, req.ip);
      return ok(await checkAddress(app, req.query.slug));
    },
  );

  // Staff ---------------------------------------------------------------------------------------
  app.get(
    '/onboarding/',
    {
      config: { policy: READ },
      schema: {
        tags,
        querystring: registrationListQuerySchema,
        response: { 200: z.union([registrationListResponseSchema, registrationAllResponseSchema]) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      const raw = (req.raw.url ?? '').split('?')[1] ?? '';
      const asked = [...new URLSearchParams(raw).keys()].some((k) => LIST_KEYS.includes(k));
      if (!asked) return ok(await review.all(app, p));
      const { rows, total, summary } = await review.list(app, p, req.query);
      return { hasError: false as const, data: { data: rows, total, summary }, total };
    },
  );

  app.get(
    '/onboarding/:id',
    {
      config: { policy: READ },
      schema: { tags, params: idParams, response: { 200: registrationDetailResponseSchema } },
    },
    async (req) => ok({ data: await review.detail(app, principalOf(req), req.params.id) }),
  );

  app.put(
    '/onboarding/',
    {
      config: { policy: MANAGE },
      schema: { tags, body: updateRegistrationBodySchema, response: { 200: registrationDetailResponseSchema } },
    },
    async (req) => ok({ data: await review.update(app, principalOf(req), req.body) }, 'Saved.'),
  );

  app.post(
    '/onboarding/:id/claim',
    {
      config: { policy: MANAGE },
      schema: { tags, params: idParams, response: { 200: registrationDetailResponseSchema } },
    },
    async (req) => ok({ data: await review.claim(app, principalOf(req), req.params.id) }, 'Claimed.'),
  );

  app.post(
    '/onboarding/:id/approve',
    {
      config: { policy: MANAGE },
      schema: { tags, params: idParams, response: { 200: registrationDetailResponseSchema } },
    },
    async (req) =>
      ok(
        { data: await approve(app, principalOf(req), req.params.id) },
        'Approved: the team and its draft campaign are ready.',
      ),
  );

  app.post(
    '/onboarding/:id/reject',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        params: idParams,
        body: rejectRegistrationBodySchema,
        response: { 200: registrationDetailResponseSchema },
      },
    },
    async (req) =>
      ok({ data: await review.reject(app, principalOf(req), req.params.id, req.body.reason) }, 'Rejected.'),
  );

  app.delete(
    '/onboardings/delete',
    {
      config: { policy: MANAGE },
      schema: { tags, querystring: deleteRegistrationQuerySchema, response: { 200: messageEnvelope } },
    },
    async (req) => ({ hasError: false as const, message: await review.remove(app, principalOf(req), req.query.id) }),
  );
};

export default registrationsRoutes;
