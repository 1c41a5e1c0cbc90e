/**
 * Approving a team registration (issue 15): in ONE transaction, with the record's row locked
 * (`for update`), what the answers describe is created: the organization or league if new, the
 * team (or the existing team for a new season), a first division, the team admin's membership
 * (an invited account when the address has none), the draft campaign, the salesperson on the team.
 * Approving again, or ten staff at once, answers the same record: the lock makes the others wait
 * and then see it approved. A web address taken since is a 409 naming the field, nothing created.
 */
import type { RegistrationAnswers } from '@fc/contracts';
import {
  campaignDivisions,
  campaigns,
  type Db,
  organizations,
  organizationUsers,
  type Tx,
  teamRegistrations,
  users,
} from '@fc/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { creditTeam } from '../affiliates/hooks.js';
import { sendTokenEmail } from '../auth/auth.service.js';
import { freeSlug } from '../orgs/orgs.repository.js';
import { assertAddressFree, existingParent, slugTakenError } from './registrant.steps.js';
import { renderApproval } from './registrations.emails.js';
import { recordRow } from './registrations.repository.js';
import { detail, visibleRow } from './review.service.js';

type Complete = Required<RegistrationAnswers>;

const isSlugConflict = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && String(e.constraint ?? e.cause?.constraint ?? '').includes('slug');
};

/** Runs an insert whose unique web address may have been taken a moment ago: a 409 naming `path`. */
async function withAddress<T>(path: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (isSlugConflict(err)) throw slugTakenError(path);
    throw err;
  }
}

/** The organization (or league) the team goes under: the existing one, or a new one. */
async function parentOf(tx: Tx, a: Complete, existingTeamParent: number | null) {
  if (existingTeamParent) return existingTeamParent;
  const org = a.organization;
  if (org.mode === 'existing')
    return (await existingParent(tx as unknown as Db, org.organizationId, 'answers.organization.organizationId')).id;
  await assertAddressFree(tx as unknown as Db, org.slug, 'answers.organization.slug');
  const [row] = await withAddress('answers.organization.slug', () =>
    tx
      .insert(organizations)
      .values({
        typeId: org.type === 'league' ? 2 : 1,
        name: org.name,
        slug: org.slug,
        city: org.city,
        region: org.state,
      })
      .returning({ id: organizations.id }),
  );
  return row!.id;
}

/** The team admin: the live account with this address, or a new invited one in the registrant's language. */
async function adminUser(tx: Tx, a: Complete, language: string) {
  const admin = a.contacts.admin;
  const [found] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, admin.email), isNull(users.deletedAt)));
  if (found) return { user: found, invited: found.status === 'invited' };
  // Another approval naming the same new address may commit first: then its account is the one.
  const [user] = await tx
    .insert(users)
    .values({
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      phone: admin.phone || null,
      language,
      status: 'invited',
    })
    .onConflictDoNothing()
    .returning();
  if (user) return { user, invited: true };
  const [winner] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, admin.email), isNull(users.deletedAt)));
  return { user: winner!, invited: winner!.status === 'invited' };
}

export async function approve(app: FastifyInstance, p: Principal, id: number) {
  await visibleRow(app, p, id);
  const outcome = await app.db.transaction(async (tx) => {
    const row = await recordRow(tx, sql`id = ${id}`, true);
    if (!row) throw notFound('This registration was not found.', 'REGISTRATION_NOT_FOUND');
    if (row.decision === 'approved') return null;
    if (row.decision !== 'pending')
      throw conflict('REGISTRATION_DECIDED', 'This registration was already decided: it can no longer be changed.');
    if (!row.submittedAt)
      throw conflict(
        'REGISTRATION_NOT_SUBMITTED',
        'This registration was not submitted yet: there is nothing to decide.',
      );
    const a = row.answers;
    if (!a.organization || !a.team || !a.contacts || !a.fundraising)
      throw badRequest('REGISTRATION_INCOMPLETE', 'Some steps are not finished yet. Complete them, then submit.');
    const answers = a as Complete;
    const salesUserId = row.salesUserId ?? (p.role === 'fys_sales' ? p.user.id : null);
    const db = tx as unknown as Db;

    let teamId: number;
    let organizationId: number;
    if (row.existingTeamId) {
      const [team] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, row.existingTeamId))
        .for('update');
      if (!team) throw notFound('The team of this registration no longer exists.', 'REGISTRATION_TEAM_UNKNOWN');
      teamId = team.id;
      organizationId = team.parentId ?? (await parentOf(tx, answers, null));
      if (salesUserId && team.salesUserId == null)
        await tx.update(organizations).set({ salesUserId, updatedAt: new Date() }).where(eq(organizations.id, teamId));
    } else {
      organizationId = await parentOf(tx, answers, null);
      await assertAddressFree(db, answers.team.slug, 'answers.team.slug');
      const org = answers.organization.mode === 'new' ? answers.organization : null;
      const [team] = await withAddress('answers.team.slug', () =>
        tx
          .insert(organizations)
          .values({
            typeId: 3,
            name: answers.team.name,
            slug: answers.team.slug,
            parentId: organizationId,
            salesUserId,
            city: org?.city ?? null,
            region: org?.state ?? null,
          })
          .returning({ id: organizations.id }),
      );
      teamId = team!.id;
    }

    const t = answers.team;
    const [teamRow] = await tx
      .select({ slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, teamId));
    const divisionName = `${t.ageGroup} · ${t.season}`.slice(0, 160);
    // The division's and the campaign's addresses are chosen free; one taken a moment later is a 409.
    const divisionSlug = await freeSlug(db, `${teamRow!.slug}-${t.ageGroup}-${t.season}`);
    const [division] = await withAddress('answers.team.slug', () =>
      tx
        .insert(organizations)
        .values({ typeId: 4, name: divisionName, slug: divisionSlug, parentId: teamId })
        .returning({ id: organizations.id }),
    );

    const { user: admin, invited } = await adminUser(tx, answers, row.language);
    await tx
      .insert(organizationUsers)
      .values({ userId: admin.id, organizationId: teamId, role: 'team_admin' })
      .onConflictDoNothing();

    const f = answers.fundraising;
    const campaignSlug = await freeSlug(db, `${teamRow!.slug}-${t.season}`, undefined, 'campaigns');
    const [campaign] = await withAddress('answers.team.slug', () =>
      tx
        .insert(campaigns)
        .values({
          organizationId: teamId,
          title: `${t.name} ${t.season}`.slice(0, 160),
          slug: campaignSlug,
          status: 'draft',
          startDate: f.startDate,
          endDate: f.endDate,
          goalCents: f.goalCents,
          playerGoalCents: f.playerGoalCents,
          shortDescription: f.purpose.slice(0, 300),
          story: f.purpose,
          createdByUserId: p.user.id,
        })
        .returning({ id: campaigns.id }),
    );
    await tx.insert(campaignDivisions).values({ campaignId: campaign!.id, organizationId: division!.id });

    await tx
      .update(teamRegistrations)
      .set({
        decision: 'approved',
        decidedByUserId: p.user.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
        salesUserId,
        createdOrganizationId: organizationId,
        createdTeamId: teamId,
        createdDivisionId: division!.id,
        createdCampaignId: campaign!.id,
      })
      .where(eq(teamRegistrations.id, id));
    // Affiliates (issue 16): the team conversion commits with the approval (once: unique registration).
    await creditTeam(tx, id, teamId);

    const [registrant] = await tx.select().from(users).where(eq(users.id, row.registrantUserId));
    const mail = renderApproval(row.language, registrant!.firstName, t.name, `${app.env.PUBLIC_URL}/login`);
    const emailId = await app.mail.enqueue(tx, {
      to: registrant!.email,
      ...mail,
      template: 'registration-approved',
      meta: { registrationId: id },
    });
    return { invitedAdmin: invited ? admin : null, emailId, teamId, campaignId: campaign!.id };
  });
  if (outcome) {
    app.background.run('registration-mail', () => app.mail.deliver([outcome.emailId]));
    // The invitation (activation link) in the admin's language, as the orgs module's members get it.
    if (outcome.invitedAdmin) await sendTokenEmail(app, outcome.invitedAdmin, 'activate');
    app.log.info({ registrationId: id, teamId: outcome.teamId, by: p.user.id }, 'registration approved');
  }
  return detail(app, p, id);
}
