/**
 * Which affiliate link a visitor came through (decision 018 "Which click wins"). The SITE pages
 * record the clicks (`affiliate_clicks`, visitor id = the `fc_ref` cookie); this module only reads
 * them, at a registration start or a checkout start, and the winner is stored on the record so a
 * later click cannot change a conversion in progress.
 */
import { REFERRAL_COOKIE } from '@fc/contracts';
import { type Db, firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies.js';

export interface WinningClick {
  clickId: number;
  affiliateId: number;
}

/** The random id the SITE pages mint: base64url, 16 to 40 characters. Anything else is no visitor. */
const VISITOR_ID = /^[A-Za-z0-9_-]{16,40}$/;

export function visitorIdOf(req: FastifyRequest): string | null {
  const v = readCookie(req.headers.cookie, REFERRAL_COOKIE);
  return v && VISITOR_ID.test(v) ? v : null;
}

/**
 * The winning click of `visitorId` at `at`: among the visitor's clicks whose affiliate is active
 * and whose window (the longest `window_days` of the affiliate's accepted programs) is open at
 * `at`, the earliest when its program is `first_click`, else the latest. "Its program" is the
 * accepted program with the longest window (the one that sets the window), most recently accepted
 * on a tie.
 */
export async function winningClick(db: Db | Tx, visitorId: string | null, at: Date): Promise<WinningClick | null> {
  if (!visitorId || !VISITOR_ID.test(visitorId)) return null;
  const open = await firstRow<{
    first_id: number;
    first_aff: number;
    first_model: string;
    last_id: number;
    last_aff: number;
  }>(
    db as Db,
    sql`with open_clicks as (
        select c.id, c.affiliate_id, c.created_at, p.attribution
        from affiliate_clicks c
        join affiliates a on a.id = c.affiliate_id and a.status = 'active'
        -- The longest window, as public.service LONGEST_WINDOW_DAYS, but with its program's model
        -- and no default: without an accepted program no click is open.
        cross join lateral (
          select pr.window_days, pr.attribution from affiliate_offers o
          join affiliate_programs pr on pr.id = o.program_id
          where o.affiliate_id = c.affiliate_id and o.status = 'accepted'
          order by pr.window_days desc, o.accepted_at desc nulls last, o.id desc limit 1
        ) p
        where c.visitor_id = ${visitorId} and c.created_at <= ${at}
          and c.created_at + make_interval(days => p.window_days) > ${at}
      ),
      firstc as (select * from open_clicks order by created_at asc, id asc limit 1),
      lastc as (select * from open_clicks order by created_at desc, id desc limit 1)
      select f.id as first_id, f.affiliate_id as first_aff, f.attribution as first_model,
        l.id as last_id, l.affiliate_id as last_aff
      from firstc f cross join lastc l`,
  );
  if (!open) return null;
  return open.first_model === 'first_click'
    ? { clickId: open.first_id, affiliateId: open.first_aff }
    : { clickId: open.last_id, affiliateId: open.last_aff };
}
