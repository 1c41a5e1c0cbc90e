/**
 * Shared pieces of the payment suites: a campaign with a player page to give to, the public
 * checkout calls, and the ledger checks every money test ends with (RELIABILITY row 11).
 */
import { randomBytes } from 'node:crypto';
import { type ConfirmResult, DONATION_STATUS, type DonationCheckout, SANDBOX_CARDS } from '@fc/contracts';
import type { Db } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SandboxProvider } from '../src/providers/payments/sandbox.js';
import { campaign, family, page } from './fundraisers-fixtures.js';
import { createTree, type TestApp } from './helpers.js';

export const V1 = '/api/v1';
export const CARD = { expMonth: 12, expYear: 2034, cvc: '123' };
export { SANDBOX_CARDS };

/** A fresh network address per call site, so the checkout allowance never gets in the way. */
export const someIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

/** organization > league > team (owns an active campaign) > division with one player on the campaign. */
export async function givingWorld(t: TestApp) {
  const tree = await createTree(t.db);
  const { parent, player } = await family(t, tree.division.id, { first: 'Parker', last: 'Jones' });
  const camp = await campaign(t.db, tree.team.id);
  const cf = await page(t.db, camp.id, player.id, { divisionId: tree.division.id });
  return { ...tree, parent, playerId: player.id, campaign: camp, cf };
}
export type GivingWorld = Awaited<ReturnType<typeof givingWorld>>;

export interface GiftSpec {
  fundraiser?: string;
  campaign?: string;
  amountCents?: number;
  coverFee?: boolean;
  email?: string;
  extra?: Record<string, unknown>;
}

export async function startCheckout(t: TestApp, g: GiftSpec): Promise<DonationCheckout> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${V1}/public/donations`,
    remoteAddress: someIp(),
    payload: {
      ...(g.campaign ? { campaign: g.campaign } : { fundraiser: g.fundraiser }),
      amountCents: g.amountCents ?? 2500,
      coverFee: g.coverFee ?? false,
      firstName: 'Dana',
      lastName: 'Giver',
      email: g.email ?? `giver-${randomBytes(4).toString('hex')}@example.test`,
      ...g.extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DonationCheckout;
}

export async function payWith(t: TestApp, donationId: string, cardNumber: string = SANDBOX_CARDS.success) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${V1}/public/donations/${donationId}/confirm`,
    remoteAddress: someIp(),
    payload: { cardNumber, ...CARD },
  });
  return res;
}

export async function paid(t: TestApp, g: GiftSpec, cardNumber: string = SANDBOX_CARDS.success) {
  const c = await startCheckout(t, g);
  const res = await payWith(t, c.donationId, cardNumber);
  expect(res.statusCode, res.body).toBe(200);
  return { checkout: c, result: res.json().data as ConfirmResult };
}

export async function donationRow(db: Db, publicId: string) {
  const res = (await db.execute(sql`select * from donations where public_id = ${publicId}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return res.rows[0] as {
    id: number;
    status: number;
    amount_cents: number;
    cover_fee_cents: number;
    refunded_cents: number;
    refunded_fee_cents: number;
    processing_fee_cents: number;
    payment_intent_id: string | null;
    receipt_number: string | null;
    organization_id: number;
  };
}

const one = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows[0] as T;

/**
 * RELIABILITY row 11: every ledger transaction balances, no entry or transaction is orphaned, and
 * what donors paid (less refunds) equals fees + balances + payouts, to the cent; each completed
 * donation is booked exactly once and its booking matches its amounts.
 */
export async function ledgerReport(db: Db) {
  const unbalanced = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) = 0) x`,
  );
  const orphans = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries e left join ledger_transactions t on t.id = e.transaction_id where t.id is null`,
  );
  const total = await one<{ n: string }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::bigint as n from ledger_entries`,
  );
  const paidIn = await one<{ n: string }>(
    db,
    sql`select coalesce(sum(case when method = 'card' then amount_cents + cover_fee_cents - refunded_cents - refunded_fee_cents
        else amount_cents end), 0)::bigint as n
      from donations where status in (${DONATION_STATUS.completed}, ${DONATION_STATUS.refunded})`,
  );
  const donorFunds = await one<{ n: string }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::bigint as n from ledger_entries where account = 'donor_funds'`,
  );
  const elsewhere = await one<{ n: string }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::bigint as n from ledger_entries where account <> 'donor_funds'`,
  );
  const doubleBooked = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select donation_id from ledger_transactions where kind in ('donation', 'offline')
      group by donation_id having count(*) > 1) x`,
  );
  const unbooked = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from donations d where d.status in (1, 3)
      and not exists (select 1 from ledger_transactions t where t.donation_id = d.id and t.kind in ('donation', 'offline'))`,
  );
  return {
    unbalanced: unbalanced.n,
    orphans: orphans.n,
    ledgerSum: Number(total.n),
    /** donations (net of refunds) minus (fees + balances + payouts), in cents: must be 0. */
    gapCents: Number(paidIn.n) + Number(donorFunds.n),
    balancedAgainstHoldings: Number(paidIn.n) - Number(elsewhere.n),
    doubleBooked: doubleBooked.n,
    unbooked: unbooked.n,
  };
}

/** Asserts the ledger invariants and prints them (RELIABILITY row 11). */
export async function expectLedgerSound(db: Db, label: string) {
  const r = await ledgerReport(db);
  // biome-ignore lint/suspicious/noConsole: the reliability figures are printed by design (RELIABILITY.md)
  console.log(
    `[row 11] ${label}: unbalanced ${r.unbalanced}, orphans ${r.orphans}, donations − (fees + balances + payouts) = ${r.balancedAgainstHoldings} cents, double-booked ${r.doubleBooked}, unbooked ${r.unbooked}`,
  );
  expect(r).toEqual({
    unbalanced: 0,
    orphans: 0,
    ledgerSum: 0,
    gapCents: 0,
    balancedAgainstHoldings: 0,
    doubleBooked: 0,
    unbooked: 0,
  });
}

// ------------------------------------------------------------------------------------------------
// Provider events, counts and audits for the reliability suites (rows 8-13).

/** The sandbox provider of a test app (it signs events as the webhook expects them). */
export const sandboxOf = (t: TestApp) => t.app.payments as SandboxProvider;

/** A number from a one-row, one-column query (`n`). */
export async function count(db: Db, q: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(q)) as unknown as { rows: { n: string | number }[] };
  return Number(res.rows[0]?.n ?? 0);
}

const evtId = () => `evt_test_${randomBytes(12).toString('hex')}`;

/** A Stripe-shaped event (`object: 'event'`, `data.object`, `request`...), with a fresh id unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, o: { id?: string; account?: string } = {}) {
  return {
    id: o.id ?? evtId(),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(o.account ? { account: o.account } : {}),
    data: { object },
  };
}
export type StripeEvent = ReturnType<typeof stripeEvent>;

/** The intent of a checkout as Stripe would put it in a `payment_intent.*` event. */
export function intentObject(
  intentId: string,
  c: { donationId: string; totalCents: number },
  status: string,
  error: { code: string; decline_code?: string | null; message: string; type: string } | null = null,
) {
  return {
    id: intentId,
    object: 'payment_intent',
    amount: c.totalCents,
    amount_received: status === 'succeeded' ? c.totalCents : 0,
    currency: 'usd',
    status,
    latest_charge: status === 'succeeded' ? `ch_${intentId}` : null,
    metadata: { donation: c.donationId },
    last_payment_error: error,
  };
}

/** The `charge.refunded` event's charge: `refunded` is the charge's cumulative refunded amount. */
export const chargeObject = (intentId: string, c: { donationId: string; totalCents: number }, refunded: number) => ({
  id: `ch_${intentId}`,
  object: 'charge',
  payment_intent: intentId,
  amount: c.totalCents,
  amount_refunded: refunded,
  refunded: refunded >= c.totalCents,
  currency: 'usd',
  metadata: { donation: c.donationId },
});

export const DECLINE = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  type: 'card_error',
};

/** Delivers a body to the webhook as Stripe does; `signature` null sends no header. */
export function deliver(t: TestApp, body: string, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: `${V1}/stripe/webhook`,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
  });
}

/** Delivers an event signed by the sandbox (now, or at `timestamp`). */
export function deliverSigned(t: TestApp, event: object, timestamp?: number) {
  const body = JSON.stringify(event);
  return deliver(t, body, sandboxOf(t).sign(body, timestamp));
}

/**
 * Records every status change of donations, payouts and transfers in `t_status_changes` (a test
 * table with a trigger), so a suite can count state changes exactly, however they were made.
 */
export async function auditStatusChanges(db: Db) {
  await db.execute(sql`create table if not exists t_status_changes (
    id serial primary key, tbl text not null, row_id int not null, old_status text, new_status text)`);
  await db.execute(sql`create or replace function t_audit_status() returns trigger language plpgsql as $$
    begin
      if old.status is distinct from new.status then
        insert into t_status_changes (tbl, row_id, old_status, new_status)
          values (tg_table_name, new.id, old.status::text, new.status::text);
      end if;
      return new;
    end $$`);
  for (const table of ['donations', 'payouts', 'transfers']) {
    await db.execute(sql.raw(`drop trigger if exists t_audit_${table} on ${table}`));
    await db.execute(
      sql.raw(
        `create trigger t_audit_${table} after update on ${table} for each row execute function t_audit_status()`,
      ),
    );
  }
}

/** Status changes recorded for one row (see auditStatusChanges). */
export const statusChanges = (db: Db, table: string, id: number) =>
  count(db, sql`select count(*)::int as n from t_status_changes where tbl = ${table} and row_id = ${id}`);

/** Effects a donation has had: completions, refunds, ledger transactions, receipts, status changes. */
export async function effectsOf(db: Db, donationId: number) {
  const n = (q: ReturnType<typeof sql>) => count(db, q);
  return {
    completions: await n(
      sql`select count(*)::int as n from donation_events where donation_id = ${donationId} and kind = 'succeeded'`,
    ),
    refundEvents: await n(
      sql`select count(*)::int as n from donation_events where donation_id = ${donationId} and kind = 'refunded'`,
    ),
    ledger: await n(sql`select count(*)::int as n from ledger_transactions where donation_id = ${donationId}`),
    receipts: await n(
      sql`select count(*)::int as n from emails where template = 'donation-receipt'
        and (meta->>'donationId')::int = ${donationId}`,
    ),
    statusChanges: await n(
      sql`select count(*)::int as n from t_status_changes where tbl = 'donations' and row_id = ${donationId}`,
    ),
  };
}

/** Connects the node's payout account (as `call`, a Super Admin) and returns its id. */
export async function payoutAccount(call: (o: InjectOptions) => Promise<LightMyRequestResponse>, orgId: number) {
  const res = await call({
    method: 'POST',
    url: `${V1}/admin/stripe/complete-setup`,
    payload: { organizationId: orgId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.accountId as string;
}

/** Every table a donation or payout call can write (the refused-call checks compare them). */
export const MONEY_TABLES = [
  'donations',
  'donation_events',
  'refunds',
  'donors',
  'payout_accounts',
  'transfers',
  'payouts',
  'ledger_transactions',
  'ledger_entries',
  'emails',
  'sandbox_objects',
];

/** One hash of every row of `tables`: equal before and after means the call wrote nothing there. */
export async function moneyFingerprint(db: Db, tables: readonly string[] = MONEY_TABLES): Promise<string> {
  const parts = tables.map((tbl) => `select '${tbl}' || md5(x::text) as h from ${tbl} x`).join(' union all ');
  const res = (await db.execute(
    sql.raw(`select md5(string_agg(h, ',' order by h)) as fp from (${parts}) s`),
  )) as unknown as { rows: { fp: string | null }[] };
  return res.rows[0]!.fp ?? '';
}
