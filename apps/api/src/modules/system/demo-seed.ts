/**
 * The opt-in demo data (README "Demo accounts"): a small organization tree, a second
 * organization for contrast, and one account per role, all with DEMO_PASSWORD.
 */
import {
  type Db,
  organizationFundraisers,
  organizations,
  organizationUsers,
  players,
  userProfiles,
  users,
} from '@fc/db';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { rosterKey } from '../orgs/roster.keys.js';

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
  });
  return { created: true };
}
