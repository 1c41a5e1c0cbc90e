/** SQL over payout accounts, transfers and payouts (payouts.service.ts decides who may do what). */
import { type Db, firstRow, type Queryable, rows, type Tx } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';

export interface AccountRow {
  organization_id: number;
  provider: string;
  account_id: string;
  status: 'pending' | 'verified' | 'restricted';
}

export type MoveKind = 'transfer' | 'payout';
const tableOf = (kind: MoveKind) => (kind === 'transfer' ? sql`transfers` : sql`payouts`);

/** Whether `scope` (SQL over nothing but constants: the caller's read scope on the node) holds. */
export async function holds(db: Db, scope: SQL): Promise<boolean> {
  return (await firstRow<{ ok: boolean }>(db, sql`select (${scope}) as ok`))?.ok === true;
}

export const accountOfNode = (db: Db, organizationId: number) =>
  firstRow<AccountRow>(
    db,
    sql`select organization_id, provider, account_id, status from payout_accounts where organization_id = ${organizationId}`,
  );

export const accountById = (db: Db, accountId: string) =>
  firstRow<AccountRow>(
    db,
    sql`select organization_id, provider, account_id, status from payout_accounts where account_id = ${accountId}`,
  );

/**
 * The node's payout account, made or with its status refreshed. The table has two unique keys
 * (the node, and the provider's account), and an upsert arbitrates on one: two first setups of one
 * node at once (the same account id, from the provider's idempotency key) could both insert, and
 * one failed on the account's key (a 500 in 1 of 6 runs of 20 concurrent setups on PostgreSQL).
 * They queue on the node's lock instead, and the second one updates.
 */
export async function saveAccount(
  db: Db,
  a: { organizationId: number; provider: string; accountId: string; status: string; userId: number },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-account:${a.organizationId}`}))`);
    const [row] = await rows<AccountRow>(
      tx,
      sql`insert into payout_accounts (organization_id, provider, account_id, status, created_by_user_id)
        values (${a.organizationId}, ${a.provider}, ${a.accountId}, ${a.status}, ${a.userId})
        on conflict (organization_id) do update set status = excluded.status, updated_at = now()
        returning organization_id, provider, account_id, status`,
    );
    return row!;
  });
}

export const recentTransfers = (db: Db, organizationId: number) =>
  rows<Record<string, unknown>>(
    db,
    sql`select id, amount_cents, status, provider_transfer_id, failure_message, created_at from transfers
      where organization_id = ${organizationId} order by id desc limit 50`,
  );

export const recentPayouts = (db: Db, organizationId: number) =>
  rows<Record<string, unknown>>(
    db,
    sql`select id, amount_cents, status, provider_payout_id, arrival_date::text as arrival_date, failure_message, created_at
      from payouts where organization_id = ${organizationId} order by id desc limit 50`,
  );

/** The node's money lock, held to the end of the transaction (one move of its money at a time). */
export async function lockNodeMoney(tx: Tx, organizationId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payouts:${organizationId}`}))`);
}

export async function insertMove(
  tx: Tx,
  kind: MoveKind,
  m: { organizationId: number; accountId: string; amountCents: number; userId: number },
): Promise<number> {
  const [created] = await rows<{ id: number }>(
    tx,
    sql`insert into ${tableOf(kind)} (organization_id, account_id, amount_cents, created_by_user_id)
      values (${m.organizationId}, ${m.accountId}, ${m.amountCents}, ${m.userId}) returning id`,
  );
  return created!.id;
}

/** The provider's answer to a move: its status, its id and (a payout) its arrival date. */
export async function settleMove(
  db: Queryable,
  kind: MoveKind,
  id: number,
  done: { id: string; status: string; arrivalDate: string | null },
) {
  const idColumn = kind === 'transfer' ? sql`provider_transfer_id` : sql`provider_payout_id`;
  await db.execute(sql`update ${tableOf(kind)} set status = ${done.status === 'failed' ? 'failed' : done.status},
    ${idColumn} = ${done.id} ${kind === 'payout' ? sql`, arrival_date = ${done.arrivalDate}` : sql``} where id = ${id}`);
}

export async function failMove(tx: Tx, kind: MoveKind, id: number, message: string) {
  await tx.execute(sql`update ${tableOf(kind)} set status = 'failed', failure_message = ${message.slice(0, 300)}
    where id = ${id}`);
}
