/** Factories for the campaign suites: roster players, campaigns, donations and SQL ground truths. */
import { randomBytes } from 'node:crypto';
import { campaigns, type Db, donations, organizationFundraisers, players } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUser } from './helpers.js';

export const V1 = '/api/v1';
export type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;

let seq = 0;
const next = () => `${process.pid}${++seq}`;

/**
 * A player on a division's roster with a parent: `invited` (no password yet, the default) or
 * `active` (has signed up). Returns the player and the parent.
 */
export async function rosterPlayer(
  db: Db,
  divisionId: number,
  opts: {
    first?: string;
    last?: string;
    parent?: 'invited' | 'active';
    guardianId?: number;
    language?: 'en' | 'es';
  } = {},
) {
  const k = next();
  const guardian =
    opts.guardianId !== undefined
      ? { id: opts.guardianId }
      : await createUser(db, {
          email: `parent-${k}@example.test`,
          profiles: ['fundraiser'],
          status: opts.parent === 'active' ? 'active' : 'invited',
          password: opts.parent === 'active' ? undefined : null,
        });
  if (opts.language) await db.execute(sql`update users set language = ${opts.language} where id = ${guardian.id}`);
  const [email] = (
    (await db.execute(sql`select email from users where id = ${guardian.id}`)) as unknown as {
      rows: { email: string }[];
    }
  ).rows;
  const first = opts.first ?? `Kid${k}`;
  const last = opts.last ?? `Family${k}`;
  const [pl] = await db
    .insert(players)
    .values({
      guardianUserId: guardian.id,
      firstName: first,
      lastName: last,
      parentFirstName: 'Pat',
      parentLastName: last,
      email: email!.email,
      slug: `player-${k}`,
    })
    .returning();
  await db.insert(organizationFundraisers).values({
    organizationId: divisionId,
    playerId: pl!.id,
    naturalKey: `${first}|${last}|${email!.email}`.toLowerCase(),
  });
  return { player: pl!, guardianId: guardian.id, email: email!.email };
}

/** Puts an existing player on another division's roster too. */
export async function addToRoster(db: Db, divisionId: number, playerId: number) {
  await db
    .insert(organizationFundraisers)
    .values({ organizationId: divisionId, playerId, naturalKey: `p${playerId}-${next()}` });
}

/** A campaign written straight to the table (for scope suites that need many). */
export async function insertCampaign(
  db: Db,
  organizationId: number,
  extra: Partial<typeof campaigns.$inferInsert> = {},
) {
  const k = next();
  const [c] = await db
    .insert(campaigns)
    .values({ organizationId, title: `Campaign ${k}`, slug: `campaign-${k}`, goalCents: 100000, ...extra })
    .returning();
  return c!;
}

export interface DonationSpec {
  campaignId: number;
  organizationId: number;
  cfId?: number | null;
  amount: number;
  status?: number;
  refunded?: number;
  email?: string;
  first?: string;
  last?: string;
  at?: Date;
}

/** A donation row as the payments module will write it (status 1 completed, 3 refunded...). */
export async function donate(db: Db, d: DonationSpec) {
  const email = d.email ?? `donor-${next()}@example.test`;
  const [row] = await db
    .insert(donations)
    .values({
      publicId: randomBytes(12).toString('hex'),
      campaignId: d.campaignId,
      campaignFundraiserId: d.cfId ?? null,
      organizationId: d.organizationId,
      amountCents: d.amount,
      refundedCents: d.refunded ?? 0,
      status: d.status ?? 1,
      donorFirstName: d.first ?? 'Dana',
      donorLastName: d.last ?? 'Donor',
      donorEmail: email,
      completedAt: (d.status ?? 1) === 1 || d.status === 3 ? (d.at ?? new Date()) : null,
      createdAt: d.at ?? new Date(),
    })
    .returning();
  return row!;
}

/** Ground truth straight from the donations table: completed (status 1) minus refunds. */
export async function truthFor(db: Db, where: ReturnType<typeof sql>) {
  const res = (await db.execute(sql`select
      coalesce(sum(amount_cents - refunded_cents) filter (where status = 1), 0)::int as "raisedCents",
      count(distinct donor_email) filter (where status = 1)::int as donors,
      count(*) filter (where status = 1)::int as donations
    from donations where ${where}`)) as unknown as {
    rows: { raisedCents: number; donors: number; donations: number }[];
  };
  const r = res.rows[0]!;
  return { raisedCents: Number(r.raisedCents), donors: Number(r.donors), donations: Number(r.donations) };
}

export async function expectStatus(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status: number) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}

/** A valid create body for a campaign owned by `organizationId`. */
export const campaignBody = (organizationId: number, extra: Record<string, unknown> = {}) => ({
  title: 'Spring Drive',
  slug: `spring-drive-${next()}`,
  organizationId,
  goalCents: 500000,
  ...extra,
});

/** The outbox rows sent to `to` (newest first). */
export async function outboxFor(db: Db, to: string) {
  const res = (await db.execute(
    sql`select id, "to", subject, text, html, template, meta from emails where "to" = ${to} order by id desc`,
  )) as unknown as {
    rows: {
      id: number;
      to: string;
      subject: string;
      text: string;
      html: string | null;
      template: string;
      meta: unknown;
    }[];
  };
  return res.rows;
}
