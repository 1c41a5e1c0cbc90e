/** SQL over the Contact-Us messages (`contact_messages`, issue 14). */
import type { ContactMessage, ContactMessageFilter } from '@fc/contracts';
import { contactMessages, type Db, firstRow, type Row, rows, type Tx } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface NewContactMessage {
  name: string;
  email: string;
  organization: string | null;
  message: string;
  language: 'en' | 'es';
}

export async function insertContactMessage(tx: Tx, m: NewContactMessage): Promise<number> {
  const [row] = await tx.insert(contactMessages).values(m).returning({ id: contactMessages.id });
  return row!.id;
}

const select = sql`select m.id, m.name, m.email, m.organization, m.message, m.language, m.created_at,
    m.handled_at, u.id as handler_id, u.first_name || ' ' || u.last_name as handler_name
  from contact_messages m left join users u on u.id = m.handled_by_user_id`;

function toMessage(r: Row): ContactMessage {
  return {
    id: Number(r.id),
    name: String(r.name),
    email: String(r.email),
    organization: (r.organization as string | null) ?? null,
    message: String(r.message),
    language: r.language === 'es' ? 'es' : 'en',
    createdAt: iso(r.created_at),
    handledAt: r.handled_at == null ? null : iso(r.handled_at),
    handledBy: r.handler_id == null ? null : { id: Number(r.handler_id), name: String(r.handler_name) },
  };
}

function whereSql(q: { q?: string | undefined; status: ContactMessageFilter }): SQL {
  const parts: SQL[] = [];
  if (q.status === 'open') parts.push(sql`m.handled_at is null`);
  if (q.status === 'handled') parts.push(sql`m.handled_at is not null`);
  if (q.q) {
    const term = likePattern(q.q);
    parts.push(sql`(m.name ilike ${term} or m.email ilike ${term} or m.organization ilike ${term}
      or m.message ilike ${term})`);
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** A page of messages, newest first, and how many match. */
export async function listContactMessages(
  db: Db,
  q: { q?: string | undefined; status: ContactMessageFilter; page: number; perPage: number },
) {
  const where = whereSql(q);
  const [list, [count]] = await Promise.all([
    rows(
      db,
      sql`${select} ${where} order by m.created_at desc, m.id desc
      limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from contact_messages m ${where}`),
  ]);
  return { rows: list.map(toMessage), total: Number(count?.n ?? 0) };
}

export async function findContactMessage(db: Db, id: number): Promise<ContactMessage | undefined> {
  const r = await firstRow(db, sql`${select} where m.id = ${id}`);
  return r ? toMessage(r) : undefined;
}

/** Marks handled by `userId` (kept when already handled), or open again. False when there is no such message. */
export async function setHandled(db: Db, id: number, handled: boolean, userId: number): Promise<boolean> {
  const res = await rows(
    db,
    handled
      ? sql`update contact_messages set handled_at = coalesce(handled_at, now()),
          handled_by_user_id = case when handled_at is null then ${userId} else handled_by_user_id end
          where id = ${id} returning id`
      : sql`update contact_messages set handled_at = null, handled_by_user_id = null where id = ${id} returning id`,
  );
  return res.length > 0;
}
