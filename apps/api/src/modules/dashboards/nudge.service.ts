/**
 * `POST /dashboards/nudge` (issue 13): reminds the families of players at risk, through the
 * bulk-message path (campaigns/family-messages.ts) and within its limits.
 *
 * For each campaign fundraiser row, in the order given (duplicates once):
 * - not_at_risk: not at risk now (players.repository.ts rules), its campaign not active, or a row
 *   the caller may not message (they edit neither its campaign nor the player's roster: said the
 *   same way, so a row out of reach is not revealed);
 * - no_family: the player has no live guardian account to write to;
 * - recently_nudged: this family (the guardian account, whoever sends it, whichever player) got a
 *   nudge in the last NUDGE_WINDOW_HOURS, this request's earlier rows included;
 * - opted_out: the family turned the at-risk reminders off (issue 18, notification preferences);
 * - limit: the sender's message allowance (shared with bulk messages) is spent;
 * - sent.
 * Families, donors and affiliates may not nudge (403).
 * Race safety: the `nudges` row is inserted under a transaction-scoped advisory lock per family,
 * only when no row of that family is inside the window, so two senders at once send one message.
 */
import { isOrgRole, NUDGE_WINDOW_HOURS, type NudgeResult } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.js';
import { wantsTopic } from '../../lib/notifications.js';
import type { Principal } from '../../types.js';
import {
  FAMILY_MESSAGE_BATCH,
  familyRecipients,
  reserveMessageBatch,
  sendFamilyMessage,
} from '../campaigns/family-messages.js';
import { manageSql } from './node.service.js';
import { nudgeText } from './nudge.emails.js';
import { type RiskRow, riskOf } from './players.repository.js';
import { todayUtc } from './scope.js';

/** Records the nudge unless the family had one within the window; true when recorded. */
async function claim(app: FastifyInstance, p: Principal, r: RiskRow, familyUserId: number): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nudge:family:${familyUserId}`}))`);
    const row = await firstRow(
      tx,
      sql`insert into nudges (campaign_fundraiser_id, family_user_id, reason, sent_by_user_id)
        select ${r.cfId}, ${familyUserId}, ${r.reasons[0] ?? 'not_accepted'}, ${p.user.id}
        where not exists (select 1 from nudges where family_user_id = ${familyUserId}
          and created_at > now() - ${`${NUDGE_WINDOW_HOURS} hours`}::interval)
        returning id`,
    );
    return row !== undefined;
  });
}

export async function nudge(app: FastifyInstance, p: Principal, ids: number[]): Promise<NudgeResult[]> {
  if (!isOrgRole(p.role) && p.role !== 'super_admin' && p.role !== 'fys_sales')
    throw forbidden('Only the staff of an organization can nudge families.');
  const today = todayUtc();
  const manage = manageSql(p);
  const outcome = new Map<number, NudgeResult['outcome']>();
  const candidates: { risk: RiskRow; family: number }[] = [];
  for (const id of [...new Set(ids)]) {
    const r = await riskOf(app.db, id, today, manage);
    if (!r?.canManage || !r.active || r.reasons.length === 0) outcome.set(id, 'not_at_risk');
    else if (r.guardianUserId === null) outcome.set(id, 'no_family');
    else if (r.lastNudgedAt !== null) outcome.set(id, 'recently_nudged');
    // The family turned the at-risk reminders off (issue 18): never sent, nothing spent.
    else if (!(await wantsTopic(app.db, r.guardianUserId, 'at_risk_nudge'))) outcome.set(id, 'opted_out');
    else candidates.push({ risk: r, family: r.guardianUserId });
  }
  for (let i = 0; i < candidates.length; i += FAMILY_MESSAGE_BATCH) {
    const batch = candidates.slice(i, i + FAMILY_MESSAGE_BATCH);
    if (!(await reserveMessageBatch(app, p))) {
      for (const c of candidates.slice(i)) outcome.set(c.risk.cfId, 'limit');
      break;
    }
    const recipients = new Map(
      (
        await familyRecipients(
          app,
          batch.map((c) => c.risk.cfId),
        )
      ).map((r) => [r.id, r]),
    );
    for (const { risk, family } of batch) {
      const to = recipients.get(risk.cfId);
      if (!to) {
        outcome.set(risk.cfId, 'no_family');
        continue;
      }
      if (!(await claim(app, p, risk, family))) {
        outcome.set(risk.cfId, 'recently_nudged');
        continue;
      }
      await sendFamilyMessage(
        app,
        p,
        to,
        (lang) => nudgeText(lang, to, risk.reasons),
        { nudge: true, reasons: risk.reasons },
        { userId: family, topic: 'at_risk_nudge' },
      );
      outcome.set(risk.cfId, 'sent');
    }
  }
  return [...outcome.keys()]
    .sort((a, b) => ids.indexOf(a) - ids.indexOf(b))
    .map((id) => ({ campaignFundraiserId: id, outcome: outcome.get(id)! }));
}
