/**
 * Visits through an affiliate's link (issue 16, decision 018 "Attribution" and "Consent"):
 * `/affiliate/{slug}` and any public page with `?ref={slug}` record an `affiliate_clicks` row
 * (affiliate, visitor id, landing path without its query; no IP address) when the affiliate is
 * active or paused, and set the first-party cookie `fc_ref` to the visitor's random id. The cookie
 * and the table are what attribution (registrations, gifts) reads later.
 *
 * Consent: `Sec-GPC: 1`, `DNT: 1` or the visitor's "Don't remember" (`fc_ref_consent=no`) mean no
 * cookie, and the click is counted with a null visitor id (nothing can be attributed to it).
 * Throttle: past CLICK_LIMIT visits per network in 15 minutes the page still renders, the cookie is
 * still set, but no row is written (a bot cannot inflate an affiliate's figures).
 */
import { randomBytes } from 'node:crypto';
import { REFERRAL_CONSENT_COOKIE, REFERRAL_COOKIE } from '@fc/contracts/affiliate-rules';
import { affiliateClicks, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies.js';
import { reserve } from '../../lib/throttle.js';
import { minutes } from '../../lib/time.js';
import { visitorIdOf } from './attribution.service.js';
import { findPublicAffiliate, LONGEST_WINDOW_DAYS, PUBLIC_STATUSES, windowDaysOf } from './public.service.js';

/** Clicks recorded per network address in 15 minutes; further visits are counted by the throttle only. */
export const CLICK_LIMIT = 30;
const DAY_S = 86_400;
const YEAR_S = 365 * DAY_S;
/** An affiliate's web address as `?ref=` may carry it. */
export const REF_SLUG = /^[A-Za-z0-9_-]{1,120}$/;

/** The notice the page shows: whose link, and how long the visit is remembered. */
export interface ReferralNotice {
  name: string;
  firstName: string;
  days: number;
}

/** Set on a page request that came through a referral or carries an unanswered referral cookie. */
export interface ReferralState {
  /** The notice to show (null: nothing to ask, e.g. consent refused or an unknown affiliate). */
  notice: ReferralNotice | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page rendered by the site (modules/site): `?ref=` and the referral notice apply to it. */
    sitePage?: boolean;
  }
  interface FastifyRequest {
    /** A referral visit or reminder (clicks.service.ts): the page is private and never kept. */
    referral?: ReferralState;
  }
}

export const newVisitorId = () => randomBytes(16).toString('base64url');

/** The browser asked not to be tracked, or the visitor answered "Don't remember". */
export function consentRefused(req: FastifyRequest): boolean {
  return (
    req.headers['sec-gpc'] === '1' ||
    req.headers.dnt === '1' ||
    readCookie(req.headers.cookie, REFERRAL_CONSENT_COOKIE) === 'no'
  );
}

const consentAnswered = (req: FastifyRequest) => readCookie(req.headers.cookie, REFERRAL_CONSENT_COOKIE) !== undefined;

/** `Secure` everywhere but development and test over plain http (a local browser would drop it). */
export function secureCookie(app: FastifyInstance, req: FastifyRequest): boolean {
  return !(app.env.NODE_ENV !== 'production' && req.protocol === 'http');
}

export function referralCookie(app: FastifyInstance, req: FastifyRequest, value: string, maxAge: number): string {
  const secure = secureCookie(app, req) ? '; Secure' : '';
  return `${REFERRAL_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function consentCookie(app: FastifyInstance, req: FastifyRequest, value: 'ok' | 'no'): string {
  const secure = secureCookie(app, req) ? '; Secure' : '';
  return `${REFERRAL_CONSENT_COOKIE}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

/** The page's address without its query, as stored (at most 300 characters). */
export const landingPath = (url: string) => (url.split('?')[0] ?? '/').slice(0, 300) || '/';

/**
 * Records a visit through `slug`'s link landing on `path`, and sets the cookie unless consent is
 * refused. Null when `slug` is no affiliate with a public page (nothing recorded, no cookie).
 */
export async function recordClick(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  path: string,
): Promise<ReferralState | null> {
  const affiliate = await findPublicAffiliate(app, slug);
  if (!affiliate) return null;
  const days = windowDaysOf(affiliate);
  const visitorId = consentRefused(req) ? null : (visitorIdOf(req) ?? newVisitorId());
  const allowed = await reserve(app.db, [[`affiliateClick:ip:${req.ip}`, CLICK_LIMIT]], minutes(15));
  if (allowed)
    await app.db
      .insert(affiliateClicks)
      .values({ affiliateId: affiliate.id, visitorId, landingPath: landingPath(path) });
  if (!visitorId) return { notice: null };
  reply.header('set-cookie', referralCookie(app, req, visitorId, days * DAY_S));
  return {
    notice: consentAnswered(req)
      ? null
      : { name: `${affiliate.first_name} ${affiliate.last_name}`, firstName: affiliate.first_name, days },
  };
}

/**
 * A later page of a visitor whose cookie is set and who has not answered the notice yet: the
 * notice again, naming the affiliate of their latest click (still active or paused). Null when
 * there is nothing to ask.
 */
export async function pendingNotice(app: FastifyInstance, req: FastifyRequest): Promise<ReferralNotice | null> {
  const visitorId = visitorIdOf(req);
  if (!visitorId || consentAnswered(req) || consentRefused(req)) return null;
  const [row] = await rows<{ first_name: string; last_name: string; window_days: number | null }>(
    app.db,
    sql`select a.first_name, a.last_name,
          ${LONGEST_WINDOW_DAYS} as window_days
        from affiliate_clicks c join affiliates a on a.id = c.affiliate_id
        where c.visitor_id = ${visitorId} and a.status in ${PUBLIC_STATUSES}
        order by c.created_at desc, c.id desc limit 1`,
  );
  if (!row) return null;
  return {
    name: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    days: windowDaysOf(row),
  };
}

/**
 * Before a server-rendered page (routes marked `sitePage`, GET only): a `?ref=` records the click;
 * otherwise an unanswered referral cookie brings the notice back. Either way the page is private
 * and the per-instance page cache is skipped (modules/site reads `req.referral`).
 */
export async function referralPreHandler(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  if (req.method !== 'GET' || req.routeOptions.config.sitePage !== true) return;
  const ref = (req.query as Record<string, unknown> | undefined)?.ref;
  if (ref !== undefined) {
    const state =
      typeof ref === 'string' && REF_SLUG.test(ref) ? await recordClick(app, req, reply, ref, req.url) : null;
    req.referral = state ?? { notice: null };
    return;
  }
  const notice = await pendingNotice(app, req);
  if (notice) req.referral = { notice };
}
