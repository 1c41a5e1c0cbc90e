/**
 * The `daily_summary` e-mail (issue 18): once a day, each administrator of a node (org, league,
 * team or division admin) who wants it gets yesterday's (UTC) fundraising of every node they
 * administer: that day's gifts and net from `org_money_daily`, and the all-time figures kept in
 * `org_rollups` (the dashboards' own sources, decisions 009 and 016).
 *
 * A background job of every instance (plugins/jobs.ts). Once per user and day, whatever the
 * number of instances: the message is stored under a transaction-scoped advisory lock on
 * (user, day), only when no summary of that day is stored for the user yet, so a second instance
 * waits for the first one's commit and then finds its row. The first tick of a day sends them.
 */
import { NODE_ADMIN_ROLES } from '@fc/contracts';
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asLang, emailLangSql, optedInSql, withUnsubscribe } from '../../lib/notifications.js';
import { days } from '../../lib/time.js';
import { renderDailySummary } from './emails.js';

export const DAILY_SUMMARY_TEMPLATE = 'daily-summary';
/** Most summaries one tick stores (the next tick goes on). */
const PER_TICK = 500;
const BATCH = 100;
/**
 * And at most this much of a tick's time: on the embedded database (one connection) 500 summaries
 * held it for 4.3 s on the scale data set, and the requests queued behind them waited seconds.
 */
const TICK_BUDGET_MS = 1000;

const adminRoles = sql.join(
  NODE_ADMIN_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/**
 * Not stored yet for this user and day, looked up per user through `emails_to_idx`. Written as a
 * scalar subquery on purpose: as a plain NOT EXISTS the planner made it an anti join against every
 * summary of the day (estimated at one row), compared with each user it scanned. Half-way through
 * the scale data set's 10,000 administrators one due batch took 6.6 s on PostgreSQL and 3.3 s on
 * PGlite (holding its one connection); this way it takes ~60 ms.
 */
const notSentSql = (day: string) =>
  sql`not (select exists (select 1 from emails e where e."to" = u.email and e.template = ${DAILY_SUMMARY_TEMPLATE}
    and e.meta ->> 'day' = ${day} and e.meta ->> 'userId' = u.id::text))`;

async function summarize(app: FastifyInstance, userId: number, day: string): Promise<number | null> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`daily-summary:${userId}:${day}`}))`);
    const u = await firstRow<{ id: number; email: string; first_name: string; lang: string }>(
      tx,
      sql`select u.id, u.email, u.first_name, ${emailLangSql} as lang from users u
        where u.id = ${userId} and u.deleted_at is null and u.status <> 'disabled'
          and ${optedInSql(sql`u.id`, 'daily_summary')} and ${notSentSql(day)}`,
    );
    if (!u) return null;
    const nodes = await rows<{
      name: string;
      gifts: number | string | null;
      net: number | string | null;
      raised: number | string | null;
      donors: number | null;
      active: number | null;
    }>(
      tx,
      sql`select o.name, m.gifts, m.net_cents as net, r.raised_cents as raised, r.donors, r.active_campaigns as active
        from organization_users ou join organizations o on o.id = ou.organization_id
        left join org_money_daily m on m.organization_id = o.id and m.day = ${day}::date
        left join org_rollups r on r.organization_id = o.id
        where ou.user_id = ${userId} and ou.role in (${adminRoles}) and o.status = 'active'
        order by o.type_id, o.name`,
    );
    if (!nodes.length) return null;
    const lang = asLang(u.lang);
    const mail = renderDailySummary(
      lang,
      u.first_name,
      day,
      nodes.map((n) => ({
        name: n.name,
        gifts: Number(n.gifts ?? 0),
        netCents: Number(n.net ?? 0),
        raisedCents: Number(n.raised ?? 0),
        donors: Number(n.donors ?? 0),
        activeCampaigns: Number(n.active ?? 0),
      })),
      `${app.env.PUBLIC_URL.replace(/\/$/, '')}/dashboard`,
    );
    return app.mail.enqueue(tx, {
      to: u.email,
      ...withUnsubscribe(app, mail, { userId, lang }, 'daily_summary'),
      template: DAILY_SUMMARY_TEMPLATE,
      meta: { day, userId, topic: 'daily_summary' },
    });
  });
}

/** The job: yesterday's summary (UTC, from `now`) for every node administrator not sent one yet. */
export async function sendDailySummaries(app: FastifyInstance, now: Date): Promise<number> {
  const day = new Date(now.getTime() - days(1)).toISOString().slice(0, 10);
  let sent = 0;
  let after = 0;
  const started = performance.now();
  const overBudget = () => performance.now() - started > TICK_BUDGET_MS;
  for (let handled = 0; handled < PER_TICK && !overBudget(); handled += BATCH) {
    const due = await rows<{ id: number }>(
      app.db,
      sql`select distinct u.id from users u join organization_users ou on ou.user_id = u.id
        join organizations o on o.id = ou.organization_id
        where u.id > ${after} and ou.role in (${adminRoles}) and o.status = 'active'
          and u.deleted_at is null and u.status <> 'disabled'
          and ${optedInSql(sql`u.id`, 'daily_summary')} and ${notSentSql(day)}
        order by u.id limit ${BATCH}`,
    );
    const ids: number[] = [];
    let last = 0;
    for (const d of due) {
      if (overBudget()) break;
      last = Number(d.id);
      const id = await summarize(app, last, day);
      if (id !== null) ids.push(id);
    }
    if (ids.length) {
      try {
        await app.mail.deliver(ids);
      } catch (err) {
        app.log.error({ err, emailIds: ids }, 'daily summary delivery failed; the outbox job retries it');
      }
    }
    sent += ids.length;
    if (due.length < BATCH) break;
    after = last;
  }
  return sent;
}
