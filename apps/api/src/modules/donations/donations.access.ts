/**
 * Who may see which donation (DECISIONS §3 "donations"), as SQL over a donation row `d`, from the
 * caller's CASL rules like campaigns.access.ts, so the list, the totals, the export, the detail
 * and the donor page share one condition (RELIABILITY rows 1 and 2):
 * - staff in a scope see donations credited to a node in it (the campaign's owner) or to a player
 *   on a roster in it (`division_id`), so a Division Admin sees the gifts to their players;
 * - a family (Fundraiser) sees the donations to its own players; a Donor sees the ones they gave
 *   while signed in, and those given signed out with their verified email (decision 012).
 * Writes (refunds, status changes, offline entries) need `update`/`create` on donations, which
 * only Super Admin holds.
 */
import { type SQL, sql } from 'drizzle-orm';
import { subtreeRuleRoot } from '../../lib/tree-scope.js';
import type { Principal } from '../../types.js';
import { scoped, toSql } from '../campaigns/campaigns.access.js';

export function donationReadableSql(p: Principal, alias = 'd', opts: { nodeColumnsOnly?: boolean } = {}): SQL {
  const d = sql.identifier(alias);
  // The organization roles: "owner node or division in my subtree" is one condition on the kept
  // union of both nodes' paths (migration 0020, decision 025), which the search's index holds too.
  // Rows that only have the two node columns (the kept totals of 0006) take the subtree's ids.
  const root = subtreeRuleRoot(p, 'read', 'donations');
  if (root !== null && !opts.nodeColumnsOnly) return sql`${d}.scope_nodes @> array[${root}::int]`;
  const own =
    p.role === 'fundraiser'
      ? sql`exists (select 1 from campaign_fundraisers xcf join players xpl on xpl.id = xcf.player_id
          where xcf.id = ${d}.campaign_fundraiser_id and xpl.guardian_user_id = ${p.user.id})`
      : // A donor's gifts: the ones given signed in, and the ones given signed out with the
        // account's email once it is verified (decision 012; emails are stored lowercased, so the
        // equality is case-insensitive and reads donations_email_idx). An unverified account's
        // subquery is null, and null matches nothing.
        sql`(${d}.donor_user_id = ${p.user.id} or ${d}.donor_email = (select lower(xu.email) from users xu
          where xu.id = ${p.user.id} and xu.email_confirmed_at is not null and xu.deleted_at is null))`;
  const byNode = scoped(p, 'read', 'donations', sql`${d}.organization_id`, own);
  if (byNode === 'all') return sql`true`;
  const byDivision = scoped(p, 'read', 'donations', sql`${d}.division_id`);
  if (byDivision === 'none') return toSql(byNode);
  return sql`(${toSql(byNode)} or (${d}.division_id is not null and ${toSql(byDivision)}))`;
}

/** Refunds and status changes: platform staff only (unconditional `update` on donations). */
export const canManageDonations = (p: Principal) =>
  p.ability.rulesFor('update', 'donations').some((r) => !r.inverted && !r.conditions);

/**
 * Re-sending a receipt e-mails the donor again, so reading the donation is not enough: only staff
 * who can manage donations (DECISIONS §3: platform staff; every other staff role only reads them)
 * and the donor themself (the signed-in account that gave it) may. A family reads the gifts to its
 * players and a scope's staff read its gifts, but neither may mail the donor.
 */
export const canResendReceipt = (p: Principal, donorUserId: number | null) =>
  canManageDonations(p) || (donorUserId !== null && donorUserId === p.user.id);
