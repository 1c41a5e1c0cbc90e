/** The posts outbox (`band_posts`): queue once per event, list, and the sender's claims. */
import type { BandPost } from '@fc/contracts';
import { type Db, firstRow, type Queryable, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { asDate } from './accounts.repository.js';

interface PostRow {
  id: number;
  organization_id: number;
  band_key: string;
  kind: string;
  event_key: string;
  content: string;
  do_push: boolean;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  posted_at: Date | null;
  created_at: Date;
}

const POST_COLUMNS = sql`id, organization_id, band_key, kind, event_key, content, do_push, status, attempts, last_error,
  next_attempt_at, posted_at, created_at`;

export const toPost = (r: PostRow): BandPost => ({
  id: r.id,
  organizationId: r.organization_id,
  bandKey: r.band_key,
  kind: r.kind as BandPost['kind'],
  eventKey: r.event_key,
  content: r.content,
  doPush: r.do_push,
  status: r.status as BandPost['status'],
  attempts: r.attempts,
  lastError: r.last_error,
  nextAttemptAt: asDate(r.next_attempt_at).toISOString(),
  postedAt: r.posted_at ? asDate(r.posted_at).toISOString() : null,
  createdAt: asDate(r.created_at).toISOString(),
});

/** Queues the event's post; when the event was queued before, answers that post (`created` false). */
export async function queuePost(
  db: Db,
  v: {
    organizationId: number;
    bandKey: string;
    eventKey: string;
    kind: string;
    content: string;
    doPush: boolean;
    userId: number;
  },
): Promise<{ post: BandPost; created: boolean }> {
  const inserted = await firstRow<PostRow>(
    db,
    sql`insert into band_posts (organization_id, band_key, event_key, kind, content, do_push, created_by_user_id)
      values (${v.organizationId}, ${v.bandKey}, ${v.eventKey}, ${v.kind}, ${v.content}, ${v.doPush}, ${v.userId})
      on conflict (event_key) do nothing returning ${POST_COLUMNS}`,
  );
  if (inserted) return { post: toPost(inserted), created: true };
  const existing = await firstRow<PostRow>(
    db,
    sql`select ${POST_COLUMNS} from band_posts where event_key = ${v.eventKey}`,
  );
  return { post: toPost(existing!), created: false };
}

export async function listPosts(db: Db, organizationId: number, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    rows<PostRow>(
      db,
      sql`select ${POST_COLUMNS} from band_posts where organization_id = ${organizationId}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
    ),
    firstRow<{ n: number }>(
      db,
      sql`select count(*)::int as n from band_posts where organization_id = ${organizationId}`,
    ),
  ]);
  return { data: page.map(toPost), total: total?.n ?? 0 };
}

// The sender's side ------------------------------------------------------------------------------

export interface ClaimedPost {
  id: number;
  organization_id: number;
  band_key: string;
  content: string;
  do_push: boolean;
  attempts: number;
  /** `sending`: a previous attempt's outcome is unknown (a crash, or no answer from BAND). */
  prev_status: 'queued' | 'sending';
}

/**
 * Claims due posts for one attempt each: queued ones whose time has come, and `sending` ones whose
 * lease ran out. `for update skip locked` + the lease: two instances never hold the same post.
 */
export const claimDue = (db: Db, now: Date, leaseSeconds: number, batch: number) =>
  rows<ClaimedPost>(
    db,
    sql`with due as (
        select id, status from band_posts
        where (status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and locked_until <= ${now})
        order by next_attempt_at, id limit ${batch} for update skip locked)
      update band_posts p set status = 'sending', attempts = p.attempts + 1,
        locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}), updated_at = now()
      from due where p.id = due.id
      returning p.id, p.organization_id, p.band_key, p.content, p.do_push, p.attempts, due.status as prev_status`,
  );

export interface SenderLink {
  band_account_id: number;
  band_key: string;
  last_posted_at: Date | null;
}

/** The team's link now, and when its account last posted (for the spacing between posts). */
export const senderLink = async (db: Queryable, organizationId: number) => {
  const r = await firstRow<SenderLink>(
    db,
    sql`select l.band_account_id, l.band_key,
        (select max(p.posted_at) from band_posts p join band_team_links l2 on l2.organization_id = p.organization_id
          where l2.band_account_id = l.band_account_id) as last_posted_at
      from band_team_links l where l.organization_id = ${organizationId}`,
  );
  return r && { ...r, last_posted_at: r.last_posted_at ? asDate(r.last_posted_at) : null };
};

/**
 * The claim a finisher must still hold: status `sending` and the attempt number it claimed (every
 * claim counts one more), so a finisher whose lease ran out and was claimed again changes nothing.
 */
export interface Claim {
  id: number;
  attempts: number;
}
const held = (c: Claim) => sql`id = ${c.id} and status = 'sending' and attempts = ${c.attempts}`;

export const markPosted = (db: Queryable, c: Claim, bandKey: string, postKey: string) =>
  db.execute(sql`update band_posts set status = 'posted', posted_at = now(), band_post_key = ${postKey},
    band_key = ${bandKey}, last_error = null, locked_until = null, updated_at = now() where ${held(c)}`);

/** Back to the queue at `at`; `uncount` gives the attempt back (a cooldown or spacing is no failure). */
export const requeue = (db: Queryable, c: Claim, at: Date, lastError: string | null, uncount: boolean) =>
  db.execute(sql`update band_posts set status = 'queued', next_attempt_at = ${at}, locked_until = null,
    last_error = ${lastError}, attempts = attempts - ${uncount ? 1 : 0}, updated_at = now() where ${held(c)}`);

/** The outcome is unknown: it stays `sending` until `at`, when the next attempt first looks for it at BAND. */
export const holdUnknown = (db: Queryable, c: Claim, at: Date, lastError: string) =>
  db.execute(sql`update band_posts set next_attempt_at = ${at}, locked_until = ${at}, last_error = ${lastError},
    updated_at = now() where ${held(c)}`);

export const finish = (db: Queryable, c: Claim, status: 'failed' | 'cancelled', lastError: string) =>
  db.execute(sql`update band_posts set status = ${status}, last_error = ${lastError}, locked_until = null,
    updated_at = now() where ${held(c)}`);
