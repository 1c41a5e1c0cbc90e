/**
 * Who may see and change which campaign, player and contact. Like orgs.access.ts, everything
 * derives from the caller's CASL rules, translated to SQL over a node-id column, so lists and
 * single-record checks use the same condition and cannot disagree (RELIABILITY rows 1 and 2).
 *
 * Conditions the matrix produces for non-node subjects (abilities.ts):
 * - none                                   → every row;
 * - `{ organizationId: { $in: ids } }`     → the node column is in the caller's scope/ancestors;
 * - `{ salesUserIds: userId }`             → the node is at or under a team the caller sells;
 * - `{ guardianUserId | userId: userId }`  → the caller's own records (a family): `own` SQL.
 */
import type { Subject } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { inIdList } from '../../lib/id-array.js';
import { inSubtreeSql, subtreeRootOf, subtreeRuleRoot } from '../../lib/tree-scope.js';
import type { Principal } from '../../types.js';
import { ROLE_MATRIX } from '../abilities/matrix.js';

type Action = 'read' | 'update' | 'create' | 'delete';
type Cond = {
  organizationId?: { $in?: number[] };
  salesUserIds?: number;
  guardianUserId?: number;
  userId?: number;
  donorUserId?: number;
};

/** Nodes at or under the teams whose salesperson is `userId`. */
const soldNodesSql = (userId: number) => sql`(
  with recursive sold(id) as (
    select id from organizations where sales_user_id = ${userId}
    union all
    select o.id from organizations o join sold on o.parent_id = sold.id
  ) select id from sold)`;

/** A scope answer: every row, no row, or a condition. */
export type Scoped = 'all' | 'none' | SQL;
export const toSql = (s: Scoped): SQL => (s === 'all' ? sql`true` : s === 'none' ? sql`false` : s);
const or = (parts: Scoped[]): Scoped => {
  if (parts.includes('all')) return 'all';
  const conds = parts.filter((x): x is SQL => x !== 'none');
  return conds.length === 0 ? 'none' : sql`(${sql.join(conds, sql` or `)})`;
};

/**
 * When may the caller `action` a `subject` record attached to the node in `nodeColumn`? `own` is
 * the condition for the caller's own records (families); without it an `own` rule grants nothing.
 */
export function scoped(p: Principal, action: Action, subject: Subject, nodeColumn: SQL, own?: SQL): Scoped {
  const parts: Scoped[] = [];
  for (const rule of p.ability.rulesFor(action, subject)) {
    if (rule.inverted) continue;
    const c = rule.conditions as Cond | undefined;
    if (!c) return 'all';
    if (c.organizationId?.$in) {
      const ids = c.organizationId.$in;
      const root = subtreeRootOf(p, ids);
      // The caller's subtree is one indexed condition (decision 025); other lists keep their ids.
      parts.push(root !== null ? inSubtreeSql(nodeColumn, root) : ids.length ? inIdList(nodeColumn, ids) : 'none');
    } else if (typeof c.salesUserIds === 'number') {
      parts.push(sql`${nodeColumn} in ${soldNodesSql(c.salesUserIds)}`);
    } else if (
      typeof c.guardianUserId === 'number' ||
      typeof c.userId === 'number' ||
      typeof c.donorUserId === 'number'
    ) {
      if (own) parts.push(own);
    }
  }
  return or(parts);
}

/** The same as SQL (true / false / the condition). */
export const scopedSql = (p: Principal, action: Action, subject: Subject, nodeColumn: SQL, own?: SQL): SQL =>
  toSql(scoped(p, action, subject, nodeColumn, own));

/**
 * Campaigns the caller may read: the owner node, a node it is shared with, or a division taking
 * part is in scope; a family reads the campaigns its players are on.
 */
export function campaignReadableSql(p: Principal, alias = 'c'): SQL {
  return readable(p, alias, true);
}

/**
 * The same without the family clause: the caller reads the campaign as one of its organizers
 * (owner, shared or taking-part node in scope), which is what reports and family lists need.
 */
export function campaignOrganizerReadableSql(p: Principal, alias = 'c'): SQL {
  return readable(p, alias, false);
}

/** Does the caller's role read the campaigns of the nodes above its own (a Division Admin's)? */
const readsUpward = (p: Principal) =>
  ROLE_MATRIX[p.role].some((r) => r.scope === 'ancestors' && r.subject.includes('campaigns'));

/**
 * Decision 014: a campaign of a node above the caller's (its team, league, organization) is read
 * only when the caller's division takes part: the campaign names none of its divisions (open to
 * every division below it) or names one in the caller's scope (the `viaDivision` clause). A team
 * campaign of the other divisions shows their families, not the caller's.
 */
function upwardOnlyWhenOpen(p: Principal, c: ReturnType<typeof sql.identifier>, node: SQL, reach: Scoped): Scoped {
  if (reach === 'all' || reach === 'none' || !readsUpward(p)) return reach;
  const mine = p.organizationId != null ? inSubtreeSql(node, p.organizationId) : sql`false`;
  return sql`(${reach} and (${mine}
    or not exists (select 1 from campaign_divisions xcdo where xcdo.campaign_id = ${c}.id)))`;
}

function readable(p: Principal, alias: string, withFamily: boolean): SQL {
  const c = sql.identifier(alias);
  // Every rule is "my subtree" (the organization roles but a Division Admin's): owner, shares and
  // divisions are tested at once, on the campaign's kept scope (migration 0021, decision 027).
  const root = readsUpward(p) ? null : subtreeRuleRoot(p, 'read', 'campaigns');
  if (root !== null) return sql`${c}.scope_nodes @> array[${Math.trunc(root)}::int]`;
  const own = withFamily
    ? sql`exists (select 1 from campaign_fundraisers xcf join players xpl on xpl.id = xcf.player_id
    where xcf.campaign_id = ${c}.id and xpl.guardian_user_id = ${p.user.id})`
    : undefined;
  const owner = sql`${c}.organization_id`;
  const shared = sql`xoc.organization_id`;
  const direct = upwardOnlyWhenOpen(p, c, owner, scoped(p, 'read', 'campaigns', owner, own));
  const viaShare = upwardOnlyWhenOpen(p, c, shared, scoped(p, 'read', 'campaigns', shared));
  const viaDivision = scoped(p, 'read', 'campaigns', sql`xcd.organization_id`);
  return toSql(
    or([
      direct,
      viaShare === 'none'
        ? 'none'
        : sql`exists (select 1 from organization_campaigns xoc where xoc.campaign_id = ${c}.id and ${toSql(viaShare)})`,
      viaDivision === 'none'
        ? 'none'
        : sql`exists (select 1 from campaign_divisions xcd where xcd.campaign_id = ${c}.id and ${toSql(viaDivision)})`,
    ]),
  );
}

/** May edit the campaign itself (details, fee requests, sharing, logo, delete): its owner node. */
export function campaignWritableSql(p: Principal, alias = 'c'): SQL {
  return scopedSql(p, 'update', 'campaigns', sql`${sql.identifier(alias)}.organization_id`);
}

/**
 * May add players to the campaign, resend invitations and message its families: the owner node
 * or a node the campaign is shared with. (Which players may be added is checked separately:
 * only from rosters the caller manages.)
 */
export function campaignPlayersWritableSql(p: Principal, alias = 'c'): SQL {
  const c = sql.identifier(alias);
  const owner = scoped(p, 'update', 'campaigns', sql`${c}.organization_id`);
  const shared = scoped(p, 'update', 'campaigns', sql`xoc.organization_id`);
  return toSql(
    or([
      owner,
      shared === 'none'
        ? 'none'
        : sql`exists (select 1 from organization_campaigns xoc where xoc.campaign_id = ${c}.id and ${toSql(shared)})`,
    ]),
  );
}

/**
 * Players the caller may `action`: on a roster (division) the rule reaches, or the caller's own
 * (family) players. `alias` names the `players` row.
 */
export function playerScopedSql(p: Principal, action: Action, alias = 'pl'): SQL {
  const pl = sql.identifier(alias);
  // The organization roles: "on a roster in my subtree" is one condition on the player's kept
  // roster paths (migration 0020, decision 025), which the player search's index holds too.
  const root = subtreeRuleRoot(p, action, 'players');
  if (root !== null) return sql`${pl}.scope_nodes @> array[${root}::int]`;
  const staff = scoped(p, action, 'players', sql`xof.organization_id`);
  const own = scoped(p, action, 'players', sql`null`, sql`${pl}.guardian_user_id = ${p.user.id}`);
  return toSql(
    or([
      staff === 'all' || staff === 'none'
        ? staff
        : sql`exists (select 1 from organization_fundraisers xof where xof.player_id = ${pl}.id and ${staff})`,
      own,
    ]),
  );
}

/** Rosters (division ids in `divisionColumn`) the caller may add players from. */
export const rosterWritableSql = (p: Principal, divisionColumn: SQL) =>
  scopedSql(p, 'update', 'players', divisionColumn);
