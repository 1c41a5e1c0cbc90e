/**
 * The sponsorship line of the admin and node dashboards (decision 019): units paid in the range
 * (not fully refunded) and their revenue, Σ(amount − refunded) of completed `sponsor` payments credited to the reach's
 * nodes. Never part of a donation figure (those count `kind = 'gift'` only).
 */
import { type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Range } from './scope.js';

export async function sponsorshipLine(db: Queryable, nodeCondition: (column: SQL) => SQL, range: Range) {
  const [r] = await rows(
    db,
    sql`select count(*) filter (where d.status = 1)::int as n, coalesce(sum(greatest(d.amount_cents - d.refunded_cents, 0)), 0)::bigint as revenue
      from donations d
      where d.kind = 'sponsor' and d.status in (1, 3) and d.completed_at is not null
        and (d.completed_at at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date
        and ${nodeCondition(sql`d.organization_id`)}`,
  );
  return { count: Number(r?.n ?? 0), revenueCents: Number(r?.revenue ?? 0) };
}
