/** Queries over the organization tree shared by abilities and services. */
import type { Db } from '@fc/db';
import { sql } from 'drizzle-orm';

type Rows<T> = { rows: T[] };

export async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
  const res = (await db.execute(sql`
    with recursive t(id) as (
      select id from organizations where id = ${rootId}
      union all
      select o.id from organizations o join t on o.parent_id = t.id
    ) select id from t`)) as unknown as Rows<{ id: number }>;
  return res.rows.map((r) => Number(r.id));
}

export async function ancestorIds(db: Db, nodeId: number): Promise<number[]> {
  const res = (await db.execute(sql`
    with recursive t(id, parent_id, depth) as (
      select id, parent_id, 0 from organizations where id = ${nodeId}
      union all
      select o.id, o.parent_id, t.depth + 1 from organizations o join t on o.id = t.parent_id where t.depth < 10
    ) select id from t where id <> ${nodeId}`)) as unknown as Rows<{ id: number }>;
  return res.rows.map((r) => Number(r.id));
}
