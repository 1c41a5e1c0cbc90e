/**
 * The resume reminder of a team registration (issue 15, the abandoned-cart pattern): a registrant
 * who started but did not submit gets ONE email, REGISTRATION_REMINDER_HOURS after their last
 * change, with `{PUBLIC_URL}/onboarding/team?token=<a new secret>`. Only the new secret's hash is
 * stored (the earlier secret stops working) and `reminder_sent_at` makes it never twice. Rows are
 * claimed `for update skip locked`, so any number of instances may run it; the link is never logged.
 */
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hours } from '../../lib/time.js';
import { renderReminder } from './registrations.emails.js';

const BATCH = 100;

export async function sendRegistrationReminders(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - hours(app.env.REGISTRATION_REMINDER_HOURS)).toISOString();
  const emailIds = await app.db.transaction(async (tx) => {
    const due = await rows<{ id: number; language: string; first_name: string; email: string }>(
      tx,
      sql`select r.id, r.language, u.first_name, u.email from team_registrations r
        join users u on u.id = r.registrant_user_id
        where r.submitted_at is null and r.reminder_sent_at is null and r.decision = 'pending'
          and r.updated_at <= ${cutoff}::timestamptz and u.deleted_at is null
        order by r.id limit ${BATCH} for update of r skip locked`,
    );
    const ids: number[] = [];
    for (const r of due) {
      const token = randomToken();
      const claimed = await firstRow(
        tx,
        sql`update team_registrations set token_hash = ${sha256(token)}, reminder_sent_at = ${now.toISOString()}::timestamptz
          where id = ${r.id} and reminder_sent_at is null returning id`,
      );
      if (!claimed) continue;
      const link = `${app.env.PUBLIC_URL}/onboarding/team?token=${encodeURIComponent(token)}`;
      const mail = renderReminder(r.language === 'es' ? 'es' : 'en', r.first_name, link);
      ids.push(
        await app.mail.enqueue(tx, {
          to: r.email,
          ...mail,
          template: 'registration-reminder',
          meta: { registrationId: Number(r.id) },
        }),
      );
    }
    return ids;
  });
  if (emailIds.length) await app.mail.deliver(emailIds);
  return emailIds.length;
}
