/**
 * Each step's answer checked before it is saved (issue 15): the step's schema (400 naming each
 * field, nothing saved), then the facts only the database knows: the chosen organization exists,
 * and a new web address is free and not one of the site's words (the orgs module's rules).
 */
import {
  contactsAnswerSchema,
  fundraisingAnswerSchema,
  isReservedWebAddress,
  organizationAnswerSchema,
  type RegistrationAnswers,
  teamAnswerSchema,
} from '@fc/contracts';
import { type Db, organizations } from '@fc/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors.js';
import { slugTaken } from '../orgs/orgs.repository.js';
import type { RecordRow } from './registrations.repository.js';

const STEPS = {
  2: ['organization', organizationAnswerSchema],
  3: ['team', teamAnswerSchema],
  4: ['contacts', contactsAnswerSchema],
  5: ['fundraising', fundraisingAnswerSchema],
} as const satisfies Record<number, [keyof RegistrationAnswers, z.ZodType]>;

export type StepNumber = keyof typeof STEPS;

export const slugTakenError = (path: string) =>
  conflict('SLUG_TAKEN', 'This web address is already in use. Choose another one.', [
    { path, message: 'Already in use' },
  ]);
export const slugReservedError = (path: string) =>
  conflict('SLUG_RESERVED', 'This web address is one of the site’s own pages. Choose another one.', [
    { path, message: 'Reserved by the site' },
  ]);

/** A node's web address must be free (but for `exceptId`) and not reserved. */
export async function assertAddressFree(db: Db, slug: string, path: string, exceptId?: number) {
  if (isReservedWebAddress(slug)) throw slugReservedError(path);
  if (await slugTaken(db, slug, exceptId)) throw slugTakenError(path);
}

/** The active organization or league a registration names (400 when it is not one). */
export async function existingParent(db: Db, id: number, path = 'body.organizationId') {
  const [org] = await db
    .select({ id: organizations.id, typeId: organizations.typeId, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), inArray(organizations.typeId, [1, 2]), eq(organizations.status, 'active')));
  if (!org)
    throw badRequest('REGISTRATION_ORGANIZATION_UNKNOWN', 'Choose an organization or league from the list.', [
      { path, message: 'Not an active organization or league' },
    ]);
  return org;
}

/** The step's validated answer (400 VALIDATION_FAILED naming the fields, or 409 for a taken address). */
export async function checkStep(app: FastifyInstance, row: RecordRow, step: StepNumber, body: unknown) {
  const [key, schema] = STEPS[step];
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => {
      const keys = i.code === 'unrecognized_keys' ? i.keys : [];
      const path = ['body', ...i.path.map(String), ...keys].join('.');
      return { path, message: i.message };
    });
    throw badRequest('VALIDATION_FAILED', `Invalid ${errors[0]!.path}: ${errors[0]!.message}`, errors);
  }
  const value = parsed.data;
  if (key === 'organization') {
    const org = value as z.output<typeof organizationAnswerSchema>;
    if (org.mode === 'existing') await existingParent(app.db, org.organizationId);
    else await assertAddressFree(app.db, org.slug, 'body.slug');
  }
  if (key === 'team') {
    const team = value as z.output<typeof teamAnswerSchema>;
    const orgSlug = row.answers.organization?.mode === 'new' ? row.answers.organization.slug : null;
    if (orgSlug === team.slug) throw slugTakenError('body.slug');
    await assertAddressFree(app.db, team.slug, 'body.slug', row.existingTeamId ?? undefined);
  }
  return { key, value };
}

export const isStep = (n: number): n is StepNumber => n in STEPS;
