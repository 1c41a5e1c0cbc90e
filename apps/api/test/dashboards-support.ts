/**
 * A small tree for the dashboard suites, and the oracles: every expected figure is computed here
 * straight from `donations` (and the tree), with the money rule of decision 016 written out, never
 * through the dashboards module or the kept tables.
 *
 * Tree: Org A > League L > Team T1 (sold by `sales`) > Divisions D1, D2; L > Team T2 > D3;
 * Org B > Team TB (sold by `sales`) > DB; Org C > Team TC > DC (nobody's but Super Admin's).
 */
import { randomBytes } from 'node:crypto';
import { campaignFundraisers, campaigns, type Db, donations, fundraiserContacts } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { rosterPlayer } from './campaigns-support.js';
import { createOrg, createUser, type TestApp } from './helpers.js';

export const V1 = '/api/v1';
const DAY = 86_400_000;
export const today = () => new Date().toISOString().slice(0, 10);
export const dayOffset = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
/** Noon UTC `n` days from today. */
export const at = (n: number) => new Date(`${dayOffset(n)}T12:00:00Z`);

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export async function campaign(
  db: Db,
  organizationId: number,
  o: { status?: string; start?: number; end?: number; goal?: number; divisions?: number[] } = {},
) {
  const k = next();
  const [c] = await db
    .insert(campaigns)
    .values({
      organizationId,
      title: `Drive ${k}`,
      slug: `drive-${k}`,
      status: o.status ?? 'active',
      goalCents: o.goal ?? 100_000,
      playerGoalCents: 20_000,
      startDate: dayOffset(o.start ?? -30),
      endDate: dayOffset(o.end ?? 60),
    })
    .returning();
  for (const d of o.divisions ?? [])
    await db.execute(sql`insert into campaign_divisions (campaign_id, organization_id) values (${c!.id}, ${d})`);
  return c!;
}

export async function pageFor(
  db: Db,
  campaignId: number,
  playerId: number,
  divisionId: number | null,
  o: { accepted?: boolean; joined?: number } = {},
) {
  const [cf] = await db
    .insert(campaignFundraisers)
    .values({
      campaignId,
      playerId,
      divisionId,
      slug: `pg-${next()}`,
      acceptedAt: o.accepted ? new Date() : null,
      createdAt: at(o.joined ?? -20),
    })
    .returning();
  return cf!;
}

export async function contacts(
  db: Db,
  playerId: number,
  campaignId: number,
  n: number,
  o: { invited?: number; opened?: number } = {},
) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = next();
    const [c] = await db
      .insert(fundraiserContacts)
      .values({
        playerId,
        campaignId,
        name: `C ${k}`,
        email: `c-${k}@example.test`,
        trackToken: `t${k}`.padEnd(12, 'x').slice(0, 32),
        invitedAt: i < (o.invited ?? 0) ? new Date() : null,
        openedAt: i < (o.opened ?? 0) ? new Date() : null,
      })
      .returning();
    out.push(c!);
  }
  return out;
}

export interface Gift {
  campaign: { id: number; organizationId: number };
  cf?: { id: number; divisionId: number | null } | null;
  amount: number;
  day: number;
  refunded?: number;
  fee?: number;
  status?: number;
  kind?: 'gift' | 'fee';
  method?: 'card' | 'offline';
  email?: string;
  contactId?: number;
}

export async function give(db: Db, g: Gift) {
  const when = at(g.day);
  const [d] = await db
    .insert(donations)
    .values({
      publicId: randomBytes(12).toString('hex'),
      kind: g.kind ?? 'gift',
      campaignId: g.campaign.id,
      campaignFundraiserId: g.cf?.id ?? null,
      organizationId: g.campaign.organizationId,
      divisionId: g.cf?.divisionId ?? null,
      contactId: g.contactId ?? null,
      amountCents: g.amount,
      refundedCents: g.refunded ?? 0,
      processingFeeCents: g.fee ?? 0,
      status: g.status ?? 1,
      method: g.method ?? 'card',
      donorFirstName: 'Dana',
      donorLastName: 'Donor',
      donorEmail: g.email ?? `donor-${next()}@example.test`,
      completedAt: (g.status ?? 1) === 1 || g.status === 3 ? when : null,
      createdAt: when,
    })
    .returning();
  return d!;
}

export async function world(t: TestApp) {
  const db = t.db;
  const sales = await createUser(db, { staffRole: 'fys_sales' });
  const A = await createOrg(db, 1, null);
  const L = await createOrg(db, 2, A.id);
  const T1 = await createOrg(db, 3, L.id, { salesUserId: sales.id });
  const D1 = await createOrg(db, 4, T1.id);
  const D2 = await createOrg(db, 4, T1.id);
  const T2 = await createOrg(db, 3, L.id);
  const D3 = await createOrg(db, 4, T2.id);
  const B = await createOrg(db, 1, null);
  const TB = await createOrg(db, 3, B.id, { salesUserId: sales.id });
  const DB = await createOrg(db, 4, TB.id);
  const C = await createOrg(db, 1, null);
  const TC = await createOrg(db, 3, C.id);
  const DC = await createOrg(db, 4, TC.id);
  return { sales, A, L, T1, D1, D2, T2, D3, B, TB, DB, C, TC, DC };
}
export type World = Awaited<ReturnType<typeof world>>;

export const player = (db: Db, divisionId: number, language?: 'en' | 'es') =>
  rosterPlayer(db, divisionId, { parent: 'active', language });

// ------------------------------------------------------------------ oracles over `donations`

type Rows<T> = { rows: T[] };
export async function q<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The subtree of each of `roots`, as (root, id) pairs. */
const subtrees = (roots: SQL) => sql`with recursive sub(root, id) as (
    select id, id from organizations where id in ${roots}
    union all select sub.root, o.id from organizations o join sub on o.parent_id = sub.id)`;

/** Counting gifts with their credited node and UTC day, per root whose subtree holds the node. */
export const credited = (roots: SQL) => sql`${subtrees(roots)},
  g as (select sub.root, d.*, (coalesce(d.completed_at, d.created_at) at time zone 'UTC')::date as day
    from donations d join sub on sub.id = coalesce(d.division_id, d.organization_id)
    where d.status = 1 and d.kind = 'gift')`;

export const ids = (list: number[]) => sql.raw(`(${list.join(',')})`);
export const platformRoots = sql`(select id from organizations where parent_id is null)`;

export async function moneyTruth(db: Db, roots: SQL, from: string, to: string) {
  const [m] = await q(
    db,
    sql`${credited(roots)} select count(*)::int as gifts, coalesce(sum(amount_cents), 0)::int as gross,
      coalesce(sum(processing_fee_cents), 0)::int as fees, coalesce(sum(refunded_cents), 0)::int as refunded,
      coalesce(sum(greatest(amount_cents - refunded_cents, 0)), 0)::int as net
      from g where day between ${from}::date and ${to}::date`,
  );
  // Donors: per root, distinct emails whose first gift is on or before `to` and latest on or after `from`.
  const [d] = await q(
    db,
    sql`${credited(roots)}, spans as (select root, donor_email, min(day) as f, max(day) as l from g group by root, donor_email)
      select count(*)::int as n from spans where f <= ${to}::date and l >= ${from}::date`,
  );
  return {
    gifts: Number(m!.gifts),
    grossCents: Number(m!.gross),
    feesCents: Number(m!.fees),
    refundedCents: Number(m!.refunded),
    netCents: Number(m!.net),
    donors: Number(d!.n),
  };
}

/** Net per node of `nodes` (each its own subtree) in the range. */
export async function netByNode(db: Db, nodes: number[], from: string, to: string) {
  if (nodes.length === 0) return new Map<number, { net: number; gifts: number }>();
  const list = await q<{ root: number; net: number; gifts: number }>(
    db,
    sql`${credited(ids(nodes))} select root, coalesce(sum(greatest(amount_cents - refunded_cents, 0)), 0)::int as net,
      count(*)::int as gifts from g where day between ${from}::date and ${to}::date group by root`,
  );
  return new Map(
    nodes.map((n) => {
      const r = list.find((x) => Number(x.root) === n);
      return [n, { net: Number(r?.net ?? 0), gifts: Number(r?.gifts ?? 0) }];
    }),
  );
}

/** All-time net of each node's subtree. */
export async function allTimeNet(db: Db, node: number) {
  return (await netByNode(db, [node], '1900-01-01', '2999-12-31')).get(node)!.net;
}

/** Weekly net (Monday-first weeks), with the previous year's days shifted a year forward. */
export async function weeklyTruth(db: Db, roots: SQL, from: string, to: string, unit = 'week') {
  const list = await q<{ p: string; net: number; gifts: number; prev: number }>(
    db,
    sql`${credited(roots)},
      cur as (select date_trunc(${unit}, day::timestamp)::date as p, sum(greatest(amount_cents - refunded_cents, 0)) as net,
        count(*) as gifts from g where day between ${from}::date and ${to}::date group by 1),
      prev as (select date_trunc(${unit}, (day + interval '1 year')::timestamp)::date as p,
        sum(greatest(amount_cents - refunded_cents, 0)) as net from g
        where day between (${from}::date - interval '1 year')::date and (${to}::date - interval '1 year')::date group by 1)
      select to_char(coalesce(cur.p, prev.p), 'YYYY-MM-DD') as p, coalesce(cur.net, 0)::int as net,
        coalesce(cur.gifts, 0)::int as gifts, coalesce(prev.net, 0)::int as prev
      from cur full join prev on prev.p = cur.p order by 1`,
  );
  return list.map((r) => ({
    period: r.p,
    netCents: Number(r.net),
    gifts: Number(r.gifts),
    previousNetCents: Number(r.prev),
  }));
}

/** The series without its empty periods (the API lists every period). */
export const nonEmpty = <T extends { netCents: number; gifts: number; previousNetCents: number }>(s: T[]) =>
  s.filter((p) => p.netCents !== 0 || p.gifts !== 0 || p.previousNetCents !== 0);

/** A campaign's all-time raised, donors (counting gifts). */
export async function campaignTruth(db: Db, campaignId: number) {
  const [r] = await q(
    db,
    sql`select coalesce(sum(greatest(amount_cents - refunded_cents, 0)), 0)::int as raised,
      count(distinct donor_email)::int as donors from donations where campaign_id = ${campaignId} and status = 1 and kind = 'gift'`,
  );
  return { raised: Number(r!.raised), donors: Number(r!.donors) };
}

/** A player page's raised (net) and donors. */
export async function pageTruth(db: Db, cfId: number) {
  const [r] = await q(
    db,
    sql`select coalesce(sum(greatest(amount_cents - refunded_cents, 0)), 0)::int as raised,
      count(distinct donor_email)::int as donors from donations where campaign_fundraiser_id = ${cfId} and status = 1 and kind = 'gift'`,
  );
  return { raised: Number(r!.raised), donors: Number(r!.donors) };
}
