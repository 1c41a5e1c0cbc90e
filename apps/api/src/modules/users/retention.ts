/**
 * Privacy Policy, "How long we keep information": when an account is deleted (users.service.ts
 * `remove`: `deleted_at`, status disabled, sessions revoked and the photo deleted at once), its
 * other personal details are anonymized DELETED_ACCOUNT_RETENTION_DAYS (30) later.
 *
 * The row stays, with its id (memberships, profiles, payment records, the staff who recorded a
 * gift, roll-ups all name it) and its dates; its name becomes "Deleted user", its email a
 * placeholder unique to the id under the reserved `.invalid` domain (never routable, and never a
 * live account's: sign-in, password reset and sign-in links look up live accounts by email), its
 * phone, photo and password hash go. Its sessions, refresh tokens and single-use tokens are
 * deleted, and the stored copies of emails sent to its address before the deletion lose their
 * recipient and body. Donations the person made keep their donor columns: payment records.
 *
 * Batched: at most RETENTION_BATCH_SIZE accounts per run, claimed `for update skip locked` in one
 * short transaction (instances running it at once share the work).
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idArray } from '../../lib/id-array.js';
import { days } from '../../lib/time.js';
import { forgetStoredEmails } from '../../providers/mail/index.js';

export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;
/** The placeholder email of anonymized account `id`, and the same in SQL over an id column. */
export const deletedUserEmail = (id: number) => `deleted-${id}@deleted.invalid`;
const placeholderOf = (idColumn: 'id' | 'u.id') => sql.raw(`('deleted-' || ${idColumn} || '@deleted.invalid')`);

/** Anonymizes accounts deleted more than the retention period ago; answers how many. */
export async function anonymizeDeletedAccounts(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days(app.env.DELETED_ACCOUNT_RETENTION_DAYS)).toISOString();
  return app.db.transaction(async (tx) => {
    const done = await rows<{ id: number; old_email: string; deleted_at: Date }>(
      tx,
      sql`with due as (
          select id, email, deleted_at from users
          where deleted_at is not null and deleted_at <= ${before}::timestamptz and email <> ${placeholderOf('id')}
          order by id limit ${app.env.RETENTION_BATCH_SIZE} for update skip locked)
        update users u set first_name = ${DELETED_USER_NAME.firstName}, last_name = ${DELETED_USER_NAME.lastName},
          email = ${placeholderOf('u.id')}, phone = null, avatar_url = null, password_hash = null,
          status = 'disabled', updated_at = now()
        from due where u.id = due.id
        returning u.id, due.email as old_email, due.deleted_at`,
    );
    if (!done.length) return 0;
    const ids = idArray(done.map((u) => u.id));
    await tx.execute(
      sql`delete from refresh_tokens where session_id in (select id from sessions where user_id = any(${ids}))`,
    );
    await tx.execute(sql`delete from sessions where user_id = any(${ids})`);
    await tx.execute(sql`delete from auth_tokens where user_id = any(${ids})`);
    // Copies sent to the address while it was this account's (a new account may use it since).
    for (const u of done)
      await forgetStoredEmails(
        tx,
        sql`"to" = ${u.old_email} and created_at <= ${new Date(u.deleted_at).toISOString()}::timestamptz`,
      );
    return done.length;
  });
}
