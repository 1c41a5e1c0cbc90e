/**
 * Team registrations on the demo (issue 15), so that `/onboarding/list` has rows in each state for
 * the demo FYS Sales (Sally) and Super Admin accounts: one in progress, two waiting for review (one
 * unassigned, one Sally's), one rejected. Demo content, in English like the rest of the demo data;
 * the drafts' secrets are random and thrown away (only their hashes are stored).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Db, teamRegistrations, userProfiles, users } from '@fc/db';
import { eq } from 'drizzle-orm';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const hash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

const contact = (firstName: string, lastName: string, email: string) => ({ firstName, lastName, email });

interface DemoRegistration {
  registrant: [string, string, string];
  team: string;
  slug: string;
  org: string;
  step: number;
  submittedDaysAgo: number | null;
  startedDaysAgo: number;
  sales: boolean;
  rejected?: string;
}

const RECORDS: DemoRegistration[] = [
  {
    registrant: ['Tina', 'Tran', 'tina.tran@demo.test'],
    team: 'Tigers 10U',
    slug: 'eastside-tigers-10u',
    org: 'Eastside Youth Baseball',
    step: 3,
    submittedDaysAgo: null,
    startedDaysAgo: 2,
    sales: false,
  },
  {
    registrant: ['Hank', 'Hill', 'hank.hill@demo.test'],
    team: 'Hawks U14 Girls',
    slug: 'northfield-hawks-u14',
    org: 'Northfield Soccer Club',
    step: 6,
    submittedDaysAgo: 1,
    startedDaysAgo: 3,
    sales: false,
  },
  {
    registrant: ['Fiona', 'Flores', 'fiona.flores@demo.test'],
    team: 'Falcons Varsity',
    slug: 'westbrook-falcons-varsity',
    org: 'Westbrook Basketball League',
    step: 6,
    submittedDaysAgo: 2,
    startedDaysAgo: 5,
    sales: true,
  },
  {
    registrant: ['Rick', 'Ramos', 'rick.ramos@demo.test'],
    team: 'Sharks Swim Squad',
    slug: 'bayview-sharks-swim',
    org: 'Bayview Aquatics',
    step: 6,
    submittedDaysAgo: 8,
    startedDaysAgo: 9,
    sales: true,
    rejected: 'We could not confirm the club with the league office. Please register again with its contact.',
  },
];

function answersOf(r: DemoRegistration) {
  const [first, last, email] = r.registrant;
  const full = r.step >= 6;
  return {
    organization: {
      mode: 'new',
      type: 'organization',
      name: r.org,
      slug: r.slug.split('-')[0]!.concat('-youth-sports'),
      city: 'Springfield',
      state: 'IL',
    },
    team: { name: r.team, sport: 'soccer', ageGroup: 'U14', season: 'Spring 2027', rosterSize: 15, slug: r.slug },
    ...(full
      ? {
          contacts: { admin: contact(first, last, email), coach: null, treasurer: null },
          fundraising: {
            goalCents: 600_000,
            playerGoalCents: 30_000,
            startDate: '2027-03-01',
            endDate: '2027-04-30',
            purpose: 'Tournament fees, travel and new uniforms.',
          },
        }
      : {}),
  };
}

export async function seedDemoRegistrations(db: Db, passwordHash: string): Promise<void> {
  const [sales] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'sales@demo.test'));
  const [boss] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'super@demo.test'));
  for (const r of RECORDS) {
    const [first, last, email] = r.registrant;
    const [u] = await db
      .insert(users)
      .values({ email, passwordHash, firstName: first, lastName: last, emailConfirmedAt: daysAgo(r.startedDaysAgo) })
      .returning({ id: users.id });
    await db.insert(userProfiles).values({ userId: u!.id, type: 'donor' });
    const answers = answersOf(r);
    await db.insert(teamRegistrations).values({
      registrantUserId: u!.id,
      tokenHash: hash(),
      step: r.step,
      answers,
      submittedAt: r.submittedDaysAgo == null ? null : daysAgo(r.submittedDaysAgo),
      decision: r.rejected ? 'rejected' : 'pending',
      decidedByUserId: r.rejected ? (boss?.id ?? null) : null,
      decidedAt: r.rejected ? daysAgo(r.submittedDaysAgo! - 1) : null,
      reason: r.rejected ?? null,
      salesUserId: r.sales ? (sales?.id ?? null) : null,
      // The staff list's search text (registrations.repository.ts refreshSearch keeps it for live records).
      search: [r.team, r.org, answers.organization.slug, r.slug, first, last, email].join(' ').toLowerCase(),
      createdAt: daysAgo(r.startedDaysAgo),
      updatedAt: daysAgo(r.submittedDaysAgo ?? r.startedDaysAgo - 1),
    });
  }
}
