/**
 * `POST /admin/notifications/product-news` (issue 18): a Super Admin's product news to every live
 * user who turned `product_news` on (it is off by default: marketing needs the reader's yes), each
 * in their e-mail language, with the one-click unsubscribe link. Stored in the outbox page by page
 * (one transaction per 200 readers, then delivered), so a failure part-way leaves whole pages.
 */
import { randomUUID } from 'node:crypto';
import type { ProductNewsBody } from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asLang, emailLangSql, optedInSql, withUnsubscribe } from '../../lib/notifications.js';
import type { Principal } from '../../types.js';
import { renderProductNews } from './emails.js';

const PAGE = 200;
export const PRODUCT_NEWS_TEMPLATE = 'product-news';

export async function sendProductNews(app: FastifyInstance, p: Principal, b: ProductNewsBody): Promise<number> {
  const newsId = randomUUID();
  let after = 0;
  let total = 0;
  for (;;) {
    const ids = await app.db.transaction(async (tx) => {
      const readers = await rows<{ id: number; email: string; first_name: string; lang: string }>(
        tx,
        sql`select u.id, u.email, u.first_name, ${emailLangSql} as lang from users u
          where u.id > ${after} and u.deleted_at is null and u.status = 'active'
            and ${optedInSql(sql`u.id`, 'product_news')}
          order by u.id limit ${PAGE}`,
      );
      const stored: number[] = [];
      for (const r of readers) {
        const lang = asLang(r.lang);
        const mail = renderProductNews(
          lang,
          r.first_name,
          lang === 'es' ? b.subjectEs : b.subjectEn,
          lang === 'es' ? b.messageEs : b.messageEn,
        );
        stored.push(
          await app.mail.enqueue(tx, {
            to: r.email,
            ...withUnsubscribe(app, mail, { userId: Number(r.id), lang }, 'product_news'),
            template: PRODUCT_NEWS_TEMPLATE,
            meta: { newsId, userId: Number(r.id), topic: 'product_news', sentBy: p.user.id },
          }),
        );
      }
      after = readers.length ? Number(readers[readers.length - 1]!.id) : after;
      return stored;
    });
    total += ids.length;
    if (ids.length) await app.mail.deliver(ids);
    if (ids.length < PAGE) break;
  }
  app.log.info({ newsId, recipients: total, sentBy: p.user.id }, 'product news sent');
  return total;
}
