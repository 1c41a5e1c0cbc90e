/**
 * Notification preferences (issue 18, decision 023): the optional e-mails a user may turn off, who
 * each applies to and whether it is on when the user never chose. Transactional e-mails (receipts,
 * password and sign-in links, invitations, refunds, registration decisions, messages a person
 * wrote) have no topic: they always go. A topic is stored per user in `notification_preferences`
 * only once the user chooses; no row means `defaultOn`.
 */
import { z } from 'zod';
import { languageSchema } from './auth.js';
import { ROLES, type Role } from './roles.js';

export const NOTIFICATION_TOPIC_IDS = ['gift_to_player', 'at_risk_nudge', 'daily_summary', 'product_news'] as const;
export type NotificationTopicId = (typeof NOTIFICATION_TOPIC_IDS)[number];

/** The organization roles that administer a node (a daily summary of its fundraising). */
export const NODE_ADMIN_ROLES = ['org_admin', 'league_admin', 'team_admin', 'division_admin'] as const;

export interface NotificationTopic {
  id: NotificationTopicId;
  /** The roles (any profile of the user) the topic applies to. */
  roles: readonly Role[];
  defaultOn: boolean;
}

export const NOTIFICATION_TOPICS: readonly NotificationTopic[] = [
  // A family: one e-mail for each completed gift to their player.
  { id: 'gift_to_player', roles: ['fundraiser'], defaultOn: true },
  // A family: the reminder a team's staff sends when their player's page is at risk.
  { id: 'at_risk_nudge', roles: ['fundraiser'], defaultOn: true },
  // A node's administrators: yesterday's fundraising of their node, once a day.
  { id: 'daily_summary', roles: NODE_ADMIN_ROLES, defaultOn: true },
  // Everyone: product news from the platform. Marketing: off until the user turns it on.
  { id: 'product_news', roles: ROLES, defaultOn: false },
];

export const isNotificationTopic = (id: string): id is NotificationTopicId =>
  (NOTIFICATION_TOPIC_IDS as readonly string[]).includes(id);

export const topicById = (id: NotificationTopicId): NotificationTopic =>
  NOTIFICATION_TOPICS.find((t) => t.id === id) as NotificationTopic;

/** Whether a topic applies to a user holding these roles. */
export const topicApplies = (topic: NotificationTopic, roles: readonly string[]) =>
  roles.some((r) => (topic.roles as readonly string[]).includes(r));

export const notificationTopicStateSchema = z.object({
  id: z.enum(NOTIFICATION_TOPIC_IDS),
  enabled: z.boolean(),
  /** The topic applies to one of the user's roles (the console shows only these). */
  applies: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  /** The language of the user's e-mails; null = the console language. */
  emailLanguage: languageSchema.nullable(),
  /** The console language, which e-mails use when `emailLanguage` is null. */
  language: languageSchema,
  topics: z.array(notificationTopicStateSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /user/notifications`: a partial update; a topic not named keeps its choice. */
export const updateNotificationsBodySchema = z.strictObject({
  emailLanguage: languageSchema.nullable().optional(),
  topics: z
    .record(z.string().max(40), z.boolean())
    .superRefine((topics, ctx) => {
      for (const id of Object.keys(topics))
        if (!isNotificationTopic(id))
          ctx.addIssue({ code: 'custom', path: [id], message: `Unknown notification topic "${id}".` });
    })
    .optional(),
});
export type UpdateNotificationsBody = z.infer<typeof updateNotificationsBodySchema>;

/** A Super Admin's product-news e-mail: a subject and a message in each language. */
export const productNewsBodySchema = z.strictObject({
  subjectEn: z.string().trim().min(3).max(150),
  messageEn: z.string().trim().min(10).max(5000),
  subjectEs: z.string().trim().min(3).max(150),
  messageEs: z.string().trim().min(10).max(5000),
});
export type ProductNewsBody = z.infer<typeof productNewsBodySchema>;
export const productNewsResultSchema = z.object({ recipients: z.number().int() });
