/**
 * The bulk-message path (`POST /campaign_fundraisers/bulk_message`, invitations.ts) offered to
 * other modules (published in biome.json): the dashboards' nudge sends its reminders through the
 * same recipients, mail template and sender allowance, so a nudge can never go beyond the limits a
 * staff message has: batches of at most BULK_MESSAGE_BATCH families, MESSAGE_BATCHES_PER_WINDOW
 * batches per sender per 15 minutes, counted together with their bulk messages.
 */
import { BULK_MESSAGE_BATCH } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { reserve } from '../../lib/throttle.js';
import type { Principal } from '../../types.js';
import { renderMessage } from './emails.js';
import { base, MESSAGE_BATCHES_PER_WINDOW, messageAllowanceKey, type Recipient, recipients } from './invitations.js';

export type { Recipient as FamilyRecipient };
export { BULK_MESSAGE_BATCH as FAMILY_MESSAGE_BATCH };

/** The family of each campaign fundraiser row (its parent email, language and names). */
export const familyRecipients = (app: FastifyInstance, cfIds: number[]) => recipients(app, cfIds);

/**
 * Spends one batch of the sender's message allowance; false (nothing spent) once the window's
 * batches are used up. A batch covers at most FAMILY_MESSAGE_BATCH families.
 */
export async function reserveMessageBatch(app: FastifyInstance, p: Principal): Promise<boolean> {
  return (await reserve(app.db, [[messageAllowanceKey(p.user.id), MESSAGE_BATCHES_PER_WINDOW]])) !== null;
}

/**
 * Sends one family a message written for its language, as the bulk message does (same template,
 * footer with the player's page link and the sender). `write` gets the family's language.
 */
export async function sendFamilyMessage(
  app: FastifyInstance,
  p: Principal,
  r: Recipient,
  write: (lang: 'en' | 'es') => { subject: string; message: string },
  meta: Record<string, unknown> = {},
) {
  const sender = `${p.user.firstName} ${p.user.lastName}`.trim();
  const mail = renderMessage(r.lang, {
    ...r,
    ...write(r.lang),
    sender,
    pageLink: `${base(app)}/fundraisers/${r.slug}`,
  });
  await app.mail.send({
    to: r.email,
    ...mail,
    template: 'campaign_message',
    meta: { campaignId: r.campaignId, campaignFundraiserId: r.id, playerId: r.playerId, sentBy: p.user.id, ...meta },
  });
}
