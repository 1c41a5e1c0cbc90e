/** SQL over the stored email outbox (`emails`) for its screen. */
import { type Db, emails } from '@fc/db';
import { desc, ilike, or, sql } from 'drizzle-orm';

/** A page of stored emails, newest first, matching `q` in the recipient or subject; and how many match. */
export async function listOutbox(db: Db, q: { q?: string | undefined; page: number; perPage: number }) {
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(emails.to, term), ilike(emails.subject, term)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: emails.id,
        to: emails.to,
        subject: emails.subject,
        text: emails.text,
        template: emails.template,
        transport: emails.transport,
        sentAt: emails.sentAt,
        createdAt: emails.createdAt,
      })
      .from(emails)
      .where(where)
      .orderBy(desc(emails.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(emails).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
