/** BAND accounts and team links: the rows (tokens only ever sealed, see tokens.ts). */
import { type Db, firstRow, type Queryable, rows } from '@fc/db';
import { sql } from 'drizzle-orm';

export interface AccountRow {
  id: number;
  user_id: number;
  band_user_key: string;
  name: string;
  access_token_enc: string;
  refresh_token_enc: string | null;
  access_expires_at: Date;
  status: 'valid' | 'expired';
  created_at: Date;
}

/** Raw SQL answers timestamps as Date on node-postgres and as text on PGlite: one shape here. */
export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const account = (r: AccountRow | undefined) =>
  r && { ...r, access_expires_at: asDate(r.access_expires_at), created_at: asDate(r.created_at) };

const ACCOUNT_COLUMNS = sql`id, user_id, band_user_key, name, access_token_enc, refresh_token_enc, access_expires_at,
  status, created_at`;

export const accountOfUser = async (db: Queryable, userId: number) =>
  account(await firstRow<AccountRow>(db, sql`select ${ACCOUNT_COLUMNS} from band_accounts where user_id = ${userId}`));

export const accountById = async (db: Queryable, id: number, forUpdate = false) =>
  account(
    await firstRow<AccountRow>(
      db,
      sql`select ${ACCOUNT_COLUMNS} from band_accounts where id = ${id} ${forUpdate ? sql`for update` : sql``}`,
    ),
  );

export const accountOfBandUser = async (db: Queryable, bandUserKey: string) =>
  account(
    await firstRow<AccountRow>(
      db,
      sql`select ${ACCOUNT_COLUMNS} from band_accounts where band_user_key = ${bandUserKey}`,
    ),
  );

export interface SealedTokens {
  accessEnc: string;
  refreshEnc: string | null;
  expiresAt: Date;
}

/** A new link; null when the user or that BAND account is linked already (the unique indexes say so). */
export async function insertAccount(
  db: Db,
  v: { userId: number; bandUserKey: string; name: string } & SealedTokens,
): Promise<number | null> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`insert into band_accounts (user_id, band_user_key, name, access_token_enc, refresh_token_enc, access_expires_at)
      values (${v.userId}, ${v.bandUserKey}, ${v.name.slice(0, 120)}, ${v.accessEnc}, ${v.refreshEnc}, ${v.expiresAt})
      on conflict do nothing returning id`,
  );
  return row?.id ?? null;
}

/**
 * The same BAND account linked again (after it expired): new tokens, valid again, and the posts of
 * its teams that failed only because it had expired go back to the queue.
 */
export const relinkAccount = (db: Db, id: number, name: string, t: SealedTokens) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`update band_accounts set name = ${name.slice(0, 120)}, access_token_enc = ${t.accessEnc},
      refresh_token_enc = ${t.refreshEnc}, access_expires_at = ${t.expiresAt}, status = 'valid', updated_at = now()
      where id = ${id}`);
    await tx.execute(sql`update band_posts p set status = 'queued', attempts = 0, next_attempt_at = now(),
        locked_until = null, updated_at = now()
      from band_team_links l
      where l.band_account_id = ${id} and p.organization_id = l.organization_id and p.status = 'failed'
        and p.last_error in ('BAND_ACCOUNT_EXPIRED', 'BAND_NOT_CONNECTED') and p.band_post_key is null`);
  });

export const storeRefreshed = (db: Queryable, id: number, t: SealedTokens) =>
  db.execute(sql`update band_accounts set access_token_enc = ${t.accessEnc},
    refresh_token_enc = coalesce(${t.refreshEnc}, refresh_token_enc), access_expires_at = ${t.expiresAt},
    status = 'valid', updated_at = now() where id = ${id}`);

export const markExpired = (db: Queryable, id: number) =>
  db.execute(
    sql`update band_accounts set status = 'expired', updated_at = now() where id = ${id} and status <> 'expired'`,
  );

/** Unlinks: the team links using it go with it (on delete cascade); their queued posts are cancelled. */
export async function deleteAccount(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const acc = await firstRow<{ id: number }>(
      tx,
      sql`select id from band_accounts where user_id = ${userId} for update`,
    );
    if (!acc) return false;
    await tx.execute(sql`update band_posts p set status = 'cancelled', last_error = 'BAND_NOT_CONNECTED',
        locked_until = null, updated_at = now()
      from band_team_links l
      where l.band_account_id = ${acc.id} and p.organization_id = l.organization_id and p.status = 'queued'`);
    await tx.execute(sql`delete from band_accounts where id = ${acc.id}`);
    return true;
  });
}

// Team links ------------------------------------------------------------------------------------

export interface TeamLinkRow {
  organization_id: number;
  band_account_id: number;
  band_key: string;
  band_name: string;
  linked_by: string | null;
  account_status: 'valid' | 'expired';
  created_at: Date;
}

export const teamLink = async (db: Queryable, organizationId: number) => {
  const r = await firstRow<TeamLinkRow>(
    db,
    sql`select l.organization_id, l.band_account_id, l.band_key, l.band_name, a.status as account_status,
        l.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as linked_by
      from band_team_links l join band_accounts a on a.id = l.band_account_id
      left join users u on u.id = l.linked_by_user_id
      where l.organization_id = ${organizationId}`,
  );
  return r && { ...r, created_at: asDate(r.created_at) };
};

/**
 * Links (or relinks) a team to a band. Posts that failed only because the previous link's account
 * expired or was disconnected go back to the queue, to go out through the new link.
 */
export async function upsertTeamLink(
  db: Db,
  v: { organizationId: number; accountId: number; bandKey: string; bandName: string; userId: number },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into band_team_links (organization_id, band_account_id, band_key, band_name, linked_by_user_id)
      values (${v.organizationId}, ${v.accountId}, ${v.bandKey}, ${v.bandName.slice(0, 200)}, ${v.userId})
      on conflict (organization_id) do update set band_account_id = excluded.band_account_id,
        band_key = excluded.band_key, band_name = excluded.band_name, linked_by_user_id = excluded.linked_by_user_id,
        created_at = now(), updated_at = now()`);
    await tx.execute(sql`update band_posts set status = 'queued', attempts = 0, next_attempt_at = now(),
        band_key = ${v.bandKey}, locked_until = null, updated_at = now()
      where organization_id = ${v.organizationId} and status = 'failed'
        and last_error in ('BAND_ACCOUNT_EXPIRED', 'BAND_NOT_CONNECTED') and band_post_key is null`);
  });
}

export async function deleteTeamLink(db: Db, organizationId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await rows(tx, sql`delete from band_team_links where organization_id = ${organizationId} returning 1`);
    if (gone.length)
      await tx.execute(sql`update band_posts set status = 'cancelled', last_error = 'BAND_NOT_CONNECTED',
          locked_until = null, updated_at = now()
        where organization_id = ${organizationId} and status = 'queued'`);
    return gone.length > 0;
  });
}
