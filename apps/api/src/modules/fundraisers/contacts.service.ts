/**
 * A family's contacts for one player's campaign page: add (one or a pasted list), edit, delete,
 * and "invite to donate" emails carrying the page link with the contact's tracking token. The
 * parent and staff who may change the player manage them; a contact is emailed at most once per
 * CONTACT_REINVITE_HOURS so the feature cannot be used to spam.
 */
import { randomBytes } from 'node:crypto';
import {
  CONTACT_REINVITE_HOURS,
  type CreateContactsBody,
  type CreateContactsResult,
  type InviteContactsBody,
  type InviteContactsResult,
  type UpdateContactBody,
} from '@fc/contracts';
import { donations, fundraiserContacts } from '@fc/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { renderContactInvite } from './contacts.emails.js';
import { contactsWhere, loadCampaignPage, loadPlayer } from './fundraisers.access.js';
import * as repo from './fundraisers.repository.js';
import { uniqueViolation } from './fundraisers.service.js';

/** The token on a contact's invitation link (`?c=`): 128 random bits, 22 characters. */
export const newTrackToken = () => randomBytes(16).toString('base64url');

const contactExists = () =>
  conflict('CONTACT_EXISTS', 'This email is already on the contact list for this campaign.', [
    { path: 'body.email', message: 'Already on the list' },
  ]);

export async function create(
  app: FastifyInstance,
  p: Principal,
  body: CreateContactsBody,
): Promise<CreateContactsResult> {
  const rec = await loadPlayer(app, p, body.fundraiserId, 'update');
  await loadCampaignPage(app, rec.scope, body.fundraiserId, body.campaignId, 'body.campaignId');
  // Repeats inside the pasted list count as duplicates too; the first occurrence wins.
  const seen = new Set<string>();
  const fresh = body.contacts.filter((c) => {
    const email = c.email.trim().toLowerCase();
    if (seen.has(email)) return false;
    seen.add(email);
    return true;
  });
  const inserted = await app.db
    .insert(fundraiserContacts)
    .values(
      fresh.map((c) => ({
        playerId: body.fundraiserId,
        campaignId: body.campaignId,
        name: c.name,
        email: c.email.trim().toLowerCase(),
        phone: c.phone || null,
        trackToken: newTrackToken(),
      })),
    )
    .onConflictDoNothing({
      target: [fundraiserContacts.playerId, fundraiserContacts.campaignId, fundraiserContacts.email],
    })
    .returning({ id: fundraiserContacts.id });
  const ids = inserted.map((r) => r.id);
  const added = ids.length
    ? await repo.contacts(
        app.db,
        contactsWhere(rec.scope, body.fundraiserId, sql`fc.id in ${sql.raw(`(${ids.join(',')})`)}`),
      )
    : [];
  return { added: ids.length, duplicates: body.contacts.length - ids.length, contacts: added.map((r) => r.contact) };
}

/** The contact if it is one of the player's and on a campaign the caller may read. */
async function loadContact(app: FastifyInstance, p: Principal, playerId: number, contactId: number) {
  const rec = await loadPlayer(app, p, playerId, 'update');
  const [row] = await repo.contacts(app.db, contactsWhere(rec.scope, playerId, sql`fc.id = ${contactId}`));
  if (!row) throw notFound('This contact was not found.');
  return { rec, row };
}

export async function update(app: FastifyInstance, p: Principal, body: UpdateContactBody) {
  const { rec, row } = await loadContact(app, p, body.fundraiserId, body.id);
  const set: Partial<typeof fundraiserContacts.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name;
  if (body.phone !== undefined) set.phone = body.phone || null;
  if (body.email !== undefined && body.email !== row.contact.email) {
    // Another address is another person: they have not been invited and have not opened anything.
    set.email = body.email;
    set.invitedAt = null;
    set.openedAt = null;
    set.trackToken = newTrackToken();
  }
  try {
    await app.db.update(fundraiserContacts).set(set).where(eq(fundraiserContacts.id, body.id));
  } catch (err) {
    if (uniqueViolation(err)?.includes('email')) throw contactExists();
    throw err;
  }
  const [updated] = await repo.contacts(app.db, contactsWhere(rec.scope, body.fundraiserId, sql`fc.id = ${body.id}`));
  return updated!.contact;
}

export async function remove(app: FastifyInstance, p: Principal, playerId: number, contactId: number) {
  const { row } = await loadContact(app, p, playerId, contactId);
  await app.db.transaction(async (tx) => {
    // Donations keep their donor and amount; they only stop pointing at the deleted contact.
    await tx.update(donations).set({ contactId: null }).where(eq(donations.contactId, contactId));
    await tx.delete(fundraiserContacts).where(eq(fundraiserContacts.id, contactId));
  });
  return `${row.contact.name} was removed from the contacts.`;
}

export async function invite(
  app: FastifyInstance,
  p: Principal,
  body: InviteContactsBody,
): Promise<InviteContactsResult> {
  const rec = await loadPlayer(app, p, body.fundraiserId, 'update');
  const page = await loadCampaignPage(app, rec.scope, body.fundraiserId, body.campaignId, 'body.campaignId');
  if (page.status !== 'active')
    throw conflict(
      'CAMPAIGN_NOT_ACTIVE',
      page.status === 'closed'
        ? 'This campaign has ended; its contacts can no longer be invited.'
        : 'This campaign is not published yet; invite contacts once it is active.',
      [{ path: 'body.campaignId', message: 'Campaign not active' }],
    );
  const ids = [...new Set(body.contactIds)];
  const idList = sql.raw(`(${ids.join(',')})`);
  const scoped = contactsWhere(
    rec.scope,
    body.fundraiserId,
    sql`fc.campaign_id = ${body.campaignId} and fc.id in ${idList}`,
  );
  const known = new Map((await repo.contacts(app.db, scoped)).map((r) => [r.contact.id, r]));
  // Claim the contacts that may be invited now in one statement, so two concurrent calls cannot
  // both email the same person.
  const claimable = [...known.keys()];
  const claimed = claimable.length
    ? await app.db
        .update(fundraiserContacts)
        .set({ invitedAt: new Date(), updatedAt: new Date() })
        .where(
          sql`${inArray(fundraiserContacts.id, claimable)} and (${fundraiserContacts.invitedAt} is null
            or ${fundraiserContacts.invitedAt} <= now() - make_interval(hours => ${CONTACT_REINVITE_HOURS}))`,
        )
        .returning({ id: fundraiserContacts.id })
    : [];
  const claimedIds = new Set(claimed.map((r) => r.id));
  const current = claimable.length
    ? new Map((await repo.contacts(app.db, scoped)).map((r) => [r.contact.id, r.contact.invitedAt]))
    : new Map<number, string | null>();

  const parentName = [rec.row.parentFirstName, rec.row.parentLastName].filter(Boolean).join(' ').trim() || null;
  const results: InviteContactsResult['results'] = [];
  for (const id of ids) {
    const c = known.get(id);
    if (!c) {
      results.push({ id, email: null, outcome: 'not_found', retryAt: null });
      continue;
    }
    if (!claimedIds.has(id)) {
      const last = current.get(id) ?? c.contact.invitedAt;
      const retryAt = last ? new Date(Date.parse(last) + CONTACT_REINVITE_HOURS * 3600_000).toISOString() : null;
      results.push({ id, email: c.contact.email, outcome: 'recently_invited', retryAt });
      continue;
    }
    const link = `${app.env.PUBLIC_URL.replace(/\/$/, '')}/fundraisers/${encodeURIComponent(page.slug)}?c=${encodeURIComponent(c.trackToken)}`;
    const mail = renderContactInvite({
      language: rec.guardianLanguage,
      contactName: c.contact.name,
      playerFirstName: rec.row.firstName,
      parentName,
      campaignTitle: page.title,
      organizationName: page.organizationName,
      goalCents: page.goalCents,
      note: body.note ?? null,
      link,
    });
    try {
      await app.mail.send({
        to: c.contact.email,
        ...mail,
        template: 'contact_invite',
        meta: { contactId: id, campaignFundraiserId: page.id },
      });
      results.push({ id, email: c.contact.email, outcome: 'sent', retryAt: null });
    } catch (err) {
      app.log.error({ err, contactId: id }, 'contact invitation failed');
      // Not sent: give the claim back so the family can try again at once.
      await app.db
        .update(fundraiserContacts)
        .set({ invitedAt: c.contact.invitedAt ? new Date(c.contact.invitedAt) : null })
        .where(eq(fundraiserContacts.id, id));
      results.push({ id, email: c.contact.email, outcome: 'failed', retryAt: null });
    }
  }
  const sent = results.filter((r) => r.outcome === 'sent').length;
  return { sent, skipped: results.length - sent, results };
}
