/**
 * Messages to families: the bulk message (`POST /campaign_fundraisers/bulk_message`) and the path
 * it offers to other modules (published in biome.json): the dashboards' nudge sends its reminders
 * through the same recipients, mail template and sender allowance, so a nudge can never go beyond
 * the limits a staff message has: batches of at most BULK_MESSAGE_BATCH families,
 * MESSAGE_BATCHES_PER_WINDOW batches per sender per 15 minutes, counted together with their bulk
 * messages.
 */
import { BULK_MESSAGE_BATCH, type NotificationTopicId, type RecipientResult } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { withUnsubscribe } from '../../lib/notifications.js';
import { consumeAllowance, reserve } from '../../lib/throttle.js';
import type { Principal } from '../../types.js';
import { renderMessage } from './emails.js';
import { base, NOT_ON, type Recipient, recipients, targets } from './invitations.js';

export type { Recipient as FamilyRecipient };
export { BULK_MESSAGE_BATCH as FAMILY_MESSAGE_BATCH };

/**
 * Message batches one sender may send per 15 minutes: 40 batches of at most 25 families, so
 * 1,000 families, far above a season's needs and far below what would make us a spam source.
 */
export const MESSAGE_BATCHES_PER_WINDOW = 40;
/** The allowance key of a sender's message batches (bulk messages and dashboard nudges share it). */
const messageAllowanceKey = (userId: number) => `bulk_message:user:${userId}`;

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
 * footer with the player's page link and the sender). `write` gets the family's language. An
 * automatic message of an optional topic (the at-risk nudge, issue 18) names the guardian account
 * and the topic: it then carries that topic's one-click unsubscribe link (the caller checked the
 * choice).
 */
export async function sendFamilyMessage(
  app: FastifyInstance,
  p: Principal,
  r: Recipient,
  write: (lang: 'en' | 'es') => { subject: string; message: string },
  meta: Record<string, unknown> = {},
  optional?: { userId: number; topic: NotificationTopicId },
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
    ...(optional ? withUnsubscribe(app, mail, { userId: optional.userId, lang: r.lang }, optional.topic) : mail),
    template: 'campaign_message',
    meta: { campaignId: r.campaignId, campaignFundraiserId: r.id, playerId: r.playerId, sentBy: p.user.id, ...meta },
  });
}

/** `POST /campaign_fundraisers/bulk_message`: the staff's message to each family, with the player's page link. */
export async function bulkMessage(
  app: FastifyInstance,
  p: Principal,
  body: { campaignId: number; ids: number[]; subject: string; message: string },
) {
  const out: RecipientResult[] = [];
  const list = await targets(app, p, body.campaignId, body.ids);
  // Only once access is settled: a refused call never spends the sender's allowance.
  await consumeAllowance(
    app.db,
    messageAllowanceKey(p.user.id),
    MESSAGE_BATCHES_PER_WINDOW,
    'You have messaged many families in a short time. Please wait 15 minutes and send the rest.',
  );
  const text = { subject: body.subject, message: body.message };
  for (const { id, r } of list) {
    if (!r) {
      out.push({ id, email: null, ok: false, error: NOT_ON });
      continue;
    }
    await sendFamilyMessage(app, p, r, () => text);
    out.push({ id, email: r.email, ok: true });
  }
  return out;
}
