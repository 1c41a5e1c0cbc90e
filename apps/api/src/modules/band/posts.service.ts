/**
 * Posts to a team's band (decision 021 "Posts"): whoever may update the team queues a post about
 * one of the team's campaigns (run by the team, a node above it or below it, or one its divisions
 * take part in); the server writes it (content.ts); the outbox sends it (jobs.ts). One post per
 * event: the event key is derived here (`team:{id}:{kind}:{campaignId}`) and unique in the
 * database, so asking again answers the post already queued.
 */
import type { BandPostBody } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { campaignTotalsLateral } from '../campaigns/totals.js';
import { assertCanUpdate, visibleNode } from '../orgs/orgs.service.js';
import { scopeAndAncestors } from '../orgs/tree.repository.js';
import * as accounts from './accounts.repository.js';
import { postContent } from './content.js';
import * as repo from './posts.repository.js';

/** Monday (UTC) of the week `at` falls in, as YYYY-MM-DD. */
const weekOf = (at: Date) => {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
};

/**
 * One post per event. A campaign is launched, reaches its goal and says thank-you once; the
 * at-risk nudge is about this week's players, so it may go once a week (decision 021).
 */
export const eventKeyOf = (organizationId: number, kind: string, campaignId: number, at = new Date()) =>
  kind === 'at_risk_nudge'
    ? `team:${organizationId}:${kind}:${campaignId}:${weekOf(at)}`
    : `team:${organizationId}:${kind}:${campaignId}`;

const campaignInvalid = () =>
  badRequest('BAND_CAMPAIGN_INVALID', "Choose one of this team's campaigns.", [
    { path: 'body.campaignId', message: "Not one of this team's campaigns" },
  ]);

async function teamCampaign(app: FastifyInstance, organizationId: number, campaignId: number) {
  const { scope, ancestors } = await scopeAndAncestors(app.db, organizationId);
  const related = [...new Set([...scope, ...ancestors, organizationId])];
  return firstRow<{ title: string; slug: string; goal_cents: number; raised_cents: number }>(
    app.db,
    sql`select c.title, c.slug, c.goal_cents, t.raised_cents from campaigns c
      left join lateral ${campaignTotalsLateral(sql`c.id`)} t on true
      where c.id = ${campaignId}
        and (c.organization_id in (${sql.join(
          related.map((id) => sql`${id}`),
          sql`, `,
        )})
          or exists (select 1 from campaign_divisions cd where cd.campaign_id = c.id
            and cd.organization_id in (${sql.join(
              scope.map((id) => sql`${id}`),
              sql`, `,
            )})))`,
  );
}

export async function queue(app: FastifyInstance, p: Principal, organizationId: number, body: BandPostBody) {
  await assertCanUpdate(app, p, organizationId);
  const link = await accounts.teamLink(app.db, organizationId);
  if (!link) throw conflict('BAND_TEAM_NOT_LINKED', 'Link this team to a band first.');
  const campaign = await teamCampaign(app, organizationId, body.campaignId);
  if (!campaign) throw campaignInvalid();
  const kind = body.kind;
  const content = postContent(
    kind,
    {
      title: campaign.title,
      slug: campaign.slug,
      goalCents: campaign.goal_cents,
      raisedCents: campaign.raised_cents ?? 0,
    },
    p.user.language,
    app.env.PUBLIC_URL,
    body.message,
  );
  const out = await repo.queuePost(app.db, {
    organizationId,
    bandKey: link.band_key,
    eventKey: eventKeyOf(organizationId, kind, body.campaignId),
    kind,
    content,
    doPush: body.doPush ?? false,
    userId: p.user.id,
  });
  if (out.created) app.log.info({ orgId: organizationId, postId: out.post.id, kind }, 'BAND post queued');
  return { ...out.post, created: out.created };
}

export async function list(app: FastifyInstance, p: Principal, organizationId: number, page: number, pageSize: number) {
  await visibleNode(app, p, organizationId);
  return repo.listPosts(app.db, organizationId, pageSize, (page - 1) * pageSize);
}
