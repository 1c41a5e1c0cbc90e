/**
 * The one place every optional e-mail's sender asks (issue 18, decision 023):
 * - whether a user wants a topic (`notification_preferences`, no row = the topic's default), in
 *   SQL (`optedInSql`, for senders that pick their recipients in one query) or one user at a time;
 * - the language to write in (`users.email_language`, else the console language);
 * - the one-click unsubscribe link: `/unsubscribe?t=<token>`, where the token names the user and
 *   the topic and is signed with HMAC-SHA256 under a key derived from the instance key for this
 *   purpose only (so no other token of the product verifies as one, and it verifies as nothing
 *   else). It does not expire: a mailbox keeps old e-mails, and their link must still work (RFC
 *   8058 asks for a link that works without sign-in; the law asks for at least 30 days). What it
 *   can do is bounded: turn one topic off for one user, which the user can undo in the console.
 * The footer and the `List-Unsubscribe` headers (`withUnsubscribe`) ride on every optional e-mail.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationTopic, type NotificationTopicId, topicById } from '@fc/contracts';
import { type Queryable, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../providers/mail/index.js';
import { escapeHtml } from './html.js';

export type EmailLang = 'en' | 'es';

/** The unsubscribe links' own key: HMAC of the instance key with this purpose's label. */
const keys = new WeakMap<Uint8Array, Buffer>();
function unsubscribeKey(jwtKey: Uint8Array): Buffer {
  let key = keys.get(jwtKey);
  if (!key) {
    key = createHmac('sha256', jwtKey).update('fc/notification-unsubscribe-link/v1').digest();
    keys.set(jwtKey, key);
  }
  return key;
}

const mac = (jwtKey: Uint8Array, body: string) =>
  createHmac('sha256', unsubscribeKey(jwtKey)).update(`unsubscribe\0${body}`).digest('base64url');

/** `<userId>.<topic>.<signature>`: what the link carries. */
export function signUnsubscribe(jwtKey: Uint8Array, userId: number, topic: NotificationTopicId): string {
  const body = `${userId}.${topic}`;
  return `${body}.${mac(jwtKey, body)}`;
}

/** The user and topic a token names, or null when it is malformed or its signature is not ours. */
export function verifyUnsubscribe(
  jwtKey: Uint8Array,
  token: string,
): { userId: number; topic: NotificationTopicId } | null {
  const m = /^([1-9][0-9]{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id = '', topic = '', sig = ''] = m;
  if (!isNotificationTopic(topic)) return null;
  const want = Buffer.from(mac(jwtKey, `${id}.${topic}`));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const userId = Number(id);
  return userId <= 2147483647 ? { userId, topic } : null;
}

export const unsubscribeUrl = (app: FastifyInstance, userId: number, topic: NotificationTopicId) =>
  `${app.env.PUBLIC_URL.replace(/\/$/, '')}/unsubscribe?t=${signUnsubscribe(app.jwtKey, userId, topic)}`;

/** True (SQL) when the user `userId` (an SQL expression) wants `topic`. */
export const optedInSql = (userId: SQL, topic: NotificationTopicId) =>
  sql`coalesce((select np.enabled from notification_preferences np
    where np.user_id = ${userId} and np.topic = ${topic}), ${topicById(topic).defaultOn})`;

/** The language a user's e-mails are written in (SQL over alias `u` of users). */
export const emailLangSql = sql`coalesce(u.email_language, u.language)`;

export const asLang = (v: unknown): EmailLang => (v === 'es' ? 'es' : 'en');

export interface OptedInRecipient {
  userId: number;
  email: string;
  firstName: string;
  lang: EmailLang;
}

/** Of these users, the live ones who want `topic`, with their address and e-mail language. */
export async function optedInRecipients(
  db: Queryable,
  userIds: readonly number[],
  topic: NotificationTopicId,
): Promise<OptedInRecipient[]> {
  const ids = [...new Set(userIds)].filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return [];
  const list = await rows<{ id: number; email: string; first_name: string; lang: string }>(
    db,
    sql`select u.id, u.email, u.first_name, ${emailLangSql} as lang from users u
      where u.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and u.deleted_at is null and u.status <> 'disabled' and ${optedInSql(sql`u.id`, topic)}
      order by u.id`,
  );
  return list.map((r) => ({ userId: Number(r.id), email: r.email, firstName: r.first_name, lang: asLang(r.lang) }));
}

/** Whether one user wants a topic (no row: the topic's default). */
export async function wantsTopic(db: Queryable, userId: number, topic: NotificationTopicId): Promise<boolean> {
  const [r] = await rows<{ on: boolean }>(db, sql`select ${optedInSql(sql`${userId}::int`, topic)} as on`);
  return r?.on === true;
}

const FOOTER: Record<EmailLang, { why: Record<NotificationTopicId, string>; stop: string; all: string }> = {
  en: {
    why: {
      gift_to_player: 'You receive this e-mail because you chose to hear about each gift to your player.',
      at_risk_nudge: 'You receive this e-mail because you chose to get reminders about your player’s page.',
      daily_summary: 'You receive this e-mail because you chose a daily summary of your organization.',
      product_news: 'You receive this e-mail because you chose to get product news.',
    },
    stop: 'Stop these e-mails (one click, no sign-in needed)',
    all: 'Choose all your e-mails in Account settings',
  },
  es: {
    why: {
      gift_to_player: 'Recibes este correo porque elegiste saber de cada donación a tu jugador.',
      at_risk_nudge: 'Recibes este correo porque elegiste recibir recordatorios sobre la página de tu jugador.',
      daily_summary: 'Recibes este correo porque elegiste un resumen diario de tu organización.',
      product_news: 'Recibes este correo porque elegiste recibir novedades del producto.',
    },
    stop: 'Dejar de recibir estos correos (un clic, sin iniciar sesión)',
    all: 'Elige todos tus correos en Configuración de la cuenta',
  },
};

/**
 * An optional e-mail with its unsubscribe footer (text and HTML) and the `List-Unsubscribe`
 * link the transports turn into headers (RFC 2369 and RFC 8058 one-click).
 */
export function withUnsubscribe<M extends Pick<MailMessage, 'text' | 'html'>>(
  app: FastifyInstance,
  mail: M,
  to: { userId: number; lang: EmailLang },
  topic: NotificationTopicId,
): M & { listUnsubscribe: string } {
  const url = unsubscribeUrl(app, to.userId, topic);
  const settings = `${app.env.PUBLIC_URL.replace(/\/$/, '')}/pages/account-settings?tab=notifications`;
  const f = FOOTER[to.lang];
  const text = `${mail.text}\n\n--\n${f.why[topic]}\n${f.stop}: ${url}\n${f.all}: ${settings}`;
  const html =
    mail.html === undefined
      ? undefined
      : `${mail.html}\n<hr><p style="font-size:12px;color:#555">${escapeHtml(f.why[topic])}<br><a href="${escapeHtml(url)}">${escapeHtml(f.stop)}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(f.all)}</a></p>`;
  return { ...mail, text, ...(html === undefined ? {} : { html }), listUnsubscribe: url };
}
