/**
 * Campaign invitations, sent through the mail interface in the parent's language (en/es); the
 * families' recipients and the rows a caller may reach serve messages too (family-messages.ts).
 * Invitation tokens follow the convention in packages/contracts/src/onboarding.ts: a new
 * `randomToken()` per send, stored as its SHA-256 with a 30-day expiry (which retires the previous
 * link), `invited_at` set, and a link to `{PUBLIC_URL}/onboarding/campaign/accept-invite/{cfid}?token=...`.
 */
import { INVITE_TTL_DAYS, type RecipientResult } from '@fc/contracts';
import { campaignFundraisers, rows } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { days, fromNow } from '../../lib/time.js';
import type { Principal } from '../../types.js';
import * as repo from './campaigns.repository.js';
import { campaignFor } from './campaigns.service.js';
import { renderInvite } from './emails.js';
import { joinedSql, rowScopeSql } from './player-rows.js';

/** Everything an email to the family of campaign fundraiser rows needs. */
export async function recipients(app: FastifyInstance, cfIds: number[]) {
  if (cfIds.length === 0) return [];
  const list = await rows(
    app.db,
    sql`select cf.id, cf.slug, cf.campaign_id, cf.player_id, pl.first_name, pl.last_name,
        pl.email, pl.parent_first_name, gu.first_name as guardian_first_name,
        coalesce(gu.email_language, gu.language) as language,
        ${joinedSql} as joined,
        c.title, o.name as organization_name
      from campaign_fundraisers cf join players pl on pl.id = cf.player_id
      join campaigns c on c.id = cf.campaign_id join organizations o on o.id = c.organization_id
      left join users gu on gu.id = pl.guardian_user_id
      where cf.id in ${repo.idList(cfIds)}`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    campaignId: Number(r.campaign_id),
    playerId: Number(r.player_id),
    joined: r.joined === true,
    email: String(r.email),
    lang: r.language === 'es' ? ('es' as const) : ('en' as const),
    parentName: String(r.parent_first_name ?? r.guardian_first_name ?? ''),
    playerFirst: String(r.first_name),
    playerLast: String(r.last_name),
    campaignTitle: String(r.title),
    organizationName: String(r.organization_name),
  }));
}
export type Recipient = Awaited<ReturnType<typeof recipients>>[number];

export const base = (app: FastifyInstance) => app.env.PUBLIC_URL.replace(/\/$/, '');

async function sendInvite(app: FastifyInstance, r: Recipient) {
  const token = randomToken();
  await app.db
    .update(campaignFundraisers)
    .set({
      inviteTokenHash: sha256(token),
      inviteExpiresAt: fromNow(days(INVITE_TTL_DAYS)),
      invitedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(campaignFundraisers.id, r.id));
  const link = `${base(app)}/onboarding/campaign/accept-invite/${r.id}?token=${encodeURIComponent(token)}`;
  const mail = renderInvite(r.lang, { ...r, link, days: INVITE_TTL_DAYS });
  await app.mail.send({
    to: r.email,
    ...mail,
    template: 'campaign_invite',
    meta: { campaignId: r.campaignId, campaignFundraiserId: r.id, playerId: r.playerId },
  });
}

/**
 * Emails an invitation for each campaign fundraiser row (a new single-use link each time).
 * Returns how many were sent. Other modules (the player's page, onboarding) may call it too.
 */
export async function sendCampaignInvites(app: FastifyInstance, cfIds: number[]): Promise<number> {
  const list = await recipients(app, cfIds);
  for (const r of list) await sendInvite(app, r);
  return list.length;
}

/**
 * The rows named by `ids` that belong to the campaign and that the caller may change; the others
 * answer "not on this campaign" (whether they exist elsewhere is not revealed).
 */
export async function targets(app: FastifyInstance, p: Principal, campaignId: number, ids: number[]) {
  const c = await campaignFor(app, p, campaignId, 'players');
  const unique = [...new Set(ids)];
  const allowed = new Set(
    (
      await rows<{ id: number }>(
        app.db,
        sql`select cf.id from campaign_fundraisers cf join players pl on pl.id = cf.player_id
          where cf.campaign_id = ${campaignId} and cf.id in ${repo.idList(unique)} and ${rowScopeSql(p, c, 'update')}`,
      )
    ).map((r) => Number(r.id)),
  );
  const byId = new Map((await recipients(app, [...allowed])).map((r) => [r.id, r]));
  return unique.map((id) => ({ id, r: byId.get(id) }));
}

export const NOT_ON = 'Not on this campaign';

/** `POST /campaign_fundraisers/resend_invite`: a new invitation for each family not joined yet. */
export async function resendInvites(app: FastifyInstance, p: Principal, campaignId: number, ids: number[]) {
  const out: RecipientResult[] = [];
  for (const { id, r } of await targets(app, p, campaignId, ids)) {
    if (!r) out.push({ id, email: null, ok: false, error: NOT_ON });
    else if (r.joined) out.push({ id, email: r.email, ok: false, error: 'Already joined' });
    else {
      await sendInvite(app, r);
      out.push({ id, email: r.email, ok: true });
    }
  }
  return out;
}
