/**
 * `GET /dashboards/fundraiser` (issue 13): a family's dashboard: each of their players (players
 * whose guardian is the signed-in parent, as modules/fundraisers finds them) in each campaign
 * they are on, with raised (net of counting gifts on the player's page) against the player's goal
 * (their own, else the campaign's player goal), donors, contacts by status and the next step.
 *
 * `playerSlug` is the player's page in that campaign (`/fundraisers/{slug}`, what the share tools
 * link to), i.e. the campaign fundraiser row's slug.
 *
 * nextStep, the first that applies:
 * 1. campaign not active: thank_donors when someone gave, else done;
 * 2. accept: the campaign invitation is not accepted yet (`accepted_at`);
 * 3. add_contacts: fewer than AT_RISK_RULES.minContacts contacts;
 * 4. invite_contacts: some contacts were never sent an invitation;
 * 5. thank_donors: the goal is reached (a goal is set);
 * 6. share: otherwise, share the page to reach the goal.
 */
import { AT_RISK_RULES, type FundraiserDashboard } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { cfTotalsLateral, counts } from '../campaigns/totals.js';
import { todayUtc } from './scope.js';

type Row = FundraiserDashboard['players'][number];

export function nextStep(r: Omit<Row, 'nextStep'>): Row['nextStep'] {
  if (r.campaignStatus !== 'active') return r.donors > 0 ? 'thank_donors' : 'done';
  if (!r.accepted) return 'accept';
  if (r.contacts.total < AT_RISK_RULES.minContacts) return 'add_contacts';
  if (r.contacts.invited < r.contacts.total) return 'invite_contacts';
  if (r.goalCents > 0 && r.raisedCents >= r.goalCents) return 'thank_donors';
  return 'share';
}

export async function fundraiserDashboard(app: FastifyInstance, p: Principal): Promise<FundraiserDashboard> {
  if (p.role !== 'fundraiser') throw forbidden('This dashboard is for families.');
  const today = todayUtc();
  const list = await rows(
    app.db,
    sql`select cf.id, pl.id as player_id, pl.first_name, pl.last_name, cf.slug as player_slug,
        c.id as campaign_id, c.title, c.slug as campaign_slug, c.status,
        to_char(c.end_date, 'YYYY-MM-DD') as end_date, c.end_date - ${today}::date as days_left,
        coalesce(cf.goal_cents, c.player_goal_cents, 0) as goal, t.raised_cents, t.donors,
        cf.accepted_at is not null as accepted, k.total, k.invited, k.opened, k.donated
      from players pl join campaign_fundraisers cf on cf.player_id = pl.id join campaigns c on c.id = cf.campaign_id
      join lateral ${cfTotalsLateral(sql`cf.id`)} t on true
      join lateral (select count(*) as total, count(fc.invited_at) as invited, count(fc.opened_at) as opened,
          count(*) filter (where exists (select 1 from donations d where d.campaign_fundraiser_id = cf.id
            and d.contact_id = fc.id and ${counts('d')})) as donated
        from fundraiser_contacts fc where fc.player_id = cf.player_id and fc.campaign_id = cf.campaign_id) k on true
      where pl.guardian_user_id = ${p.user.id}
      order by lower(pl.first_name), pl.id, (c.status = 'active') desc, c.end_date desc nulls first, c.id`,
  );
  return {
    players: list.map((r) => {
      const row: Omit<Row, 'nextStep'> = {
        campaignFundraiserId: Number(r.id),
        playerId: Number(r.player_id),
        playerName: `${r.first_name} ${r.last_name}`.trim(),
        playerSlug: String(r.player_slug),
        campaignId: Number(r.campaign_id),
        campaignTitle: String(r.title),
        campaignSlug: String(r.campaign_slug),
        campaignStatus: String(r.status),
        endDate: (r.end_date as string | null) ?? null,
        daysLeft: r.days_left == null ? null : Number(r.days_left),
        goalCents: Number(r.goal),
        raisedCents: Number(r.raised_cents),
        donors: Number(r.donors),
        contacts: {
          total: Number(r.total),
          invited: Number(r.invited),
          opened: Number(r.opened),
          donated: Number(r.donated),
        },
        accepted: r.accepted === true,
      };
      return { ...row, nextStep: nextStep(row) };
    }),
  };
}
