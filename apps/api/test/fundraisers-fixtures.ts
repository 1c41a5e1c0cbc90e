/** Players, campaigns, campaign pages and donations written straight to the tables for the player tests. */
import {
  campaignFundraisers,
  campaigns,
  type Db,
  donations,
  fundraiserContacts,
  organizationFundraisers,
  players,
  userProfiles,
  users,
} from '@fc/db';
import { eq } from 'drizzle-orm';
import { actor, type TestApp } from './helpers.js';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

/** A parent with a password and a fundraiser profile, signed in, with one player on `divisionId`. */
export async function family(
  t: TestApp,
  divisionId: number,
  names: { first?: string; last?: string; parentLast?: string; language?: 'en' | 'es' } = {},
) {
  const parent = await actor(t, { profiles: ['fundraiser'] });
  if (names.language) await t.db.update(users).set({ language: names.language }).where(eq(users.id, parent.user.id));
  const player = await addPlayer(t.db, divisionId, {
    guardianUserId: parent.user.id,
    email: parent.user.email,
    first: names.first,
    last: names.last,
    parentLast: names.parentLast,
  });
  return { parent, player };
}

export async function addPlayer(
  db: Db,
  divisionId: number | null,
  o: { guardianUserId?: number | null; email?: string; first?: string; last?: string; parentLast?: string } = {},
) {
  const n = next();
  const first = o.first ?? `Kid${n}`;
  const last = o.last ?? 'Player';
  const email = o.email ?? `family-${n}@example.test`;
  const [p] = await db
    .insert(players)
    .values({
      guardianUserId: o.guardianUserId ?? null,
      firstName: first,
      lastName: last,
      parentFirstName: 'Pat',
      parentLastName: o.parentLast ?? `Parent${n}`,
      email,
      slug: `kid-${n}`,
    })
    .returning();
  if (divisionId !== null) await onRoster(db, divisionId, p!.id);
  return p!;
}

export async function onRoster(db: Db, divisionId: number, playerId: number) {
  const [row] = await db
    .insert(organizationFundraisers)
    .values({ organizationId: divisionId, playerId, naturalKey: `k|${playerId}|${divisionId}` })
    .returning();
  return row!;
}

/** A parent account that was invited and never activated (no password). */
export async function invitedParent(db: Db) {
  const n = next();
  const [u] = await db
    .insert(users)
    .values({ email: `invited-${n}@example.test`, firstName: 'Ivy', lastName: `Invited${n}`, status: 'invited' })
    .returning();
  await db.insert(userProfiles).values({ userId: u!.id, type: 'fundraiser' });
  return u!;
}

export async function campaign(
  db: Db,
  organizationId: number,
  o: { status?: 'draft' | 'active' | 'closed'; title?: string; playerGoalCents?: number | null } = {},
) {
  const n = next();
  const [c] = await db
    .insert(campaigns)
    .values({
      organizationId,
      title: o.title ?? `Campaign ${n}`,
      slug: `camp-${n}`,
      status: o.status ?? 'active',
      goalCents: 500_000,
      playerGoalCents: o.playerGoalCents ?? 25_000,
      startDate: '2026-09-01',
      // A year ahead of whenever the suite runs, so the campaign always accepts gifts.
      endDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    })
    .returning();
  return c!;
}

export async function page(
  db: Db,
  campaignId: number,
  playerId: number,
  o: { goalCents?: number | null; divisionId?: number; invitedAt?: Date; acceptedAt?: Date } = {},
) {
  const [cf] = await db
    .insert(campaignFundraisers)
    .values({
      campaignId,
      playerId,
      divisionId: o.divisionId ?? null,
      slug: `page-${next()}`,
      goalCents: o.goalCents ?? null,
      invitedAt: o.invitedAt ?? null,
      acceptedAt: o.acceptedAt ?? null,
    })
    .returning();
  return cf!;
}

export async function contact(db: Db, playerId: number, campaignId: number, email?: string) {
  const n = next();
  const [c] = await db
    .insert(fundraiserContacts)
    .values({
      playerId,
      campaignId,
      name: `Contact ${n}`,
      email: email ?? `contact-${n}@example.test`,
      trackToken: `tok${n}`.padEnd(12, 'x'),
    })
    .returning();
  return c!;
}

/** A donation to a campaign page: status 1 completed, 0 pending, 2 failed, 3 refunded. */
export async function donate(
  db: Db,
  cf: { id: number; campaignId: number },
  o: {
    amountCents: number;
    status?: number;
    refundedCents?: number;
    email?: string;
    contactId?: number | null;
    organizationId: number;
  },
) {
  const n = next();
  const [d] = await db
    .insert(donations)
    .values({
      publicId: `don-${n}`,
      campaignId: cf.campaignId,
      campaignFundraiserId: cf.id,
      organizationId: o.organizationId,
      contactId: o.contactId ?? null,
      amountCents: o.amountCents,
      refundedCents: o.refundedCents ?? 0,
      status: o.status ?? 1,
      donorFirstName: 'Dana',
      donorLastName: 'Donor',
      donorEmail: o.email ?? `donor-${n}@example.test`,
      completedAt: (o.status ?? 1) === 1 ? new Date() : null,
    })
    .returning();
  return d!;
}
