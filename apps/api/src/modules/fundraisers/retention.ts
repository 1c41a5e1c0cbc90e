/**
 * Privacy Policy, "How long we keep information": contacts invited by families are kept until the
 * family removes them, and no longer than CONTACT_RETENTION_MONTHS (12) after their campaign ends.
 * A campaign ends on its end date, or when it is closed if that comes first; a closed campaign's
 * closing time is its last update (`campaigns` keeps no closing date: a later edit of a closed
 * campaign postpones the deletion, never brings it forward). A campaign with no end date that is
 * still draft or active has not ended, so its contacts stay.
 *
 * Deleting a contact is what the family's "remove" does (contacts.service.ts): donations keep
 * their donor and amount and only stop pointing at it (`contact_id`, the one foreign key to the
 * table); the statement-level triggers of migration 0011 take the contact out of
 * `cf_money_contacts`, so `fc_cf_money_drift()` stays empty and no other kept total reads the
 * column. The stored copies of the invitations sent to the contact lose their recipient and body.
 *
 * Batched: at most RETENTION_BATCH_SIZE contacts per run, claimed `for update skip locked` in one
 * short transaction (instances running it at once share the work).
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { valueList } from '../../lib/id-array.js';
import { monthsBefore } from '../../lib/time.js';
import { forgetStoredEmails } from '../../providers/mail/index.js';

/** Deletes the contacts whose campaign ended more than the retention period ago; answers how many. */
export async function purgeExpiredContacts(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = monthsBefore(now, app.env.CONTACT_RETENTION_MONTHS);
  // An end date is a whole day: the campaign ends when that day does.
  const endedBy = before.toISOString().slice(0, 10);
  return app.db.transaction(async (tx) => {
    const due = await rows<{ id: number; campaign_id: number; email: string }>(
      tx,
      sql`select fc.id, fc.campaign_id, fc.email from fundraiser_contacts fc
        where fc.campaign_id in (select c.id from campaigns c
          where c.end_date < ${endedBy}::date or (c.status = 'closed' and c.updated_at <= ${before.toISOString()}::timestamptz))
        order by fc.id limit ${app.env.RETENTION_BATCH_SIZE} for update of fc skip locked`,
    );
    if (!due.length) return 0;
    const ids = due.map((c) => c.id);
    const campaigns = [...new Set(due.map((c) => c.campaign_id))];
    // A gift credited to a contact is on the contact's campaign: that narrows the scan to its index.
    await tx.execute(sql`update donations set contact_id = null
      where campaign_id in (${valueList(campaigns)}) and contact_id in (${valueList(ids)})`);
    await forgetStoredEmails(
      tx,
      sql`"to" in (${valueList([...new Set(due.map((c) => c.email))])}) and meta->>'contactId' in (${valueList(ids.map(String))})`,
    );
    await tx.execute(sql`delete from fundraiser_contacts where id in (${valueList(ids)})`);
    return ids.length;
  });
}
