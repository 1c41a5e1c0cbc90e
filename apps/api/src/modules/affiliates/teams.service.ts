/**
 * Team commissions (decision 018 "Teams"): approving a registration that came through an affiliate
 * link makes one conversion (unique `registration_id`); it earns the program's flat amount once
 * the team (its node and everything below it, `org_rollups.raised_cents`: the kept totals every
 * dashboard shows) has raised the program's `team_qualify_cents` (0 = at approval). Two jobs move
 * conversions on: qualification, and pending → approved when due. Each is one `update … where`
 * that re-checks its condition on the locked row, so two instances running it at once change
 * each conversion once.
 */
import { firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { programFor } from './commissions.service.js';

/**
 * Called inside the approval's transaction (the registration row is locked there). Nothing when
 * the registration has no affiliate, the affiliate is not active (paused or disabled), has no team
 * program, or is the registrant (self-referral).
 */
export async function creditTeam(tx: Tx, registrationId: number, teamId: number): Promise<boolean> {
  const r = await firstRow<{
    affiliate_id: number | null;
    affiliate_click_id: number | null;
    registrant_user_id: number;
    registrant_email: string | null;
  }>(
    tx,
    sql`select r.affiliate_id, r.affiliate_click_id, r.registrant_user_id, u.email as registrant_email
      from team_registrations r left join users u on u.id = r.registrant_user_id where r.id = ${registrationId}`,
  );
  if (!r?.affiliate_id) return false;
  const a = await firstRow<{ id: number; email: string; user_id: number | null }>(
    tx,
    sql`select id, email, user_id from affiliates where id = ${r.affiliate_id} and status = 'active'`,
  );
  if (!a) return false;
  const self =
    a.user_id === r.registrant_user_id || (r.registrant_email ?? '').trim().toLowerCase() === a.email.toLowerCase();
  if (self) return false;
  const program = await programFor(tx, a.id, 'team');
  if (!program) return false;
  const now = program.team_qualify_cents === 0;
  const inserted = await firstRow<{ id: number }>(
    tx,
    sql`insert into affiliate_conversions (affiliate_id, program_id, kind, source, registration_id, organization_id,
        click_id, base_cents, commission_cents, status, qualified_at, due_at)
      values (${a.id}, ${program.id}, 'team', 'link', ${registrationId}, ${teamId}, ${r.affiliate_click_id},
        ${now ? sql`coalesce((select raised_cents from org_rollups where organization_id = ${teamId}), 0)` : 0},
        ${now ? program.team_flat_cents : 0}, 'pending', ${now ? sql`now()` : null},
        ${now ? sql`now() + make_interval(days => ${program.due_days})` : null})
      on conflict (registration_id) do nothing returning id`,
  );
  return inserted !== undefined;
}

/** Job: pending team conversions whose team raised at least the program's amount earn the flat amount. */
export async function qualifyTeamConversions(app: FastifyInstance, now: Date): Promise<number> {
  const done = await app.db.execute(sql`update affiliate_conversions c
      set qualified_at = ${now}, commission_cents = p.team_flat_cents, base_cents = r.raised_cents,
        due_at = ${now}::timestamptz + make_interval(days => p.due_days), updated_at = ${now}
      from affiliate_programs p, org_rollups r
      where c.kind = 'team' and c.status = 'pending' and c.qualified_at is null
        and p.id = c.program_id and r.organization_id = c.organization_id
        and r.raised_cents >= p.team_qualify_cents
      returning c.id`);
  return (done as unknown as { rows: unknown[] }).rows.length;
}

/** Job: pending conversions whose due date has come are approved (payable). */
export async function approveDueConversions(app: FastifyInstance, now: Date): Promise<number> {
  const done = await app.db.execute(sql`update affiliate_conversions
      set status = 'approved', approved_at = ${now}, updated_at = ${now}
      where status = 'pending' and due_at is not null and due_at <= ${now}
      returning id`);
  return (done as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The campaign an approved registration created is deleted (decision 018 "States"): its team
 * conversion is voided; one already paid keeps its amount as a clawback for the next payment.
 */
export async function voidTeamConversionsOfCampaign(tx: Tx, campaignId: number): Promise<void> {
  await tx.execute(sql`update affiliate_conversions
      set status = 'voided', voided_at = now(), void_reason = 'campaign_deleted', updated_at = now(),
        clawback_cents = case when status = 'paid' then commission_cents else clawback_cents end
      where status <> 'voided' and kind = 'team'
        and registration_id in (select id from team_registrations where created_campaign_id = ${campaignId})`);
}
