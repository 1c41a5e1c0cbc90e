/**
 * The background job runner, run on every instance (issue 12: generic infrastructure, out of the
 * donations module). Modules register named jobs (`registerJobs`); every JOBS_INTERVAL_SECONDS one
 * tick runs them in registration order, never two ticks at once, and logs what they did. A job
 * answers how many things it handled. Jobs must be safe on any number of instances at once
 * (claims under `for update skip locked`, leases): see SCALING.md.
 *
 * `retryMail` and `purgeMail` are the outbox's jobs: the first retries the SMTP deliveries that are
 * due (a lease per message in providers/mail/smtp.ts), the second purges delivered bodies.
 */
import type { FastifyInstance } from 'fastify';
import { purgeDeliveredBodies } from '../providers/mail/index.js';

/** One job's run at `now` (a test's clock or the tick's start): how many things it handled. */
export type Job = (app: FastifyInstance, now: Date) => Promise<number>;

const registered = new WeakMap<FastifyInstance, [string, Job][]>();

export function registerJobs(app: FastifyInstance, jobs: Record<string, Job>) {
  const list = registered.get(app) ?? [];
  list.push(...Object.entries(jobs));
  registered.set(app, list);
}

/** The outbox's retry of due SMTP deliveries (leases start from the current moment, shifted like `now`). */
export const retryMail: Job = (app, now) => app.mail.deliver(undefined, now);

/** The outbox's purge of delivered bodies older than MAIL_RETENTION_DAYS (decision 011). */
export const purgeMail: Job = (app, now) => purgeDeliveredBodies(app.db, app.env.MAIL_RETENTION_DAYS, now);

/**
 * Runs every registered job once, in order; answers each one's count by name (and writes each
 * one's time into `ms`, when given). `now` may be a test's
 * clock: each job gets the current moment on that clock (the time the jobs before it took
 * included), so leases taken late in a tick start when they are taken.
 */
export async function runJobs(
  app: FastifyInstance,
  now = new Date(),
  ms: Record<string, number> = {},
): Promise<Record<string, number>> {
  const skew = now.getTime() - Date.now();
  const done: Record<string, number> = {};
  for (const [name, job] of registered.get(app) ?? []) {
    const started = performance.now();
    done[name] = await job(app, new Date(Date.now() + skew));
    ms[name] = Math.round(performance.now() - started);
  }
  return done;
}

/** A tick longer than this is logged with each job's time (a job holding the database too long). */
const SLOW_TICK_MS = 1000;

export function startJobs(app: FastifyInstance) {
  const every = app.env.JOBS_INTERVAL_SECONDS;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running || app.lifecycle.shuttingDown) return;
    running = true;
    try {
      const ms: Record<string, number> = {};
      const done = await runJobs(app, new Date(), ms);
      const total = Object.values(ms).reduce((a, b) => a + b, 0);
      if (total > SLOW_TICK_MS) app.log.warn({ done, ms }, 'background jobs took %d ms', total);
      else if (Object.values(done).some(Boolean)) app.log.info(done, 'background jobs');
    } catch (err) {
      app.log.error({ err }, 'background jobs failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, every * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
