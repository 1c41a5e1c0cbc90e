/**
 * Privacy Policy, "How long we keep information": the answers of a team registration name people
 * (the registrant, the team admin, the coach, the treasurer). DELETED_ACCOUNT_RETENTION_DAYS (30)
 * after the registrant's account was deleted, the answers and their search text are deleted with
 * the account's other details (modules/users/retention.ts); the record keeps its dates, its
 * decision and the links to what an approval created (those nodes and the campaign are the
 * organization's own records). A registration never decided is marked `withdrawn`: its registrant
 * is gone. Batched, `for update skip locked`, twice is once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { days } from '../../lib/time.js';

export async function forgetDeletedRegistrants(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days(app.env.DELETED_ACCOUNT_RETENTION_DAYS)).toISOString();
  const done = await app.db.transaction(async (tx) =>
    tx.execute(
      sql`with due as (
          select r.id from team_registrations r join users u on u.id = r.registrant_user_id
          where u.deleted_at is not null and u.deleted_at <= ${before}::timestamptz
            and (r.answers <> '{}'::jsonb or r.search <> '')
          order by r.id limit ${app.env.RETENTION_BATCH_SIZE} for update of r skip locked)
        update team_registrations r set answers = '{}'::jsonb, search = '',
          decision = case when r.decision = 'pending' then 'withdrawn' else r.decision end,
          updated_at = now()
        from due where r.id = due.id
        returning r.id`,
    ),
  );
  return (done as unknown as { rows: unknown[] }).rows.length;
}
