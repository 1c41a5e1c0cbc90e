/**
 * Staff donation screens (spec §7 "Donations"): the scoped list with totals and CSV export, the
 * detail with its timeline, status changes along allowed transitions, refunds, receipt re-sends,
 * the donor page and offline (cash/check) entries.
 */
import { randomBytes } from 'node:crypto';
import {
  allowedManualTransitions,
  DONATION_STATUS,
  type DonationDetail,
  type DonationListItem,
  type DonationTotals,
  type DonorProfile,
  type donationListQuerySchema,
  type offlineDonationBodySchema,
  type PaymentMethod,
} from '@fc/contracts';
import { rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { toCsv } from '../../lib/csv.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { ProviderError } from '../../providers/payments/payments.js';
import type { Principal } from '../../types.js';
import { consumeAllowance } from '../auth/throttle.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { netCents } from '../campaigns/totals.js';
import { canManageDonations, canResendReceipt, donationReadableSql } from './donations.access.js';
import { ACCOUNTS, book } from './ledger.js';
import { deliverReceipts, enqueueReceipt, sendReceipt } from './receipts.js';
import { applyRefundLevel, chargeOf, lockDonation, logEvent, markCancelled, refundedChargeOf } from './state.js';

type ListQuery = z.output<typeof donationListQuerySchema>;

const SORTS: Record<ListQuery['sortColumn'], SQL> = {
  createdAt: sql`d.created_at`,
  amount: sql`d.amount_cents`,
  donor: sql`lower(d.donor_last_name || ' ' || d.donor_first_name)`,
  status: sql`d.status`,
  campaign: sql`lower(c.title)`,
};

const FROM = sql`from donations d
  join campaigns c on c.id = d.campaign_id
  join organizations o on o.id = d.organization_id
  left join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
  left join players pl on pl.id = cf.player_id`;

/** The same joins over the `page` CTE (rows of donations). */
const FROM_PAGE = sql`from page d
  join campaigns c on c.id = d.campaign_id
  join organizations o on o.id = d.organization_id
  left join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
  left join players pl on pl.id = cf.player_id`;

const ITEM_SELECT = sql`select d.id, d.public_id, d.kind, d.status, d.method, d.amount_cents, d.cover_fee_cents,
  d.refunded_cents, case when d.status = ${DONATION_STATUS.completed} then ${netCents('d')} else 0 end as net_cents,
  d.donor_id, d.donor_first_name, d.donor_last_name, d.donor_email, d.anonymous, d.campaign_id, c.title as campaign_title,
  pl.id as player_id, pl.first_name as player_first, pl.last_name as player_last, d.organization_id,
  o.name as organization_name, d.receipt_number, d.created_at, d.completed_at`;

interface ItemRow {
  id: number;
  public_id: string;
  kind: 'gift' | 'fee';
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
  campaign_id: number;
  campaign_title: string;
  player_id: number | null;
  player_first: string | null;
  player_last: string | null;
  organization_id: number;
  organization_name: string;
  receipt_number: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const toItem = (r: ItemRow): DonationListItem => ({
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
  playerName: r.player_first === null ? null : `${r.player_first} ${r.player_last ?? ''}`.trim(),
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  receiptNumber: r.receipt_number,
  createdAt: iso(r.created_at) ?? '',
  completedAt: iso(r.completed_at),
});

/** The list's condition over donations `d` alone (no joined table): the caller's scope and every filter. */
function listWhere(p: Principal, q: ListQuery): SQL {
  const parts: SQL[] = [donationReadableSql(p)];
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
 * The list's free-text search over donations `d`. The campaign title and player name are matched
 * in their own tables (the ids found become an array), not through the list's joins: the
 * condition reads donations alone, so the totals need no join and each alternative can be an
 * index scan (a bitmap OR). The donor expressions are word for word those of
 * donations_search_trgm_idx and the player name that of players_search_trgm_idx (migration
 * 0005): change one and the other together, or the search becomes a sequential scan.
 */
export function donationSearchSql(search: string): SQL {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(d.donor_email ilike ${like} or (d.donor_first_name || ' ' || d.donor_last_name) ilike ${like}
      or d.receipt_number ilike ${like}
      or d.campaign_id = any(array(select xc.id from campaigns xc where xc.title ilike ${like}))
      or d.campaign_fundraiser_id = any(array(select xcf.id from campaign_fundraisers xcf where xcf.player_id = any(
        array(select xpl.id from players xpl where (xpl.first_name || ' ' || xpl.last_name) ilike ${like})))))`;
}

const subtree = (id: number) => sql`with recursive t(id) as (select ${id}::int union all
  select o2.id from organizations o2 join t on o2.parent_id = t.id) select id from t`;

/**
 * Can the totals of this list be read from `donation_totals` (migration 0006)? Its rows are keyed
 * by the columns every filter but the text search and the date range reads (owner node, division,
 * campaign, status, kind, method), under the same names, so `listWhere` applies to them as it
 * does to donations. A scope that is not by node (a family's players, a donor's own gifts) reads
 * other columns and takes the live aggregate.
 */
export function totalsFromSummary(p: Principal, q: ListQuery): boolean {
  if (q.search || q.from || q.to) return false;
  return p.ability.rulesFor('read', 'donations').every((r) => {
    if (r.inverted || !r.conditions) return true;
    const keys = Object.keys(r.conditions as object);
    return keys.every((k) => k === 'organizationId' || k === 'salesUserIds');
  });
}

/** The list's totals over its whole filtered set, live from donations or from the kept sums. */
export async function listTotals(app: FastifyInstance, p: Principal, q: ListQuery, live = !totalsFromSummary(p, q)) {
  const where = listWhere(p, q);
  const [agg] = await rows<Record<string, string | number>>(
    app.db,
    live
      ? sql`select count(*)::int as count,
        count(*) filter (where d.status = ${DONATION_STATUS.completed})::int as completed,
        coalesce(sum(d.amount_cents) filter (where d.status in (1, 3)), 0)::bigint as amount_cents,
        coalesce(sum(d.cover_fee_cents) filter (where d.status in (1, 3)), 0)::bigint as cover_fee_cents,
        coalesce(sum(d.refunded_cents) filter (where d.status in (1, 3)), 0)::bigint as refunded_cents,
        coalesce(sum(${netCents('d')}) filter (where d.status = ${DONATION_STATUS.completed}), 0)::bigint as net_cents
      from donations d where ${where}`
      : sql`select coalesce(sum(d.n), 0)::int as count,
        coalesce(sum(d.n) filter (where d.status = ${DONATION_STATUS.completed}), 0)::int as completed,
        coalesce(sum(d.amount_cents) filter (where d.status in (1, 3)), 0)::bigint as amount_cents,
        coalesce(sum(d.cover_fee_cents) filter (where d.status in (1, 3)), 0)::bigint as cover_fee_cents,
        coalesce(sum(d.refunded_cents) filter (where d.status in (1, 3)), 0)::bigint as refunded_cents,
        coalesce(sum(d.net_cents) filter (where d.status = ${DONATION_STATUS.completed}), 0)::bigint as net_cents
      from donation_totals d where ${where}`,
  );
  const totals: DonationTotals = {
    count: Number(agg?.count ?? 0),
    completed: Number(agg?.completed ?? 0),
    amountCents: Number(agg?.amount_cents ?? 0),
    coverFeeCents: Number(agg?.cover_fee_cents ?? 0),
    refundedCents: Number(agg?.refunded_cents ?? 0),
    netCents: Number(agg?.net_cents ?? 0),
  };
  return totals;
}

/** Every key whose kept donation totals differ from donations (`fc_donation_totals_drift()`): empty when right. */
export async function donationTotalsDrift(db: FastifyInstance['db']) {
  return rows<Record<string, unknown>>(db, sql`select * from fc_donation_totals_drift() order by 1, 2, 3, 4, 5, 6`);
}

/** Recomputes `donation_totals` from donations (after surgery with triggers switched off). */
export async function rebuildDonationTotals(db: FastifyInstance['db']) {
  await db.execute(sql`select fc_donation_totals_rebuild()`);
}

export async function list(app: FastifyInstance, p: Principal, q: ListQuery) {
  const where = listWhere(p, q);
  const dir = q.sort === 'asc' ? sql`asc` : sql`desc`;
  const totals = await listTotals(app, p, q);
  // The page's 25 donations are chosen from donations alone (joined to campaigns only to sort by
  // title), then joined to the names they show: joining first makes the planner size its caches
  // for every matching donation, which costs more than the page itself.
  const order = sql`${SORTS[q.sortColumn]} ${dir}, d.id ${dir}`;
  const page = await rows<ItemRow>(
    app.db,
    sql`with page as (select d.* from donations d
        ${q.sortColumn === 'campaign' ? sql`join campaigns c on c.id = d.campaign_id` : sql``}
        where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit})
      ${ITEM_SELECT} ${FROM_PAGE} order by ${order}`,
  );
  return { hasError: false as const, data: page.map(toItem), total: totals.count, totals };
}

const STATUS_NAMES = ['pending', 'completed', 'failed', 'refunded', 'cancelled'];
const EXPORT_LIMIT = 100_000;
const EXPORT_COLUMNS = [
  'receipt',
  'date',
  'status',
  'method',
  'kind',
  'donor_first_name',
  'donor_last_name',
  'donor_email',
  'anonymous',
  'amount',
  'covered_fee',
  'refunded',
  'net',
  'campaign',
  'player',
  'organization',
  'message',
] as const;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The filtered set as CSV (RELIABILITY row 15: formula cells escaped by toCsv). */
export async function exportCsv(app: FastifyInstance, p: Principal, q: ListQuery) {
  const found = await rows<ItemRow & { message: string | null }>(
    app.db,
    sql`${ITEM_SELECT}, d.message ${FROM} where ${listWhere(p, q)} order by d.created_at, d.id limit ${EXPORT_LIMIT + 1}`,
  );
  if (found.length > EXPORT_LIMIT)
    throw badRequest(
      'EXPORT_TOO_LARGE',
      `More than ${EXPORT_LIMIT.toLocaleString('en-US')} donations match: narrow the date range.`,
      [{ path: 'querystring.from', message: 'Choose a shorter date range' }],
    );
  const csv = toCsv(
    EXPORT_COLUMNS,
    found.map((r) => ({
      receipt: r.receipt_number,
      date: iso(r.completed_at ?? r.created_at),
      status: STATUS_NAMES[r.status],
      method: r.method,
      kind: r.kind,
      donor_first_name: r.donor_first_name,
      donor_last_name: r.donor_last_name,
      donor_email: r.donor_email,
      anonymous: r.anonymous ? 'yes' : 'no',
      amount: dollars(r.amount_cents),
      covered_fee: dollars(r.cover_fee_cents),
      refunded: dollars(r.refunded_cents),
      net: dollars(Number(r.net_cents)),
      campaign: r.campaign_title,
      player: r.player_first === null ? '' : `${r.player_first} ${r.player_last ?? ''}`.trim(),
      organization: r.organization_name,
      message: r.message,
    })),
  );
  const range = [q.from, q.to].filter(Boolean).join('_to_');
  return { filename: `donations${range ? `-${range}` : ''}.csv`, csv, rows: found.length };
}

/** The donation if the caller may read it (404 otherwise: its existence is not revealed). */
async function readable(app: FastifyInstance, p: Principal, id: number) {
  const [r] = await rows<ItemRow>(app.db, sql`${ITEM_SELECT} ${FROM} where d.id = ${id} and ${donationReadableSql(p)}`);
  if (!r) throw notFound('This donation does not exist or is outside your organizations.', 'DONATION_NOT_FOUND');
  return r;
}

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<DonationDetail> {
  const base = await readable(app, p, id);
  const [x] = await rows<{
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
  }>(
    app.db,
    sql`select d.message, d.language, d.provider, d.payment_intent_id, d.intent_status, d.failure_message,
        d.processing_fee_cents, d.refunded_fee_cents, d.offline_reference, d.donor_user_id,
        (select u.first_name || ' ' || u.last_name from users u where u.id = d.recorded_by_user_id) as recorded_by,
        (select fr.label from fee_requests fr where fr.id = d.fee_request_id) as fee_label,
        (select cf.slug from campaign_fundraisers cf where cf.id = d.campaign_fundraiser_id) as cf_slug,
        (select coalesce(sum(r.amount_cents), 0) from refunds r where r.donation_id = d.id and r.status = 'pending') as pending_refunds
      from donations d where d.id = ${id}`,
  );
  const events = await rows<{
    id: number;
    kind: string;
    message: string | null;
    amount_cents: number | null;
    actor: string | null;
    created_at: Date | string;
  }>(
    app.db,
    sql`select e.id, e.kind, e.message, e.amount_cents, u.first_name || ' ' || u.last_name as actor, e.created_at
      from donation_events e left join users u on u.id = e.actor_user_id
      where e.donation_id = ${id} order by e.created_at, e.id`,
  );
  const refundRows = await rows<{
    id: number;
    amount_cents: number;
    status: string;
    reason: string | null;
    created_at: Date | string;
  }>(
    app.db,
    sql`select id, amount_cents, status, reason, created_at from refunds where donation_id = ${id} order by id`,
  );
  const manage = canManageDonations(p);
  const charge = base.amount_cents + base.cover_fee_cents;
  const refundable =
    base.method === 'card' && base.status === DONATION_STATUS.completed
      ? Math.max(0, charge - base.refunded_cents - (x?.refunded_fee_cents ?? 0) - Number(x?.pending_refunds ?? 0))
      : 0;
  const allowed = allowedManualTransitions(base.method, base.status);
  return {
    ...toItem(base),
    message: x?.message ?? null,
    language: x?.language ?? 'en',
    provider: x?.provider ?? null,
    paymentIntentId: x?.payment_intent_id ?? null,
    intentStatus: x?.intent_status ?? null,
    failureMessage: x?.failure_message ?? null,
    processingFeeCents: x?.processing_fee_cents ?? 0,
    refundedFeeCents: x?.refunded_fee_cents ?? 0,
    refundableCents: refundable,
    offlineReference: x?.offline_reference ?? null,
    recordedBy: x?.recorded_by ?? null,
    feeLabel: x?.fee_label ?? null,
    campaignFundraiserSlug: x?.cf_slug ?? null,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      message: e.message,
      amountCents: e.amount_cents,
      actorName: e.actor,
      createdAt: iso(e.created_at) ?? '',
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      status: r.status,
      reason: r.reason,
      createdAt: iso(r.created_at) ?? '',
    })),
    allowedStatuses: manage ? allowed : [],
    can: {
      refund: manage && refundable > 0,
      changeStatus: manage && allowed.length > 0,
      resendReceipt: base.status === DONATION_STATUS.completed && canResendReceipt(p, x?.donor_user_id ?? null),
    },
  };
}

/** `PUT /donation/{id}/status/{status}`: only along MANUAL_TRANSITIONS, with a reason. */
export async function changeStatus(app: FastifyInstance, p: Principal, id: number, status: number, reason: string) {
  const base = await readable(app, p, id);
  if (!canManageDonations(p)) throw forbidden("Only platform staff can change a donation's status.");
  const allowed = allowedManualTransitions(base.method, base.status);
  if (!allowed.includes(status as never)) {
    const why = allowed.length
      ? `A ${STATUS_NAMES[base.status]} ${base.method} donation can only become ${allowed.map((s) => STATUS_NAMES[s]).join(' or ')}.`
      : `A ${STATUS_NAMES[base.status]} ${base.method} donation cannot be changed by hand${base.status === 1 ? '; refund it instead' : ''}.`;
    // DECISIONS §4: the refused field and the reason, as for any other refused value.
    throw conflict('INVALID_STATUS_CHANGE', why, [{ path: 'params.status', message: why }]);
  }
  const [d0] = await rows<{ payment_intent_id: string | null }>(
    app.db,
    sql`select payment_intent_id from donations where id = ${id}`,
  );
  if (base.method === 'card' && d0?.payment_intent_id) {
    // Cancel at the processor first: if the payment went through meanwhile, it cannot be cancelled.
    try {
      await app.payments.cancelIntent(d0.payment_intent_id, `donation-${base.public_id}-cancel`);
    } catch (err) {
      if (err instanceof ProviderError && err.code === 'payment_intent_unexpected_state')
        throw conflict(
          'PAYMENT_ALREADY_MADE',
          'The payment went through or is processing, so it cannot be cancelled. Refund it once completed.',
        );
      throw err;
    }
  }
  await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${id}`);
    if (d?.method === 'card' && d.status === DONATION_STATUS.cancelled && status === DONATION_STATUS.cancelled) {
      // The processor's cancellation event, sent by the cancel above, got here first (the sandbox
      // sends it at once; Stripe's may too): the cancellation is this request's, so its entry in
      // the timeline takes the staff's reason and name. A second request finds none left (409).
      const claimed = (await tx.execute(sql`update donation_events set message = ${`Cancelled by staff: ${reason}`},
          actor_user_id = ${p.user.id}
        where id = (select id from donation_events where donation_id = ${id} and kind = 'cancelled'
          and actor_user_id is null order by id desc limit 1)
        returning id`)) as unknown as { rows: unknown[] };
      if (claimed.rows.length) return;
    }
    if (!d || !allowedManualTransitions(d.method, d.status).includes(status as never))
      throw conflict('INVALID_STATUS_CHANGE', 'The donation changed meanwhile; reload it.');
    if (d.method === 'card') {
      await markCancelled(tx, d, `Cancelled by staff: ${reason}`, p.user.id);
      return;
    }
    // An offline entry made in error is voided: its money leaves the node's offline balance.
    await tx.execute(sql`update donations set status = ${status}, updated_at = now() where id = ${id}`);
    await book(tx, {
      key: `donation:${id}:voided`,
      kind: 'void',
      donationId: id,
      organizationId: d.organization_id,
      entries: [
        { account: ACCOUNTS.donorFunds, organizationId: d.organization_id, amountCents: d.amount_cents },
        { account: ACCOUNTS.orgOffline, organizationId: d.organization_id, amountCents: -d.amount_cents },
      ],
    });
    await logEvent(tx, id, 'voided', `Voided by staff: ${reason}`, d.amount_cents, p.user.id);
  });
  return detail(app, p, id);
}

/**
 * `POST /donation/{id}/refund`. The refund is reserved under the row lock (so concurrent requests
 * cannot refund more than was paid) and asked of the processor with a key derived from it; the
 * processor's refunded total then moves the donation through the state machine.
 */
export async function refund(
  app: FastifyInstance,
  p: Principal,
  id: number,
  body: { amountCents?: number | undefined; reason: string; requestKey: string },
) {
  await readable(app, p, id);
  if (!canManageDonations(p)) throw forbidden('Only platform staff can refund donations.');
  const requestKey = `${id}:${body.requestKey}`;
  const reserved = await app.db.transaction(async (tx) => {
    const d = await lockDonation(tx, sql`d.id = ${id}`);
    if (!d) throw notFound();
    const prior = (await tx.execute(sql`select id from refunds where request_key = ${requestKey}`)) as unknown as {
      rows: { id: number }[];
    };
    if (prior.rows[0]) return null; // the same request again: one refund
    if (d.method !== 'card' || d.status !== DONATION_STATUS.completed || !d.payment_intent_id)
      throw conflict(
        'NOT_REFUNDABLE',
        d.method === 'offline'
          ? 'Offline gifts are returned by the organization; void the entry instead.'
          : 'Only a completed card donation can be refunded.',
      );
    const pending = (await tx.execute(sql`select coalesce(sum(amount_cents), 0)::int as n from refunds
      where donation_id = ${id} and status = 'pending'`)) as unknown as { rows: { n: number }[] };
    const refundable = chargeOf(d) - refundedChargeOf(d) - (pending.rows[0]?.n ?? 0);
    const amount = body.amountCents ?? refundable;
    if (refundable <= 0) throw conflict('NOT_REFUNDABLE', 'Nothing is left to refund on this donation.');
    if (amount > refundable)
      throw badRequest('VALIDATION', `At most ${dollars(refundable)} dollars can be refunded.`, [
        { path: 'body.amountCents', message: `At most ${refundable} cents` },
      ]);
    const res =
      (await tx.execute(sql`insert into refunds (donation_id, amount_cents, request_key, reason, created_by_user_id)
      values (${id}, ${amount}, ${requestKey}, ${body.reason}, ${p.user.id}) returning id`)) as unknown as {
        rows: { id: number }[];
      };
    await logEvent(tx, id, 'refund_requested', body.reason, amount, p.user.id);
    return { refundId: res.rows[0]!.id, amount, intentId: d.payment_intent_id };
  });
  if (reserved) {
    try {
      const r = await app.payments.refund(reserved.intentId, reserved.amount, `refund-${reserved.refundId}`);
      const pi = await app.payments.retrieveIntent(reserved.intentId);
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`update refunds set status = ${r.status === 'failed' ? 'failed' : 'succeeded'},
          provider_refund_id = ${r.id} where id = ${reserved.refundId}`);
        const d = await lockDonation(tx, sql`d.id = ${id}`);
        if (d) await applyRefundLevel(tx, d, pi.amountRefundedCents, p.user.id);
      });
    } catch (err) {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`update refunds set status = 'failed' where id = ${reserved.refundId}`);
        await logEvent(tx, id, 'refund_failed', (err as Error).message.slice(0, 300), reserved.amount, p.user.id);
      });
      throw err;
    }
  }
  return detail(app, p, id);
}

/** Who gave the donation while signed in (null when it was given signed out or entered by staff). */
async function donorUserOf(app: FastifyInstance, id: number): Promise<number | null> {
  const [r] = await rows<{ donor_user_id: number | null }>(
    app.db,
    sql`select donor_user_id from donations where id = ${id}`,
  );
  return r?.donor_user_id ?? null;
}

/**
 * `GET /stripe/resendReceipt?donation=`: staff who manage donations and the donor themself (403 for
 * other readers, before anything is sent); at most 5 re-sends of one receipt an hour.
 */
export async function resendReceipt(app: FastifyInstance, p: Principal, id: number) {
  const base = await readable(app, p, id);
  if (!canResendReceipt(p, await donorUserOf(app, id)))
    throw forbidden('Only platform staff or the donor can re-send this receipt.');
  if (base.status !== DONATION_STATUS.completed)
    throw conflict('NO_RECEIPT', 'Only a completed donation has a receipt.');
  await consumeAllowance(app.db, `receipt:${id}`, 5, 'This receipt was sent several times already; try again later.');
  await sendReceipt(app, id, p.user.id);
  return `Receipt ${base.receipt_number} sent to ${base.donor_email}.`;
}

/** `GET /donor/{id}`: the donor and their gifts in the caller's scope (404 when none is). */
export async function donorProfile(app: FastifyInstance, p: Principal, donorId: number): Promise<DonorProfile> {
  const [donor] = await rows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    user_id: number | null;
  }>(app.db, sql`select id, first_name, last_name, email, user_id from donors where id = ${donorId}`);
  const gifts = donor
    ? await rows<ItemRow>(
        app.db,
        sql`${ITEM_SELECT} ${FROM} where d.donor_id = ${donorId} and ${donationReadableSql(p)}
          order by d.created_at desc, d.id desc limit 500`,
      )
    : [];
  if (!donor || (gifts.length === 0 && !canManageDonations(p)))
    throw notFound('This donor does not exist or has no donations in your organizations.', 'DONOR_NOT_FOUND');
  const items = gifts.map(toItem);
  const completed = items.filter((g) => g.status === DONATION_STATUS.completed);
  const dates = completed.map((g) => g.completedAt ?? g.createdAt).sort();
  return {
    id: donor.id,
    firstName: donor.first_name,
    lastName: donor.last_name,
    email: donor.email,
    hasAccount: donor.user_id !== null,
    totals: {
      donations: completed.length,
      netCents: completed.reduce((n, g) => n + g.netCents, 0),
      firstAt: dates[0] ?? null,
      lastAt: dates.at(-1) ?? null,
    },
    donations: items,
  };
}

/** `POST /admin/donation_form`: a cash or check gift credited to a player (or the campaign). */
export async function recordOffline(app: FastifyInstance, p: Principal, b: z.output<typeof offlineDonationBodySchema>) {
  if (!canManageDonations(p)) throw forbidden('Only platform staff can record offline donations.');
  const [c] = await rows<{ id: number; organization_id: number }>(
    app.db,
    sql`select id, organization_id from campaigns where id = ${b.campaignId}`,
  );
  if (!c)
    throw badRequest('VALIDATION', 'Choose a campaign.', [{ path: 'body.campaignId', message: 'No such campaign' }]);
  let division: number | null = null;
  if (b.campaignFundraiserId !== undefined) {
    const [cf] = await rows<{ division_id: number | null }>(
      app.db,
      sql`select division_id from campaign_fundraisers where id = ${b.campaignFundraiserId} and campaign_id = ${c.id}`,
    );
    if (!cf)
      throw badRequest('VALIDATION', 'Choose a player on this campaign.', [
        { path: 'body.campaignFundraiserId', message: 'Not a player on this campaign' },
      ]);
    division = cf.division_id;
  }
  const [donor] = await rows<{ id: number }>(
    app.db,
    sql`insert into donors (email, first_name, last_name) values (${b.email}, ${b.firstName}, ${b.lastName})
      on conflict (email) do update set updated_at = now() returning id`,
  );
  const received = b.receivedOn ? `${b.receivedOn}T12:00:00Z` : new Date().toISOString();
  const created = await app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`insert into donations (public_id, kind, campaign_id, campaign_fundraiser_id,
        organization_id, division_id, donor_id, amount_cents, status, method, donor_first_name, donor_last_name,
        donor_email, anonymous, message, language, recorded_by_user_id, offline_reference, completed_at)
      values (${randomBytes(16).toString('base64url')}, 'gift', ${c.id}, ${b.campaignFundraiserId ?? null},
        ${c.organization_id}, ${division}, ${donor!.id}, ${b.amountCents}, ${DONATION_STATUS.completed}, 'offline',
        ${b.firstName}, ${b.lastName}, ${b.email}, ${b.anonymous}, ${b.message || null}, ${b.language}, ${p.user.id},
        ${[b.offlineMethod, b.reference].filter(Boolean).join(' ')}, ${received}::timestamptz)
      returning id`)) as unknown as { rows: { id: number }[] };
    const newId = res.rows[0]!.id;
    await tx.execute(sql`update donations set receipt_number = 'FC-' || lpad(id::text, 8, '0'),
      receipt_sent_at = ${b.sendReceipt ? sql`now()` : sql`null`} where id = ${newId}`);
    await book(tx, {
      key: `donation:${newId}:offline`,
      kind: 'offline',
      donationId: newId,
      organizationId: c.organization_id,
      entries: [
        { account: ACCOUNTS.donorFunds, organizationId: c.organization_id, amountCents: -b.amountCents },
        { account: ACCOUNTS.orgOffline, organizationId: c.organization_id, amountCents: b.amountCents },
      ],
    });
    await logEvent(tx, newId, 'recorded', `Offline ${b.offlineMethod} gift recorded.`, b.amountCents, p.user.id);
    // The receipt claimed above commits with the gift (the outbox), then is delivered.
    const receipt = b.sendReceipt ? await enqueueReceipt(app, tx, newId, p.user.id) : null;
    return { newId, receipt };
  });
  await deliverReceipts(app, [created.receipt]);
  return detail(app, p, created.newId);
}
