/**
 * The opt-in demo data (README "Demo accounts"): a small organization tree, a second
 * organization for contrast, and one account per role, all with DEMO_PASSWORD.
 */

import { SANDBOX_CARDS } from '@fc/contracts';
import {
  campaignDivisions,
  campaignFundraisers,
  campaigns,
  type Db,
  donations,
  fundraiserContacts,
  organizationFundraisers,
  organizations,
  organizationUsers,
  players,
  userProfiles,
  users,
} from '@fc/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomToken } from '../../lib/crypto.js';
import { days } from '../../lib/time.js';
import { hashPassword } from '../auth/passwords.js';
import { confirmWithCard } from '../donations/cart.service.js';
import { createDonation } from '../donations/checkout.service.js';
import { rosterKey } from '../orgs/roster.keys.js';
import { seedDemoRegistrations } from './demo-registrations.js';
import { seedDemoAffiliates } from './demo-seed-affiliates.js';
import { seedDemoTasks } from './demo-tasks.js';

export const DEMO_ACCOUNTS = [
  { email: 'super@demo.test', firstName: 'Sam', lastName: 'Super', staffRole: 'super_admin' },
  { email: 'sales@demo.test', firstName: 'Sally', lastName: 'Sales', staffRole: 'fys_sales' },
  { email: 'orgadmin@demo.test', firstName: 'Olivia', lastName: 'Ortega', membership: ['riverside', 'org_admin'] },
  { email: 'orguser@demo.test', firstName: 'Omar', lastName: 'Usman', membership: ['riverside', 'org_user'] },
  {
    email: 'leagueadmin@demo.test',
    firstName: 'Lena',
    lastName: 'Lopez',
    membership: ['riverside-soccer', 'league_admin'],
  },
  {
    email: 'teamadmin@demo.test',
    firstName: 'Tom',
    lastName: 'Tanaka',
    membership: ['riverside-rockets-u12', 'team_admin'],
  },
  {
    email: 'divisionadmin@demo.test',
    firstName: 'Dana',
    lastName: 'Diaz',
    membership: ['rockets-gold', 'division_admin'],
  },
  { email: 'parent@demo.test', firstName: 'Paula', lastName: 'Parker', profiles: ['fundraiser', 'donor'] },
  { email: 'donor@demo.test', firstName: 'Diego', lastName: 'Donovan', profiles: ['donor'] },
  { email: 'affiliate@demo.test', firstName: 'Ava', lastName: 'Abbott', profiles: ['affiliate'] },
] as const;

// [slug, name, type, parent slug]
const TREE: [string, string, 1 | 2 | 3 | 4, string | null][] = [
  ['riverside', 'Riverside Youth Sports', 1, null],
  ['riverside-soccer', 'Riverside Soccer League', 2, 'riverside'],
  ['riverside-rockets-u12', 'Riverside Rockets U12', 3, 'riverside-soccer'],
  ['riverside-comets-u10', 'Riverside Comets U10', 3, 'riverside-soccer'],
  ['rockets-gold', 'Rockets Gold', 4, 'riverside-rockets-u12'],
  ['rockets-blue', 'Rockets Blue', 4, 'riverside-rockets-u12'],
  ['comets-red', 'Comets Red', 4, 'riverside-comets-u10'],
  ['lakeview', 'Lakeview Athletics', 1, null],
  ['lakeview-hoops', 'Lakeview Basketball League', 2, 'lakeview'],
  ['lakeview-lions-u14', 'Lakeview Lions U14', 3, 'lakeview-hoops'],
  ['lions-varsity', 'Lions Varsity', 4, 'lakeview-lions-u14'],
];

const EXTRA_STAFF = [
  ['coach.rivera@demo.test', 'Carlos', 'Rivera', 'riverside-comets-u10', 'team_admin'],
  ['coach.lee@demo.test', 'Grace', 'Lee', 'lakeview-lions-u14', 'team_admin'],
  ['lakeview.admin@demo.test', 'Liam', 'Walsh', 'lakeview', 'org_admin'],
  ['blue.coach@demo.test', 'Nora', 'Blake', 'rockets-blue', 'division_admin'],
] as const;

// Other families on the rosters: [division slug, player first, player last, parent first, parent email]
const FAMILIES: [string, string, string, string, string][] = [
  ['rockets-gold', 'Mateo', 'Alvarez', 'Lucia', 'lucia.alvarez@demo.test'],
  ['rockets-gold', 'Ella', 'Brooks', 'Hannah', 'hannah.brooks@demo.test'],
  ['rockets-gold', 'Noah', 'Chen', 'Wei', 'wei.chen@demo.test'],
  ['rockets-gold', 'Ava', 'Dubois', 'Claire', 'claire.dubois@demo.test'],
  ['rockets-blue', 'Liam', 'Evans', 'Megan', 'megan.evans@demo.test'],
  ['rockets-blue', 'Sofia', 'Garcia', 'Marta', 'marta.garcia@demo.test'],
  ['rockets-blue', 'Lucas', 'Garcia', 'Marta', 'marta.garcia@demo.test'],
  ['comets-red', 'Zoe', 'Hughes', 'Rachel', 'rachel.hughes@demo.test'],
  ['comets-red', 'Ethan', 'Ito', 'Kenji', 'kenji.ito@demo.test'],
  ['lions-varsity', 'Maya', 'Jensen', 'Erik', 'erik.jensen@demo.test'],
  ['lions-varsity', 'Owen', 'Kowalski', 'Anna', 'anna.kowalski@demo.test'],
];

export async function seedDemo(db: Db, password: string): Promise<{ created: boolean }> {
  const [already] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'super@demo.test'), isNull(users.deletedAt)));
  if (already) return { created: false };
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const [sales] = await tx
      .insert(users)
      .values({
        email: 'sales@demo.test',
        passwordHash,
        firstName: 'Sally',
        lastName: 'Sales',
        staffRole: 'fys_sales',
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    for (const [slug, name, typeId, parent] of TREE) {
      const [row] = await tx
        .insert(organizations)
        .values({
          slug,
          name,
          typeId,
          parentId: parent ? ids.get(parent)! : null,
          salesUserId: typeId === 3 && slug.startsWith('riverside') ? sales!.id : null,
        })
        .returning({ id: organizations.id });
      ids.set(slug, row!.id);
    }
    for (const a of DEMO_ACCOUNTS) {
      if (a.email === 'sales@demo.test') continue;
      const [u] = await tx
        .insert(users)
        .values({
          email: a.email,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          staffRole: 'staffRole' in a ? a.staffRole : null,
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id });
      if ('membership' in a) {
        await tx
          .insert(organizationUsers)
          .values({ userId: u!.id, organizationId: ids.get(a.membership[0])!, role: a.membership[1] });
      }
      if ('profiles' in a) {
        for (const type of a.profiles) await tx.insert(userProfiles).values({ userId: u!.id, type });
        if (a.email === 'parent@demo.test') {
          const kids = await tx
            .insert(players)
            .values(
              [
                ['Parker', 'Jr', 'parker-jr'],
                ['Piper', 'Parker', 'piper-parker'],
              ].map(([firstName, lastName, slug]) => ({
                guardianUserId: u!.id,
                firstName: firstName!,
                lastName: lastName!,
                parentFirstName: a.firstName,
                parentLastName: a.lastName,
                email: a.email,
                slug: slug!,
              })),
            )
            .returning({ id: players.id, firstName: players.firstName, lastName: players.lastName });
          await tx.insert(organizationFundraisers).values(
            kids.map((k) => ({
              organizationId: ids.get('rockets-gold')!,
              playerId: k.id,
              naturalKey: rosterKey(k.firstName, k.lastName, a.email),
              invitedAt: new Date(),
            })),
          );
        }
      }
    }
    // Families invited through their team's roster (no password yet: they activate by email).
    const parents = new Map<string, number>();
    for (const [division, first, last, parentFirst, email] of FAMILIES) {
      let parentId = parents.get(email);
      if (!parentId) {
        const [u] = await tx
          .insert(users)
          .values({ email, firstName: parentFirst, lastName: last, status: 'invited' })
          .returning({ id: users.id });
        parentId = u!.id;
        parents.set(email, parentId);
        await tx.insert(userProfiles).values({ userId: parentId, type: 'fundraiser' });
      }
      const [kid] = await tx
        .insert(players)
        .values({
          guardianUserId: parentId,
          firstName: first,
          lastName: last,
          parentFirstName: parentFirst,
          parentLastName: last,
          email,
          slug: `${first}-${last}`.toLowerCase(),
        })
        .returning({ id: players.id });
      await tx.insert(organizationFundraisers).values({
        organizationId: ids.get(division)!,
        playerId: kid!.id,
        naturalKey: rosterKey(first, last, email),
        invitedAt: new Date(),
      });
    }
    for (const [email, firstName, lastName, org, role] of EXTRA_STAFF) {
      const [u] = await tx
        .insert(users)
        .values({ email, passwordHash, firstName, lastName, emailConfirmedAt: new Date() })
        .returning({ id: users.id });
      await tx.insert(organizationUsers).values({ userId: u!.id, organizationId: ids.get(org)!, role });
    }
    await seedCampaigns(tx as unknown as Db, ids);
    await seedDemoTasks(tx as unknown as Db, ids.get('riverside-rockets-u12')!);
    await seedDemoRegistrations(tx as unknown as Db, passwordHash);
    await seedDemoAffiliates(tx as unknown as Db, ids.get('riverside')!);
  });
  return { created: true };
}

// Donors of the demo campaign: [first, last, email, dollars, days ago, anonymous]
const DONORS: [string, string, string, number, number, boolean][] = [
  ['Grace', 'Parker', 'grace.parker@demo.test', 50, 20, false],
  ['Henry', 'Olsen', 'henry.olsen@demo.test', 25, 19, false],
  ['Isla', 'Moreno', 'isla.moreno@demo.test', 100, 17, true],
  ['Jack', 'Nguyen', 'jack.nguyen@demo.test', 40, 15, false],
  ['Kara', 'Singh', 'kara.singh@demo.test', 75, 12, false],
  ['Leo', 'Fischer', 'leo.fischer@demo.test', 20, 10, false],
  ['Mia', 'Rossi', 'mia.rossi@demo.test', 150, 8, false],
  ['Nate', 'Brown', 'nate.brown@demo.test', 30, 6, true],
  ['Olga', 'Petrova', 'olga.petrova@demo.test', 60, 4, false],
  ['Paul', 'Kim', 'paul.kim@demo.test', 35, 2, false],
  ['Diego', 'Donovan', 'donor@demo.test', 45, 1, false],
];

/**
 * A running campaign on the Rockets U12 team (both divisions' players on it, the Parker family
 * signed up, donations over the last three weeks, one refunded and one left pending) and a draft
 * campaign at Lakeview, so every campaign screen has real rows to show.
 */
async function seedCampaigns(db: Db, ids: Map<string, number>) {
  const today = new Date();
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const [drive] = await db
    .insert(campaigns)
    .values({
      organizationId: ids.get('riverside-rockets-u12')!,
      title: 'Rockets Spring Drive',
      slug: 'rockets-spring-drive',
      status: 'active',
      startDate: isoDay(new Date(today.getTime() - days(21))),
      endDate: isoDay(new Date(today.getTime() + days(40))),
      goalCents: 500_000,
      playerGoalCents: 30_000,
      shortDescription: 'New kits and tournament travel for the Rockets U12 squads.',
      story:
        'Our U12 players train twice a week all year. This spring we are raising money for new kits, ' +
        'referee fees and travel to the regional tournament. Every gift helps a player take the field.',
    })
    .returning({ id: campaigns.id });
  await db.insert(campaigns).values({
    organizationId: ids.get('lakeview-lions-u14')!,
    title: 'Lions Tournament Travel Fund',
    slug: 'lions-travel-fund',
    status: 'draft',
    goalCents: 250_000,
    playerGoalCents: 20_000,
    shortDescription: 'Getting the Lions to the state tournament.',
  });
  const campaignId = drive!.id;
  const divisionIds = [ids.get('rockets-gold')!, ids.get('rockets-blue')!];
  await db.insert(campaignDivisions).values(divisionIds.map((organizationId) => ({ campaignId, organizationId })));
  const roster = await db
    .select({
      playerId: organizationFundraisers.playerId,
      divisionId: organizationFundraisers.organizationId,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
    })
    .from(organizationFundraisers)
    .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
    .where(inArray(organizationFundraisers.organizationId, divisionIds))
    .orderBy(organizationFundraisers.id);
  // Two players are 14 and listed publicly; the others keep the under-13 default (unlisted).
  const teenBirthDate = isoDay(new Date(today.getTime() - days(14 * 366)));
  for (const [i, r] of roster.entries()) {
    if (i === 2 || i === 3) {
      await db.update(players).set({ birthDate: teenBirthDate }).where(eq(players.id, r.playerId));
    }
  }
  await db
    .update(players)
    .set({ publicListing: true, fundraisingReason: 'I want to play in the regional tournament with my team!' })
    .where(eq(players.email, 'parent@demo.test'));
  await db.insert(campaignFundraisers).values(
    roster.map((r) => ({
      campaignId,
      playerId: r.playerId,
      divisionId: r.divisionId,
      slug: `${r.firstName}-${r.lastName.charAt(0)}-rockets-spring-drive`.toLowerCase(),
      goalCents: 30_000,
      invitedAt: new Date(today.getTime() - days(21)),
      acceptedAt: r.email === 'parent@demo.test' ? new Date(today.getTime() - days(20)) : null,
    })),
  );
  const parkerJr = roster.find((r) => r.firstName === 'Parker')!;
  await db.insert(fundraiserContacts).values(
    [
      ['Grace Parker', 'grace.parker@demo.test', days(19), days(19)],
      ['Henry Olsen', 'henry.olsen@demo.test', days(19), days(18)],
      ['Uncle Ray', 'ray.parker@demo.test', days(19), null],
      ['Coach Sue', 'sue.coach@demo.test', null, null],
    ].map(([name, email, invited, opened]) => ({
      playerId: parkerJr.playerId,
      campaignId,
      name: name as string,
      email: email as string,
      trackToken: randomToken().slice(0, 24),
      invitedAt: invited ? new Date(today.getTime() - (invited as number)) : null,
      openedAt: opened ? new Date(today.getTime() - (opened as number)) : null,
    })),
  );
}

/**
 * The demo campaign's gifts, made through the real checkout on the sandbox provider (intents,
 * provider events, receipts, ledger), then dated over the last three weeks: one refunded through
 * the provider, one declined and one never paid, so every donation screen has real rows.
 * Runs once (nothing happens when the campaign already has donations).
 */
export async function seedDemoGifts(app: FastifyInstance): Promise<number> {
  const db = app.db;
  const [drive] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.slug, 'rockets-spring-drive'));
  if (!drive) return 0;
  const [any] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.campaignId, drive.id))
    .limit(1);
  if (any) return 0;
  const pages = await db
    .select({
      slug: campaignFundraisers.slug,
      playerId: campaignFundraisers.playerId,
      email: players.email,
      first: players.firstName,
    })
    .from(campaignFundraisers)
    .innerJoin(players, eq(players.id, campaignFundraisers.playerId))
    .where(eq(campaignFundraisers.campaignId, drive.id))
    .orderBy(campaignFundraisers.id);
  const parker = pages.find((p) => p.first === 'Parker' && p.email === 'parent@demo.test') ?? pages[0]!;
  const tokens = await db
    .select({ email: fundraiserContacts.email, token: fundraiserContacts.trackToken })
    .from(fundraiserContacts)
    .where(eq(fundraiserContacts.campaignId, drive.id));
  const card = {
    cardNumber: SANDBOX_CARDS.success,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 5,
    cvc: '123',
  };
  const gift = async (i: number, cardNumber: string | null) => {
    const [first, last, email, dollars, ago, anonymous] = DONORS[i % DONORS.length]!;
    const target = i < 2 ? parker : pages[(i * 3) % pages.length]!;
    const checkout = await createDonation(
      app,
      {
        fundraiser: target.slug,
        amountCents: dollars * 100,
        coverFee: i % 3 === 0,
        firstName: first,
        lastName: last,
        email,
        anonymous,
        language: 'en',
        contact: tokens.find((c) => c.email === email)?.token,
        message: i === 0 ? 'Go Rockets! So proud of you.' : undefined,
      },
      null,
    );
    if (cardNumber) await confirmWithCard(app, checkout.donationId, { ...card, cardNumber });
    const at = new Date(Date.now() - days(ago) - i * 3_600_000);
    await db.execute(sql`update donations set created_at = ${at}, completed_at = case when completed_at is null then null else ${at}::timestamptz end
      where public_id = ${checkout.donationId}`);
    await db.execute(sql`update donation_events set created_at = ${at} where donation_id =
      (select id from donations where public_id = ${checkout.donationId})`);
    return checkout;
  };
  for (let i = 0; i < DONORS.length; i++) {
    const c = await gift(i, SANDBOX_CARDS.success);
    // One gift refunded in full through the provider: its event moves it to refunded.
    if (i === 5) {
      const [d] = await db.select().from(donations).where(eq(donations.publicId, c.donationId));
      await app.payments.refund(d!.paymentIntentId!, c.totalCents, `refund-demo-${d!.id}`);
    }
  }
  await gift(0, null); // started, never paid
  await gift(3, SANDBOX_CARDS.declined); // declined: resumable from its cart link
  // The demo Donor gave while signed in: their gifts show on their home.
  await db.execute(sql`update donations set donor_user_id = u.id from users u
    where u.email = 'donor@demo.test' and donations.donor_email = u.email`);
  await db.execute(
    sql`update donors set user_id = u.id from users u where u.email = 'donor@demo.test' and donors.email = u.email`,
  );
  return DONORS.length + 2;
}
