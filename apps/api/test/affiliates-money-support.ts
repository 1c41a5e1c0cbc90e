/**
 * Affiliates money suites (decision 018): programs, affiliates, accepted offers and clicks written
 * with SQL (the SITE pages record clicks; the CORE calls create affiliates), visitor cookies, and
 * the independent oracles the tests compare the product with.
 */
import { randomBytes } from 'node:crypto';
import { REFERRAL_COOKIE } from '@fc/contracts';
import type { Db } from '@fc/db';
import { sql } from 'drizzle-orm';
import { actor, type TestApp } from './helpers.js';

let seq = 0;
const u = () => `${process.pid}-${++seq}-${randomBytes(3).toString('hex')}`;

export async function q<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
export const one = async <T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) =>
  (await q<T>(db, query))[0];

export interface ProgramSpec {
  giftShareBps?: number;
  teamFlatCents?: number;
  teamQualifyCents?: number;
  windowDays?: number;
  attribution?: 'first_click' | 'last_click';
  minPayoutCents?: number;
  dueDays?: number;
}

export async function program(db: Db, s: ProgramSpec = {}) {
  const row = await one<{ id: number }>(
    db,
    sql`insert into affiliate_programs (name, gift_share_bps, team_flat_cents, team_qualify_cents, window_days,
        attribution, min_payout_cents, due_days, terms)
      values (${`Program ${u()}`}, ${s.giftShareBps ?? 1000}, ${s.teamFlatCents ?? 5000}, ${s.teamQualifyCents ?? 0},
        ${s.windowDays ?? 30}, ${s.attribution ?? 'last_click'}, ${s.minPayoutCents ?? 0}, ${s.dueDays ?? 30}, 'Terms')
      returning id`,
  );
  return row!.id;
}

export async function affiliate(
  db: Db,
  s: { status?: string; userId?: number | null; email?: string; programs?: number[]; acceptedDaysAgo?: number[] } = {},
) {
  const tag = u();
  const email = s.email ?? `aff-${tag}@example.test`;
  const row = await one<{ id: number }>(
    db,
    sql`insert into affiliates (first_name, last_name, email, slug, status, user_id)
      values ('Ava', ${`Abbott ${tag}`}, ${email}, ${`ava-${tag}`}, ${s.status ?? 'active'}, ${s.userId ?? null})
      returning id`,
  );
  const id = row!.id;
  for (const [i, p] of (s.programs ?? []).entries()) await accept(db, id, p, s.acceptedDaysAgo?.[i] ?? 10 - i);
  return { id, email, slug: `ava-${tag}` };
}

export async function accept(db: Db, affiliateId: number, programId: number, daysAgo = 1) {
  await db.execute(sql`insert into affiliate_offers (affiliate_id, program_id, status, accepted_at, accepted_terms_version)
    values (${affiliateId}, ${programId}, 'accepted', now() - make_interval(days => ${daysAgo}), 1)`);
}

export const visitor = () => randomBytes(18).toString('base64url');
export const cookie = (v: string) => ({ cookie: `${REFERRAL_COOKIE}=${v}` });

/** A click `daysAgo` (fractional) days ago. */
export async function click(db: Db, affiliateId: number, visitorId: string | null, daysAgo = 0, path = '/c/spring') {
  const row = await one<{ id: number }>(
    db,
    sql`insert into affiliate_clicks (affiliate_id, visitor_id, landing_path, created_at)
      values (${affiliateId}, ${visitorId}, ${path}, now() - make_interval(secs => ${daysAgo * 86400}))
      returning id`,
  );
  return row!.id;
}

export async function attach(db: Db, affiliateId: number, organizationId: number, override: number | null = null) {
  await db.execute(sql`insert into organization_affiliates (organization_id, affiliate_id, gift_share_bps_override)
    values (${organizationId}, ${affiliateId}, ${override})`);
}

/** An affiliate with a signed-in user of the affiliate profile. */
export async function affiliateActor(t: TestApp, programs: number[] = []) {
  const a = await actor(t, { profiles: ['affiliate'] });
  const rec = await affiliate(t.db, { userId: a.user.id, email: a.user.email.toLowerCase(), programs });
  return { ...a, affiliate: rec };
}

/** Independent computation of decision 018's gift commission (plain arithmetic on BigInt). */
export const expectedGift = (kept: number, feeBps: number, shareBps: number) =>
  Number((BigInt(Math.max(0, kept)) * BigInt(feeBps) * BigInt(shareBps)) / 100000000n);

export const conversionsOf = (db: Db, affiliateId: number) =>
  q<{
    id: number;
    kind: string;
    source: string;
    status: string;
    commission_cents: number;
    base_cents: number;
    clawback_cents: number;
    clawback_settled_at: Date | null;
    donation_id: number | null;
    registration_id: number | null;
    click_id: number | null;
    qualified_at: Date | null;
    due_at: Date | null;
    void_reason: string | null;
  }>(db, sql`select * from affiliate_conversions where affiliate_id = ${affiliateId} order by id`);
