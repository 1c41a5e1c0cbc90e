/**
 * SQL over donations for the staff screens (spec §7 "Donations"): the scoped list, its totals, the
 * CSV export's batches, the detail's parts and the donor page. Only queries: who may do what is
 * decided by the use cases (list, export, detail, refund, status, offline .service.ts files), and
 * the caller's scope arrives here as SQL from donations.access.ts.
 */
import {
  DONATION_STATUS,
  type DonationListItem,
  type donationListQuerySchema,
  type PaymentMethod,
} from '@fc/contracts';
import { type Db, firstRow, type Row, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withIdArraysBound } from '../../lib/id-array.js';
import { joinedTextSearch } from '../../lib/text-search.js';
import type { Principal } from '../../types.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { netCents } from '../campaigns/totals.js';
import { donationReadableSql } from './donations.access.js';

export type ListQuery = z.output<typeof donationListQuerySchema>;

export const SORTS: Record<ListQuery['sortColumn'], SQL> = {
  createdAt: sql`d.created_at`,
  amount: sql`d.amount_cents`,
  donor: sql`lower(d.donor_last_name || ' ' || d.donor_first_name)`,
  status: sql`d.status`,
  campaign: sql`lower(c.title)`,
};

const JOINS = sql`left join campaigns c on c.id = d.campaign_id
  join organizations o on o.id = d.organization_id
  left join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
  left join players pl on pl.id = cf.player_id`;
const FROM = sql`from donations d ${JOINS}`;
/**
 * The same names for one page of donations (at most 100 rows), looked up row by row by primary
 * key: joined, the planner hashes all 2,000 campaigns and merges with the organizations for 25
 * rows (first page of the scale database 1.65 → 1.28 ms planned and run). `offset 0` keeps each
 * lookup a subquery run per row.
 */
export const PAGE_LOOKUPS = sql`left join lateral (select c.title from campaigns c where c.id = d.campaign_id offset 0) c on true
  cross join lateral (select o.name from organizations o where o.id = d.organization_id offset 0) o
  left join lateral (select pl.id, pl.first_name, pl.last_name from campaign_fundraisers cf
    join players pl on pl.id = cf.player_id where cf.id = d.campaign_fundraiser_id offset 0) pl on true`;
/** The same joins over the `page` CTE (rows of donations). */
const FROM_PAGE = sql`from page d ${JOINS}`;

export const ITEM_SELECT = sql`select d.id, d.public_id, d.kind, d.status, d.method, d.amount_cents, d.cover_fee_cents,
  d.refunded_cents, case when d.status = ${DONATION_STATUS.completed} then ${netCents('d')} else 0 end as net_cents,
  d.donor_id, d.donor_first_name, d.donor_last_name, d.donor_email, d.anonymous, d.campaign_id, c.title as campaign_title,
  pl.id as player_id, pl.first_name as player_first, pl.last_name as player_last, d.organization_id,
  o.name as organization_name, d.receipt_number, d.created_at, d.completed_at`;

export interface ItemRow {
  id: number;
  public_id: string;
  kind: 'gift' | 'fee' | 'sponsor';
  status: number;
  method: PaymentMethod;
  amount_cents: number;
  cover_fee_cents: number;
  refunded_cents: number;
  net_cents: number | string;
  donor_id: number | null;
  donor_first_name: string;
  donor_last_name: string;
  donor_email: string;
  anonymous: boolean;
  /** Null only for a node's sponsorship payment (decision 019). */
  campaign_id: number | null;
  campaign_title: string | null;
  player_id: number | null;
  player_first: string | null;
  player_last: string | null;
  organization_id: number;
  organization_name: string;
  receipt_number: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

export const playerNameOf = (r: Pick<ItemRow, 'player_first' | 'player_last'>) =>
  r.player_first === null ? null : `${r.player_first} ${r.player_last ?? ''}`.trim();

export const toItem = (r: ItemRow): DonationListItem => ({
  id: r.id,
  publicId: r.public_id,
  kind: r.kind,
  status: r.status as DonationListItem['status'],
  method: r.method,
  amountCents: r.amount_cents,
  coverFeeCents: r.cover_fee_cents,
  refundedCents: r.refunded_cents,
  netCents: Number(r.net_cents),
  donorId: r.donor_id,
  donorName: `${r.donor_first_name} ${r.donor_last_name}`.trim(),
  donorEmail: r.donor_email,
  anonymous: r.anonymous,
  campaignId: r.campaign_id,
  campaignTitle: r.campaign_title,
  playerId: r.player_id,
  playerName: playerNameOf(r),
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  receiptNumber: r.receipt_number,
  createdAt: iso(r.created_at) ?? '',
  completedAt: iso(r.completed_at),
});

const subtree = (id: number) => sql`with recursive t(id) as (select ${id}::int union all
  select o2.id from organizations o2 join t on o2.parent_id = t.id) select id from t`;

/** Leaves out sponsorship payments (kind `sponsor`, decision 019); reads `kind` of `d` (also the kept totals' rows). */
export const NOT_SPONSOR = sql`d.kind <> 'sponsor'`;

/**
 * The list's condition over donations `d` alone (no joined table): the caller's scope and every
 * filter. `nodeColumnsOnly`: for the kept rows of `donation_totals`, which have the node columns
 * but not the donations' `scope_nodes`.
 */
export function listWhere(p: Principal, q: ListQuery, opts: { nodeColumnsOnly?: boolean } = {}): SQL {
  // Sponsorship payments are not donations (decision 019): never in this list, its totals or its export.
  const parts: SQL[] = [donationReadableSql(p, 'd', opts), NOT_SPONSOR];
  if (q.status !== undefined) parts.push(sql`d.status = ${q.status}`);
  if (q.method) parts.push(sql`d.method = ${q.method}`);
  if (q.kind) parts.push(sql`d.kind = ${q.kind}`);
  if (q.campaignId) parts.push(sql`d.campaign_id = ${q.campaignId}`);
  if (q.organizationId)
    parts.push(
      sql`(d.organization_id in (${subtree(q.organizationId)}) or d.division_id in (${subtree(q.organizationId)}))`,
    );
  if (q.from) parts.push(sql`d.created_at >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) parts.push(sql`d.created_at < (${q.to}::date + 1)::timestamptz`);
  if (q.search) parts.push(donationSearchSql(q.search));
  return sql.join(parts, sql` and `);
}

/**
 * The list's free-text search over donations `d`: the donor's e-mail and name, the receipt number,
 * and the campaign title and player name copied onto the donation (migration 0020), joined in
 * `search_text` (migration 0022) and read with the caller's scope through donations_scope_text_idx.
 */
export const donationSearchSql = (search: string): SQL =>
  joinedTextSearch(
    sql`d.search_text`,
    [
      sql`d.donor_email`,
      sql`(d.donor_first_name || ' ' || d.donor_last_name)`,
      sql`d.receipt_number`,
      sql`d.campaign_title`,
      sql`d.player_name`,
    ],
    search,
  );

/**
 * One page of the list. The page's donations are chosen from donations alone (joined to campaigns
 * only to sort by title), then joined to the names they show: joining first makes the planner
 * size its caches for every matching donation, which costs more than the page itself.
 * A node-scoped caller's scope is one condition on `scope_nodes` (decision 025); an id list
 * another rule brings is bound once inside `withIdArraysBound` and tested by a hash probe per
 * donation the scan meets (id-array.ts). A search never comes here: its matches are read once for
 * the page and the totals (search.repository.ts). `extra`, when given, is a value read once with
 * the page (the kept totals as JSON, list.service.ts), returned on every row as `extra`: one
 * statement instead of two.
 */
export async function listPage(
  db: Db,
  where: () => SQL,
  q: ListQuery,
  extra?: SQL,
): Promise<(ItemRow & { extra?: unknown })[]> {
  const dir = q.sort === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORTS[q.sortColumn]} ${dir}, d.id ${dir}`;
  return rows<ItemRow & { extra?: unknown }>(
    db,
    withIdArraysBound(
      () => sql`${ITEM_SELECT}${extra ? sql`, ${extra} as extra` : sql``} from (select d.* from donations d
        ${q.sortColumn === 'campaign' ? sql`join campaigns c on c.id = d.campaign_id` : sql``}
        where ${where()} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}) d ${PAGE_LOOKUPS}
      order by ${order}`,
      { hashed: true },
    ),
  );
}

export interface ExportRow extends ItemRow {
  message: string | null;
  /** The position after this row, exactly (`created_at` as text keeps its microseconds). */
  key_at: string;
}

/**
 * The export's next batch after `after` (keyset over `(created_at, id)`, oldest first): each batch
 * is one short query, so memory stays at one batch whatever the number of rows, on both drivers,
 * and no connection or transaction is held between batches (PGlite has one connection for all).
 */
export async function exportBatch(
  db: Db,
  where: SQL,
  after: { at: string; id: number } | null,
  limit: number,
): Promise<ExportRow[]> {
  const past = after ? sql` and (d.created_at, d.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  return rows<ExportRow>(
    db,
    sql`with page as (select d.* from donations d where ${where}${past} order by d.created_at, d.id limit ${limit})
      ${ITEM_SELECT}, d.message, d.created_at::text as key_at ${FROM_PAGE} order by d.created_at, d.id`,
  );
}

/** The donation with its list columns, if `readable` (the caller's scope over `d`) allows it. */
export const readableItem = (db: Db, id: number, readable: SQL) =>
  firstRow<ItemRow>(db, sql`${ITEM_SELECT} ${FROM} where d.id = ${id} and ${readable}`);

export interface DetailExtras {
  message: string | null;
  language: string;
  provider: string | null;
  payment_intent_id: string | null;
  intent_status: string | null;
  failure_message: string | null;
  processing_fee_cents: number;
  refunded_fee_cents: number;
  offline_reference: string | null;
  recorded_by: string | null;
  fee_label: string | null;
  cf_slug: string | null;
  pending_refunds: number | string;
  donor_user_id: number | null;
}

export const detailExtras = (db: Db, id: number) =>
  firstRow<DetailExtras>(
    db,
    sql`select d.message, d.language, d.provider, d.payment_intent_id, d.intent_status, d.failure_message,
        d.processing_fee_cents, d.refunded_fee_cents, d.offline_reference, d.donor_user_id,
        (select u.first_name || ' ' || u.last_name from users u where u.id = d.recorded_by_user_id) as recorded_by,
        (select fr.label from fee_requests fr where fr.id = d.fee_request_id) as fee_label,
        (select cf.slug from campaign_fundraisers cf where cf.id = d.campaign_fundraiser_id) as cf_slug,
        (select coalesce(sum(r.amount_cents), 0) from refunds r where r.donation_id = d.id and r.status = 'pending') as pending_refunds
      from donations d where d.id = ${id}`,
  );

export const timeline = (db: Db, id: number) =>
  rows<{
    id: number;
    kind: string;
    message: string | null;
    amount_cents: number | null;
    actor: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select e.id, e.kind, e.message, e.amount_cents, u.first_name || ' ' || u.last_name as actor, e.created_at
      from donation_events e left join users u on u.id = e.actor_user_id
      where e.donation_id = ${id} order by e.created_at, e.id`,
  );

export const refundsOf = (db: Db, id: number) =>
  rows<{ id: number; amount_cents: number; status: string; reason: string | null; created_at: Date | string }>(
    db,
    sql`select id, amount_cents, status, reason, created_at from refunds where donation_id = ${id} order by id`,
  );

/** Who gave the donation while signed in (null when it was given signed out or entered by staff). */
export async function donorUserOf(db: Db, id: number): Promise<number | null> {
  const r = await firstRow<{ donor_user_id: number | null }>(
    db,
    sql`select donor_user_id from donations where id = ${id}`,
  );
  return r?.donor_user_id ?? null;
}

export const paymentIntentOf = async (db: Db, id: number) =>
  (
    await firstRow<{ payment_intent_id: string | null }>(
      db,
      sql`select payment_intent_id from donations where id = ${id}`,
    )
  )?.payment_intent_id ?? null;

export const donorById = (db: Db, donorId: number) =>
  firstRow<{ id: number; first_name: string; last_name: string; email: string; user_id: number | null }>(
    db,
    sql`select id, first_name, last_name, email, user_id from donors where id = ${donorId}`,
  );

/** A donor's gifts that `readable` (the caller's scope over `d`) allows, newest first. */
export const donorGifts = (db: Db, donorId: number, readable: SQL) =>
  rows<ItemRow>(
    db,
    sql`${ITEM_SELECT} ${FROM} where d.donor_id = ${donorId} and ${readable} and ${NOT_SPONSOR}
      order by d.created_at desc, d.id desc limit 500`,
  );

/** Every key whose kept donation totals differ from donations (`fc_donation_totals_drift()`): empty when right. */
export const donationTotalsDrift = (db: Db) =>
  rows<Row>(db, sql`select * from fc_donation_totals_drift() order by 1, 2, 3, 4, 5, 6`);

/** Recomputes `donation_totals` from donations (after surgery with triggers switched off). */
export async function rebuildDonationTotals(db: Db) {
  await db.execute(sql`select fc_donation_totals_rebuild()`);
}
