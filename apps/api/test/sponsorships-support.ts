/**
 * Shared pieces of the sponsorship buyer suites: a node with a campaign, opportunities inserted
 * with SQL (the staff calls are another module's), and the buyer's calls.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@fc/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaign } from './fundraisers-fixtures.js';
import { createTree, type TestApp } from './helpers.js';
import { count, someIp, V1 } from './payments-support.js';

export { someIp, V1 };

let seq = 0;
const uid = () => `${process.pid}-${++seq}-${randomBytes(3).toString('hex')}`;

export async function sponsorWorld(t: TestApp) {
  const tree = await createTree(t.db);
  const camp = await campaign(t.db, tree.team.id);
  return { ...tree, campaign: camp };
}
export type SponsorWorld = Awaited<ReturnType<typeof sponsorWorld>>;

export interface OpportunitySpec {
  organizationId: number;
  campaignId?: number | null;
  priceCents?: number;
  quantity?: number | null;
  fmvCents?: number;
  status?: 'draft' | 'active' | 'archived';
  startsOn?: string | null;
  endsOn?: string | null;
  name?: string;
}

/** An opportunity row (SQL), returning its id and slug. */
export async function opportunity(db: Db, o: OpportunitySpec) {
  const slug = `opp-${uid()}`;
  const res = (await db.execute(
    sql`insert into sponsorship_opportunities (organization_id, campaign_id, slug, name, price_cents, quantity,
        fair_market_value_cents, tier, status, starts_on, ends_on, benefits)
      values (${o.organizationId}, ${o.campaignId ?? null}, ${slug}, ${o.name ?? `Banner ${slug}`}, ${o.priceCents ?? 50000},
        ${o.quantity === undefined ? 3 : o.quantity}, ${o.fmvCents ?? 12000}, 'gold', ${o.status ?? 'active'},
        ${o.startsOn ?? null}, ${o.endsOn ?? null}, '["Banner at the field"]'::jsonb)
      returning id`,
  )) as unknown as { rows: { id: number }[] };
  return { id: res.rows[0]!.id, slug, priceCents: o.priceCents ?? 50000, fmvCents: o.fmvCents ?? 12000 };
}
export type Opp = Awaited<ReturnType<typeof opportunity>>;

export const buyerEmail = (tag = 'buyer') => `${tag}-${uid()}@example.test`;

export function buy(t: TestApp, o: Pick<Opp, 'slug' | 'priceCents'>, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${V1}/public/sponsorships`,
    remoteAddress: someIp(),
    payload: {
      opportunity: o.slug,
      priceCents: o.priceCents,
      firstName: 'Sam',
      lastName: 'Sponsor',
      email: buyerEmail(),
      businessName: 'Acme Hardware',
      ...extra,
    },
  });
}

export async function bought(t: TestApp, o: Opp, extra: Record<string, unknown> = {}) {
  const res = await buy(t, o, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    donationId: string;
    clientSecret: string;
    totalCents: number;
    coverFeeCents: number;
    holdExpiresAt: string;
    sponsorshipThankYou: string;
  };
}

/** The sponsorship paid by a payment's public id, read with SQL. */
export async function sponsorshipOf(db: Db, publicId: string) {
  const res = (await db.execute(
    sql`select s.*, d.status as d_status, d.id as d_id, d.kind, d.amount_cents, d.cover_fee_cents, d.refunded_cents,
        d.organization_id as d_org, d.campaign_id as d_campaign
      from sponsorships s join donations d on d.id = s.donation_id where d.public_id = ${publicId}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return res.rows[0] as {
    id: number;
    status: string;
    hold_expires_at: Date | string | null;
    paid_at: Date | string | null;
    price_cents: number;
    fair_market_value_cents: number;
    d_status: number;
    d_id: number;
    kind: string;
    amount_cents: number;
    cover_fee_cents: number;
    refunded_cents: number;
    d_org: number;
    d_campaign: number;
    logo_url: string | null;
    logo_status: string;
    display_name: string | null;
    website: string | null;
  };
}

/** Units taken now by the inventory rule, counted independently (paid, or held and unexpired). */
export const takenUnits = (db: Db, opportunityId: number) =>
  count(
    db,
    sql`select count(*)::int as n from sponsorships where opportunity_id = ${opportunityId}
      and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
  );

export const statusCount = (db: Db, opportunityId: number, status: string) =>
  count(
    db,
    sql`select count(*)::int as n from sponsorships where opportunity_id = ${opportunityId} and status = ${status}`,
  );

/** Moves a hold's end into the past (a short hold without waiting). */
export const expireHold = (db: Db, publicId: string) =>
  db.execute(sql`update sponsorships set hold_expires_at = now() - interval '1 minute'
    where donation_id = (select id from donations where public_id = ${publicId})`);
