/**
 * Reading conversions (decision 018): one affiliate's, filtered, paged and sorted, optionally only
 * those on a set of organizations (an Organization Admin or User sees only the conversions on
 * organizations in their scope).
 */
import type { Conversion, conversionListQuerySchema } from '@fc/contracts';
import { type Db, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inIdList } from '../../lib/id-array.js';

type Query = z.output<typeof conversionListQuerySchema>;

/** The conversions `c` of the affiliate the caller may see: all of them, or those on `organizationIds`. */
export function visibleConversions(affiliateId: number, organizationIds: readonly number[] | null): SQL {
  const mine = sql`c.affiliate_id = ${affiliateId}`;
  if (organizationIds === null) return mine;
  if (organizationIds.length === 0) return sql`false`;
  return sql`${mine} and ${inIdList(sql`c.organization_id`, organizationIds)}`;
}

/** Inclusive UTC dates: `from` at midnight, `to` up to the next midnight. */
export const inRange = (column: SQL, from?: string, to?: string): SQL => {
  const parts = [sql`true`];
  if (from) parts.push(sql`${column} >= ${from}::date`);
  if (to) parts.push(sql`${column} < ${to}::date + 1`);
  return sql.join(parts, sql` and `);
};

interface Row {
  id: number;
  affiliate_id: number;
  kind: 'team' | 'gift';
  source: 'link' | 'organization';
  program_name: string;
  organization_name: string | null;
  donation_id: number | null;
  registration_id: number | null;
  landing_path: string | null;
  base_cents: number;
  commission_cents: number;
  status: Conversion['status'];
  qualified_at: Date | string | null;
  due_at: Date | string | null;
  paid_at: Date | string | null;
  payment_reference: string | null;
  void_reason: string | null;
  clawback_cents: number;
  created_at: Date | string;
  total: number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function listConversions(
  db: Db,
  affiliateId: number,
  q: Query,
  organizationIds: readonly number[] | null,
  paged = true,
): Promise<{ data: Conversion[]; total: number }> {
  const where = [visibleConversions(affiliateId, organizationIds), inRange(sql`c.created_at`, q.from, q.to)];
  if (q.status !== 'all') where.push(sql`c.status = ${q.status}`);
  if (q.kind !== 'all') where.push(sql`c.kind = ${q.kind}`);
  const order = q.sort === 'asc' ? sql`c.created_at asc, c.id asc` : sql`c.created_at desc, c.id desc`;
  const page = paged ? sql`limit ${q.perPage} offset ${(q.page - 1) * q.perPage}` : sql``;
  const found = await rows<Row>(
    db,
    sql`select c.id, c.affiliate_id, c.kind, c.source, p.name as program_name, o.name as organization_name,
        c.donation_id, c.registration_id, k.landing_path, c.base_cents, c.commission_cents, c.status,
        c.qualified_at, c.due_at, c.paid_at, c.payment_reference, c.void_reason, c.clawback_cents, c.created_at,
        count(*) over ()::int as total
      from affiliate_conversions c
      join affiliate_programs p on p.id = c.program_id
      left join organizations o on o.id = c.organization_id
      left join affiliate_clicks k on k.id = c.click_id
      where ${sql.join(where, sql` and `)}
      order by ${order} ${page}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && paged && q.page > 1) {
    const [n] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from affiliate_conversions c where ${sql.join(where, sql` and `)}`,
    );
    total = n?.n ?? 0;
  }
  return {
    total,
    data: found.map((r) => ({
      id: r.id,
      affiliateId: r.affiliate_id,
      kind: r.kind,
      source: r.source,
      programName: r.program_name,
      organizationName: r.organization_name,
      donationId: r.donation_id,
      registrationId: r.registration_id,
      landingPath: r.landing_path,
      baseCents: Number(r.base_cents),
      commissionCents: Number(r.commission_cents),
      status: r.status,
      qualified: r.kind === 'gift' || r.qualified_at !== null,
      dueAt: iso(r.due_at),
      paidAt: iso(r.paid_at),
      paymentReference: r.payment_reference,
      voidReason: r.void_reason,
      clawbackCents: Number(r.clawback_cents),
      createdAt: iso(r.created_at)!,
    })),
  };
}

export const CONVERSION_CSV_COLUMNS = [
  'id',
  'createdAt',
  'kind',
  'source',
  'status',
  'programName',
  'organizationName',
  'donationId',
  'registrationId',
  'landingPath',
  'baseCents',
  'commissionCents',
  'clawbackCents',
  'dueAt',
  'paidAt',
  'paymentReference',
  'voidReason',
] as const;
