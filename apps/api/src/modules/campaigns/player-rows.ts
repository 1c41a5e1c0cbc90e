/**
 * Which of a campaign's players a caller sees and changes, and their invitation status; shared by
 * the players list, removal, invitations and messages.
 *
 * The owner side (may edit the campaign) sees and changes every player on it; anyone else who
 * reads the campaign sees the players they may read themselves (a shared node's or a division's
 * own roster, a family's own children) and changes those they may update.
 *
 * Invitation status: `joined` when the invitation was accepted (`accepted_at`), or when the
 * player's parent already has an active account with a password: that family sees the campaign
 * under "My Campaigns" as soon as the player is added and has nothing left to accept.
 * `invited` when an invitation was sent (`invited_at`) and neither holds; else `not_invited`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../types.js';
import { playerScopedSql } from './campaigns.access.js';
import type { CampaignAccess } from './campaigns.repository.js';

/** Over `cf` (campaign_fundraisers) and `gu` (the parent's users row): has the family joined? */
export const joinedSql = sql`(cf.accepted_at is not null
  or (gu.password_hash is not null and gu.status = 'active' and gu.deleted_at is null))`;

export const inviteStatusSql = sql`(case when ${joinedSql} then 'joined'
  when cf.invited_at is not null then 'invited' else 'not_invited' end)`;

/** Rows of campaign `c` the caller sees (`read`) or may change (`update`), over players alias `pl`. */
export const rowScopeSql = (p: Principal, c: CampaignAccess, action: 'read' | 'update'): SQL =>
  c.canUpdate ? sql`true` : playerScopedSql(p, action, 'pl');
