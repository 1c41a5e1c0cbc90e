/**
 * The BAND posts outbox's sender (decision 021 "Outbox"), a job of plugins/jobs.ts run on every
 * instance. Each run claims due posts (`for update skip locked` plus a lease; every claim counts an
 * attempt, which fences a finisher whose lease ran out) and, for each:
 * - the team has no band any more: `cancelled`;
 * - its BAND account posted less than BAND_COOLDOWN_SECONDS ago (BAND's cooldown): back to
 *   the queue for when the spacing is over, the attempt given back; BAND answering "cooldown"
 *   (1003) does the same;
 * - a previous attempt's outcome is unknown (the instance died, or BAND did not answer): the
 *   band's latest posts are read first and a post with the same content counts as sent, so an
 *   event is never posted twice;
 * - otherwise the post is created (with an access token refreshed once if BAND says it expired);
 * - failures: "not a member / no permission" and refused content fail at once; an account BAND no
 *   longer accepts fails the post (`BAND_ACCOUNT_EXPIRED` / `BAND_NOT_CONNECTED`; relinking the
 *   team queues it again); quota and no answer retry after BAND_POST_RETRY_SECONDS, doubling each
 *   time, until BAND_POST_MAX_ATTEMPTS, then `failed`.
 */
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Job } from '../../plugins/jobs.js';
import { BandError } from '../../providers/band/index.js';
import { deleteAccount } from './accounts.repository.js';
import * as repo from './posts.repository.js';
import { AccountExpiredError, withAccessToken } from './tokens.js';

const BATCH = 20;
const LEASE_SECONDS = 120;

const normalize = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export const backoffSeconds = (base: number, attempts: number) =>
  Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 3600);

async function sendOne(app: FastifyInstance, post: repo.ClaimedPost, now: Date): Promise<boolean> {
  const claim = { id: post.id, attempts: post.attempts };
  const env = app.env;
  const link = await repo.senderLink(app.db, post.organization_id);
  if (!link) {
    await repo.finish(app.db, claim, 'cancelled', 'BAND_NOT_CONNECTED');
    return false;
  }
  const spacingMs = env.BAND_COOLDOWN_SECONDS * 1000;
  if (link.last_posted_at && spacingMs > 0 && now.getTime() - link.last_posted_at.getTime() < spacingMs) {
    await repo.requeue(
      app.db,
      claim,
      new Date(link.last_posted_at.getTime() + spacingMs + 1000),
      'BAND_COOLDOWN',
      true,
    );
    return false;
  }
  const retryAt = () => new Date(now.getTime() + backoffSeconds(env.BAND_POST_RETRY_SECONDS, post.attempts) * 1000);
  const exhausted = post.attempts >= env.BAND_POST_MAX_ATTEMPTS;
  try {
    const { postKey } = await withAccessToken(app, link.band_account_id, async (token) => {
      if (post.prev_status === 'sending') {
        const want = normalize(post.content);
        const found = (await app.band.recentPosts(token, link.band_key)).find((p) => normalize(p.content) === want);
        if (found) return found;
      }
      return app.band.createPost(token, link.band_key, post.content, post.do_push);
    });
    await repo.markPosted(app.db, claim, link.band_key, postKey);
    return true;
  } catch (err) {
    if (err instanceof AccountExpiredError) {
      await repo.finish(app.db, claim, 'failed', err.reason);
    } else if (err instanceof BandError && err.kind === 'cooldown') {
      await repo.requeue(
        app.db,
        claim,
        new Date(now.getTime() + env.BAND_POST_RETRY_SECONDS * 1000),
        'BAND_COOLDOWN',
        true,
      );
    } else if (err instanceof BandError && err.kind === 'not_member') {
      await repo.finish(app.db, claim, 'failed', 'BAND_NOT_MEMBER');
    } else if (err instanceof BandError && (err.kind === 'invalid_request' || err.kind === 'already_connected')) {
      await repo.finish(app.db, claim, 'failed', 'BAND_REJECTED');
    } else if (err instanceof BandError && err.kind === 'quota') {
      // BAND refused: nothing was posted, so a retry is a plain new attempt.
      if (exhausted) await repo.finish(app.db, claim, 'failed', 'BAND_QUOTA');
      else await repo.requeue(app.db, claim, retryAt(), 'BAND_QUOTA', false);
    } else {
      // No answer (or an answer we cannot read): BAND may have posted it. The next attempt looks first.
      if (!(err instanceof BandError)) app.log.error({ err, postId: post.id }, 'BAND post attempt failed');
      if (exhausted) await repo.finish(app.db, claim, 'failed', 'BAND_UNAVAILABLE');
      else await repo.holdUnknown(app.db, claim, retryAt(), 'BAND_UNAVAILABLE');
    }
    return false;
  }
}

/** Sends the due posts; answers how many were posted. */
export const sendBandPosts: Job = async (app, now) => {
  const claimed = await repo.claimDue(app.db, now, LEASE_SECONDS, BATCH);
  let posted = 0;
  // One at a time: two posts of one account back to back would meet BAND's cooldown anyway.
  for (const post of claimed) if (await sendOne(app, post, now)) posted += 1;
  return posted;
};

/**
 * A deleted user's BAND link goes at once (its tokens are credentials, not records to keep): the
 * account, the team links it served (their queued posts cancelled). Answers how many went.
 */
export const removeDeletedUsersAccounts: Job = async (app) => {
  const gone = await rows<{ user_id: number }>(
    app.db,
    sql`select a.user_id from band_accounts a join users u on u.id = a.user_id
      where u.deleted_at is not null order by a.id limit 100`,
  );
  let n = 0;
  for (const g of gone) if (await deleteAccount(app.db, g.user_id)) n += 1;
  return n;
};

export const bandJobs: Record<string, Job> = {
  bandPostsSent: sendBandPosts,
  bandAccountsOfDeletedUsersRemoved: removeDeletedUsersAccounts,
};
