/**
 * SQL of affiliates (issue 16): the list (scope, status, search, sort, pages), the pieces of one
 * affiliate's detail, and the lower-cased text the list searches (`search`).
 */
import type { AffiliateListItem, AffiliateListQuery, AttachedOrganization, Offer, PayoutRequest } from '@fc/contracts';
import { firstRow, type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';
import { likePattern } from '../../lib/text-search.js';
import type { AffiliateScope } from './affiliates.access.js';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

/** Which affiliates the scope may read, as a condition on `a`. */
export function scopeSql(scope: AffiliateScope): SQL {
  switch (scope.kind) {
    case 'manage':
    case 'readAll':
      return sql`true`;
    case 'organizations':
      return scope.organizationIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from organization_affiliates soa where soa.affiliate_id = a.id
            and soa.organization_id = any(${idArray(scope.organizationIds)}))`;
    case 'own':
      return scope.affiliateId == null ? sql`false` : sql`a.id = ${scope.affiliateId}`;
    default:
      return sql`false`;
  }
}

/**
 * The list's columns. Conversions and earnings count every conversion, except for organization
 * staff: only the conversions on the organizations in their scope (decision 018, Access).
 */
function columns(scope: AffiliateScope): SQL {
  const mine =
    scope.kind === 'organizations'
      ? scope.organizationIds.length
        ? sql`and c.organization_id = any(${idArray(scope.organizationIds)})`
        : sql`and false`
      : sql``;
  return sql`a.id, a.first_name, a.last_name, a.email, a.slug, a.status, a.avatar_url, a.created_at,
  coalesce((select array_agg(p.name order by p.name) from affiliate_offers o join affiliate_programs p on p.id = o.program_id
    where o.affiliate_id = a.id and o.status = 'accepted'), '{}') as programs,
  (select count(*) from organization_affiliates oa where oa.affiliate_id = a.id) as organization_count,
  (select count(*) from affiliate_conversions c where c.affiliate_id = a.id and c.status <> 'voided' ${mine}) as conversions,
  (select coalesce(sum(c.commission_cents), 0) from affiliate_conversions c
    where c.affiliate_id = a.id and c.status <> 'voided' ${mine}) as earned_cents`;
}

export function toListItem(r: Row): AffiliateListItem {
  const programs = Array.isArray(r.programs) ? (r.programs as string[]) : [];
  return {
    id: Number(r.id),
    first_name: String(r.first_name),
    last_name: String(r.last_name),
    email: String(r.email),
    slug: String(r.slug),
    status: r.status as AffiliateListItem['status'],
    avatarUrl: (r.avatar_url as string | null) ?? null,
    programs,
    organizationCount: Number(r.organization_count),
    conversions: Number(r.conversions),
    earnedCents: Number(r.earned_cents),
    createdAt: iso(r.created_at)!,
  };
}

const ORDER: Record<string, string> = {
  name: 'lower(a.last_name) {d}, lower(a.first_name) {d}',
  status: 'a.status {d}, lower(a.last_name), lower(a.first_name)',
  createdAt: 'a.created_at {d}',
  conversions: 'conversions {d}, lower(a.last_name), lower(a.first_name)',
  earnedCents: 'earned_cents {d}, lower(a.last_name), lower(a.first_name)',
};

export type ListParams = {
  status: NonNullable<AffiliateListQuery['status']>;
  sortColumn: NonNullable<AffiliateListQuery['sortColumn']>;
  sort: 'asc' | 'desc';
  page: number;
  perPage: number;
  q?: string | undefined;
};

function whereOf(scope: AffiliateScope, q: ListParams): SQL {
  const status = q.status === 'all' ? sql`true` : sql`a.status = ${q.status}`;
  const search = q.q ? sql`a.search ilike ${likePattern(q.q.toLowerCase())}` : sql`true`;
  return sql`${scopeSql(scope)} and ${status} and ${search}`;
}

/** One page, and the total of matching rows. */
export async function listAffiliates(db: Queryable, scope: AffiliateScope, q: ListParams) {
  const where = whereOf(scope, q);
  const dir = q.sort === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${ORDER[q.sortColumn]!.replaceAll('{d}', dir)}, a.id ${dir}`);
  const page = sql`limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`;
  const [found, count] = await Promise.all([
    rows<Row>(db, sql`select ${columns(scope)} from affiliates a where ${where} order by ${order} ${page}`),
    firstRow<{ n: number }>(db, sql`select count(*)::int as n from affiliates a where ${where}`),
  ]);
  return { rows: found.map(toListItem), total: Number(count?.n ?? 0) };
}

export async function listItemById(
  db: Queryable,
  scope: AffiliateScope,
  id: number,
): Promise<(AffiliateListItem & { raw: Row }) | null> {
  const r = await firstRow<Row>(
    db,
    sql`select ${columns(scope)}, a.phone, a.website, a.bio, a.language, a.payout_method, a.payout_to, a.user_id, a.updated_at
      from affiliates a where a.id = ${id}`,
  );
  return r ? { ...toListItem(r), raw: r } : null;
}

export async function offersOf(db: Queryable, affiliateId: number): Promise<Offer[]> {
  const found = await rows<Row>(
    db,
    sql`select o.id, o.affiliate_id, o.program_id, p.name as program_name, o.status, p.terms_version,
        o.accepted_terms_version, o.accepted_at, o.created_at
      from affiliate_offers o join affiliate_programs p on p.id = o.program_id
      where o.affiliate_id = ${affiliateId} order by o.created_at desc, o.id desc`,
  );
  return found.map(toOffer);
}

export function toOffer(r: Row): Offer {
  return {
    id: Number(r.id),
    affiliateId: Number(r.affiliate_id),
    programId: Number(r.program_id),
    programName: String(r.program_name),
    status: r.status as Offer['status'],
    termsVersion: Number(r.terms_version),
    acceptedTermsVersion: r.accepted_terms_version == null ? null : Number(r.accepted_terms_version),
    acceptedAt: iso(r.accepted_at),
    createdAt: iso(r.created_at)!,
  };
}

export async function offerById(db: Queryable, id: number): Promise<Offer | null> {
  const r = await firstRow<Row>(
    db,
    sql`select o.id, o.affiliate_id, o.program_id, p.name as program_name, o.status, p.terms_version,
        o.accepted_terms_version, o.accepted_at, o.created_at
      from affiliate_offers o join affiliate_programs p on p.id = o.program_id where o.id = ${id}`,
  );
  return r ? toOffer(r) : null;
}

export async function organizationsOf(db: Queryable, affiliateId: number): Promise<AttachedOrganization[]> {
  const found = await rows<Row>(
    db,
    sql`select o.id, o.name, o.slug, o.type_id, oa.gift_share_bps_override, oa.created_at
      from organization_affiliates oa join organizations o on o.id = oa.organization_id
      where oa.affiliate_id = ${affiliateId} order by o.name, o.id`,
  );
  return found.map((r) => ({
    organizationId: Number(r.id),
    name: String(r.name),
    slug: String(r.slug),
    typeId: Number(r.type_id),
    giftShareBpsOverride: r.gift_share_bps_override == null ? null : Number(r.gift_share_bps_override),
    attachedAt: iso(r.created_at)!,
  }));
}

export async function payoutRequestsOf(db: Queryable, affiliateId: number): Promise<PayoutRequest[]> {
  const found = await rows<Row>(
    db,
    sql`select id, amount_cents, status, note, reference, created_at, resolved_at from affiliate_payout_requests
      where affiliate_id = ${affiliateId} order by created_at desc, id desc`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    amountCents: Number(r.amount_cents),
    status: r.status as PayoutRequest['status'],
    note: (r.note as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    resolvedAt: iso(r.resolved_at),
  }));
}

export async function lastInvitationOf(db: Queryable, affiliateId: number) {
  const r = await firstRow<Row>(
    db,
    sql`select created_at, expires_at, used_at from affiliate_invitations where affiliate_id = ${affiliateId}
      order by created_at desc, id desc limit 1`,
  );
  return r ? { sentAt: iso(r.created_at)!, expiresAt: iso(r.expires_at)!, usedAt: iso(r.used_at) } : null;
}

/** Recomputes the text the list searches: names, e-mail, web address (slug) and website, lower-cased. */
export async function refreshSearch(db: Queryable, affiliateId: number) {
  await db.execute(sql`update affiliates set search = lower(concat_ws(' ', first_name, last_name, email, slug, website))
    where id = ${affiliateId}`);
}
