/**
 * A user's notification choices (issue 18, decision 023): `GET /user/notifications` reads them
 * (every topic with its state and whether it applies to one of the user's roles), `PUT` changes a
 * part of them (the topics named, the e-mail language when given), and the unsubscribe link turns
 * one topic off. A choice is a row of `notification_preferences`; no row is the topic's default.
 */
import {
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationTopicId,
  topicApplies,
  type UpdateNotificationsBody,
} from '@fc/contracts';
import { firstRow, rows, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';

/**
 * Every role the user holds in any profile: the staff role, each membership's role, each profile
 * type, and `fundraiser` for the guardian of a player (a family account).
 */
export async function rolesOf(db: FastifyInstance['db'] | Tx, userId: number): Promise<string[]> {
  const list = await rows<{ role: string }>(
    db,
    sql`select staff_role as role from users where id = ${userId} and staff_role is not null
      union select role from organization_users where user_id = ${userId}
      union select type from user_profiles where user_id = ${userId}
      union select 'fundraiser' where exists (select 1 from players where guardian_user_id = ${userId})`,
  );
  return list.map((r) => r.role);
}

export async function readPreferences(app: FastifyInstance, userId: number): Promise<NotificationPreferences> {
  const user = await firstRow<{ language: string; email_language: string | null }>(
    app.db,
    sql`select language, email_language from users where id = ${userId} and deleted_at is null`,
  );
  if (!user) throw notFound('User not found.');
  const [roles, chosen] = await Promise.all([
    rolesOf(app.db, userId),
    rows<{ topic: string; enabled: boolean }>(
      app.db,
      sql`select topic, enabled from notification_preferences where user_id = ${userId}`,
    ),
  ]);
  const byTopic = new Map(chosen.map((c) => [c.topic, c.enabled]));
  return {
    emailLanguage: user.email_language === 'es' || user.email_language === 'en' ? user.email_language : null,
    language: user.language === 'es' ? 'es' : 'en',
    topics: NOTIFICATION_TOPICS.map((t) => ({
      id: t.id,
      enabled: byTopic.get(t.id) ?? t.defaultOn,
      applies: topicApplies(t, roles),
    })),
  };
}

/** Records one choice (insert or replace). */
export const setTopic = (
  db: FastifyInstance['db'] | Tx,
  userId: number,
  topic: NotificationTopicId,
  enabled: boolean,
) =>
  db.execute(sql`insert into notification_preferences (user_id, topic, enabled, updated_at)
    values (${userId}, ${topic}, ${enabled}, now())
    on conflict (user_id, topic) do update set enabled = excluded.enabled, updated_at = now()`);

/**
 * A partial update. A topic that applies to none of the user's roles is refused (400 naming it),
 * and so nothing of the request is saved; the topic names were checked by the schema.
 */
export async function updatePreferences(
  app: FastifyInstance,
  userId: number,
  body: UpdateNotificationsBody,
): Promise<NotificationPreferences> {
  const roles = await rolesOf(app.db, userId);
  const topics = Object.entries(body.topics ?? {}) as [NotificationTopicId, boolean][];
  const refused = topics.filter(([id]) => !topicApplies(NOTIFICATION_TOPICS.find((t) => t.id === id)!, roles));
  if (refused.length)
    throw badRequest(
      'NOTIFICATION_TOPIC_NOT_APPLICABLE',
      'These e-mails do not apply to your account.',
      refused.map(([id]) => ({ path: `body.topics.${id}`, message: `"${id}" does not apply to your roles` })),
    );
  await app.db.transaction(async (tx) => {
    for (const [id, enabled] of topics) await setTopic(tx, userId, id, enabled);
    if (body.emailLanguage !== undefined)
      await tx.execute(sql`update users set email_language = ${body.emailLanguage}, updated_at = now()
        where id = ${userId}`);
  });
  return readPreferences(app, userId);
}
