/**
 * Payouts (spec §7 "Payments"): a node connects its payout account (`complete-setup`), the money
 * collected for it moves from the platform to that account (`processTransfers`) and from there to
 * its bank (`payout`). Every move is reserved in the ledger under a per-node advisory lock before
 * the provider is asked (with a key derived from our row), so concurrent requests cannot move the
 * same cents twice, and a refused move is booked back.
 *
 * Who: reading a node's balances needs read access to its donations; connecting and moving money
 * needs `update` on the node too (its admins; Super Admin everywhere).
 */
import type { PayoutAccount, PayoutOverview } from '@fc/contracts';
import { formatMoney } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { scopedSql } from '../campaigns/campaigns.access.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { canOnNode } from '../orgs/orgs.access.js';
import { visibleNode } from '../orgs/orgs.service.js';
import { ACCOUNTS, type Account, balances, book } from './ledger.js';
import type { AccountRow, MoveKind } from './payouts.repository.js';
import * as repo from './payouts.repository.js';

async function access(app: FastifyInstance, p: Principal, organizationId: number) {
  const node = await visibleNode(app, p, organizationId);
  if (!(await repo.holds(app.db, scopedSql(p, 'read', 'donations', sql`${organizationId}::int`))))
    throw forbidden('You cannot see the money of this organization.');
  return { node, manage: canOnNode(p, 'update', node) };
}

const accountOf = async (app: FastifyInstance, organizationId: number) =>
  (await repo.accountOfNode(app.db, organizationId)) ?? null;

const toAccount = (a: AccountRow, onboardingUrl: string | null): PayoutAccount => ({
  organizationId: a.organization_id,
  provider: a.provider as PayoutAccount['provider'],
  accountId: a.account_id,
  status: a.status,
  onboardingUrl,
});

export async function overview(app: FastifyInstance, p: Principal, organizationId: number): Promise<PayoutOverview> {
  const { manage } = await access(app, p, organizationId);
  const account = await accountOf(app, organizationId);
  const transfers = await repo.recentTransfers(app.db, organizationId);
  const payouts = await repo.recentPayouts(app.db, organizationId);
  const b = await balances(app.db, organizationId);
  const verified = account?.status === 'verified';
  return {
    organizationId,
    account: account ? toAccount(account, null) : null,
    balances: b,
    transfers: transfers.map((t) => ({
      id: Number(t.id),
      amountCents: Number(t.amount_cents),
      status: String(t.status),
      providerTransferId: (t.provider_transfer_id as string | null) ?? null,
      failureMessage: (t.failure_message as string | null) ?? null,
      createdAt: iso(t.created_at) ?? '',
    })),
    payouts: payouts.map((t) => ({
      id: Number(t.id),
      amountCents: Number(t.amount_cents),
      status: String(t.status),
      providerPayoutId: (t.provider_payout_id as string | null) ?? null,
      arrivalDate: (t.arrival_date as string | null) ?? null,
      failureMessage: (t.failure_message as string | null) ?? null,
      createdAt: iso(t.created_at) ?? '',
    })),
    can: {
      setup: manage && account?.status !== 'verified',
      transfer: manage && verified && b.pendingCents > 0,
      payout: manage && verified && b.availableCents > 0,
    },
  };
}

/** `POST /admin/stripe/complete-setup`: opens the node's payout account, or refreshes its status. */
export async function completeSetup(
  app: FastifyInstance,
  p: Principal,
  organizationId: number,
): Promise<PayoutAccount> {
  const { node, manage } = await access(app, p, organizationId);
  if (!manage) throw forbidden("Only the organization's admins can connect its payout account.");
  const existing = await accountOf(app, organizationId);
  const info = existing
    ? await app.payments.accountStatus(existing.account_id)
    : await app.payments.createAccount(
        { organizationId, name: node.name, email: node.contactEmail },
        `org-${organizationId}-payout-account`,
      );
  const row = await repo.saveAccount(app.db, {
    organizationId,
    provider: app.payments.kind,
    accountId: info.accountId,
    status: info.status,
    userId: p.user.id,
  });
  return toAccount(row, info.onboardingUrl);
}

/** The verified account named by `accountId` that the caller may move money for. */
async function movableAccount(app: FastifyInstance, p: Principal, accountId: string) {
  const a = await repo.accountById(app.db, accountId);
  if (!a) throw notFound('No payout account with this id.', 'ACCOUNT_NOT_FOUND');
  const { manage } = await access(app, p, a.organization_id);
  if (!manage) throw forbidden("Only the organization's admins can move its money.");
  if (a.status !== 'verified')
    throw conflict('ACCOUNT_NOT_VERIFIED', 'The payout account is not verified yet: finish its verification first.');
  return a;
}

/**
 * Reserves `amount` (or everything when undefined) of `from` for a move, under the node's lock.
 * Returns the move's row id and amount, or throws 409 when there is nothing to move.
 */
async function reserve(
  app: FastifyInstance,
  kind: MoveKind,
  a: AccountRow,
  p: Principal,
  from: Account,
  to: Account,
  amount: number | undefined,
) {
  return app.db.transaction(async (tx) => {
    await repo.lockNodeMoney(tx, a.organization_id);
    const b = await balances(tx, a.organization_id);
    const have = from === ACCOUNTS.orgPending ? b.pendingCents : b.availableCents;
    const move = amount ?? have;
    if (have <= 0 || move <= 0)
      throw conflict(
        'NOTHING_TO_MOVE',
        kind === 'transfer' ? 'There are no pending funds to transfer.' : 'There is no available balance to pay out.',
      );
    if (move > have) throw conflict('INSUFFICIENT_BALANCE', `Only ${formatMoney(have, 'en')} is available.`);
    const id = await repo.insertMove(tx, kind, {
      organizationId: a.organization_id,
      accountId: a.account_id,
      amountCents: move,
      userId: p.user.id,
    });
    await book(tx, {
      key: `${kind}:${id}`,
      kind,
      organizationId: a.organization_id,
      ...(kind === 'transfer' ? { transferId: id } : { payoutId: id }),
      entries: [
        { account: from, organizationId: a.organization_id, amountCents: -move },
        { account: to, organizationId: a.organization_id, amountCents: move },
      ],
    });
    return { id, move };
  });
}

async function settle(
  app: FastifyInstance,
  kind: MoveKind,
  a: AccountRow,
  r: { id: number; move: number },
  from: Account,
  to: Account,
  call: () => Promise<{ id: string; status: string; arrivalDate: string | null }>,
) {
  try {
    const done = await call();
    await app.db.transaction((tx) => repo.settleMove(tx, kind, r.id, done));
  } catch (err) {
    await app.db.transaction(async (tx) => {
      await repo.failMove(tx, kind, r.id, (err as Error).message);
      await book(tx, {
        key: `${kind}:${r.id}:failed`,
        kind,
        organizationId: a.organization_id,
        ...(kind === 'transfer' ? { transferId: r.id } : { payoutId: r.id }),
        entries: [
          { account: to, organizationId: a.organization_id, amountCents: -r.move },
          { account: from, organizationId: a.organization_id, amountCents: r.move },
        ],
      });
    });
    throw err;
  }
}

/** `POST /stripe/processTransfers` (isEscrow false): everything pending goes to the node's account. */
export async function processTransfers(app: FastifyInstance, p: Principal, accountId: string) {
  const a = await movableAccount(app, p, accountId);
  const r = await reserve(app, 'transfer', a, p, ACCOUNTS.orgPending, ACCOUNTS.orgAvailable, undefined);
  await settle(app, 'transfer', a, r, ACCOUNTS.orgPending, ACCOUNTS.orgAvailable, () =>
    app.payments.transfer(
      { accountId: a.account_id, amountCents: r.move, transferGroup: `org-${a.organization_id}` },
      `transfer-${r.id}`,
    ),
  );
  return { data: await overview(app, p, a.organization_id), moved: r.move };
}

/** `POST /stripe/{stripeAccount}/payout`: the available balance (or part of it) to the bank. */
export async function payout(app: FastifyInstance, p: Principal, accountId: string, amount: number | undefined) {
  const a = await movableAccount(app, p, accountId);
  const r = await reserve(app, 'payout', a, p, ACCOUNTS.orgAvailable, ACCOUNTS.orgPaidOut, amount);
  await settle(app, 'payout', a, r, ACCOUNTS.orgAvailable, ACCOUNTS.orgPaidOut, () =>
    app.payments.payout({ accountId: a.account_id, amountCents: r.move }, `payout-${r.id}`),
  );
  return { data: await overview(app, p, a.organization_id), moved: r.move };
}
