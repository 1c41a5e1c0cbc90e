/**
 * The notifications module's published entry for other modules (biome.json, decision 015).
 *
 * `enqueueGiftNotice`: the `gift_to_player` e-mail (issue 18). The donations module calls it in
 * the transaction that completes a gift (the same place the receipt is claimed), so the notice
 * commits with the completion or not at all, and goes once per gift: a completion is claimed once
 * by the state machine, and here the notice is stored only when none was stored for this donation
 * yet, under a transaction-scoped advisory lock on the donation (a replayed or concurrent
 * completion finds the first one's row). It goes to the player's guardian account when they want
 * the topic, in their e-mail language, with the one-click unsubscribe link.
 */
import { firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { optedInRecipients, withUnsubscribe } from '../../lib/notifications.js';
import { renderGiftNotice } from './emails.js';

export const GIFT_NOTICE_TEMPLATE = 'gift-to-player';

export async function enqueueGiftNotice(
  app: FastifyInstance,
  tx: Tx,
  donationId: number,
  /** The caller completed the gift and writes its status last (donations' completeCard). */
  completing = false,
): Promise<number | null> {
  // A completing gift's row is written after this, in the same transaction (donations' settleCompletion).
  const paid = completing ? sql`true` : sql`d.status in (1, 3) and d.completed_at is not null`;
  const gift = await firstRow<{
    amount_cents: number | string;
    donor_first_name: string;
    anonymous: boolean;
    guardian: number | null;
    player_first: string;
    cf_slug: string;
    campaign_title: string;
  }>(
    tx,
    sql`select d.amount_cents, d.donor_first_name, d.anonymous, pl.guardian_user_id as guardian,
        pl.first_name as player_first, cf.slug as cf_slug, c.title as campaign_title
      from donations d
      join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
      join players pl on pl.id = cf.player_id
      join campaigns c on c.id = d.campaign_id
      where d.id = ${donationId} and d.kind = 'gift' and ${paid}`,
  );
  if (!gift?.guardian) return null;
  const [to] = await optedInRecipients(tx, [Number(gift.guardian)], 'gift_to_player');
  if (!to) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gift-notice:${donationId}`}))`);
  const sent = await firstRow(
    tx,
    sql`select 1 from emails where template = ${GIFT_NOTICE_TEMPLATE} and "to" = ${to.email}
      and meta ->> 'donationId' = ${String(donationId)}`,
  );
  if (sent) return null;
  const mail = renderGiftNotice(to.lang, {
    firstName: to.firstName,
    donorName: gift.anonymous ? null : gift.donor_first_name,
    amountCents: Number(gift.amount_cents),
    player: gift.player_first,
    campaign: gift.campaign_title,
    pageLink: `${app.env.PUBLIC_URL.replace(/\/$/, '')}/fundraisers/${gift.cf_slug}`,
  });
  return app.mail.enqueue(tx, {
    to: to.email,
    ...withUnsubscribe(app, mail, to, 'gift_to_player'),
    template: GIFT_NOTICE_TEMPLATE,
    meta: { donationId, userId: to.userId, topic: 'gift_to_player' },
  });
}
