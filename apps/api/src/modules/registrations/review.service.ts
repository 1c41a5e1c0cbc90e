/**
 * Staff review of team registrations (issue 15, DECISIONS §3): Super Admin sees and acts on every
 * record; FYS Sales on the records they sell and the unassigned ones (which they claim). Any other
 * role is refused by the route policy (`onboarding`) and again here.
 */
import type { RegistrationAnswers, UpdateRegistrationBody } from '@fc/contracts';
import { teamRegistrations, users } from '@fc/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { existingParent } from './registrant.steps.js';
import { renderRejection } from './registrations.emails.js';
import {
  allRegistrations,
  type ListParams,
  listRegistrations,
  recordRow,
  refreshSearch,
  registrationDetail,
  type Visibility,
} from './registrations.repository.js';

export function visibilityOf(p: Principal): Visibility {
  if (p.role === 'super_admin') return null;
  if (p.role === 'fys_sales') return { salesUserId: p.user.id };
  throw forbidden();
}

const missing = () => notFound('This registration was not found.', 'REGISTRATION_NOT_FOUND');

export const list = (app: FastifyInstance, p: Principal, q: ListParams) =>
  listRegistrations(app.db, visibilityOf(p), q);
export const all = (app: FastifyInstance, p: Principal) => allRegistrations(app.db, visibilityOf(p));

export async function detail(app: FastifyInstance, p: Principal, id: number) {
  const d = await registrationDetail(app.db, id, visibilityOf(p));
  if (!d) throw missing();
  return d;
}

/** The record's row if the caller may act on it (404 when it is not theirs to see). */
export async function visibleRow(app: FastifyInstance, p: Principal, id: number) {
  const v = visibilityOf(p);
  const row = await recordRow(
    app.db,
    v ? sql`id = ${id} and (sales_user_id = ${v.salesUserId} or sales_user_id is null)` : sql`id = ${id}`,
  );
  if (!row) throw missing();
  return row;
}

const decided = () =>
  conflict('REGISTRATION_DECIDED', 'This registration was already decided: it can no longer be changed.');

async function checkSalesUser(app: FastifyInstance, id: number) {
  const [u] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.staffRole, 'fys_sales'), isNull(users.deletedAt)));
  if (!u)
    throw badRequest('SALES_INVALID', 'Choose a salesperson from the list.', [
      { path: 'body.salesUserId', message: 'Not an FYS Sales user' },
    ]);
}

/** `PUT /onboarding/`: staff edit the answers (each given step replaces that step) and the salesperson. */
export async function update(app: FastifyInstance, p: Principal, body: UpdateRegistrationBody) {
  const row = await visibleRow(app, p, body.id);
  if (row.decision !== 'pending') throw decided();
  const set: Partial<typeof teamRegistrations.$inferInsert> = { updatedAt: new Date() };
  if (body.answers) {
    const given = Object.fromEntries(Object.entries(body.answers).filter(([, v]) => v !== undefined));
    const org = (given as RegistrationAnswers).organization;
    if (org?.mode === 'existing') await existingParent(app.db, org.organizationId, 'body.answers.organization');
    set.answers = { ...row.answers, ...given };
  }
  if (body.salesUserId !== undefined && body.salesUserId !== row.salesUserId) {
    if (p.role !== 'super_admin') {
      // A salesperson may only take a record for themselves (the claim) or give their own back.
      const own = body.salesUserId === p.user.id || (body.salesUserId === null && row.salesUserId === p.user.id);
      if (!own) throw forbidden('Only a Super Admin can assign another salesperson.');
    }
    if (body.salesUserId !== null) await checkSalesUser(app, body.salesUserId);
    set.salesUserId = body.salesUserId;
  }
  await app.db.transaction(async (tx) => {
    await tx.update(teamRegistrations).set(set).where(eq(teamRegistrations.id, row.id));
    await refreshSearch(tx, row.id);
  });
  return detail(app, p, row.id);
}

/** `POST /onboarding/{id}/claim`: an FYS Sales user takes an unassigned record (again: no change). */
export async function claim(app: FastifyInstance, p: Principal, id: number) {
  if (p.role !== 'fys_sales')
    throw forbidden('Only a salesperson claims a registration. Assign one by editing it.', 'CLAIM_SALES_ONLY');
  const row = await visibleRow(app, p, id);
  if (row.salesUserId == null)
    await app.db
      .update(teamRegistrations)
      .set({ salesUserId: p.user.id, updatedAt: new Date() })
      .where(and(eq(teamRegistrations.id, id), isNull(teamRegistrations.salesUserId)));
  const d = await registrationDetail(app.db, id);
  if (d?.salesperson?.id !== p.user.id)
    throw conflict('REGISTRATION_CLAIMED', 'Another salesperson claimed this registration first.');
  return d;
}

/** `POST /onboarding/{id}/reject`: a submitted, undecided record; the reason is emailed. */
export async function reject(app: FastifyInstance, p: Principal, id: number, reason: string) {
  const row = await visibleRow(app, p, id);
  if (!row.submittedAt)
    throw conflict(
      'REGISTRATION_NOT_SUBMITTED',
      'This registration was not submitted yet: there is nothing to decide.',
    );
  if (row.decision === 'rejected') return detail(app, p, id);
  if (row.decision !== 'pending') throw decided();
  const emailIds = await app.db.transaction(async (tx) => {
    const changed = await tx
      .update(teamRegistrations)
      .set({
        decision: 'rejected',
        reason,
        decidedByUserId: p.user.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
        salesUserId: row.salesUserId ?? (p.role === 'fys_sales' ? p.user.id : null),
      })
      .where(and(eq(teamRegistrations.id, id), eq(teamRegistrations.decision, 'pending')))
      .returning({ id: teamRegistrations.id });
    if (!changed.length) return [];
    const [u] = await tx.select().from(users).where(eq(users.id, row.registrantUserId));
    const mail = renderRejection(row.language, u!.firstName, row.answers.team?.name ?? '', reason);
    return [
      await app.mail.enqueue(tx, {
        to: u!.email,
        ...mail,
        template: 'registration-rejected',
        meta: { registrationId: id },
      }),
    ];
  });
  if (emailIds.length) app.background.run('registration-mail', () => app.mail.deliver(emailIds));
  app.log.info({ registrationId: id, by: p.user.id }, 'registration rejected');
  return detail(app, p, id);
}

/** `DELETE /onboardings/delete?id=`: an unsubmitted or rejected record only. */
export async function remove(app: FastifyInstance, p: Principal, id: number) {
  const row = await visibleRow(app, p, id);
  const deletable = (!row.submittedAt && row.decision === 'pending') || row.decision === 'rejected';
  if (!deletable)
    throw conflict(
      'REGISTRATION_NOT_DELETABLE',
      'Only a registration that was not submitted, or was rejected, can be deleted.',
    );
  await app.db.delete(teamRegistrations).where(eq(teamRegistrations.id, id));
  app.log.info({ registrationId: id, by: p.user.id }, 'registration deleted');
  return 'The registration was deleted.';
}
